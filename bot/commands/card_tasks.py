"""The work behind `warlord-judge cards`: reading card files, deciding whether an import may
replace the cards in use, finding a card to show, and checking a deck list. No printing here:
`bot/cards_cli.py` parses and prints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.card_names import CLOSE, SUGGEST, match_cards
from bot.card_store import CardStore, CardStoreError, read_card_json, read_text
from engine.cards.catalog import CardCatalog
from engine.cards.community import SOURCE, ImportReport, parse_community_cards
from engine.cards.decklist import DeckListError, parse_decklist
from engine.cards.errors import CardError
from engine.cards.formats import GameFormat
from engine.cards.model import Card, Deck
from engine.cards.sample import sample_catalog
from engine.cards.serialize import card_from_dict
from engine.cards.validation import DeckProblem, validate_deck, validate_limited_pool
from rules_index.text import plural

IMPORT_HINT = (
    "Your imported card file is in use; add --sample to check against the built-in sample cards."
)

__all__ = [
    "IMPORT_HINT",
    "CardFind",
    "DeckCheck",
    "DeckCheckError",
    "catalog_in_use",
    "check_deck",
    "coverage_cards",
    "find_card",
    "junk_reason",
    "parse_card_data",
]


def catalog_in_use(sample: bool, store: Callable[[], CardStore] = CardStore) -> CardCatalog:
    """The imported cards (or the sample cards with `sample` or when nothing is imported)."""
    return sample_catalog() if sample else store().catalog()


def parse_card_data(data: Any) -> ImportReport:
    """What a community card file holds, or CardStoreError when it is not one."""
    try:
        return parse_community_cards(data)
    except CardError as exc:
        raise CardStoreError(f"{exc} Nothing was imported.") from None


def junk_reason(report: ImportReport, previous: dict[str, Any] | None) -> str:
    """Why a file read as `report` must not replace the cards in use ("" when it may): fewer
    than half of its entries readable as cards, or fewer than half as many cards as the
    current import."""
    entries = report.imported + report.skipped
    if report.imported * 2 < entries:
        return (
            f"only {report.imported:,} of its {plural(entries, 'entry', 'entries')} "
            "could be read as cards"
        )
    before = int(previous["imported"]) if previous else 0
    if report.imported * 2 < before:
        return (
            f"it holds {plural(report.imported, 'card')}, "
            f"far fewer than the {before:,} of the current import"
        )
    return ""


def coverage_cards(
    path: Path | None, sample: bool, store: Callable[[], CardStore] = CardStore
) -> tuple[list[Card], str]:
    """The cards of `path` (our card file or a community file), else the cards in use, with a
    label saying which."""
    if path is None:
        if sample:
            return list(sample_catalog().cards), "sample cards"
        opened = store()
        label = "imported cards" if opened.has_import() else "sample cards"
        return list(opened.catalog().cards), label
    data = read_card_json(path)
    if isinstance(data, dict) and "version" in data and isinstance(data.get("cards"), list):
        return [card_from_dict(entry) for entry in data["cards"]], path.name
    report = parse_community_cards(data)
    return [c for c in report.catalog.cards if c.source == SOURCE], path.name


# show ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardFind:
    """The cards to show for a name: every card of exactly that name, else the closest one
    (`closest` True, with the other close names in `also`); none, with `suggestions`."""

    shown: tuple[Card, ...]
    closest: bool = False
    also: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()


def find_card(catalog: CardCatalog, name: str) -> CardFind:
    """What `cards show NAME` shows."""
    found = match_cards(catalog, name)
    exact = [m.card for m in found if m.exact]
    if exact:
        return CardFind(tuple(exact))
    close = [m.card for m in found if m.score >= CLOSE]
    if not close:
        return CardFind((), suggestions=tuple(m.card.name for m in found if m.score >= SUGGEST))
    first = close[0]
    also = tuple(dict.fromkeys(c.name for c in close if c.name != first.name))
    return CardFind((first,), closest=True, also=also)


# check-deck ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckCheck:
    """A deck list checked against the rules of a format: legal when no problem is found."""

    deck: Deck
    format: GameFormat
    problems: tuple[DeckProblem, ...]

    @property
    def legal(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck.name,
            "format": self.format.value,
            "cards": len(self.deck.all_cards),
            "legal": self.legal,
            "problems": [{"rule": p.rule, "text": p.text} for p in self.problems],
        }


class DeckCheckError(CardStoreError):
    """A deck list (or card pool) that cannot be checked, with the file at fault and a hint
    when the imported cards may be why."""

    def __init__(
        self, error: CardError | CardStoreError, deck: str, path: Path, fmt: GameFormat, hint: str
    ) -> None:
        super().__init__(str(error))
        self.error, self.deck, self.path, self.format, self.hint = error, deck, path, fmt, hint

    def to_dict(self) -> dict[str, Any]:
        listed = self.error if isinstance(self.error, DeckListError) else None
        result: dict[str, Any] = {
            "deck": self.deck,
            "file": str(self.path),
            "format": self.format.value,
            "legal": None,
            "error": str(self),
            "unknown": [u.to_dict() for u in listed.unknown] if listed else [],
            "malformed": list(listed.malformed) if listed else [],
        }
        if self.hint:
            result["hint"] = self.hint
        return result


def check_deck(
    file: Path,
    fmt: GameFormat,
    *,
    sample: bool = False,
    pool: Path | None = None,
    sealed: bool = False,
    fixed_warlord: bool = False,
    store: Callable[[], CardStore] = CardStore,
) -> DeckCheck:
    """Check the deck list `file` (and for Limited its card `pool`, 801.6.4 / 801.7.4).

    Raises CardStoreError for a pool outside Limited, DeckCheckError for files that cannot be
    read or name unknown cards."""
    if pool is not None and fmt is not GameFormat.LIMITED:
        raise CardStoreError(
            "A card pool (--pool) only applies to the limited format (801.6, 801.7)."
        )
    reading = file
    try:
        catalog = catalog_in_use(sample, store)
        deck = parse_decklist(read_text(file, "deck list"), catalog, name=file.stem)
        pool_cards = None
        if pool is not None:
            reading = pool
            pool_cards = parse_decklist(read_text(pool, "card pool"), catalog).all_cards
    except (CardError, CardStoreError) as exc:
        raise DeckCheckError(exc, file.stem, reading, fmt, _hint(exc, sample, store)) from None
    problems = validate_deck(deck, catalog, fmt)
    if pool_cards is not None:
        problems += validate_limited_pool(
            deck, catalog, pool_cards, sealed=sealed, fixed_warlord=fixed_warlord
        )
    return DeckCheck(deck, fmt, tuple(problems))


def _hint(exc: Exception, sample: bool, store: Callable[[], CardStore]) -> str:
    """IMPORT_HINT when unknown names may be unknown because an imported card file is used."""
    if sample or not (isinstance(exc, DeckListError) and exc.unknown):
        return ""
    try:
        return IMPORT_HINT if store().has_import() else ""
    except CardStoreError:
        return ""
