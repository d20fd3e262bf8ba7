"""Card-name matching lives in one module (bot/card_names.py), the only bot module that uses
rapidfuzz; the card store, the card lookup and the typo note all go through it."""

from __future__ import annotations

import re
from pathlib import Path

from bot.card_names import best_names, match_cards, similarity
from bot.card_store import CardStore
from bot.commands.card_lookup import CardLookup
from bot.commands.text import correction_note
from engine.cards.sample import sample_catalog

BOT = Path(__file__).resolve().parents[2] / "bot"


def test_rapidfuzz_is_imported_by_card_names_only() -> None:
    importing = sorted(
        str(path.relative_to(BOT))
        for path in BOT.rglob("*.py")
        if re.search(r"^\s*(from|import) rapidfuzz\b", path.read_text("utf-8"), re.MULTILINE)
    )
    assert importing == ["card_names.py"]


def test_store_lookup_and_note_share_the_matching(tmp_path: Path) -> None:
    catalog = sample_catalog()
    store = CardStore(tmp_path / "bot.db")
    first = match_cards(catalog, "legion shieldbarer")[0]
    assert not first.exact and first.confident and first.card.name == "Legion Shieldbearer"
    assert CardLookup().matches("legion shieldbarer")[0].card == first.card
    assert store.find("legion shieldbarer")[0].name == "Legion Shieldbearer"
    assert best_names("ledger", ["ledger mage", "dragon"], 5, 55) == ["ledger mage"]
    assert similarity("plannar", "planar") > 80 > similarity("planar", "dragon")
    assert correction_note("plannar", "Planar") == "Showing Planar (closest to “plannar”)."
