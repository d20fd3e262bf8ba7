"""Judging (per-server judges as data; full log; exact rollback; adjustments; rulings) and
undo for players (free back to the last roll or revealed card, further with consent)."""

from __future__ import annotations

from pathlib import Path

import pytest
from games_fakes import USERS, Clock, play, service, started_game, user_at

from bot.games import EntryKind, GameTransition, NotJudgeError, UndoError, User
from bot.games.judging import UndoRequest
from engine import legal_actions
from engine.record import GameRecord, replay

JUDGE = User("j1", "Judy")
ROLE_JUDGE = User("j2", "Rolf", roles=frozenset({"role-judges"}))


def judged(tmp_path: Path, clock: Clock | None = None):  # type: ignore[no-untyped-def]
    svc = service(tmp_path / "bot.db", clock)
    svc.set_judges("g1", users=[JUDGE.id], roles=["role-judges"])
    return svc


def test_judges_are_users_or_a_role_per_server(tmp_path: Path) -> None:
    svc = judged(tmp_path)
    assert svc.is_judge("g1", JUDGE) and svc.is_judge("g1", ROLE_JUDGE)
    assert not svc.is_judge("g2", JUDGE) and not svc.is_judge("g1", USERS[0])
    game = started_game(svc).game
    with pytest.raises(NotJudgeError, match="Only a judge"):
        svc.judge_log(game.id, USERS[0])
    with pytest.raises(NotJudgeError):
        svc.rollback(game.id, USERS[0], 0, "no", game.version)


def test_the_full_log_says_who_and_when_and_marks_rolled_back_moves(tmp_path: Path) -> None:
    clock = Clock()
    svc = judged(tmp_path, clock)
    game = started_game(svc).game
    play(svc, game.id, 6)
    clock.advance(5)
    svc.rollback(game.id, JUDGE, 4, "a misread card", svc.state(game.id)[1])
    lines = svc.judge_log(game.id, ROLE_JUDGE)
    assert [line.entry.n for line in lines] == list(range(1, 8))
    assert lines[-1].entry.kind is EntryKind.ROLLBACK and lines[-1].entry.user_id == JUDGE.id
    assert lines[-1].entry.at > lines[0].entry.at
    assert [line.applied for line in lines[:6]] == [True] * 4 + [False] * 2
    assert any(line.events for line in lines[:6])


def test_rollback_is_exact_by_replay_and_its_reason_is_announced(tmp_path: Path) -> None:
    svc = judged(tmp_path)
    game = started_game(svc).game
    play(svc, game.id, 30, seed=2)
    _, version = svc.state(game.id)
    t = svc.rollback(game.id, JUDGE, 12, "the wrong rank was chosen", version)
    assert isinstance(t, GameTransition) and "the wrong rank was chosen" in t.note
    record = GameRecord.from_json(svc.export_record(game.id, JUDGE))
    assert len(record.actions) == 12 and replay(record).state == t.after
    with pytest.raises(UndoError, match="needs a reason"):
        svc.rollback(game.id, JUDGE, 3, "  ", t.version)
    with pytest.raises(UndoError, match="from 0 to 11"):
        svc.rollback(game.id, JUDGE, 40, "too far", t.version)


def test_a_judge_acts_for_a_seat_and_it_is_logged_as_an_adjustment(tmp_path: Path) -> None:
    svc = judged(tmp_path)
    game = started_game(svc).game
    seat = game.waiting_on[0]
    state, version = svc.state(game.id)
    t = svc.adjust(game.id, JUDGE, legal_actions(state, seat)[0], version)
    assert t.entries[0].kind is EntryKind.ADJUSTMENT and t.entries[0].user_id == JUDGE.id


def test_rulings_are_kept_with_their_rule(tmp_path: Path) -> None:
    svc = judged(tmp_path)
    game = started_game(svc).game
    ruling = svc.rule(game.id, JUDGE, "507.1.2", "Level 2 characters enter in rank 2.")
    assert svc.rulings(game.id) == [ruling] and ruling.rule == "507.1.2"
    assert svc.state(game.id)[1] == game.version  # a ruling is no move


def _to_free_undo(svc, game_id: int) -> tuple[User, int]:  # type: ignore[no-untyped-def]
    """Play until the last move neither rolled nor revealed; returns its player."""
    from bot.games.history import reveals

    for seed in range(200):
        t = play(svc, game_id, 1, seed=seed)[0]
        seat = t.entries[0].seat
        if t.entries[0].kind is EntryKind.ACTION and not reveals(t.before, t.after):
            return user_at(svc, game_id, seat), t.version
    raise AssertionError("no free move found")


def test_a_player_takes_back_a_move_that_showed_nothing_for_free(tmp_path: Path) -> None:
    svc = judged(tmp_path)
    game = started_game(svc).game
    user, version = _to_free_undo(svc, game.id)
    before = svc.judge_log(game.id, JUDGE)[-1]
    t = svc.undo(game.id, user, version)
    assert isinstance(t, GameTransition) and t.entries[0].kind is EntryKind.UNDO
    assert t.after == replay(GameRecord.from_json(svc.export_record(game.id, JUDGE))).state
    assert before.entry.n in [line.entry.n for line in svc.judge_log(game.id, JUDGE)]


def test_undo_past_a_roll_needs_every_opponents_consent(tmp_path: Path) -> None:
    svc = judged(tmp_path)
    game = started_game(svc).game
    play(svc, game.id, 10, seed=4)
    _, version = svc.state(game.id)
    asked = svc.undo(game.id, USERS[0], version, to_action=0)
    assert isinstance(asked, UndoRequest) and asked.waiting_for == {USERS[1].id}
    assert svc.state(game.id)[1] == version
    done = svc.undo(game.id, USERS[1], version, to_action=0)
    assert isinstance(done, GameTransition) and done.entries[0].data["consent"] == ["u0", "u1"]
    assert done.after == replay(GameRecord.from_json(svc.export_record(game.id, JUDGE))).state


def test_undo_without_moves_is_refused(tmp_path: Path) -> None:
    svc = judged(tmp_path)
    game = started_game(svc).game
    with pytest.raises(UndoError, match="no move to undo"):
        svc.undo(game.id, USERS[0], game.version)


def test_an_undo_request_survives_a_restart_and_lapses_with_the_next_move(
    tmp_path: Path,
) -> None:
    """The consent asked for is in the bot database: a new service over the same file sees
    the request and applies the undo when the other seat agrees; any move lets it lapse."""
    path = tmp_path / "bot.db"
    svc = judged(tmp_path)
    game = started_game(svc).game
    play(svc, game.id, 10, seed=4)
    _, version = svc.state(game.id)
    asked = svc.undo(game.id, USERS[0], version, to_action=0)
    assert isinstance(asked, UndoRequest)
    again = service(path)
    pending = again.undo_request(game.id)
    assert pending == asked and pending.asked == {USERS[0].id}
    done = again.undo(game.id, USERS[1], version, to_action=0)
    assert isinstance(done, GameTransition) and done.entries[0].data["consent"] == ["u0", "u1"]
    assert again.undo_request(game.id) is None
    play(again, game.id, 10, seed=5)
    _, version = again.state(game.id)
    assert isinstance(again.undo(game.id, USERS[1], version, to_action=0), UndoRequest)
    play(again, game.id, 1, seed=6)
    assert again.undo_request(game.id) is None
    rows = again.db.conn.execute("SELECT COUNT(*) FROM game_undo_requests").fetchone()[0]
    assert rows == 0
    late = service(path).undo(game.id, USERS[0], again.state(game.id)[1], to_action=0)
    assert isinstance(late, UndoRequest) and late.asked == {USERS[0].id}  # not u1's old one
