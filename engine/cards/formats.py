"""Game formats (rule 801) and the deck-construction numbers each one uses."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.cards.errors import CardError


class GameFormat(StrEnum):
    """The formats the judge knows (rule 801). LIMITED covers Draft and Sealed (801.6, 801.7)."""

    SAGA = "saga"
    ANCIENTS = "ancients"
    LIMITED = "limited"
    ALLIANCE = "alliance"

    @classmethod
    def parse(cls, text: str) -> GameFormat:
        """Read a format name ("Saga", "alliance", "draft", "sealed"), else a CardError."""
        key = text.strip().casefold()
        if key in ("draft", "sealed"):
            return cls.LIMITED
        try:
            return cls(key)
        except ValueError:
            known = ", ".join(f.value for f in cls)
            raise CardError(f"Unknown game format '{text}'; choose one of {known}.") from None

    @property
    def rules(self) -> FormatRules:
        return _RULES[self]


@dataclass(frozen=True)
class FormatRules:
    """Deck and starting-army numbers of one format, each with the rule that sets it."""

    min_size: int
    size_rule: str
    exact_size: bool = False
    max_copies: int | None = 3
    copies_rule: str = "108.3"
    warlords: int = 1
    army_levels: tuple[tuple[int, int], ...] = ((1, 3), (2, 2))
    army_rule: str = "500.2"


_RULES: dict[GameFormat, FormatRules] = {
    GameFormat.SAGA: FormatRules(min_size=50, size_rule="108.2"),
    GameFormat.ANCIENTS: FormatRules(min_size=50, size_rule="108.2"),
    GameFormat.LIMITED: FormatRules(
        min_size=30, size_rule="108.2", max_copies=None, copies_rule="801.6.2"
    ),
    GameFormat.ALLIANCE: FormatRules(
        min_size=70,
        size_rule="801.5.2",
        exact_size=True,
        max_copies=1,
        copies_rule="801.5.3",
        warlords=2,
        army_levels=((1, 4), (2, 3)),
        army_rule="801.5.4",
    ),
}
