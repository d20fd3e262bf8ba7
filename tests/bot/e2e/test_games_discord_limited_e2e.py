"""A Sealed table in Discord (801.7): the host opens it, each seat's card pool comes as a file
(`/game pool`), decks are checked against their pools, and the game starts."""

from __future__ import annotations

import asyncio
from typing import Any

import simcord
from conftest_helpers import answer

from engine.cards.decklist import format_decklist
from engine.cards.sample import sample_catalog, sample_decks


def pool_file() -> tuple[str, bytes]:
    """The limited-elven sample deck's cards as a card pool file."""
    text = format_decklist(sample_decks()["limited-elven"], sample_catalog())
    return ("pool.txt", text.encode())


def test_a_sealed_game_gets_its_pools_by_file_and_checks_decks_against_them(
    make_bot: Any,
) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            users = {u.id: u for u in (env.create_user("alice"), env.create_user("bob"))}
            alice, bob = (guild.add_member(u) for u in users.values())
            opened = await alice.slash(channel, "game new", opponent=bob, format="sealed")
            lobby = opened.response.message
            game = int(lobby.content.split("**Game ")[1].split("**")[0])
            assert f"**Game {game}** (sealed, 2 seats)" in lobby.content
            assert lobby.content.count("no pool yet") == 2
            await bob.click(lobby, label="Accept")
            # A deck before its seat's pool is refused, citing the rule.
            shown = await bob.click(lobby, label="Submit deck")
            refused = await bob.submit_modal(shown, {"deck": "limited-elven"})
            assert "no sealed pool yet" in answer(refused) and "801.7.4" in answer(refused)
            # The host hands out the pools: bob's seat in the channel...
            given = await alice.slash(channel, "game pool", pool_file=pool_file(), game=game,
                                      seat=1)  # fmt: skip
            assert answer(given) == f"Seat 1 of game {game} has its card pool (30 cards)."
            # ...so bob may not replace it (in a DM to the bot), and alice's own seat.
            own = await users[bob.id].slash("game pool", pool_file=pool_file(), game=game)
            assert "only the host or a judge" in answer(own)
            mine = await alice.slash(channel, "game pool", pool_file=pool_file(), game=game)
            assert answer(mine) == f"Seat 0 of game {game} has its card pool (30 cards)."
            (shown_lobby,) = [m for m in channel.history() if m.id == lobby.id]
            assert shown_lobby.content.count("pool of 30 cards") == 2
            for who in (alice, bob):
                shown = await who.click(lobby, label="Submit deck")
                taken = await who.submit_modal(shown, {"deck": "limited-elven"})
                assert "Deck taken" in answer(taken), answer(taken)
            assert env.bot.games.game(game).status.value == "running"

    asyncio.run(scenario())
