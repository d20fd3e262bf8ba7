"""Values worked out once per card catalogue and tuple of react windows: which cards of a
game could answer a window does not change while the game's catalogue stays the same.

Each game has its own catalogue (the cards of its decks), so the values are shared between
catalogues holding the same card definitions under the same names (games between the same
decks): the values depend only on those."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from engine.cards.abilities import Window
from engine.cards.model import Card
from engine.stats import Board

T = TypeVar("T")
_LIMIT = 64  # catalogues remembered before the memo starts afresh


class PerWindows(Generic[T]):
    """`compute(cards, windows)` remembered per catalogue (by identity) and windows."""

    def __init__(self, compute: Callable[[Mapping[str, Card], tuple[Window, ...]], T]) -> None:
        self._compute = compute
        self._memo: dict[int, tuple[object, dict[tuple[Window, ...], T]]] = {}
        # By the names and definitions (by identity) of a catalogue: the first catalogue seen
        # with them (kept, so that its definitions' ids are not reused) and the values.
        self._shared: dict[frozenset[tuple[str, int]], tuple[object, dict[tuple[Window, ...], T]]]
        self._shared = {}

    def get(self, board: Board, windows: tuple[Window, ...]) -> T | None:
        """The value for the board's catalogue (None: a board without its catalogue)."""
        cards: Mapping[str, Card] | None = getattr(board, "cards", None)
        if cards is None:
            return None
        cached = self._memo.get(id(cards))
        if cached is None or cached[0] is not cards:
            if len(self._memo) > _LIMIT:
                self._memo.clear()
                self._shared.clear()
            signature = frozenset([(name, id(card)) for name, card in cards.items()])
            shared = self._shared.get(signature)
            if shared is None:
                shared = self._shared[signature] = (cards, {})
            cached = (cards, shared[1])
            self._memo[id(cards)] = cached
        found = cached[1].get(windows)
        if found is None:
            found = cached[1][windows] = self._compute(cards, windows)
        return found
