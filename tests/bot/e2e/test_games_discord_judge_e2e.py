"""A judge's manual adjustment end to end (simcord, the real discord.py client): `/judge
adjust` lists and plays the adjustments a seat resolving a card by hand may make, for judges
only (the role a moderator set); anyone else is refused and shown nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import simcord
from conftest_helpers import World, answer, last_reply, moves, start_game, waiting_member

from engine.pending import DecisionKind


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def decision(world: World) -> DecisionKind:
    state, _ = world.env.bot.games.state(world.game_id)
    return state.pending[0].kind  # type: ignore[no-any-return]


async def resolve_by_hand(world: World) -> Any:
    """Moves until a player resolves a card by hand (an Order whose effect is manual)."""
    for _ in range(12):
        who = waiting_member(world)
        if decision(world) is DecisionKind.MANUAL:
            return who
        version, seat, listed = moves(world, who)  # whole lines (a choice's name is cut)
        manual = [n for n, cmds, line in listed if "order" in cmds and "by hand" in line]
        manual += [n for n, cmds, line in listed if "order" in cmds and "manual effect" in line]
        if manual:
            await who.slash(world.thread(), "order", move=f"{version}:{seat}:{manual[0]}")
        else:
            await who.slash(world.thread(), "pass")
    raise AssertionError("no card was resolved by hand")


def test_a_judge_adjusts_a_card_resolved_by_hand_and_others_are_refused(
    make_bot: Any, fixed_seed: int
) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            world = await start_game(env)
            player = await resolve_by_hand(world)
            _, seat, _ = moves(world, player)
            thread = world.thread()
            games = env.bot.games
            judges = world.guild.create_role("Judges")
            carol = world.guild.add_member(env.create_user("carol"), roles=[judges])
            mods = world.guild.create_role(
                "Moderators", permissions=discord.Permissions(manage_guild=True)
            )
            mod = world.guild.add_member(env.create_user("mod"), roles=[mods])
            version = games.game(world.game_id).version

            # Before a moderator names the judge role, nobody judges: carol is shown no
            # adjustment (they name cards in hands and decks) and is refused.
            for who in (carol, player):
                assert await who.autocomplete(thread, "judge adjust", "adjustment", "") == []
                refused = await who.slash(thread, "judge adjust", adjustment=f"{version}:{seat}:0")
                assert "Only a judge" in answer(refused)
            assert games.game(world.game_id).version == version

            await mod.slash(world.channel, "judge role", role=judges)
            assert await player.autocomplete(thread, "judge adjust", "adjustment", "") == []
            choices = await carol.autocomplete(thread, "judge adjust", "adjustment", "")
            assert 0 < len(choices) <= 25
            assert all(c["name"].startswith(f"seat {seat}: ") for c in choices)
            draw = await carol.autocomplete(thread, "judge adjust", "adjustment", "draw 1")
            done = await carol.slash(thread, "judge adjust", adjustment=draw[0]["value"])
            assert "Done" in answer(done)
            assert games.game(world.game_id).version == version + 1
            assert decision(world) is DecisionKind.MANUAL  # still resolving: one adjustment
            assert any("carol (judge) acted for seat" in m.content for m in thread.history())

            # A stale choice (the game moved on since it was listed) plays nothing.
            stale = await carol.slash(thread, "judge adjust", adjustment=draw[0]["value"])
            assert "Done" not in answer(stale)
            assert games.game(world.game_id).version == version + 1

            finish = await carol.autocomplete(thread, "judge adjust", "adjustment", "done")
            await carol.slash(thread, "judge adjust", adjustment=finish[0]["value"])
            assert games.game(world.game_id).version == version + 2
            assert decision(world) is not DecisionKind.MANUAL
            log = await carol.slash(thread, "judge log")
            assert answer(log).count("adjustment by seat") == 2

            # A ruling is cited into the thread and recorded; the record file is for judges
            # until the game ends.
            cited = await carol.slash(thread, "judge rule", rule="509.5", text="It resolves.")
            assert "recorded" in answer(cited)
            assert any(m.content.startswith("**Ruling** by") for m in thread.history())
            rulings = await player.slash(thread, "judge ruling")
            assert "(version " in answer(rulings) and "It resolves." in answer(rulings)
            refused = await player.slash(thread, "game export")
            assert not last_reply(refused).attachments and "when the game has ended" in answer(
                refused
            )
            record = await carol.slash(thread, "game export")
            assert [f.filename for f in last_reply(record).attachments] == [
                f"game-{world.game_id}.json"
            ]

    run(scenario())
