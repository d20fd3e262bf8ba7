"""Moves: only the seated user, only on a decision the game waits on, with a version check;
resign, defaults and forfeits; the dice seed published at the end; export replays."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from games_fakes import USERS, hidden_react_game, play, service, started_game, user_at

from bot.games import (
    EntryKind,
    GameMovedOnError,
    GameOverError,
    NotSeatedError,
    NotWaitingError,
    Status,
    UndoError,
)
from engine import legal_actions
from engine.actions import Pass
from engine.record import GameRecord, replay


def test_a_move_is_logged_and_returns_the_transition(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    state, version = svc.state(game.id)
    seat = game.waiting_on[0]
    action = legal_actions(state, seat)[-1]
    t = svc.submit(game.id, user_at(svc, game.id, seat), action, version)
    assert t.before is state and t.version == version + 1 and t.game.version == version + 1
    assert [e.kind for e in t.entries] == [EntryKind.ACTION]
    assert svc.store.log(game.id)[-1].data["action"] == action.to_dict()


def test_only_the_seated_user_moves_for_a_seat(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    state, version = svc.state(game.id)
    seat = game.waiting_on[0]
    other = user_at(svc, game.id, 1 - seat)
    with pytest.raises(NotSeatedError, match=f"Seat {seat} .* not yours"):
        svc.submit(game.id, other, legal_actions(state, seat)[0], version)
    with pytest.raises(NotSeatedError):
        svc.submit(game.id, USERS[4], legal_actions(state, seat)[0], version)


def test_a_seat_the_game_does_not_wait_on_gets_the_engines_reason(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    _, version = svc.state(game.id)
    idle = 1 - game.waiting_on[0]
    with pytest.raises(NotWaitingError, match="not waiting on seat"):
        svc.submit(game.id, user_at(svc, game.id, idle), Pass(idle), version)
    assert svc.state(game.id)[1] == version


def test_a_stale_version_is_told_the_game_moved_on_with_the_new_state(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    play(svc, game.id, 3)
    state, version = svc.state(game.id)
    seat = svc.game(game.id).waiting_on[0]
    with pytest.raises(GameMovedOnError) as caught:
        svc.submit(game.id, user_at(svc, game.id, seat), legal_actions(state, seat)[0], 1)
    assert caught.value.version == version and caught.value.state == state
    assert "has moved on" in str(caught.value)


def test_a_second_service_on_the_same_file_cannot_win_an_old_version(tmp_path: Path) -> None:
    one = service(tmp_path / "bot.db")
    game = started_game(one).game
    two = service(tmp_path / "bot.db")
    state, version = two.state(game.id)
    seat = game.waiting_on[0]
    user = user_at(one, game.id, seat)
    one.submit(game.id, user, legal_actions(state, seat)[0], version)
    with pytest.raises(GameMovedOnError):
        two.submit(game.id, user, legal_actions(state, seat)[-1], version)
    assert len(one.store.log(game.id)) == 1


def test_resigning_a_two_seat_game_finishes_it_and_publishes_the_seed(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    play(svc, game.id, 5)
    t = svc.resign(game.id, USERS[1])
    info = t.game
    assert t.ended and info.status is Status.FINISHED and info.winner == 0
    assert info.seed is not None
    assert hashlib.sha256(str(info.seed).encode()).hexdigest() == info.seed_hash
    with pytest.raises(GameOverError):
        svc.resign(game.id, USERS[0])


def test_a_resigned_seat_of_three_is_answered_with_defaults(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc, seats=3).game
    svc.resign(game.id, USERS[2])
    play(svc, game.id, 60, seed=3)
    info = svc.game(game.id)
    assert 2 not in info.waiting_on and info.seats[2].resigned
    log = svc.store.log(game.id)
    assert all(e.seat != 2 or e.kind in (EntryKind.DEFAULT, EntryKind.RESIGN) for e in log)


def test_timeout_default_and_forfeit_are_logged_as_the_hosts(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    seat = game.waiting_on[0]
    t = svc.apply_default(game.id, seat, game.version, reason="timeout after 72 hours")
    assert t.entries[0].kind is EntryKind.DEFAULT and t.entries[0].user_id == "host"
    t = svc.forfeit(game.id, t.game.waiting_on[0], t.version)
    assert t.ended and t.game.status is Status.FINISHED


def test_the_exported_record_replays_to_the_games_state(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    play(svc, game.id, 40, seed=5)
    with pytest.raises(UndoError, match="when the game has ended"):
        svc.export_record(game.id, USERS[0])
    state, _ = svc.state(game.id)
    svc.resign(game.id, USERS[0])
    record = GameRecord.from_json(svc.export_record(game.id, USERS[1]))
    assert replay(record).state == state
    assert record.meta["seed_sha256"] == svc.game(game.id).seed_hash
    with pytest.raises(NotSeatedError):
        svc.export_record(game.id, USERS[3])


def test_a_malformed_move_is_one_sentence_and_changes_nothing(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    before = svc.store.raw_log(game.id)
    user = user_at(svc, game.id, game.waiting_on[0])
    for bad in ({"type": "nonsense"}, {"type": "pass"}, {"type": "choose", "seat": 0}, {}):
        with pytest.raises((NotWaitingError, NotSeatedError)):
            svc.submit(game.id, user, bad, game.version)
    assert svc.store.raw_log(game.id) == before


def test_a_line_based_front_end_plays_by_menu_number(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    user = user_at(svc, game.id, game.waiting_on[0])
    shown = svc.menu(game.id, user)
    assert shown.version == game.version and len(shown.lines) >= len(shown.actions)
    t = svc.submit_number(game.id, user, len(shown.actions), shown.version)
    assert t.entries[0].data["action"] == shown.actions[-1].to_dict()
    with pytest.raises(GameMovedOnError):
        svc.submit_number(game.id, user, 1, shown.version)
    idle = user_at(svc, game.id, 1 - t.game.waiting_on[0]) if t.game.waiting_on else user
    if t.game.waiting_on and idle.id not in t.game.waiting_users:
        with pytest.raises(NotWaitingError, match="not waiting on you"):
            svc.menu(game.id, idle)


def test_a_refusal_never_names_a_seat_asked_about_a_hidden_react(tmp_path: Path) -> None:
    """508: nobody may learn that a seat is asked about a react others cannot see, not even
    from a refused move: the refusals of menu and submit name nobody while the game waits on
    such a seat alone, and GameInfo's public waits leave it out."""
    svc = service(tmp_path / "bot.db")
    game_id = hidden_react_game(svc)
    ann, bo = USERS[0], USERS[1]
    _, version = svc.state(game_id)
    info = svc.game(game_id)
    assert info.waiting_on == (0,) and info.public_waiting_on == () and info.waiting_users == ()
    assert info.waits_on_user(ann.id) and not info.waits_on_user(bo.id)
    refusals = []
    with pytest.raises(NotWaitingError) as menu_refused:
        svc.menu(game_id, bo)
    refusals.append(str(menu_refused.value))
    for action in (Pass(seat=1), {"type": "pass", "seat": 1}):
        with pytest.raises(NotWaitingError) as refused:
            svc.submit(game_id, bo, action, version)
        refusals.append(str(refused.value))
    for text in refusals:
        assert "waits on" not in text and "seat 0" not in text and "Ann" not in text, text
        assert ann.id not in text
    assert svc.menu(game_id, ann).seat == 0  # the asked seat itself is told


def test_a_refusal_names_the_seats_the_public_may_know(tmp_path: Path) -> None:
    svc = service(tmp_path / "bot.db")
    game = started_game(svc).game
    seat = game.waiting_on[0]
    other = USERS[1 - seat]
    with pytest.raises(NotWaitingError, match=rf"it waits on seat {seat} \({USERS[seat].name}\)"):
        svc.menu(game.id, other)
