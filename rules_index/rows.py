"""An entry as the ranker holds it in memory, with what ranking needs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules_index.models import Entry


@dataclass(frozen=True)
class Row:
    """An entry as held in memory, with what ranking needs."""

    id: int
    entry: Entry
    names: tuple[str, ...]
    position: int
    stems: frozenset[str]
    folded: str  # names, titles, text and examples: folded, hyphens as spaces, for phrases


AddFn = Callable[[Row, float, str], None]  # record a name-layer score for an entry
