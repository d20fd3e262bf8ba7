"""bot.card_store and `warlord-judge cards`: imports in one transaction, lookups, deck checks.

(They live beside the card tests because this work owns `tests/engine/cards/`.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot import card_store
from bot.card_store import CardStore, CardStoreError
from bot.cli import main
from engine.cards.catalog import CardCatalog
from engine.cards.decklist import format_decklist
from engine.cards.model import Deck

CARDS = [
    {"name": "Store Warlord", "type": "Char", "alignment": "Good", "class": "Fighter",
     "faction": "Dwarf", "attack": "+4/+1", "armorClass": "15", "skill": "+2",
     "hitPoints": "3", "level": "4", "traits": "Warlord/Dwarf", "text": ""},
    {"name": "Store Axe", "type": "Item", "class": "Fighter", "level": "2", "attack": "+2",
     "traits": "Weapon", "text": ""},
    {"name": "Store Oddity", "type": "Action", "class": "Bard", "level": "1", "text": ""},
]  # fmt: skip


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS), encoding="utf-8")
    return path


def test_empty_store_falls_back_to_the_sample_catalog() -> None:
    store = CardStore()
    assert not store.has_import() and store.last_import() is None
    assert "gharrok-the-ironjaw" in store.catalog()


def test_import_replaces_the_previous_import(card_file: Path, tmp_path: Path) -> None:
    store = CardStore()
    report = store.import_file(card_file)
    assert (report.imported, report.clean, report.skipped) == (3, 2, 0)
    catalog = CardStore().catalog()  # a fresh store reads the database
    assert {"store-warlord", "store-axe", "store-oddity"} <= set(catalog)
    assert "animal-token" in catalog and "gharrok-the-ironjaw" not in catalog
    assert catalog.get("store-warlord").factions == ("Dwarven Forges",)
    smaller = tmp_path / "smaller.json"
    smaller.write_text(json.dumps(CARDS[:1]), encoding="utf-8")
    store.import_file(smaller)
    assert "store-axe" not in CardStore().catalog()
    summary = store.last_import()
    assert summary is not None and summary["source"] == "smaller.json"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "There is no card file at"),
        ("{not json", "is not valid JSON (line 1, column 2)"),
        ('{"hello": 1}', "holds no list of cards"),
        ("[]", "holds no readable cards; the previous import is kept"),
    ],
)
def test_bad_files_are_refused_and_nothing_is_lost(
    card_file: Path, tmp_path: Path, content: str | None, message: str
) -> None:
    store = CardStore()
    store.import_file(card_file)
    bad = tmp_path / "bad.json"
    if content is not None:
        bad.write_text(content, encoding="utf-8")
    with pytest.raises(CardStoreError, match=re.escape(message)):
        store.import_file(bad)
    assert len([c for c in CardStore().catalog().cards if not c.is_token]) == 3


def test_import_is_one_transaction(
    card_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = CardStore()
    store.import_file(card_file)

    real_rows = card_store._rows

    def failing_rows(cards: list[Any]) -> Iterator[tuple[str, ...]]:
        yield from list(real_rows(cards[:1]))
        raise OSError("disk full")

    monkeypatch.setattr(card_store, "_rows", failing_rows)
    other = tmp_path / "other.json"
    other.write_text(json.dumps([{**CARDS[1], "name": "Other Axe"}]), encoding="utf-8")
    with pytest.raises(OSError):
        store.import_file(other)
    catalog = CardStore().catalog()
    assert "store-axe" in catalog and "other-axe" not in catalog


def test_find_is_fuzzy(card_file: Path) -> None:
    store = CardStore()
    store.import_file(card_file)
    assert [c.id for c in store.find("STORE axe")] == ["store-axe"]
    assert store.find("Stor Warlrd")[0].id == "store-warlord"


# --- the command line ----------------------------------------------------------------------


def test_cli_import_prints_a_summary(card_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "import", str(card_file), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["imported"] == 3 and summary["clean"] == 2
    assert summary["problems"] == ["Card 'Store Oddity': could not read class 'Bard'."]
    assert main(["cards", "import", str(card_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Imported 3 cards from cards.json (2 read cleanly, 0 skipped, 1 problem)")


def test_cli_import_missing_file_is_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "import", "no-such-file.json"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: There is no card file at") and "Traceback" not in err


def test_cli_show_and_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "show", "gharrok", "the", "ironjaw"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Gharrok the Ironjaw [gharrok-the-ironjaw]")  # exact: no note
    assert "ATK +7/+3 Physical  AC 15  Skill +2  HP 4" in out
    assert main(["cards", "show", "zzqx"]) == 1  # no close name
    assert main(["cards", "list", "--faction", "Nothrog", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed and all(c["factions"] == ["Nothrog Legions"] for c in listed)


def test_cli_show_says_when_it_shows_the_closest_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cards", "show", "gharrok", "ironjw"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No card named 'gharrok ironjw'; closest: Gharrok the Ironjaw")
    assert "\nGharrok the Ironjaw [gharrok-the-ironjaw]" in out
    assert main(["cards", "show", "gharrok", "ironjw", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)[0]["id"] == "gharrok-the-ironjaw"  # stdout stays JSON
    assert captured.err.startswith("No card named 'gharrok ironjw'; closest:")


def test_store_find_prefers_the_longer_close_name(home: Path) -> None:
    store = CardStore()
    store.import_data(
        [
            {"name": "Ward", "type": "Action", "class": "Fighter", "level": "1"},
            {"name": "Stonewarden", "type": "Action", "class": "Fighter", "level": "1"},
        ]
    )
    assert store.find("iron warden")[0].name == "Stonewarden"


def test_cli_import_reports_counts(card_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "import", str(card_file), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)["counts"]
    assert counts["damage_type_defaulted"] == 1 and counts["lord_types_from_traits"] == 1
    assert main(["cards", "import", str(card_file)]) == 0
    assert "1  characters with no damage type in the file, read as Physical" in (
        capsys.readouterr().out
    )


def test_cli_check_deck(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    catalog: CardCatalog,
    decks: dict[str, Deck],
) -> None:
    good = tmp_path / "good.txt"
    good.write_text(format_decklist(decks["saga-elven"], catalog), encoding="utf-8")
    assert main(["cards", "check-deck", str(good)]) == 0
    assert "saga-elven is a legal saga deck (50 cards)." in capsys.readouterr().out
    assert main(["cards", "check-deck", str(good), "--format", "alliance", "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert not result["legal"] and "801.5.2" in {p["rule"] for p in result["problems"]}
    bad = tmp_path / "bad.txt"
    bad.write_text("Starting Army:\n1 Lady Sylwen of the Silvr Bough\n", encoding="utf-8")
    assert main(["cards", "check-deck", str(bad)]) == 1
    assert "did you mean Lady Sylwen of the Silver Bough or" in capsys.readouterr().err


def test_cli_check_deck_against_a_limited_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], catalog: CardCatalog, decks: dict[str, Deck]
) -> None:
    deck = decks["limited-elven"]
    path = tmp_path / "deck.txt"
    path.write_text(format_decklist(deck, catalog), encoding="utf-8")
    pool = tmp_path / "pool.txt"
    pool.write_text(format_decklist(deck, catalog), encoding="utf-8")
    args = ["cards", "check-deck", str(path), "--format", "limited", "--pool", str(pool)]
    assert main(args) == 0
    capsys.readouterr()
    smaller = Deck("pool", deck.starting_army, deck.cards[:-1])
    pool.write_text(format_decklist(smaller, catalog), encoding="utf-8")
    assert main([*args, "--json"]) == 1
    problems = json.loads(capsys.readouterr().out)["problems"]
    assert [p["rule"] for p in problems] == ["801.6.4"]
    assert main(["cards", "check-deck", str(path), "--pool", str(pool)]) == 1
    assert "only applies to the limited format" in capsys.readouterr().err


def test_cli_sample_and_random_decks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "sample-deck"]) == 0
    assert "alliance-dawn" in capsys.readouterr().out
    assert main(["cards", "random-deck", "--seed", "5", "--format", "limited"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "random.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["cards", "check-deck", str(path), "--format", "limited"]) == 0
    assert main(["cards", "sample-deck", "nope"]) == 1


def test_cli_check_deck_json_lists_unknown_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Starting Army:\n1 Lady Sylwen of the Silvr Bough\n", encoding="utf-8")
    assert main(["cards", "check-deck", str(bad), "--json"]) == 1
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert result["legal"] is None and result["deck"] == "bad" and result["malformed"] == []
    [unknown] = result["unknown"]
    assert unknown["line"] == 2 and unknown["name"] == "Lady Sylwen of the Silvr Bough"
    assert unknown["suggestions"][0] == "Lady Sylwen of the Silver Bough"
    assert "hint" not in result  # nothing imported: the sample cards are in use
    assert captured.err.startswith("error: The deck list has unknown card 'Lady Sylwen")
    missing = tmp_path / "none.txt"
    assert main(["cards", "check-deck", str(missing), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"].startswith("There is no deck list file")


def test_cli_check_deck_hints_at_sample_when_an_import_is_active(
    card_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    catalog: CardCatalog,
    decks: dict[str, Deck],
) -> None:
    hint = "Your imported card file is in use; add --sample to check against the built-in sample"
    deck = tmp_path / "elven.txt"
    deck.write_text(format_decklist(decks["saga-elven"], catalog), encoding="utf-8")
    assert main(["cards", "check-deck", str(deck)]) == 0
    assert main(["cards", "import", str(card_file)]) == 0
    capsys.readouterr()
    assert main(["cards", "check-deck", str(deck)]) == 1
    err = capsys.readouterr().err
    assert err.count(hint) == 1 and "(line 4: no match)" in err
    assert main(["cards", "check-deck", str(deck), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["hint"].startswith(hint)
    assert main(["cards", "check-deck", str(deck), "--sample"]) == 0
    capsys.readouterr()
    assert main(["cards", "reset"]) == 0
    assert capsys.readouterr().out.startswith("Forgot 3 imported cards;")
    assert main(["cards", "check-deck", str(deck)]) == 0
    assert main(["cards", "reset", "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["forgotten"] == 0


def test_clear_forgets_the_import_in_one_transaction(
    card_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = CardStore()
    store.import_file(card_file)
    assert store.clear() == 3
    assert not CardStore().has_import() and "gharrok-the-ironjaw" in CardStore().catalog()
    store.import_file(card_file)
    failing = CardStore()

    class Boom(Exception):
        pass

    conn = failing.db.conn
    real_execute = conn.execute

    class Conn:
        """The real connection, failing after the delete (before the commit)."""

        def __getattr__(self, name: str) -> Any:
            return getattr(conn, name)

        def __enter__(self) -> Any:
            return conn.__enter__()

        def __exit__(self, *exc: Any) -> Any:
            return conn.__exit__(*exc)

        def execute(self, sql: str, *args: Any) -> Any:
            real_execute(sql, *args)
            raise Boom

    monkeypatch.setattr(failing.db, "conn", Conn())
    with pytest.raises(Boom):
        failing.clear()
    assert CardStore().has_import()  # rolled back: the import is still there
