"""State snapshots kept beside a record, so that restoring a long game does not replay it all.

A `Snapshot` is the state after the first `actions` actions of a record, pickled without the
card definitions the record already holds (each is stored as its card id). `restore` starts
from the latest snapshot that belongs to the record (same configuration, seed, decks and the
same actions up to it) and replays only the actions after it; with no usable snapshot it
replays the whole record. Snapshots are a cache made by the engine itself: never unpickle one
that came from outside the program (a host seals its stored snapshots, bot/games/core.py).
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.cards.model import Card
from engine.errors import EngineError, RecordError
from engine.game import apply
from engine.record import GameRecord, replay
from engine.state import GameState


@dataclass(frozen=True)
class Snapshot:
    """The state after `actions` actions of the record whose start and actions it keeps."""

    actions: int
    start: tuple[object, ...]  # the record's config, seed, decks and position
    prefix: tuple[Action, ...]  # the record's first `actions` actions
    blob: bytes


def _start_key(record: GameRecord) -> tuple[object, ...]:
    return (record.config, record.seed, record.decks, repr(record.position))


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, cards: Any) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.cards = cards

    def persistent_id(self, obj: Any) -> str | None:
        if isinstance(obj, Card) and self.cards.get(obj.id) is obj:
            return obj.id
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, cards: Any) -> None:
        super().__init__(file)
        self.cards = cards

    def persistent_load(self, pid: Any) -> Card:
        card: Card = self.cards[pid]
        return card


def take_snapshot(record: GameRecord, state: GameState, actions: int) -> Snapshot:
    """A snapshot of `state`, the position after the record's first `actions` actions."""
    buffer = io.BytesIO()
    _Pickler(buffer, record.cards).dump(state)
    return Snapshot(actions, _start_key(record), record.actions[:actions], buffer.getvalue())


def snapshots_every(record: GameRecord, every: int = 50) -> list[Snapshot]:
    """Replay the record once, keeping a snapshot every `every` actions and at its end."""
    state = record.begin().state
    out = []
    for number, action in enumerate(record.actions, start=1):
        state = apply(state, action).state
        if number % every == 0 or number == len(record.actions):
            out.append(take_snapshot(record, state, number))
    return out


def restore(record: GameRecord, snapshots: Sequence[Snapshot] = ()) -> GameState:
    """The position after every action of the record: from the latest snapshot that belongs
    to it, then the actions after it (RecordError names an action that does not replay)."""
    start = _start_key(record)
    usable = [
        s
        for s in snapshots
        if s.actions <= len(record.actions)
        and s.start == start
        and s.prefix == record.actions[: s.actions]
    ]
    if not usable:
        return replay(record).state
    best = max(usable, key=lambda s: s.actions)
    state: GameState = _Unpickler(io.BytesIO(best.blob), record.cards).load()
    for number, action in enumerate(record.actions[best.actions :], start=best.actions + 1):
        try:
            state = apply(state, action).state
        except EngineError as exc:
            raise RecordError(f"Action {number} ({action.TYPE}) does not replay: {exc}") from exc
    return state
