"""A game's log folded into what the engine replays, and the undo rules.

The log is append only. ACTION, DEFAULT and ADJUSTMENT entries add an engine action;
ROLLBACK and UNDO entries cut the list of actions back to their `to` (so nothing is ever
deleted: a rolled-back move stays in the log, marked as no longer applied); RESIGN and
FORFEIT take a seat out; ABANDON ends the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.model import EntryKind, LogEntry
from bot.games.store import chain_hash
from engine.actions import Action, action_from_dict
from engine.events import Event
from engine.state import GameState
from engine.view import view

ACTION_KINDS = frozenset({EntryKind.ACTION, EntryKind.DEFAULT, EntryKind.ADJUSTMENT})
CUT_KINDS = frozenset({EntryKind.ROLLBACK, EntryKind.UNDO})
OUT_KINDS = frozenset({EntryKind.RESIGN, EntryKind.FORFEIT})


@dataclass
class Folded:
    """The log read forward: the actions in force (with the entry that added each), the
    seats that resigned or forfeited, whether the game was abandoned, the hash chain."""

    actions: list[Action] = field(default_factory=list)
    action_entries: list[int] = field(default_factory=list)
    out: set[int] = field(default_factory=set)
    abandoned: bool = False
    chains: list[str] = field(default_factory=list)  # chains[n - 1]: the hash after entry n

    @property
    def chain(self) -> str:
        return self.chains[-1] if self.chains else ""


def fold(entries: Iterable[LogEntry]) -> Folded:
    folded = Folded()
    for entry in entries:
        add(folded, entry)
    return folded


def add(folded: Folded, entry: LogEntry) -> None:
    folded.chains.append(chain_hash(folded.chain, entry))
    if entry.kind in ACTION_KINDS:
        folded.actions.append(action_from_dict(entry.data["action"]))
        folded.action_entries.append(entry.n)
    elif entry.kind in CUT_KINDS:
        to = int(entry.data["to"])
        del folded.actions[to:]
        del folded.action_entries[to:]
    elif entry.kind in OUT_KINDS:
        assert entry.seat is not None
        folded.out.add(entry.seat)
    elif entry.kind is EntryKind.ABANDON:
        folded.abandoned = True


def action_data(action: Action, **extra: Any) -> dict[str, Any]:
    return {"action": action.to_dict(), **extra}


def _instances(data: Any, into: set[int]) -> set[int]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "instance" and isinstance(value, int):
                into.add(value)
            else:
                _instances(value, into)
    elif isinstance(data, list | tuple):
        for value in data:
            _instances(value, into)
    return into


def reveals(before: GameState, after: GameState, events: Sequence[Event] = ()) -> bool:
    """Whether a move rolled a die (or shuffled: the generator moved on) or showed some seat
    a card it could not see before (a draw, a card played from hand, a revealed card).
    Undoing past such a move needs the opponents' consent."""
    if before.rng != after.rng:
        return True
    for seat in range(len(before.players)):
        seen = _instances(view(before, seat), set())
        if not _instances(view(after, seat), set()) <= seen:
            return True
    return False
