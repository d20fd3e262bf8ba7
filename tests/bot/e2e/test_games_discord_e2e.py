"""Hosted games played end to end: the real discord.py client against simcord's in-memory
Discord, a real game service on a temporary database (no network, no token)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
import pytest
import simcord
from conftest_helpers import (
    World,
    answer,
    hidden_names,
    last_reply,
    play_first,
    press,
    public_texts,
    start_game,
)
from simcord.backend.errors import SetupError

from bot.cogs.games import MOVED_ON


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def service(env: Any) -> Any:
    return env.bot.games


def leaks(world: World) -> list[str]:
    """Hidden cards named where they may not be: the channel and the thread (every hand and
    deck), and each player's private messages (the other player's hand and every deck)."""
    state, _ = service(world.env).state(world.game_id)
    readers = [(None, public_texts(world))]
    for seat, who in enumerate((world.alice, world.bob)):
        readers.append((seat, [m.content for m in world.private_messages(who)]))
    found = []
    for seat, texts in readers:
        for name in hidden_names(state, seat):
            pattern = re.compile(rf"\b{re.escape(name)}\b")
            found += [f"{seat}: {name}: {t[:80]}" for t in texts if pattern.search(t)]
    return found


def test_a_game_from_lobby_to_resignation_with_buttons_slash_commands_and_a_restart(
    make_bot: Any,
) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            world = await start_game(env)
            thread = world.thread()
            assert any("starts" in m.content for m in thread.history())
            pictures = [a for m in thread.history() for a in m.attachments]
            assert [a.filename for a in pictures] == [f"game-{world.game_id}-board.png"]
            shown = await world.bob.slash(thread, "game board")
            assert "thread" in answer(shown)
            status = [m for m in thread.history() if "(version " in m.content]
            assert len(status) == 1  # one status message

            # A move by button or select: acknowledged only once committed.
            first = world.waiting()
            before = service(env).game(world.game_id).version
            result = await play_first(world, first)
            assert "Done" in answer(result)
            assert service(env).game(world.game_id).version > before
            status_now = [m for m in thread.history() if "(version " in m.content]
            assert len(status_now) == 1  # edited in place, not sent again

            # A move by slash command, with autocomplete of legal moves only.
            who = world.waiting()
            choices = await who.autocomplete(thread, "move", "move", "")
            assert choices and all(re.match(r"\d+:\d+:\d+$", c["value"]) for c in choices)
            version = service(env).game(world.game_id).version
            done = await who.slash(thread, "move", move=choices[0]["value"])
            assert "Done" in answer(done)
            assert service(env).game(world.game_id).version > version

            # A button sent before a restart, pressed after it: still works (or moved on).
            who = world.waiting()
            kept = world.hand_message(who)
            await env.restart_bot(make_bot())
            version = service(env).game(world.game_id).version
            pressed = await press(world, who, kept)
            assert "Done" in answer(pressed)
            assert service(env).game(world.game_id).version > version

            # Discord refuses to edit a private message: the move still counts, a fresh
            # message is sent, and a click on the old (now stale) one gets a fresh menu.
            who = world.waiting()
            old = world.hand_message(who)
            env.inject_error("PATCH", f"/channels/{old.channel.id}/messages/{old.id}", status=500)
            version = service(env).game(world.game_id).version
            pressed = await press(world, who, old)
            assert "Done" in answer(pressed)
            assert service(env).game(world.game_id).version > version
            if world.hand_message(who).id != old.id:
                again = await press(world, who, old)
                assert answer(again).startswith(MOVED_ON)

            # /pass, a command of one kind of move.
            who = world.waiting()
            version = service(env).game(world.game_id).version
            passed = await who.slash(world.thread(), "pass")
            assert "Done" in answer(passed) or "Choose one" in answer(passed)

            # Nothing hidden reached the channel, the thread or the other player's messages.
            assert leaks(world) == []

            # Resigning ends the game; the thread is archived.
            await world.alice.slash(thread, "game resign")
            info = service(env).game(world.game_id)
            assert info.status.value == "finished"
            assert "Game over" in world.thread().history()[-1].content or any(
                "Game over" in m.content for m in world.thread().history()
            )
            assert env.backend.get_channel(thread.id).thread_metadata.archived
            # After the game: its record file for the players, and the public log by pages.
            record = await world.bob.slash(world.channel, "game export", game=world.game_id)
            assert [f.filename for f in last_reply(record).attachments] == [
                f"game-{world.game_id}.json"
            ]
            first = await world.bob.slash(world.channel, "game log", game=world.game_id, page=1)
            assert answer(first).startswith(f"Game {world.game_id}, page 1 of ")
            assert leaks(world) == []

    run(scenario())


def test_a_player_with_closed_dms_sends_a_deck_file_and_plays_in_a_private_thread(
    make_bot: Any,
) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            world = await start_game(env, close_dms=True, bob_by_file=True)
            private = world.private_threads()
            assert len(private) == 1
            with pytest.raises(SetupError):  # alice cannot read bob's private thread
                private[0].history(viewer=world.alice)
            texts = [m.content for m in private[0].history(viewer=world.bob)]
            assert any("DMs are closed" in t or "refused my direct message" in t for t in texts)
            assert any(f"**Game {world.game_id}**" in t for t in texts)
            # bob's moves work from the private thread.
            for _ in range(4):
                who = world.waiting()
                await play_first(world, who)
            assert leaks(world) == []

    run(scenario())


def test_a_judge_rolls_a_game_back(make_bot: Any) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            world = await start_game(env)
            judges = world.guild.create_role("Judges")
            carol = world.guild.add_member(env.create_user("carol"), roles=[judges])
            moderators = world.guild.create_role(
                "Moderators",
                permissions=discord.Permissions(manage_guild=True, manage_messages=True),
            )
            mod = world.guild.add_member(env.create_user("mod"), roles=[moderators])
            thread = world.thread()
            # A moderator deletes the status message: the next move sends it again.
            (status,) = [m for m in thread.history() if "(version " in m.content]
            await mod.delete(status)
            for _ in range(3):
                await play_first(world, world.waiting())
            assert len([m for m in thread.history() if "(version " in m.content]) == 1
            denied = await carol.slash(thread, "judge rollback", to_action=1, reason="misplay")
            assert "judge" in answer(denied).lower()
            refused = await world.alice.slash(world.channel, "judge role", role=judges)
            assert "moderator" in answer(refused)
            await mod.slash(world.channel, "judge role", role=judges)
            done = await carol.slash(thread, "judge rollback", to_action=1, reason="misplay")
            assert "Done" in answer(done)
            assert any("misplay" in m.content for m in thread.history())
            log = await carol.slash(thread, "judge log")
            assert "rolled back" in answer(log)
            assert leaks(world) == []

    run(scenario())


def test_an_illegal_deck_and_a_strangers_accept_are_refused_privately(make_bot: Any) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            alice = guild.add_member(env.create_user("alice"))
            bob = guild.add_member(env.create_user("bob"))
            opened = await alice.slash(channel, "game new", opponent=bob)
            lobby = opened.response.message
            # Someone not invited presses Accept: refused privately, the lobby unchanged.
            dave = guild.add_member(env.create_user("dave"))
            stranger = await dave.click(lobby, label="Accept")
            assert stranger.ephemeral or any(f.ephemeral for f in stranger.followups)
            assert "no open seat" in answer(stranger)
            assert "dave" not in channel.history()[-1].content
            shown = await alice.click(lobby, label="Submit deck")
            refused = await alice.submit_modal(shown, {"deck": "1 No Such Card\n"})
            assert refused.ephemeral or any(f.ephemeral for f in refused.followups)
            assert "No Such Card" in answer(refused)
            assert "No Such Card" not in "\n".join(m.content for m in channel.history())

    run(scenario())
