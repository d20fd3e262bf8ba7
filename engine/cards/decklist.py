"""Deck list text, as players write it, to a Deck and back.

Deck: Ashgrave's Legion
Starting Army:
1 Consul Varro Ashgrave
2x Legion Shieldbearer
Characters
3 Pikeman of the Ninth  // front line
*1 Ledger Mage          // a "*" also marks a starting-army card
Items
Oaken Buckler           # no count means one copy
# comments and // comments are ignored, whole lines or after a space at the end of a line
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from engine.cards.catalog import CardCatalog
from engine.cards.errors import CardError
from engine.cards.model import Card, CardType, Deck

_ARMY_HEADERS = {"starting army", "army", "starting", "start"}
_DECK_HEADERS = {
    "characters", "character", "items", "item", "actions", "action", "deck", "main",
    "main deck", "cards", "dungeons", "dungeon", "epic classes", "epic class", "battlefield",
    "battlefields", "other", "others", "rest of deck",
}  # fmt: skip
_HEADER = re.compile(r"^(?P<title>[A-Za-z][A-Za-z ]*?)\s*(\(\s*\d+\s*\))?\s*:?$")
_LEADING_COUNT = re.compile(r"^(?P<count>\d+)\s*[xX×]?\s+(?P<name>.+)$")
_TRAILING_COUNT = re.compile(r"^(?P<name>.+?)\s+[xX×]\s*(?P<count>\d+)$")
_DECK_NAME = re.compile(r"^(deck|name)\s*:\s*(?P<name>.+)$", re.IGNORECASE)
_TRAILING_COMMENT = re.compile(r"\s+(//|#).*$")  # after whitespace only: "A//B" is no comment
MAX_COUNT = 99


@dataclass(frozen=True)
class UnknownName:
    """A name on a deck list that matches no card, with close printed names."""

    line: int
    name: str
    suggestions: tuple[str, ...]

    def describe(self) -> str:
        hint = f"did you mean {' or '.join(self.suggestions)}?" if self.suggestions else "no match"
        return f"'{_quoted(self.name)}' (line {self.line}: {hint})"

    def to_dict(self) -> dict[str, object]:
        return {"line": self.line, "name": self.name, "suggestions": list(self.suggestions)}


class DeckListError(CardError):
    """A deck list that cannot be read: unknown card names or malformed lines, all listed."""

    def __init__(
        self, unknown: tuple[UnknownName, ...] = (), malformed: tuple[str, ...] = ()
    ) -> None:
        self.unknown = unknown
        self.malformed = malformed
        parts = []
        if unknown:
            label = "unknown card " if len(unknown) == 1 else "unknown cards "
            parts.append(label + _first([u.describe() for u in unknown], ", "))
        if malformed:
            parts.append("unreadable " + _first(list(malformed), "; "))
        message = "The deck list has " + " and ".join(parts) + "."
        super().__init__(message[0].upper() + message[1:])


SHOWN_PROBLEMS = 5  # a file that is not a deck list is not echoed back line by line
SHOWN_LINE = 40


def _first(items: list[str], separator: str) -> str:
    """The first few items, then how many more (the full list stays on the error)."""
    shown = separator.join(items[:SHOWN_PROBLEMS])
    more = len(items) - SHOWN_PROBLEMS
    return shown + (f"{separator}and {more} more" if more > 0 else "")


def _quoted(line: str) -> str:
    return line if len(line) <= SHOWN_LINE else line[: SHOWN_LINE - 1] + "…"


def parse_decklist(text: str, catalog: CardCatalog, name: str = "") -> Deck:
    """Read a deck list; raises DeckListError naming every line it could not match.

    `name` is used when the text has no "Deck: ..." line.
    """
    army: list[Card] = []
    rest: list[Card] = []
    unknown: list[UnknownName] = []
    malformed: list[str] = []
    in_army = False
    deck_name = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        line = _TRAILING_COMMENT.sub("", line)
        named = _DECK_NAME.match(line)
        if named:
            deck_name = deck_name or named["name"].strip()
            continue
        header = _HEADER.match(line)
        if header and _is_header(header["title"], line, catalog):
            in_army = header["title"].strip().casefold() in _ARMY_HEADERS
            continue
        starred = line.startswith("*")
        count, card_name = _split_count(line.lstrip("*").strip())
        if count is None or not card_name:
            malformed.append(f"line {number} ('{_quoted(line)}')")
            continue
        card = _find(card_name, catalog)
        if card is None:
            unknown.append(UnknownName(number, card_name, catalog.suggest(card_name)))
            continue
        (army if in_army or starred else rest).extend([card] * count)
    if unknown or malformed:
        raise DeckListError(tuple(unknown), tuple(malformed))
    army.sort(key=lambda c: not c.is_warlord)  # stable: Warlords first, the rest in order
    return Deck(
        name=deck_name or name or "deck",
        starting_army=tuple(c.id for c in army),
        cards=tuple(c.id for c in rest),
    )


def _is_header(title: str, line: str, catalog: CardCatalog) -> bool:
    key = title.strip().casefold()
    if key in _ARMY_HEADERS or key in _DECK_HEADERS:
        return catalog.by_name(line.rstrip(":")) is None or line.endswith(":")
    return False


def _split_count(line: str) -> tuple[int | None, str]:
    for pattern in (_LEADING_COUNT, _TRAILING_COUNT):
        match = pattern.match(line)
        if match:
            count = int(match["count"])
            return (count if 0 < count <= MAX_COUNT else None), match["name"].strip()
    return 1, line


def _find(name: str, catalog: CardCatalog) -> Card | None:
    card = catalog.by_name(name)
    if card is None and name in catalog:  # an id works too
        card = catalog.get(name)
    return card


_SECTIONS = (
    (CardType.CHARACTER, "Characters"),
    (CardType.ITEM, "Items"),
    (CardType.ACTION, "Actions"),
    (CardType.DUNGEON, "Dungeons"),
    (CardType.EPIC_CLASS, "Epic Classes"),
    (CardType.BATTLEFIELD, "Battlefield"),
    (CardType.TOKEN, "Other"),
)


def format_decklist(deck: Deck, catalog: CardCatalog) -> str:
    """The deck as deck-list text that `parse_decklist` reads back to the same deck."""
    lines = [f"Deck: {deck.name}", "", "Starting Army:"]
    lines += _count_lines(deck.starting_army, catalog)
    cards = [catalog.get(i) for i in deck.cards]
    for kind, title in _SECTIONS:
        ids = [c.id for c in cards if c.type is kind]
        if ids:
            lines += ["", f"{title}:", *_count_lines(ids, catalog)]
    return "\n".join(lines) + "\n"


def _count_lines(ids: tuple[str, ...] | list[str], catalog: CardCatalog) -> list[str]:
    return [f"{n} {_label(i, catalog)}" for i, n in Counter(ids).items()]


def _label(card_id: str, catalog: CardCatalog) -> str:
    """The card's name, or its id when another card shares the name (so it reads back)."""
    card = catalog.get(card_id)
    return card.name if catalog.by_name(card.name) is card else card_id
