"""The game service's values: users, table options, games as listed, log entries, moves.

Users and servers are opaque ids (strings) with display names; a front end maps its own
ids (Discord snowflakes, console names) to them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from engine.events import Event
from engine.state import Format, GameState


@dataclass(frozen=True)
class User:
    """Who asks: an opaque id, a display name and the server roles the front end knows of."""

    id: str
    name: str = ""
    roles: frozenset[str] = frozenset()

    @property
    def label(self) -> str:
        return self.name or self.id


class TimeoutPolicy(StrEnum):
    """What happens when a seat does not answer in `timeout_hours` (bot.games.deadlines)."""

    REMIND = "remind"  # remind only
    DEFAULT = "default"  # apply the decision's default answer (engine.default_action)
    FORFEIT = "forfeit"  # the seat forfeits


class Status(StrEnum):
    OPEN = "open"  # seats and decks being filled
    RUNNING = "running"
    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class TableOptions:
    """How a table is set up. `reminder_hours` 0 means no reminders.

    `seed` fixes the dice seed for a local hot-seat game or a test (`game play --seed`):
    anyone who can read the table knows it, so such a game's dice are not a secret and its
    published hash proves nothing. None (every hosted table): a secure seed at the start."""

    format: Format = Format.SAGA
    seats: int = 2
    deck_rules: bool = True
    reminder_hours: float = 24.0
    timeout_policy: TimeoutPolicy = TimeoutPolicy.REMIND
    timeout_hours: float = 72.0
    seed: int | None = None
    sealed: bool = False  # Limited: a Sealed event (801.7), else Draft (801.6)
    fixed_warlord: bool = False  # Sealed product with a fixed Warlord (801.7.4.1)

    def to_json(self) -> str:
        extra: dict[str, object] = {} if self.seed is None else {"seed": self.seed}
        if self.sealed or self.fixed_warlord:
            extra |= {"sealed": self.sealed, "fixed_warlord": self.fixed_warlord}
        return json.dumps(
            {
                **extra,
                "format": self.format.value,
                "seats": self.seats,
                "deck_rules": self.deck_rules,
                "reminder_hours": self.reminder_hours,
                "timeout_policy": self.timeout_policy.value,
                "timeout_hours": self.timeout_hours,
            }
        )

    @staticmethod
    def from_json(text: str) -> TableOptions:
        data = json.loads(text)
        return TableOptions(
            format=Format(data["format"]),
            seats=int(data["seats"]),
            deck_rules=bool(data["deck_rules"]),
            reminder_hours=float(data["reminder_hours"]),
            timeout_policy=TimeoutPolicy(data["timeout_policy"]),
            timeout_hours=float(data["timeout_hours"]),
            seed=None if data.get("seed") is None else int(data["seed"]),
            sealed=bool(data.get("sealed", False)),
            fixed_warlord=bool(data.get("fixed_warlord", False)),
        )


@dataclass(frozen=True)
class Seat:
    """A seat at a table: who sits there (None: open), who is invited, whether a deck is in."""

    seat: int
    user_id: str | None
    name: str
    invited: str | None
    deck_name: str
    has_deck: bool
    resigned: bool = False
    pool_size: int = 0  # Limited: cards in the seat's pool (0: none given)


@dataclass(frozen=True)
class GameInfo:
    """A game as listed: table, seats, status and whom it waits on (seat numbers)."""

    id: int
    guild: str
    channel: str
    host: str
    status: Status
    options: TableOptions
    seats: tuple[Seat, ...]
    version: int
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    last_move_at: datetime | None
    seed_hash: str | None
    seed: int | None  # published only once the game has ended
    rules_version: str | None
    record_version: int | None
    waiting_on: tuple[int, ...] = ()  # every seat waited on (for deadlines: private use)
    winner: int | None = None
    result: str = ""
    public_waiting_on: tuple[int, ...] = ()  # those that may be named: no hidden react (508)
    hidden_waits: tuple[int, ...] = ()  # those asked about a hidden react: never named

    def seat_of(self, user_id: str) -> tuple[int, ...]:
        return tuple(s.seat for s in self.seats if s.user_id == user_id)

    def user_at(self, seat: int) -> str | None:
        return self.seats[seat].user_id

    @property
    def waiting_users(self) -> tuple[str, ...]:
        """The users a front end may say the game waits on: never one asked about a hidden
        react (bot.games.notify_pacing); `waits_on_user` asks privately about one user."""
        seats = self.public_waiting_on
        return tuple(u for s in seats if (u := self.seats[s].user_id) is not None)

    def waits_on_user(self, user_id: str) -> bool:
        """Whether the game waits on this user (hidden react windows included): for that
        user's own eyes only."""
        return any(self.seats[s].user_id == user_id for s in self.waiting_on)


class EntryKind(StrEnum):
    """The kinds of entry in a game's action log (append only; see bot.games.history)."""

    ACTION = "action"  # a seat's move
    DEFAULT = "default"  # a default answer applied by the host (timeout, resigned seat)
    ADJUSTMENT = "adjustment"  # a judge's action for a seat
    RESIGN = "resign"
    FORFEIT = "forfeit"
    ROLLBACK = "rollback"  # a judge took the game back to action N
    UNDO = "undo"  # players took moves back
    ABANDON = "abandon"


@dataclass(frozen=True)
class LogEntry:
    """One entry of a game's log: number n (the game's version after it), kind, seat, who,
    when (the injected clock) and its data (an action's dict, a rollback's target and reason)."""

    n: int
    kind: EntryKind
    seat: int | None
    user_id: str
    at: datetime
    data: Mapping[str, Any]
    text: str = field(default="", compare=False, repr=False)  # `data` as stored, when read
    stamp: str = field(default="", compare=False, repr=False)  # `at` as stored, when read

    def data_json(self) -> str:
        if self.text:
            return self.text
        return json.dumps(self.data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Ruling:
    id: int
    game_id: int
    at: datetime
    judge: str
    rule: str
    text: str
    version: int


@dataclass(frozen=True)
class GameTransition:
    """What a change did to a game, for the notification planner (bot.games.notify):
    the state before (None when the game just started), the state after, the events in
    order, the log entries appended and the game as listed afterwards."""

    game: GameInfo
    before: GameState | None
    after: GameState
    events: tuple[Event, ...]
    entries: tuple[LogEntry, ...] = ()
    started: bool = False
    ended: bool = False
    note: str = ""  # e.g. a rollback's reason, for the announcement

    @property
    def version(self) -> int:
        return self.game.version


@dataclass(frozen=True)
class JudgeLogLine:
    """One line of the full log a judge reads: the entry and the events it caused as text."""

    entry: LogEntry
    events: tuple[Event, ...] = field(default=())
    applied: bool = True  # False for an action later rolled back
