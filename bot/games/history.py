"""A game's log folded into what the engine replays, and the undo rules.

The log is append only. ACTION, DEFAULT and ADJUSTMENT entries add an engine action;
ROLLBACK and UNDO entries cut the list of actions back to their `to` (so nothing is ever
deleted: a rolled-back move stays in the log, marked as no longer applied); RESIGN and
FORFEIT take a seat out; ABANDON ends the game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.model import EntryKind, LogEntry
from bot.games.store import chain_hash, chain_step
from engine.actions import Action, action_from_dict
from engine.events import Event
from engine.state import GameState
from engine.view import view

ACTION_KINDS = frozenset({EntryKind.ACTION, EntryKind.DEFAULT, EntryKind.ADJUSTMENT})
CUT_KINDS = frozenset({EntryKind.ROLLBACK, EntryKind.UNDO})
OUT_KINDS = frozenset({EntryKind.RESIGN, EntryKind.FORFEIT})
ACTION_VALUES = frozenset(k.value for k in ACTION_KINDS)
CUT_VALUES = frozenset(k.value for k in CUT_KINDS)
OUT_VALUES = frozenset(k.value for k in OUT_KINDS)


@dataclass
class Folded:
    """The log read forward: the actions in force (with the entry that added each), the
    seats that resigned or forfeited, whether the game was abandoned, the hash chain."""

    action_dicts: list[Any] = field(default_factory=list)  # dicts, or entry texts as stored
    action_entries: list[int] = field(default_factory=list)
    out: set[int] = field(default_factory=set)
    abandoned: bool = False
    chain: str = ""  # the hash chain after the last entry
    count: int = 0  # entries folded: the game's version
    marked: str = ""  # the chain after entry `fold(..., mark=n)`
    _actions: list[Action] | None = None

    @property
    def actions(self) -> list[Action]:
        """The engine actions in force (read from the log the first time they are needed)."""
        if self._actions is None:
            self._actions = [_action(d) for d in self.action_dicts]
        return self._actions

    def copy(self) -> Folded:
        return Folded(
            list(self.action_dicts), list(self.action_entries), set(self.out), self.abandoned,
            self.chain, self.count, self.marked,
            None if self._actions is None else list(self._actions),
        )  # fmt: skip


def fold(entries: Iterable[LogEntry], mark: int = 0) -> Folded:
    folded = Folded()
    for entry in entries:
        add(folded, entry)
        if entry.n == mark:
            folded.marked = folded.chain
    return folded


def _action(logged: Any) -> Action:
    if isinstance(logged, str):  # an entry's data as stored: {"action": {...}, ...}
        logged = json.loads(logged)["action"]
    return action_from_dict(dict(logged))


def fold_rows(rows: Iterable[Sequence[Any]], mark: int = 0) -> Folded:
    """`fold` over log rows as stored (n, kind, seat, user, at, data): the hash chain from the
    stored text, and an action's JSON read only when the actions are needed."""
    folded = Folded()
    chain = ""
    for n, kind, seat, user, at, data in rows:
        chain = chain_step(chain, n, kind, seat, user, at, data)
        folded.count += 1
        if n == mark:
            folded.marked = chain
        if kind in ACTION_VALUES:
            folded.action_dicts.append(data)
            folded.action_entries.append(n)
        elif kind in CUT_VALUES:
            to = int(json.loads(data)["to"])
            del folded.action_dicts[to:]
            del folded.action_entries[to:]
        elif kind in OUT_VALUES:
            folded.out.add(int(seat))
        elif kind == EntryKind.ABANDON.value:
            folded.abandoned = True
    folded.chain = chain
    return folded


def add(folded: Folded, entry: LogEntry) -> None:
    folded.chain = chain_hash(folded.chain, entry)
    folded.count += 1
    if entry.kind in ACTION_KINDS:
        folded.action_dicts.append(entry.data["action"])
        folded.action_entries.append(entry.n)
        if folded._actions is not None:
            folded._actions.append(action_from_dict(dict(entry.data["action"])))
    elif entry.kind in CUT_KINDS:
        to = int(entry.data["to"])
        del folded.action_dicts[to:]
        del folded.action_entries[to:]
        if folded._actions is not None:
            del folded._actions[to:]
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
