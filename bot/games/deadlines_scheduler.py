"""The deadline scheduler: reminders, vacations and timeouts over the store, with an injected
clock; idempotent after a restart (bot.games.deadlines has the policy).

    scheduler = for_service(service)  # or DeadlineScheduler(host, DeadlineStore(db), clock)
    result = scheduler.tick()        # call every minute or so (or at `next_due()`)
    for notice in result.notices: deliver it; then scheduler.delivered(result.notices)
    for t in result.transitions: send bot.games.notify.plan(t.before, t.after, t.events, ...)

`GameHost` is what the scheduler needs from the game service (bot.games.service); it is a
Protocol so the scheduler runs against any host (the tests use a small fake).
A default answer or a forfeit is recorded by the host's own log entry, appended with a version
check: after a restart the game has moved on, so it is never applied twice, and a wait whose
game moved on meanwhile is simply left (the version check refuses it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from bot.errors import BotError
from bot.games.deadlines import (
    DeadlineRules,
    Notice,
    RemindNow,
    TimeOutNow,
    Wait,
    next_due,
    steps_due,
)
from bot.games.deadlines_store import DeadlineStore
from bot.games.model import EntryKind, GameInfo, GameTransition, LogEntry, TimeoutPolicy

# Entries that rewrite a game: every wait starts again after one.
REWRITES = frozenset({EntryKind.ROLLBACK, EntryKind.UNDO})


class GameHost(Protocol):
    """What the scheduler needs from the game service."""

    def running_games(self) -> Sequence[GameInfo]:
        """Every running game, with `waiting_on`, `version`, `seats` and `options`."""
        ...

    def log_since(self, game_id: int, version: int) -> Sequence[LogEntry]:
        """The game's log entries numbered above `version`."""
        ...

    def apply_default(self, game_id: int, seat: int, expected_version: int) -> GameTransition:
        """Apply `engine.default_action` for `seat` (a DEFAULT log entry); raises a BotError
        when the game is no longer at `expected_version` or no longer waits on the seat."""
        ...

    def forfeit(self, game_id: int, seat: int, expected_version: int) -> GameTransition:
        """The seat forfeits (a FORFEIT log entry), with the same version check."""
        ...


@dataclass(frozen=True)
class TickResult:
    """Notices to deliver (every unsent one, oldest first) and the transitions the timeouts
    made (send their notification plans like any move's)."""

    notices: tuple[Notice, ...]
    transitions: tuple[GameTransition, ...]


def rules_of(game: GameInfo) -> DeadlineRules:
    o = game.options
    return DeadlineRules(o.reminder_hours, o.timeout_policy, o.timeout_hours)


class DeadlineScheduler:
    def __init__(self, host: GameHost, store: DeadlineStore, clock: Callable[[], datetime]) -> None:
        self.host = host
        self.store = store
        self.clock = clock

    # -- waits ----------------------------------------------------------------------------------
    def sync_waits(self, game: GameInfo, now: datetime) -> dict[int, Wait]:
        """The game's waits now: a seat's wait goes on while it has not moved (and nobody
        rewrote the game); a new one starts at the game's last move."""
        old = self.store.waits(game.id)
        checked = self.store.checked_version(game.id)
        if checked == game.version:
            return old
        movers: set[int | None] = set()
        rewritten = checked is None
        if checked is not None:
            for entry in self.host.log_since(game.id, checked):
                movers.add(entry.seat)
                rewritten = rewritten or entry.kind in REWRITES
        since = game.last_move_at or game.started_at or now
        waits: dict[int, Wait] = {}
        for seat in game.waiting_on:
            kept = old.get(seat)
            if kept is not None and not rewritten and seat not in movers:
                waits[seat] = kept
            else:
                waits[seat] = Wait(game.id, seat, game.version, since)
        self.store.replace_waits(game.id, game.version, waits.values())
        return waits

    # -- one pass ---------------------------------------------------------------------------------
    def tick(self) -> TickResult:
        """Remind, time out and return what to deliver. Safe to call at any time, as often as
        wanted: each reminder and timeout happens once per wait."""
        now = self.clock()
        transitions: list[GameTransition] = []
        games = list(self.host.running_games())
        self.store.forget_games(g.id for g in games)
        for game in games:
            rules = rules_of(game)
            for wait in self.sync_waits(game, now).values():
                user = game.user_at(wait.seat)
                if user is None:
                    continue
                vacation = self.store.vacation(user)
                away = vacation is not None and vacation.away
                ended = vacation.until if vacation is not None else None
                for step in steps_due(wait, rules, now, away, ended):
                    if isinstance(step, RemindNow):
                        self.store.record_reminder(wait, step.number, now, user)
                    elif isinstance(step, TimeOutNow):
                        t = self._time_out(game, wait, rules, now, user)
                        if t is not None:
                            transitions.append(t)
        return TickResult(tuple(self.store.unsent()), tuple(transitions))

    def _time_out(
        self, game: GameInfo, wait: Wait, rules: DeadlineRules, now: datetime, user: str
    ) -> GameTransition | None:
        """Record the timeout (its notice in the outbox, once), then apply the policy. A
        restart between the two finds the wait timed out but standing and applies it then;
        the host's version check makes a second application impossible."""
        policy = rules.policy
        # A seat asked about a hidden react (508) is never named in public: its timeout has
        # no public notice, and instead of forfeiting it passes (the default answer), so
        # nothing tells the table a window was open.
        hidden = wait.seat in game.hidden_waits
        self.store.record_timeout(wait, now, user, policy, rules.timeout_hours, not hidden)
        if policy is TimeoutPolicy.REMIND:
            return None
        forfeit = policy is TimeoutPolicy.FORFEIT and not hidden
        act = self.host.forfeit if forfeit else self.host.apply_default
        try:
            return act(game.id, wait.seat, game.version)
        except BotError:
            return None  # the game moved on meanwhile: the next tick sees the new waits

    def delivered(self, notices: Iterable[Notice]) -> None:
        """Mark notices as delivered (they are returned by every tick until then)."""
        self.store.mark_sent((n.notice_id for n in notices), self.clock())

    def undeliverable(self, notices: Iterable[Notice], why: str) -> None:
        """Record notices the front end can never deliver (Discord refused them for good: a
        missing permission, a channel or user gone), with why: no tick offers them again."""
        self.store.mark_refused((n.notice_id for n in notices), self.clock(), why)

    # -- vacations -------------------------------------------------------------------------------
    def set_vacation(self, user_id: str, away: bool) -> tuple[Notice, ...]:
        """Start or end `user_id`'s vacation across all their running games; their opponents
        are told in each game (the notices are in the outbox, returned here too)."""
        games = [g for g in self.host.running_games() if g.seat_of(user_id)]
        self.store.set_vacation(user_id, away, self.clock(), (g.id for g in games))
        return tuple(self.store.unsent())

    def next_due(self) -> datetime | None:
        """The earliest time a reminder or timeout is due (users on vacation left out)."""
        waits: list[Wait] = []
        rules: dict[int, DeadlineRules] = {}
        ended: dict[tuple[int, int], datetime | None] = {}
        for game in self.host.running_games():
            rules[game.id] = rules_of(game)
            for wait in self.store.waits(game.id).values():
                user = game.user_at(wait.seat)
                vacation = self.store.vacation(user) if user is not None else None
                if vacation is not None and vacation.away:
                    continue
                waits.append(wait)
                ended[(game.id, wait.seat)] = vacation.until if vacation is not None else None
        return next_due(waits, rules, ended)


class ServiceHost:
    """`GameHost` over the game service (bot.games.service.GameService)."""

    def __init__(self, service: Any) -> None:
        self.service = service

    def running_games(self) -> Sequence[GameInfo]:
        return list(self.service.active_games())

    def log_since(self, game_id: int, version: int) -> Sequence[LogEntry]:
        return [e for e in self.service.store.log(game_id) if e.n > version]

    def apply_default(self, game_id: int, seat: int, expected_version: int) -> GameTransition:
        return self.service.apply_default(game_id, seat, expected_version)  # type: ignore[no-any-return]

    def forfeit(self, game_id: int, seat: int, expected_version: int) -> GameTransition:
        return self.service.forfeit(game_id, seat, expected_version)  # type: ignore[no-any-return]


def for_service(service: Any) -> DeadlineScheduler:
    """The scheduler of a game service: same database, same lock, same clock."""
    store = DeadlineStore(service.db, service.store.lock)
    return DeadlineScheduler(ServiceHost(service), store, service.clock)
