"""Reminders, timeouts and vacations end to end: the bot's own deadline loop (a
`discord.ext.tasks` loop over the service's scheduler) on simcord's virtual clock, which is
also the game service's clock, so hours pass in no real time."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import simcord
from conftest import NO_PAUSE
from conftest_helpers import World, answer, waiting_member

from bot.commands import Judge
from bot.discord_app import WarlordJudgeBot
from bot.games import GameService

HOUR = 3600.0


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def open_game(env: Any, **options: Any) -> World:
    """alice against bob with sample decks, with the deadline options given."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = {}
    for name in ("alice", "bob"):
        handle = env.create_user(name)
        users[handle.id] = handle
    alice, bob = (guild.add_member(u) for u in users.values())
    world = World(env, guild, channel, alice, bob, users)
    opened = await alice.slash(channel, "game new", opponent=bob, **options)
    lobby = opened.response.message
    world.game_id = int(lobby.content.split("**Game ")[1].split("**")[0])
    await bob.click(lobby, label="Accept")
    for who, deck in ((alice, "saga-elven"), (bob, "saga-dwarven")):
        shown = await who.click(lobby, label="Submit deck")
        await who.submit_modal(shown, {"deck": deck})
    return world


def dms(world: World, who: Any) -> list[str]:
    return [m.content for m in world.users[who.id].dm_channel.history()]


def test_reminders_and_a_timeout_come_from_the_deadline_loop_as_the_clock_moves(
    judge: Judge, tmp_path: Path
) -> None:
    env_of: list[Any] = []

    def clock() -> datetime:  # the service's clock is simcord's, once it runs
        return env_of[0].now() if env_of else datetime.now(UTC)

    games = GameService.open(tmp_path / "games.db", clock=clock)
    bot = WarlordJudgeBot(judge, games=games, deadline_seconds=600, react_pacing=NO_PAUSE)

    async def scenario() -> None:
        async with simcord.run(bot) as env:
            env_of.append(env)
            world = await open_game(env, reminder_hours=1.0, timeout_hours=2.0, timeout="default")
            who = waiting_member(world)
            version = games.game(world.game_id).version
            assert not any("Reminder" in t for t in dms(world, who))

            await env.advance_time(1.25 * HOUR)  # past the reminder, before the timeout
            reminders = [t for t in dms(world, who) if t.startswith("Reminder 1: game")]
            assert len(reminders) == 1
            assert f"<#{world.thread().id}>" in reminders[0]  # links the game's thread
            other = world.bob if who is world.alice else world.alice
            assert not any("Reminder" in t for t in dms(world, other))
            assert games.game(world.game_id).version == version

            await env.advance_time(HOUR)  # past the timeout: the default answer is played
            texts = [m.content for m in world.thread().history()]
            assert any("ran out of time (2 hours): default" in t for t in texts)
            assert games.game(world.game_id).version == version + 1
            await env.advance_time(HOUR)  # the loop goes on: nothing is sent twice
            assert len([t for t in dms(world, who) if t.startswith("Reminder 1: game")]) == 1
            texts = [m.content for m in world.thread().history()]
            assert len([t for t in texts if "ran out of time" in t]) == 1

    run(scenario())


def test_a_vacation_pauses_reminders_and_is_told_in_the_thread(
    judge: Judge, tmp_path: Path
) -> None:
    env_of: list[Any] = []

    def clock() -> datetime:
        return env_of[0].now() if env_of else datetime.now(UTC)

    games = GameService.open(tmp_path / "games.db", clock=clock)
    bot = WarlordJudgeBot(judge, games=games, deadline_seconds=600, react_pacing=NO_PAUSE)

    async def scenario() -> None:
        async with simcord.run(bot) as env:
            env_of.append(env)
            world = await open_game(env, reminder_hours=1.0, timeout_hours=48.0)
            who = waiting_member(world)
            away = await who.slash(world.channel, "vacation", away=True)
            assert "Enjoy" in answer(away)
            texts = [m.content for m in world.thread().history()]
            assert any(f"<@{who.id}> is away" in t for t in texts)
            await env.advance_time(3 * HOUR)
            assert not any("Reminder" in t for t in dms(world, who))
            back = await who.slash(world.channel, "vacation", away=False)
            assert "Welcome back" in answer(back)
            assert any(f"<@{who.id}> is back" in m.content for m in world.thread().history())
            await env.advance_time(1.25 * HOUR)
            assert any(t.startswith("Reminder 1: game") for t in dms(world, who))

    run(scenario())
