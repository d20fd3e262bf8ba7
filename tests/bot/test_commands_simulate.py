"""`bot.commands.simulate`: the logic of `game simulate`, behind the command layer."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands.simulate import simulate
from engine import EngineError
from engine.state import Format


def test_one_seed_gives_one_digest_and_a_summary_of_every_game() -> None:
    first, again = simulate(2, 7, turn_cap=5), simulate(2, 7, turn_cap=5)
    assert first["digest"] == again["digest"] and first["games"] == 2
    assert [r["seed"] for r in first["results"]] == [r["seed"] for r in again["results"]]
    assert simulate(2, 8, turn_cap=5)["digest"] != first["digest"]


def test_a_missing_card_file_is_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(EngineError, match=r"^Cannot read .*\.$"):
        simulate(1, 1, cards=tmp_path / "missing.json", fmt=Format.SAGA)
