"""Deadlines as data: when a waiting seat is reminded and when its timeout applies (issue 7).

Pure functions over values; the scheduler (`bot.games.deadlines_scheduler`) runs them over
the store with an injected clock and records what it did (`bot.games.deadlines_store`).

- A **wait** is one seat waited on from one version of a game (`Wait`): it starts at the
  time of the move that made the game wait on the seat and ends when the seat moves (or a
  judge's rollback or a player's undo rewrites the game).
- **Reminders** come every `reminder_hours` after the wait began (or after the last reminder),
  to the waiting seat's user only. After a restart the next one is due from the last one
  recorded, so none is repeated; one missed while the host was down is sent at once (only
  one, however long it was down).
- **Vacation**: while a user is on vacation no reminder is sent and no timeout applies in any
  of their games; the wait's clock starts again when the vacation ends.
- **Timeouts** after `timeout_hours`: `remind` tells the table once and goes on reminding;
  `default` applies the decision's default answer (`engine.default_action`); `forfeit`
  makes the seat forfeit.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.games.model import TimeoutPolicy


@dataclass(frozen=True)
class DeadlineRules:
    """A table's deadline settings; a non-positive number of hours means never."""

    reminder_hours: float = 24.0
    policy: TimeoutPolicy = TimeoutPolicy.REMIND
    timeout_hours: float = 72.0

    @property
    def reminder(self) -> timedelta | None:
        return timedelta(hours=self.reminder_hours) if self.reminder_hours > 0 else None

    @property
    def timeout(self) -> timedelta | None:
        return timedelta(hours=self.timeout_hours) if self.timeout_hours > 0 else None


@dataclass(frozen=True)
class Wait:
    """One seat waited on since `version` of game `game_id`, and what was done about it."""

    game_id: int
    seat: int
    version: int
    since: datetime
    reminders: int = 0
    last_reminder: datetime | None = None
    timed_out: datetime | None = None


@dataclass(frozen=True)
class RemindNow:
    """Send reminder number `number` to the waiting seat."""

    number: int


@dataclass(frozen=True)
class TimeOutNow:
    """The wait is over its limit: apply `policy`."""

    policy: TimeoutPolicy


Step = RemindNow | TimeOutNow


def clock_start(wait: Wait, vacation_ended: datetime | None) -> datetime:
    """When the wait's clock started: its start, or the end of a vacation after it."""
    if vacation_ended is not None and vacation_ended > wait.since:
        return vacation_ended
    return wait.since


def next_reminder_at(
    wait: Wait, rules: DeadlineRules, vacation_ended: datetime | None = None
) -> datetime | None:
    """When the next reminder is due (None: no reminders at this table)."""
    every = rules.reminder
    if every is None:
        return None
    start = clock_start(wait, vacation_ended)
    last = wait.last_reminder
    return (last if last is not None and last > start else start) + every


def timeout_at(
    wait: Wait, rules: DeadlineRules, vacation_ended: datetime | None = None
) -> datetime | None:
    """When the wait times out (None: never, or it did and only reminders go on). A wait
    that timed out under `default` or `forfeit` and still stands was not answered yet (the
    host stopped between recording the timeout and applying it): it is due again."""
    limit = rules.timeout
    if limit is None:
        return None
    if wait.timed_out is not None:
        return None if rules.policy is TimeoutPolicy.REMIND else wait.timed_out
    return clock_start(wait, vacation_ended) + limit


def steps_due(
    wait: Wait,
    rules: DeadlineRules,
    now: datetime,
    on_vacation: bool = False,
    vacation_ended: datetime | None = None,
) -> list[Step]:
    """What is due for a wait at `now`: a timeout first (a `default` or `forfeit` ends the
    wait, so no reminder goes with it), else at most one reminder."""
    if on_vacation:
        return []
    out: list[Step] = []
    ends = timeout_at(wait, rules, vacation_ended)
    if ends is not None and now >= ends:
        out.append(TimeOutNow(rules.policy))
        if rules.policy is not TimeoutPolicy.REMIND:
            return out
    remind = next_reminder_at(wait, rules, vacation_ended)
    if remind is not None and now >= remind:
        out.append(RemindNow(wait.reminders + 1))
    return out


def next_due(
    waits: list[Wait],
    rules: dict[int, DeadlineRules],
    vacation_ended: dict[tuple[int, int], datetime | None] | None = None,
) -> datetime | None:
    """The earliest time anything is due among `waits` (a front end may sleep until then)."""
    ended = vacation_ended or {}
    times: list[datetime] = []
    for w in waits:
        r = rules[w.game_id]
        v = ended.get((w.game_id, w.seat))
        for t in (next_reminder_at(w, r, v), timeout_at(w, r, v)):
            if t is not None:
                times.append(t)
    return min(times, default=None)


# What the scheduler tells front ends -------------------------------------------------------


@dataclass(frozen=True)
class Reminder:
    """Private, to `user`: the game still waits on their seat (`number`-th reminder)."""

    notice_id: int
    game_id: int
    seat: int
    user: str
    number: int
    waiting_since: datetime


@dataclass(frozen=True)
class TimedOut:
    """Public, to the game's channel: `seat` passed the table's time limit and `policy`
    applied (for `remind`, the seat is only told so; reminders go on)."""

    notice_id: int
    game_id: int
    seat: int
    user: str
    policy: TimeoutPolicy
    hours: float


@dataclass(frozen=True)
class VacationNotice:
    """Public, to the game's channel: `user` is away (reminders and timeouts paused in all
    their games) or back (`away` False; the clocks start again)."""

    notice_id: int
    game_id: int
    user: str
    away: bool


Notice = Reminder | TimedOut | VacationNotice
