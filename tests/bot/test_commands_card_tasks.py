"""bot.commands.card_tasks: the work behind `warlord-judge cards` without the command line
(finding a card to show, checking a deck list, refusing a junk import)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.card_store import CardStore, CardStoreError
from bot.commands.card_tasks import (
    IMPORT_HINT,
    DeckCheckError,
    check_deck,
    find_card,
    junk_reason,
)
from engine.cards.community import ImportReport
from engine.cards.decklist import format_decklist
from engine.cards.formats import GameFormat
from engine.cards.sample import sample_catalog, sample_decks


def test_find_card_exact_closest_or_suggestions() -> None:
    catalog = sample_catalog()
    assert [c.name for c in find_card(catalog, "LEGION shieldbearer").shown] == [
        "Legion Shieldbearer"
    ]
    closest = find_card(catalog, "legion shieldbarer")
    assert closest.closest and closest.shown[0].name == "Legion Shieldbearer"
    nothing = find_card(catalog, "zzzz qqqq")
    assert nothing.shown == () and not nothing.closest


def test_check_deck_legal_illegal_and_unreadable(tmp_path: Path) -> None:
    store = lambda: CardStore(tmp_path / "bot.db")  # noqa: E731
    deck = sample_decks()["saga-elven"]
    path = tmp_path / "elven.txt"
    path.write_text(format_decklist(deck, sample_catalog()), encoding="utf-8")
    legal = check_deck(path, GameFormat.SAGA, store=store)
    assert legal.legal and legal.to_dict()["cards"] == 50
    alliance = check_deck(path, GameFormat.ALLIANCE, store=store)
    assert not alliance.legal and "801.5.2" in {p.rule for p in alliance.problems}
    with pytest.raises(DeckCheckError) as missing:
        check_deck(tmp_path / "none.txt", GameFormat.SAGA, store=store)
    assert missing.value.to_dict()["legal"] is None and missing.value.hint == ""
    assert str(missing.value).startswith("There is no deck list file")
    with pytest.raises(CardStoreError, match="only applies to the limited format"):
        check_deck(path, GameFormat.SAGA, pool=path, store=store)


def test_check_deck_hint_when_imported_cards_miss_a_name(tmp_path: Path) -> None:
    class Imported(CardStore):
        def has_import(self) -> bool:
            return True

    bad = tmp_path / "bad.txt"
    bad.write_text("Starting Army:\n1 Lady Sylwen of the Silvr Bough\n", encoding="utf-8")
    with pytest.raises(DeckCheckError) as caught:
        check_deck(bad, GameFormat.SAGA, store=lambda: Imported(tmp_path / "bot.db"))
    assert caught.value.hint == IMPORT_HINT
    assert caught.value.to_dict()["unknown"][0]["name"] == "Lady Sylwen of the Silvr Bough"


def test_junk_reason_refuses_mostly_unreadable_or_much_smaller_files() -> None:
    report = ImportReport(catalog=sample_catalog(), imported=2, skipped=6, clean=2)
    assert junk_reason(report, None) == "only 2 of its 8 entries could be read as cards"
    fine = ImportReport(catalog=sample_catalog(), imported=10, skipped=0, clean=10)
    assert junk_reason(fine, None) == ""
    assert "far fewer than the 100" in junk_reason(fine, {"imported": 100})
