"""Card references in a position file: a card id, or a printed name where ids are awkward.

A reference is looked up as an id among the file's own card definitions, then in the card
source (a CardCatalog or a mapping of Cards), then as a printed name in both (case, accents
and spacing ignored). An unknown or ambiguous reference is a one-sentence error naming it.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from engine.cards.model import Card
from engine.cards.names import name_key


class CardRefError(ValueError):
    """A reference that names no card, or several; the message is the sentence's tail."""


class CardRefs:
    """Resolves card references against inline definitions and a card source."""

    def __init__(self, inline: Mapping[str, Card], source: Any) -> None:
        self.inline = dict(inline)
        self.source = source
        self._names: dict[str, list[Card]] | None = None

    def resolve(self, ref: str) -> Card:
        """The card `ref` names; raises CardRefError when it names none or several."""
        if ref in self.inline:
            return self.inline[ref]
        found = self._by_id(ref)
        if found is not None:
            return found
        matches = self._by_name(ref)
        if len(matches) == 1:
            return matches[0]
        if matches:
            ids = ", ".join(f"'{c.id}'" for c in matches)
            raise CardRefError(f"the name '{ref}' is printed on several cards ({ids}); use an id")
        close = self._suggest(ref)
        hint = f" (did you mean {', '.join(repr(n) for n in close)}?)" if close else ""
        raise CardRefError(f"unknown card '{ref}'{hint}")

    def _by_id(self, ref: str) -> Card | None:
        if self.source is None:
            return None
        try:
            if ref not in self.source:
                return None
            card = self.source[ref]
        except (KeyError, TypeError):
            return None
        return card if isinstance(card, Card) else None

    def _name_index(self) -> dict[str, list[Card]]:
        if self._names is None:
            index: dict[str, list[Card]] = {}
            for card in [*self.inline.values(), *self._source_cards()]:
                same = index.setdefault(name_key(card.name), [])
                if all(c.id != card.id for c in same):
                    same.append(card)
            self._names = index
        return self._names

    def _source_cards(self) -> list[Card]:
        if self.source is None:
            return []
        cards = getattr(self.source, "cards", None)
        if isinstance(cards, tuple):
            return [c for c in cards if isinstance(c, Card)]
        if isinstance(self.source, Mapping):
            return [c for c in self.source.values() if isinstance(c, Card)]
        return []

    def _by_name(self, ref: str) -> list[Card]:
        return list(self._name_index().get(name_key(ref), []))

    def _suggest(self, ref: str) -> list[str]:
        index = self._name_index()
        keys = difflib.get_close_matches(name_key(ref), list(index), n=3, cutoff=0.6)
        names = [index[k][0].name for k in keys]
        if not names:
            ids = [*self.inline, *(c.id for c in self._source_cards())]
            names = difflib.get_close_matches(ref, ids, n=3, cutoff=0.75)
        return names
