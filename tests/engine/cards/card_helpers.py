"""Helpers shared by the card tests (a uniquely named module, not a conftest import)."""

from __future__ import annotations

from dataclasses import replace

from engine.cards.model import Deck


def swap(deck: Deck, old: str, new: str, count: int = 1) -> Deck:
    """The deck with `count` copies of `old` among the non-army cards replaced by `new`."""
    cards = list(deck.cards)
    for _ in range(count):
        cards[cards.index(old)] = new
    return replace(deck, cards=tuple(cards))
