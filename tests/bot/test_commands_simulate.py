"""`bot.commands.simulate`: the logic of `game simulate`, behind the command layer."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.card_store import CardStoreError
from bot.commands.simulate import simulate
from engine.state import Format


def test_one_seed_gives_one_digest_and_a_summary_of_every_game() -> None:
    first, again = simulate(2, 7, turn_cap=5), simulate(2, 7, turn_cap=5)
    assert first["digest"] == again["digest"] and first["games"] == 2
    assert [r["seed"] for r in first["results"]] == [r["seed"] for r in again["results"]]
    assert simulate(2, 8, turn_cap=5)["digest"] != first["digest"]


def test_a_missing_or_broken_card_file_is_one_sentence_as_in_the_cards_commands(
    tmp_path: Path,
) -> None:
    """`game simulate --cards` reads its card file as `cards import` does (card_tasks)."""
    with pytest.raises(CardStoreError, match=r"^There is no card file at .*missing\.json\.$"):
        simulate(1, 1, cards=tmp_path / "missing.json", fmt=Format.SAGA)
    broken = tmp_path / "broken.json"
    broken.write_text("[1, 2", encoding="utf-8")
    with pytest.raises(CardStoreError, match=r"is not valid JSON \(line 1, column 6\)\.$"):
        simulate(1, 1, cards=broken, fmt=Format.SAGA)
