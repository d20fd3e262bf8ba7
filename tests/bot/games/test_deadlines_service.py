"""The deadline scheduler over the real game service (issue 7): reminders, a default
answer on timeout, a forfeit, and a restart of both that repeats nothing."""

from __future__ import annotations

from pathlib import Path

from games_fakes import USERS, Clock, hidden_react_game, service

from bot.games import GameService, TableOptions, TimeoutPolicy
from bot.games.deadlines import Reminder, TimedOut
from bot.games.deadlines_scheduler import for_service
from bot.games.model import EntryKind, Status


def start(svc: GameService, options: TableOptions) -> int:
    game = svc.create_game("g1", USERS[0], options)
    svc.join(game.id, USERS[1])
    svc.submit_deck(game.id, USERS[0], "saga-deverenian")
    result = svc.submit_deck(game.id, USERS[1], "saga-nothrog")
    assert result.started is not None
    return game.id


def test_reminders_then_the_default_answer_through_the_service(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "bot.db"
    svc = service(path, clock)
    options = TableOptions(reminder_hours=12, timeout_policy=TimeoutPolicy.DEFAULT,
                           timeout_hours=30)  # fmt: skip
    game = start(svc, options)
    waiting = svc.game(game).waiting_on
    scheduler = for_service(svc)
    assert scheduler.tick().notices == ()
    clock.advance(12)
    first = scheduler.tick()
    assert [(n.seat, n.number) for n in first.notices if isinstance(n, Reminder)] == [
        (waiting[0], 1)
    ]
    scheduler.delivered(first.notices)
    version = svc.game(game).version
    clock.advance(18)
    timed = scheduler.tick()
    assert len(timed.transitions) == 1
    assert svc.game(game).version == version + 1
    assert svc.store.log(game)[-1].kind is EntryKind.DEFAULT
    assert [n.policy for n in timed.notices if isinstance(n, TimedOut)] == [TimeoutPolicy.DEFAULT]
    scheduler.delivered(timed.notices)
    # A restart of the service and the scheduler: nothing is repeated.
    again = for_service(service(path, clock))
    assert again.tick().notices == () and again.tick().transitions == ()
    assert svc.game(game).version == version + 1


def test_forfeit_through_the_service(tmp_path: Path) -> None:
    clock = Clock()
    svc = service(tmp_path / "bot.db", clock)
    options = TableOptions(reminder_hours=0, timeout_policy=TimeoutPolicy.FORFEIT,
                           timeout_hours=6)  # fmt: skip
    game = start(svc, options)
    scheduler = for_service(svc)
    scheduler.tick()
    clock.advance(6)
    result = scheduler.tick()
    assert len(result.transitions) == 1
    assert svc.store.log(game)[-1].kind is EntryKind.FORFEIT
    assert svc.game(game).status is Status.FINISHED
    clock.advance(100)
    assert scheduler.tick().transitions == ()


def test_a_hidden_react_wait_times_out_unseen_and_passes_instead_of_forfeiting(
    tmp_path: Path,
) -> None:
    """508: nobody may learn that a seat is asked about a react others cannot see: its
    timeout puts no public notice out, and under the forfeit policy it passes the react (the
    decision's default) rather than forfeit, which would tell the table it was waited on."""
    clock = Clock()
    svc = service(tmp_path / "bot.db", clock)
    options = TableOptions(seed=22, reminder_hours=0, timeout_policy=TimeoutPolicy.FORFEIT,
                           timeout_hours=2)  # fmt: skip
    game = hidden_react_game(svc, options)
    assert svc.game(game).hidden_waits == (0,)
    scheduler = for_service(svc)
    assert scheduler.tick().notices == ()
    clock.advance(3)
    result = scheduler.tick()
    assert not [n for n in result.notices if isinstance(n, TimedOut)]
    (t,) = result.transitions
    assert [e.kind for e in t.entries] == [EntryKind.DEFAULT] and t.entries[0].seat == 0
    assert t.entries[0].data["action"]["type"] != "resign"
    kinds = {e.kind for e in svc.store.log(game)}
    assert EntryKind.FORFEIT not in kinds and not svc.game(game).seats[0].resigned
