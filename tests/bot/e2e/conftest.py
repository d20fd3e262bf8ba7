"""End-to-end fixtures: the real bot, a real game service on a temporary database, and
simcord's in-memory Discord (no network, no token)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.commands import Judge
from bot.discord_app import WarlordJudgeBot
from bot.games import GameService
from bot.games.notify_pacing import ReactPacing

NO_PAUSE = ReactPacing(0.0, 0.0)

BotFactory = Callable[[], WarlordJudgeBot]


@pytest.fixture
def make_bot(judge: Judge, tmp_path: Path) -> BotFactory:
    """A new bot process over the same database each call (a restart keeps the games)."""
    path = tmp_path / "games.db"

    def make() -> WarlordJudgeBot:
        # No react pauses (2 to 8 seconds of real time each): the policy's holding still
        # applies; its pauses are tested with the fakes (tests/bot/test_games_discord.py).
        return WarlordJudgeBot(
            judge, games=GameService.open(path), deadline_seconds=0, react_pacing=NO_PAUSE
        )

    return make


SEED = 3  # a deal in which each kind of move comes within a dozen moves (see the tests)


@pytest.fixture
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """Games start from SEED (the service draws each game's seed with `secrets.randbits`)."""
    import secrets

    monkeypatch.setattr(secrets, "randbits", lambda bits: SEED)
    return SEED
