"""Deadlines: reminders, vacations and timeouts under a fake clock, idempotent after a
restart (issue 7)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from deadline_fakes import START, FakeClock, FakeHost

from bot.db import open_database
from bot.games.deadlines import (
    DeadlineRules,
    Reminder,
    RemindNow,
    TimedOut,
    TimeOutNow,
    VacationNotice,
    Wait,
    steps_due,
)
from bot.games.deadlines_scheduler import DeadlineScheduler
from bot.games.deadlines_store import DeadlineStore
from bot.games.model import EntryKind, TableOptions, TimeoutPolicy
from engine import Pass

REMIND_DAILY = TableOptions(reminder_hours=24, timeout_policy=TimeoutPolicy.REMIND,
                            timeout_hours=72)  # fmt: skip


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def host(clock: FakeClock) -> FakeHost:
    return FakeHost(clock)


def scheduler(host: FakeHost, clock: FakeClock, path: Path | str = ":memory:") -> DeadlineScheduler:
    return DeadlineScheduler(host, DeadlineStore(open_database(path)), clock)


def reminders(notices: tuple[object, ...]) -> list[tuple[int, str, int]]:
    return [(n.seat, n.user, n.number) for n in notices if isinstance(n, Reminder)]


def test_steps_due_reminds_at_each_interval_and_times_out_at_the_limit() -> None:
    rules = DeadlineRules(24, TimeoutPolicy.DEFAULT, 72)
    wait = Wait(1, 0, 0, START)
    assert steps_due(wait, rules, START + timedelta(hours=23)) == []
    assert steps_due(wait, rules, START + timedelta(hours=24)) == [RemindNow(1)]
    reminded = Wait(1, 0, 0, START, 1, START + timedelta(hours=24))
    assert steps_due(reminded, rules, START + timedelta(hours=47)) == []
    assert steps_due(reminded, rules, START + timedelta(hours=72)) == [
        TimeOutNow(TimeoutPolicy.DEFAULT)
    ]
    assert steps_due(reminded, rules, START + timedelta(hours=99), on_vacation=True) == []
    never = DeadlineRules(0, TimeoutPolicy.FORFEIT, 0)
    assert steps_due(wait, never, START + timedelta(days=365)) == []


def test_the_waiting_seat_is_reminded_once_per_interval(host: FakeHost, clock: FakeClock) -> None:
    game = host.add_game(REMIND_DAILY, ["ann", "bob"])
    s = scheduler(host, clock)
    assert s.tick().notices == ()
    clock.advance(23.9)
    assert s.tick().notices == ()
    clock.advance(0.1)
    first = s.tick().notices
    assert reminders(first) == [(0, "ann", 1)]
    assert s.tick().notices == first  # not delivered yet: offered again, not written twice
    s.delivered(first)
    assert s.tick().notices == ()
    clock.advance(24)
    assert reminders(s.tick().notices) == [(0, "ann", 2)]
    assert s.store.outbox_count() == 2
    assert host.games[game].waiting_on == (0,)


def test_a_notice_refused_for_good_is_recorded_and_offered_no_more(
    host: FakeHost, clock: FakeClock, tmp_path: Path
) -> None:
    """A front end that can never deliver a notice (Discord: Forbidden, NotFound) records it
    as undeliverable: later ticks, even after a restart, no longer offer it; others still go."""
    host.add_game(REMIND_DAILY, ["ann", "bob"])
    path = tmp_path / "bot.db"
    s = scheduler(host, clock, path)
    clock.advance(72)
    notices = s.tick().notices
    reminder = next(n for n in notices if isinstance(n, Reminder))
    timed_out = next(n for n in notices if isinstance(n, TimedOut))
    s.undeliverable((timed_out,), "403 Forbidden (error code: 50001): Missing Access")
    assert s.tick().notices == (reminder,)  # the transient one is offered again
    restarted = scheduler(host, clock, path)
    assert restarted.tick().notices == (reminder,)
    assert restarted.store.refused() == [
        (timed_out, "403 Forbidden (error code: 50001): Missing Access")
    ]


def test_a_new_wait_starts_at_the_move_that_made_it(host: FakeHost, clock: FakeClock) -> None:
    game = host.add_game(REMIND_DAILY, ["ann", "bob"])
    s = scheduler(host, clock)
    clock.advance(10)
    host.move(game, Pass(seat=0))
    clock.advance(20)  # 30 h after the start, 20 h after bob's wait began
    assert s.tick().notices == ()
    clock.advance(4)
    assert reminders(s.tick().notices) == [(1, "bob", 1)]


def test_a_restart_neither_repeats_nor_skips_a_reminder(
    host: FakeHost, clock: FakeClock, tmp_path: Path
) -> None:
    host.add_game(REMIND_DAILY, ["ann", "bob"])
    path = tmp_path / "bot.db"
    first = scheduler(host, clock, path)
    clock.advance(24)
    sent = first.tick().notices
    first.delivered(sent)
    assert reminders(sent) == [(0, "ann", 1)]
    again = scheduler(host, clock, path)  # the process restarted
    assert again.tick().notices == ()
    clock.advance(24 * 3 + 1)  # down for three intervals: one reminder at once, not three
    late = again.tick().notices
    assert reminders(late) == [(0, "ann", 2)]
    # Recorded but not delivered before a crash: delivered after the restart, once.
    third = scheduler(host, clock, path)
    assert third.tick().notices == late


def test_vacation_pauses_reminders_and_tells_the_opponents(
    host: FakeHost, clock: FakeClock
) -> None:
    one = host.add_game(REMIND_DAILY, ["ann", "bob"])
    two = host.add_game(REMIND_DAILY, ["ann", "cid"])
    s = scheduler(host, clock)
    s.tick()
    told = s.set_vacation("ann", away=True)
    assert {(n.game_id, n.user, n.away) for n in told if isinstance(n, VacationNotice)} == {
        (one, "ann", True),
        (two, "ann", True),
    }
    s.delivered(told)
    clock.advance(24 * 10)
    assert s.tick().notices == ()
    back = s.set_vacation("ann", away=False)
    assert {(n.game_id, n.away) for n in back} == {(one, False), (two, False)}
    s.delivered(back)
    clock.advance(23)
    assert s.tick().notices == ()  # the clock started again at her return
    clock.advance(1)
    assert sorted(reminders(s.tick().notices)) == [(0, "ann", 1), (0, "ann", 1)]


def test_default_policy_applies_the_default_answer_once(
    host: FakeHost, clock: FakeClock, tmp_path: Path
) -> None:
    options = TableOptions(reminder_hours=24, timeout_policy=TimeoutPolicy.DEFAULT,
                           timeout_hours=48)  # fmt: skip
    game = host.add_game(options, ["ann", "bob"])
    path = tmp_path / "bot.db"
    s = scheduler(host, clock, path)
    clock.advance(48)
    result = s.tick()
    assert [t.after.actions_applied for t in result.transitions] == [1]
    assert host.logs[game][-1].kind is EntryKind.DEFAULT
    assert host.logs[game][-1].data == {"type": "pass", "seat": 0}
    (out,) = [n for n in result.notices if isinstance(n, TimedOut)]
    assert (out.seat, out.user, out.policy) == (0, "ann", TimeoutPolicy.DEFAULT)
    assert not reminders(result.notices)  # the timeout ends the wait: no reminder with it
    s.delivered(result.notices)
    assert host.games[game].waiting_on == (1,)
    restarted = scheduler(host, clock, path)
    assert restarted.tick().transitions == ()
    assert [c for c in host.calls if c[0] == "default"] == [("default", game, 0)]


def test_forfeit_policy_forfeits_the_seat(host: FakeHost, clock: FakeClock) -> None:
    options = TableOptions(reminder_hours=0, timeout_policy=TimeoutPolicy.FORFEIT,
                           timeout_hours=12)  # fmt: skip
    game = host.add_game(options, ["ann", "bob"])
    s = scheduler(host, clock)
    clock.advance(11)
    assert s.tick().transitions == ()
    clock.advance(1)
    result = s.tick()
    assert host.calls == [("forfeit", game, 0)]
    assert len(result.transitions) == 1 and host.running_games() == []
    clock.advance(100)
    assert s.tick().transitions == () and host.calls == [("forfeit", game, 0)]


def test_remind_policy_tells_the_table_once_and_keeps_reminding(
    host: FakeHost, clock: FakeClock
) -> None:
    host.add_game(REMIND_DAILY, ["ann", "bob"])
    s = scheduler(host, clock)
    for _ in range(5):
        clock.advance(24)
        s.delivered(s.tick().notices)
    outbox = s.store.unsent()
    assert outbox == []
    kinds = [r["kind"] for r in s.store._rows("SELECT kind FROM deadline_outbox ORDER BY id")]
    assert kinds == ["reminder", "reminder", "timed_out", "reminder", "reminder", "reminder"]
    assert host.calls == []


def test_a_seat_still_waiting_keeps_its_clock_when_another_moves(
    host: FakeHost, clock: FakeClock
) -> None:
    """503.1: both seats discard at once; seat 0's timeout must not restart seat 1's wait."""
    options = TableOptions(reminder_hours=0, timeout_policy=TimeoutPolicy.DEFAULT,
                           timeout_hours=10)  # fmt: skip
    game = host.add_game(options, ["ann", "bob"])
    host.move(game, Pass(seat=0))
    host.move(game, Pass(seat=1))  # both passed: the turn ends, both seats discard
    assert host.games[game].waiting_on == (0, 1)
    s = scheduler(host, clock)
    s.tick()
    clock.advance(10)
    first = s.tick()  # seat 0's default answer moves the game on; seat 1's is refused now
    assert len(first.transitions) == 1
    second = s.tick()  # seat 1's wait went on: it times out at once, not 10 hours later
    assert len(second.transitions) == 1
    assert [c[2] for c in host.calls] == [0, 1, 1]


def test_a_rollback_starts_every_wait_again(host: FakeHost, clock: FakeClock) -> None:
    game = host.add_game(REMIND_DAILY, ["ann", "bob"])
    s = scheduler(host, clock)
    s.tick()
    clock.advance(20)
    host.rollback(game)
    clock.advance(5)
    assert s.tick().notices == ()
    clock.advance(19)
    assert reminders(s.tick().notices) == [(0, "ann", 1)]


class Crash(Exception):
    """The host process dying in the middle of a tick."""


def test_a_crash_between_recording_a_timeout_and_applying_it_applies_it_once(
    host: FakeHost, clock: FakeClock, tmp_path: Path
) -> None:
    options = TableOptions(reminder_hours=0, timeout_policy=TimeoutPolicy.DEFAULT,
                           timeout_hours=5)  # fmt: skip
    game = host.add_game(options, ["ann", "bob"])
    path = tmp_path / "bot.db"
    s = scheduler(host, clock, path)
    s.tick()
    clock.advance(5)
    real = host.apply_default

    def dies(game_id: int, seat: int, expected_version: int) -> object:
        raise Crash

    host.apply_default = dies  # type: ignore[assignment,method-assign]
    with pytest.raises(Crash):
        s.tick()
    assert host.games[game].version == 0  # recorded, not applied
    host.apply_default = real  # type: ignore[method-assign]
    restarted = scheduler(host, clock, path)
    result = restarted.tick()
    assert len(result.transitions) == 1 and host.games[game].version == 1
    assert [n.seat for n in result.notices if isinstance(n, TimedOut)] == [0]
    restarted.delivered(result.notices)
    clock.advance(1)
    assert restarted.tick() == restarted.tick()
    assert host.games[game].version == 1
    assert [c for c in host.calls if c[0] == "default"] == [("default", game, 0)]
