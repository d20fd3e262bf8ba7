"""What a target chosen by an ability must be beyond its side and distance (511): the words
of its cost ("target a stunned non-Warlord Siege character"), its state (stunned, spent,
ready, wounded) and what its card is (engine.cards.card_filter, its level as it is now)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine import stats
from engine.cards.card_filter import CardFilter, matches, read_target_words
from engine.state import Orientation
from engine.stats import Board

_STATES: dict[str, Callable[[Orientation, int], bool]] = {
    "stunned": lambda o, w: o is Orientation.STUNNED,
    "unstunned": lambda o, w: o is not Orientation.STUNNED,
    "spent": lambda o, w: o is Orientation.SPENT,
    "unspent": lambda o, w: o is not Orientation.SPENT,
    "ready": lambda o, w: o is Orientation.READY,
    "wounded": lambda o, w: w > 0,
    "unwounded": lambda o, w: w == 0,
}


@lru_cache(maxsize=512)
def _read(words: str) -> tuple[tuple[str, ...], CardFilter | None]:
    read = read_target_words(words)
    return read if read is not None else (("unread",), None)


def fits(board: Board, uid: int, words: str) -> bool:
    """Whether character `uid` is what a target cost's `words` name ("" : any character)."""
    if not words:
        return True
    states, found = _read(words)
    unit = board.units[uid]
    for state in states:
        check = _STATES.get(state)
        if check is None or not check(unit.orientation, unit.wounds):
            return False
    if found is None:
        return True
    level = stats.level(board, uid) if found.level is not None or found.levels else None
    return matches(board.card(uid), found, level)
