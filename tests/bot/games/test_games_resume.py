"""Nothing lost: games resume from their log; snapshots are a cache checked against it;
a game is pinned to the rules and record version it started with."""

from __future__ import annotations

from pathlib import Path

import pytest
from games_fakes import play, service, started_game

from bot.games import GamePinnedError


def test_a_new_service_resumes_every_game_from_the_database(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    svc = service(path)
    games = [started_game(svc).game.id for _ in range(3)]
    for n, game in enumerate(games):
        play(svc, game, 20 + 7 * n, seed=n)
    states = {g: svc.state(g) for g in games}
    again = service(path)
    assert again.resume_all() == {}
    assert {g: again.state(g) for g in games} == states
    assert all(again.verify(g) for g in games)


def test_deleting_the_snapshots_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    svc = service(path)
    game = started_game(svc).game.id
    play(svc, game, 50)
    assert svc.store.snapshot(game) is not None
    state = svc.state(game)
    svc.db.conn.execute("DELETE FROM game_snapshots")
    svc.db.conn.commit()
    assert service(path).state(game) == state


def test_a_snapshot_of_another_log_is_not_trusted(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    svc = service(path)
    one, two = started_game(svc).game.id, started_game(svc).game.id
    play(svc, one, 40, seed=1)
    play(svc, two, 40, seed=2)
    expected = svc.state(one)
    with svc.db.conn:  # one's snapshot replaced by two's state, a damaged cache
        svc.db.conn.execute(
            "UPDATE game_snapshots SET state = (SELECT state FROM game_snapshots WHERE game_id"
            " = ?), version = (SELECT version FROM game_snapshots WHERE game_id = ?)"
            " WHERE game_id = ?",
            (two, two, one),
        )
    assert service(path).state(one) == expected


def test_an_engine_upgrade_does_not_silently_change_a_game(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    svc = service(path)
    game = started_game(svc).game.id
    play(svc, game, 5)
    with svc.db.conn:
        svc.db.conn.execute("UPDATE games SET record_version = 1 WHERE id = ?", (game,))
    again = service(path)
    with pytest.raises(GamePinnedError, match="will not continue it silently"):
        again.state(game)
    failed = again.resume_all()
    assert list(failed) == [game] and "record version 1" in failed[game]
