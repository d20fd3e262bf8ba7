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


def test_snapshots_are_json_positions_and_a_resume_uses_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snapshot is the engine's position as JSON (no pickle: nothing read from the database
    runs code), and a resume starts from it instead of replaying the log."""
    import json

    from bot.games import core

    path = tmp_path / "bot.db"
    svc = service(path)
    game = started_game(svc).game.id
    play(svc, game, 60, seed=4)
    snap = svc.store.snapshot(game)
    assert snap is not None and isinstance(snap["state"], str)
    assert json.loads(snap["state"])["position"]["seats"]
    expected = svc.state(game)

    def no_replay(*args: object) -> None:
        raise AssertionError("replayed the log although a snapshot was there")

    monkeypatch.setattr(core, "replay_state", no_replay)
    assert service(path).state(game) == expected


def test_a_sealed_but_unreadable_snapshot_is_replayed_past(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    svc = service(path)
    game = started_game(svc).game.id
    play(svc, game, 30, seed=5)
    expected = svc.state(game)
    snap = svc.store.snapshot(game)
    assert snap is not None
    chain = snap["chain"].split(":")[0]
    for text in ('{"format": "warlord-judge-snapshot/1", "position": 3}', "[]", "not json"):
        svc.store.put_snapshot(game, snap["version"], chain, snap["engine"], text)
        again = service(path)
        assert again.state(game) == expected and again.verify(game)


def test_old_pickled_snapshots_are_dropped_by_the_migration(tmp_path: Path) -> None:
    """A database of schema 2 kept pickled snapshots: migrating drops them (a cache), the
    games resume from their logs and write JSON snapshots again."""
    import pickle
    import sqlite3

    from bot.db import SCHEMA_VERSION, open_database, schema_version

    path = tmp_path / "bot.db"
    svc = service(path)
    game = started_game(svc).game.id
    play(svc, game, 25, seed=6)
    expected = svc.state(game)
    svc.db.conn.close()
    conn = sqlite3.connect(path)
    with conn:  # the tables of schema 2, as an older bot left them
        conn.execute("DROP TABLE game_undo_requests")
        conn.execute("ALTER TABLE game_seats DROP COLUMN pool")
        conn.execute("DROP TABLE game_snapshots")
        conn.execute(
            "CREATE TABLE game_snapshots (game_id INTEGER PRIMARY KEY, version INTEGER NOT NULL,"
            " chain TEXT NOT NULL, engine TEXT NOT NULL, state BLOB NOT NULL)"
        )
        conn.execute(
            "INSERT INTO game_snapshots VALUES (?, ?, ?, ?, ?)",
            (game, 25, "x", "y", pickle.dumps(expected[0])),
        )
    conn.execute("PRAGMA user_version = 2")
    conn.close()
    db = open_database(path)
    assert schema_version(db) == SCHEMA_VERSION >= 3
    assert db.conn.execute("SELECT COUNT(*) FROM game_snapshots").fetchone()[0] == 0
    again = service(path)
    assert again.resume_all() == {} and again.state(game) == expected
    play(again, game, 1, seed=7)
    assert isinstance(again.store.snapshot(game)["state"], str)  # type: ignore[index]


def test_no_pickle_in_the_game_service() -> None:
    import bot.games

    root = Path(bot.games.__file__).parent
    assert not [p.name for p in root.glob("*.py") if "import pickle" in p.read_text()]


def test_a_snapshot_holds_the_tokens_the_game_made() -> None:
    """703.9: a standard token the game created is not in the record header's cards; the
    snapshot carries its definition, so it reads back with the header's cards alone (before,
    such a snapshot was written but could not be read, and the game replayed its log)."""
    from bot.games import snapshots
    from engine import GameConfig
    from engine.cards.model import CardType
    from engine.cards.sample import sample_catalog, sample_decks, standard_tokens
    from engine.record import GameRecord
    from engine.setup import create_token
    from engine.tx import Tx

    decks = sample_decks()
    catalog = sample_catalog()
    pair = (decks["saga-deverenian"], decks["saga-nothrog"])
    used = {cid for deck in pair for cid in (*deck.starting_army, *deck.cards)}
    header = {cid: catalog.get(cid) for cid in used}
    state = GameRecord(GameConfig(), 7, pair, header).begin().state
    token = next(t for t in standard_tokens() if t.functions_as is not CardType.CHARACTER)
    assert token.id not in header
    tx = Tx(state)
    create_token(tx, 0, token)
    made = tx.freeze()
    assert token.id in made.cards

    text = snapshots.encode(made, header)
    assert text is not None
    assert snapshots.decode(text, header) == made
