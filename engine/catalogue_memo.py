"""Values worked out once per card catalogue and tuple of react windows: which cards of a
game could answer a window does not change while the game's catalogue stays the same."""

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

    def get(self, board: Board, windows: tuple[Window, ...]) -> T | None:
        """The value for the board's catalogue (None: a board without its catalogue)."""
        cards: Mapping[str, Card] | None = getattr(board, "cards", None)
        if cards is None:
            return None
        cached = self._memo.get(id(cards))
        if cached is None or cached[0] is not cards:
            if len(self._memo) > _LIMIT:
                self._memo.clear()
            cached = (cards, {})
            self._memo[id(cards)] = cached
        found = cached[1].get(windows)
        if found is None:
            found = cached[1][windows] = self._compute(cards, windows)
        return found
