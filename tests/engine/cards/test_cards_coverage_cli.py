"""`warlord-judge cards coverage` and the abilities shown by `cards show`, through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from engine.cards.sample import sample_catalog
from engine.cards.serialize import card_to_dict

# Invented cards in the community 2020 shape.
COMMUNITY = [
    {"name": "Cov Archer", "type": "Char", "alignment": "Good", "class": "Rogue",
     "faction": "Elf", "attack": "+3", "armorClass": "12", "skill": "+2", "hitPoints": "1",
     "level": "1", "traits": "Elf", "text": "Spend Order: Perform a +4 ranged strike."},
    {"name": "Cov Mystic", "type": "Char", "alignment": "Good", "class": "Cleric",
     "faction": "Elf", "attack": "+1", "armorClass": "11", "skill": "+4", "hitPoints": "2",
     "level": "2", "traits": "Elf",
     "text": "React: Sing loudly: Draw a card.\nOrder: Juggle the moons."},
    {"name": "Cov Plain", "type": "Item", "class": "Fighter", "level": "1", "text": ""},
]  # fmt: skip


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def community_file(tmp_path: Path) -> Path:
    path = tmp_path / "community.json"
    path.write_text(json.dumps(COMMUNITY), encoding="utf-8")
    return path


def test_coverage_of_a_community_file_counts_statuses_patterns_and_unknown_triggers(
    community_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "coverage", str(community_file), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["cards"] == 3 and out["source"] == "community.json"
    assert out["by_status"] == {"full": 2, "partial": 0, "manual": 1}
    assert out["by_type"]["Character"] == {"full": 1, "partial": 0, "manual": 1}
    assert out["unknown_react_triggers"] == 1 and out["cards_with_unknown_react_triggers"] == 1
    assert out["reacts_with_unread_conditions"] == 0
    patterns = {p["pattern"]: p["abilities"] for p in out["patterns"]}
    assert patterns == {"spend-order: strike": 1, "react @unknown: draw": 1, "order: manual": 1}
    assert out["full_share"] == round(2 / 3, 4)


def test_coverage_prints_a_table_and_reads_our_own_card_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ours = tmp_path / "ours.json"
    cards = [card_to_dict(c) for c in sample_catalog().cards]
    ours.write_text(json.dumps({"version": 1, "cards": cards}), encoding="utf-8")
    assert main(["cards", "coverage", str(ours), "--top", "3"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"{len(cards)} cards (ours.json): ")
    assert "Character" in text and "Top 3 ability patterns:" in text


def test_coverage_defaults_to_the_cards_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "coverage", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["source"] == "sample cards" and out["cards"] == len(sample_catalog().cards)


def test_coverage_refuses_a_missing_or_broken_file_with_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "coverage", str(tmp_path / "nope.json")]) == 1
    assert "There is no card file at" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["cards", "coverage", str(broken)]) == 1
    assert "is not valid JSON" in capsys.readouterr().err


def test_show_lists_each_ability_as_parsed_with_the_status(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cards", "show", "--sample", "Simple", "Shield"]) == 0
    text = capsys.readouterr().out
    assert "Abilities (full):" in text
    assert "Destroy react (bearer) | window before wounds (whose: this, by: any)" in text
    assert "runs reduce wounds 1 on trigger" in text
    assert main(["cards", "show", "--sample", "Deepdelver"]) == 0
    assert "runs search 1 an item on you" in capsys.readouterr().out  # 701.1, chosen by you
    assert main(["cards", "show", "--sample", "Inquisitor Maelis"]) == 0
    assert "Abilities (manual):" in capsys.readouterr().out
