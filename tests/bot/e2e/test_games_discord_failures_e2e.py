"""Discord failures end to end (simcord, the real discord.py client): a permission the bot
lacks, and 429s that discord.py gave up retrying. The service's state is the truth: the game
goes on, and messages are re-rendered from it once Discord takes them again."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import simcord
from conftest_helpers import World, answer, moves, play_first, start_game, waiting_member

from bot.cogs.games_answers import FORBIDDEN


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def status_of(world: World) -> list[discord.Message]:
    return [m for m in world.thread().history() if "(version " in m.content]


def test_without_the_thread_permission_the_channel_is_told_once_and_the_game_goes_on(
    make_bot: Any,
) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            denied = discord.Permissions(create_public_threads=True)
            world = await start_game(env, bot_denied=denied)
            assert world.channel.threads == []
            told = [m for m in world.channel.history() if "cannot open game" in m.content]
            assert len(told) == 1 and "Create Public Threads" in told[0].content
            # Private messages still come, and moves by slash command (or button) work.
            for _ in range(3):
                who = waiting_member(world)
                version, seat, _ = moves(world, who)
                done = await who.slash(world.channel, "move", move=f"{version}:{seat}:1")
                assert "Done" in answer(done)
                assert env.bot.games.game(world.game_id).version == version + 1
            await play_first(world, waiting_member(world))
            told = [m for m in world.channel.history() if "cannot open game" in m.content]
            assert len(told) == 1  # once, not at every move
            board = await world.alice.slash(world.channel, "game board", game=world.game_id)
            assert answer(board) == FORBIDDEN

    run(scenario())


def test_429s_lose_nothing_and_the_status_catches_up_once_discord_takes_messages(
    make_bot: Any,
) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            world = await start_game(env)
            thread = world.thread()
            (status,) = status_of(world)
            for method, path in (("POST", f"/channels/{thread.id}/messages"),
                                 ("PATCH", f"/channels/{thread.id}/messages/*")):  # fmt: skip
                env.inject_error(
                    method, path, status=429, code=0, message="You are being rate limited.",
                    times=None,
                )  # fmt: skip
            versions = []
            for _ in range(2):
                result = await play_first(world, waiting_member(world))
                assert "Done" in answer(result)  # committed and acknowledged all the same
                versions.append(env.bot.games.game(world.game_id).version)
            assert f"(version {versions[-1]})" not in status_of(world)[0].content
            env.backend.faults.clear()  # Discord takes messages again
            await play_first(world, waiting_member(world))
            now = env.bot.games.game(world.game_id).version
            (status,) = status_of(world)
            assert f"(version {now})" in status.content  # the latest state, in place
            log = await world.alice.slash(thread, "game log")  # lines sent meanwhile: kept
            assert "page" in answer(log)

    run(scenario())
