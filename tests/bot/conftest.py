"""Fixtures for the bot tests: a fake rules index, an in-memory settings store, a judge."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_fakes import FakeIndex

from bot.commands import Judge
from bot.store import SettingsStore


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Never touch the user's home: the bot's data folder is a temporary one."""
    home = tmp_path / "home"
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(home))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    return home


@pytest.fixture
def index() -> FakeIndex:
    return FakeIndex()


@pytest.fixture
def store() -> SettingsStore:
    return SettingsStore.in_memory()


@pytest.fixture
def judge(index: FakeIndex, store: SettingsStore) -> Judge:
    return Judge(index, store)
