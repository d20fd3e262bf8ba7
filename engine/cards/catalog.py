"""CardCatalog: an immutable, indexed set of card definitions (by id and by name)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator

from engine.cards.errors import CardDataError, UnknownCardError
from engine.cards.model import Card
from engine.cards.names import name_key


class CardCatalog:
    """Cards by id, read-only. Iterating yields ids, like a mapping; `.cards` yields the cards."""

    __slots__ = ("__weakref__", "_by_id", "_by_name")  # weakref: per-catalog caches

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        by_id: dict[str, Card] = {}
        by_name: dict[str, list[Card]] = {}
        for card in cards:
            if card.id in by_id:
                raise CardDataError(f"Two cards share the id '{card.id}'.")
            by_id[card.id] = card
            by_name.setdefault(name_key(card.name), []).append(card)
        self._by_id = by_id
        self._by_name = {key: tuple(found) for key, found in by_name.items()}

    # -- mapping protocol ------------------------------------------------------------------
    def get(self, card_id: str) -> Card:
        """The card with that id; raises UnknownCardError (a KeyError) naming close ids."""
        try:
            return self._by_id[card_id]
        except KeyError:
            close = difflib.get_close_matches(card_id, list(self._by_id), n=3, cutoff=0.75)
            raise UnknownCardError(card_id, tuple(close)) from None

    def __getitem__(self, card_id: str) -> Card:
        return self.get(card_id)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def __repr__(self) -> str:
        return f"CardCatalog({len(self)} cards)"

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._by_id.values())

    # -- names -----------------------------------------------------------------------------
    def by_name(self, name: str) -> Card | None:
        """The card printed with that name (case, accents and spacing ignored), or None.

        When several cards share a name, the first one in catalog order is returned;
        `named()` gives them all.
        """
        found = self._by_name.get(name_key(name))
        return found[0] if found else None

    def named(self, name: str) -> tuple[Card, ...]:
        """Every card printed with that name."""
        return self._by_name.get(name_key(name), ())

    def suggest(self, name: str, limit: int = 3) -> tuple[str, ...]:
        """Printed names close to `name`, best first, for "did you mean" replies.

        Whole-name likeness (difflib) first, then names one of whose words is like a word
        of `name` ("Gharok" finds "Gharrok the Ironjaw").
        """
        wanted = name_key(name)
        keys = difflib.get_close_matches(wanted, list(self._by_name), n=limit, cutoff=0.6)
        if len(keys) < limit:
            words = [w for w in wanted.split() if len(w) >= 4]
            for key in self._by_name:
                if key not in keys and any(
                    difflib.get_close_matches(w, key.split(), n=1, cutoff=0.8) for w in words
                ):
                    keys.append(key)
                    if len(keys) == limit:
                        break
        return tuple(self._by_name[key][0].name for key in keys)

    # -- selections --------------------------------------------------------------------------
    def by_faction(self, faction: str) -> tuple[Card, ...]:
        """Cards of that faction (full name, case-insensitive)."""
        wanted = faction.casefold()
        return tuple(c for c in self._by_id.values() if wanted in map(str.casefold, c.factions))

    def warlords(self) -> tuple[Card, ...]:
        return tuple(c for c in self._by_id.values() if c.is_warlord)

    def merged(self, other: Iterable[Card]) -> CardCatalog:
        """A new catalog with `other` added; cards of `other` whose id exists are skipped."""
        extra = [card for card in other if card.id not in self._by_id]
        return CardCatalog([*self._by_id.values(), *extra])
