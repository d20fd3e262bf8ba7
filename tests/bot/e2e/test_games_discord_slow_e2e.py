"""Discord's 3-second interaction deadline end to end: simcord refuses a first answer sent
later than Discord allows (10062 Unknown Interaction, on its virtual clock), so a service
that takes 5 seconds a call shows that every game command and button defers first."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import simcord
from conftest_helpers import answer, last_reply, moves, start_game, waiting_member

from bot.discord_app import WarlordJudgeBot

SLOW = 5.0  # seconds each call of the service takes (virtual time)
SETTLE = 900.0  # enough virtual time for all the work one interaction starts


def test_every_game_interaction_defers_in_time_when_the_service_is_slow(
    make_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        async with simcord.run(make_bot()) as env:
            world = await start_game(env)
            thread = world.thread()
            real = WarlordJudgeBot.call

            async def slow(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
                await asyncio.sleep(SLOW)
                return await real(self, fn, *args, **kwargs)

            monkeypatch.setattr(WarlordJudgeBot, "call", slow)

            async def answered(result: Any) -> str:
                await env.advance_time(SETTLE)
                return answer(result)

            games = env.bot.games
            who = waiting_member(world)
            version, seat, _ = moves(world, who)
            moved = await who.slash(thread, "move", move=f"{version}:{seat}:1")
            assert "Done" in await answered(moved)
            assert games.game(world.game_id).version == version + 1

            who = waiting_member(world)
            version = games.game(world.game_id).version
            hand = [m for m in world.private_messages(who) if "**Game" in m.content][-1]
            button = hand.components[0].children[0]
            if button.custom_id.startswith("wg:s:"):
                pressed = await world.users[who.id].select(hand, ["1"], custom_id=button.custom_id)
            else:
                pressed = await world.users[who.id].click(hand, custom_id=button.custom_id)
            assert "Done" in await answered(pressed)
            assert games.game(world.game_id).version == version + 1

            listed = await world.alice.slash(world.channel, "game list")
            assert f"Game {world.game_id}" in await answered(listed)
            status = await world.bob.slash(thread, "game status")
            assert "the status is in" in await answered(status)
            log = await world.bob.slash(thread, "game log")
            assert "page" in await answered(log)
            rulings = await world.bob.slash(thread, "judge ruling")
            assert "No ruling" in await answered(rulings)
            resigned = await world.bob.slash(thread, "game resign")
            assert "resigned" in await answered(resigned)
            record = await world.bob.slash(thread, "game export")
            await answered(record)
            assert [f.filename for f in last_reply(record).attachments] == [
                f"game-{world.game_id}.json"
            ]

    asyncio.run(scenario())
