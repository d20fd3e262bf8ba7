"""A small game host for the deadline tests: real engine games, a log, a fake clock."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.games.errors import GameMovedOnError
from bot.games.model import (
    EntryKind,
    GameInfo,
    GameTransition,
    LogEntry,
    Seat,
    Status,
    TableOptions,
)
from engine import Action, GameConfig, GameState, apply, default_action, start_game
from engine.cards.sample import sample_catalog, sample_decks

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


class FakeClock:
    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


class FakeHost:
    """Hosts engine games like the service would, with the calls the scheduler makes counted."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.games: dict[int, GameInfo] = {}
        self.states: dict[int, GameState] = {}
        self.logs: dict[int, list[LogEntry]] = {}
        self.calls: list[tuple[str, int, int]] = []

    def add_game(self, options: TableOptions, users: list[str], seed: int = 7) -> int:
        decks = sample_decks()
        pick = ["saga-elven", "saga-nothrog", "saga-dwarven", "saga-deverenian"]
        config = GameConfig(seats=len(users))
        state = start_game(config, [decks[pick[i]] for i in range(len(users))], seed,
                           sample_catalog()).state  # fmt: skip
        game_id = len(self.games) + 1
        seats = tuple(Seat(i, u, u, None, pick[i], True) for i, u in enumerate(users))
        now = self.clock()
        self.games[game_id] = GameInfo(
            game_id, "guild", "channel", users[0], Status.RUNNING, options, seats, 0, now, now,
            None, None, None, None, None, None, state.waiting_on(),
        )  # fmt: skip
        self.states[game_id] = state
        self.logs[game_id] = []
        return game_id

    def move(
        self, game_id: int, action: Action, kind: EntryKind = EntryKind.ACTION
    ) -> GameTransition:
        info, before = self.games[game_id], self.states[game_id]
        t = apply(before, action)
        entry = LogEntry(info.version + 1, kind, action.seat, "u", self.clock(), action.to_dict())
        return self._append(game_id, before, t.state, tuple(t.events), entry)

    def _append(
        self, game_id: int, before: GameState | None, after: GameState, events: tuple[Any, ...],
        entry: LogEntry, status: Status = Status.RUNNING,
    ) -> GameTransition:  # fmt: skip
        info = self.games[game_id]
        info = dataclasses.replace(
            info, version=entry.n, last_move_at=entry.at, waiting_on=after.waiting_on(),
            status=status,
        )  # fmt: skip
        self.games[game_id], self.states[game_id] = info, after
        self.logs[game_id].append(entry)
        return GameTransition(info, before, after, events, (entry,))

    def rollback(self, game_id: int) -> None:
        info = self.games[game_id]
        entry = LogEntry(info.version + 1, EntryKind.ROLLBACK, None, "judge", self.clock(), {})
        state = self.states[game_id]
        self._append(game_id, state, state, (), entry)

    # -- GameHost ---------------------------------------------------------------------------------
    def running_games(self) -> list[GameInfo]:
        return [g for g in self.games.values() if g.status is Status.RUNNING]

    def log_since(self, game_id: int, version: int) -> list[LogEntry]:
        return [e for e in self.logs[game_id] if e.n > version]

    def _check(self, game_id: int, seat: int, expected: int) -> None:
        info = self.games[game_id]
        if info.version != expected or seat not in info.waiting_on:
            raise GameMovedOnError(game_id, info.version, None)

    def apply_default(self, game_id: int, seat: int, expected_version: int) -> GameTransition:
        self.calls.append(("default", game_id, seat))
        self._check(game_id, seat, expected_version)
        action = default_action(self.states[game_id], seat)
        return self.move(game_id, action, EntryKind.DEFAULT)

    def forfeit(self, game_id: int, seat: int, expected_version: int) -> GameTransition:
        self.calls.append(("forfeit", game_id, seat))
        self._check(game_id, seat, expected_version)
        state = self.states[game_id]
        entry = LogEntry(expected_version + 1, EntryKind.FORFEIT, seat, "host", self.clock(), {})
        return self._append(game_id, state, state, (), entry, Status.FINISHED)
