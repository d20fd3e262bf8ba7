"""The one bot database: WAL mode, schema version, migrations that keep old data."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.card_store import CardStore
from bot.db import SCHEMA_VERSION, DatabaseError, open_database, schema_version
from bot.store import SettingsStore


def test_new_database_is_wal_and_at_the_latest_version(tmp_path: Path) -> None:
    db = open_database(tmp_path / "bot.db")
    assert schema_version(db) == SCHEMA_VERSION
    assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {"guild_settings", "cards", "games", "game_log", "game_snapshots"} <= set(
        db.table_names()
    )


def test_settings_and_cards_written_before_migrations_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)  # a version-0 file as the bot wrote it before
    conn.execute(
        "CREATE TABLE guild_settings (guild_id INTEGER PRIMARY KEY, default_doc TEXT NOT NULL"
        " DEFAULT '', ephemeral INTEGER NOT NULL DEFAULT 0, inline_refs INTEGER NOT NULL"
        " DEFAULT 1)"
    )
    conn.execute("INSERT INTO guild_settings VALUES (7, 'cr', 1, 0)")
    conn.commit()
    conn.close()
    settings = SettingsStore.open(path).get(7)
    assert (settings.default_doc, settings.ephemeral, settings.inline_refs) == ("cr", True, False)
    assert schema_version(open_database(path)) == SCHEMA_VERSION
    assert not CardStore(path).has_import()


def test_a_newer_database_is_refused_with_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(DatabaseError, match="newer than this bot"):
        open_database(path)


def test_a_file_that_is_not_a_database_is_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"not sqlite at all" * 100)
    with pytest.raises(DatabaseError, match="cannot be opened"):
        open_database(path)
