"""`warlord-judge cards import` keeps a good import over a file of junk; `cards show` says when
no card is named like what was typed; counts are pluralised."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.card_store import CardStore
from bot.cli import main


def card(name: str) -> dict[str, Any]:
    return {"name": name, "type": "Action", "class": "Fighter", "level": "1", "text": ""}


GOOD = [card(f"Good Card {n}") for n in ("One", "Two", "Three", "Four")]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def write(tmp_path: Path, name: str, data: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def imported_names() -> set[str]:
    return {c.name for c in CardStore().catalog().cards if c.source != "sample"}


def test_a_file_of_mostly_unreadable_entries_keeps_the_current_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "import", str(write(tmp_path, "good.json", GOOD))]) == 0
    junk = [card("Lone Card"), 7, {"type": "Item"}, {"name": "Odd", "type": "Spaceship"}] * 2
    capsys.readouterr()
    assert main(["cards", "import", str(write(tmp_path, "junk.json", junk))]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("Read 2 cards from junk.json (")  # what it read, not "Imported"
    assert "only 2 of its 8 entries could be read as cards" in err
    assert "the current import (4 cards from good.json) is kept" in err
    assert "--replace" in err
    assert "Good Card One" in imported_names()
    assert main(["cards", "import", str(write(tmp_path, "junk.json", junk)), "--replace"]) == 0
    assert imported_names() >= {"Lone Card"} and "Good Card One" not in imported_names()


def test_far_fewer_cards_than_the_current_import_are_refused_unless_replace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "import", str(write(tmp_path, "good.json", GOOD))]) == 0
    small = write(tmp_path, "small.json", [card("Only Card")])
    capsys.readouterr()
    assert main(["cards", "import", str(small), "--json"]) == 1
    summary = json.loads(capsys.readouterr().out)
    assert summary["kept_previous"] is True and summary["imported"] == 0
    assert summary["read"] == 1
    assert "far fewer than the 4 of the current import" in summary["refused_because"]
    assert "Only Card" not in imported_names()
    assert main(["cards", "import", str(small), "--replace"]) == 0
    assert imported_names() == {"Only Card"}


def test_a_junk_file_does_not_replace_the_sample_cards_either(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = write(tmp_path, "junk.json", [card("Lone Card"), 1, 2, 3])
    assert main(["cards", "import", str(junk)]) == 1
    assert "the sample cards stay in use" in capsys.readouterr().err
    assert not CardStore().has_import()


def test_a_file_with_no_card_at_all_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "import", str(write(tmp_path, "empty.json", [1, 2])), "--replace"]) == 1
    assert "holds no readable cards" in capsys.readouterr().err


def test_a_similar_file_replaces_the_import_and_says_so_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "import", str(write(tmp_path, "good.json", GOOD))]) == 0
    again = [*GOOD[:3], card("Good Card Five")]
    capsys.readouterr()
    assert main(["cards", "import", str(write(tmp_path, "again.json", again))]) == 0
    assert capsys.readouterr().out.startswith(
        "Imported 4 cards from again.json (4 read cleanly, 0 skipped, 0 problems)."
    )
    assert main(["cards", "list", "--type", "action"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("4 cards.")
    assert (
        main(["cards", "import", str(write(tmp_path, "one.json", [card("Solo")])), "--replace"])
        == 0
    )
    assert main(["cards", "list", "--type", "action"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("1 card.")


def test_show_with_no_close_name_says_so_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "show", "xyzzy"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == "error: No card is named like 'xyzzy'."
    assert main(["cards", "show", "iron", "warden"]) == 1  # Stonewarden is not close enough
    err = capsys.readouterr().err
    assert err.startswith("error: No card is named like 'iron warden'. Did you mean Stonewarden")


def test_the_readme_example_is_a_close_match_on_the_sample_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cards", "show", "legion shieldbarer"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No card named 'legion shieldbarer'; closest: Legion Shieldbearer")
    assert "\nLegion Shieldbearer [legion-shieldbearer]" in out


def test_show_prints_feats_apart_from_keywords(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "show", "Whisperwind Duelist"]) == 0
    out = capsys.readouterr().out
    assert "\nKeywords: Unique\n" in out
    assert "\nFeats: Riposte +" in out


def test_sample_deck_list_counts_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "sample-deck"]) == 0
    assert all(line.endswith(" cards") for line in capsys.readouterr().out.splitlines())


def test_coverage_of_one_card_speaks_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = {**card("Solo"), "text": "Order: Perform a +3 melee strike."}
    assert main(["cards", "coverage", str(write(tmp_path, "one.json", [one]))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 card (one.json): ")
    assert "\n1 ability, " in out and "0 reacts" in out


def test_importing_a_folder_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "import", str(tmp_path)]) == 1
    assert capsys.readouterr().err.strip() == f"error: {tmp_path} is a folder, not a card file."
