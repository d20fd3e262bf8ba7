"""The one way of opening the bot's database: settings, imported cards and games in one
SQLite file (sqlite-utils), in WAL mode, with a schema version (`PRAGMA user_version`).

    db = open_database(path)      # None: bot.paths.database_path(); ":memory:" for tests

`MIGRATIONS[i]` upgrades a database from version i to i + 1; each runs in its own
transaction together with the new `user_version`, so a failed upgrade leaves the file as it
was. Version 0 is an empty file or one written before migrations existed: its tables are
created only where missing, so old settings and imported cards are kept as they are.
Modules owning extra tables (e.g. deadlines) call `ensure_tables` with CREATE ... IF NOT EXISTS
statements instead of adding a migration of their own.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import sqlite_utils

from bot.errors import BotError

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "DatabaseError",
    "ensure_tables",
    "open_database",
    "schema_version",
]


class DatabaseError(BotError):
    """The bot's database cannot be opened, read or written."""


_SETTINGS = """
CREATE TABLE IF NOT EXISTS [guild_settings] (
   [guild_id] INTEGER PRIMARY KEY,
   [default_doc] TEXT NOT NULL DEFAULT '',
   [ephemeral] INTEGER NOT NULL DEFAULT 0,
   [inline_refs] INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS [cards] (
   [id] TEXT PRIMARY KEY, [name] TEXT, [name_key] TEXT, [type] TEXT, [factions] TEXT,
   [data] TEXT
);
CREATE INDEX IF NOT EXISTS [idx_cards_name_key] ON [cards] ([name_key]);
CREATE TABLE IF NOT EXISTS [card_imports] (
   [id] INTEGER PRIMARY KEY, [source] TEXT, [imported_at] TEXT, [imported] INTEGER,
   [skipped] INTEGER, [clean] INTEGER, [problems] TEXT
);
"""

_GAMES = """
CREATE TABLE [games] (
   [id] INTEGER PRIMARY KEY AUTOINCREMENT,
   [guild] TEXT NOT NULL,
   [channel] TEXT NOT NULL DEFAULT '',
   [host] TEXT NOT NULL,
   [status] TEXT NOT NULL,
   [options] TEXT NOT NULL,
   [created_at] TEXT NOT NULL,
   [started_at] TEXT,
   [ended_at] TEXT,
   [version] INTEGER NOT NULL DEFAULT 0,
   [chain] TEXT NOT NULL DEFAULT '',
   [last_move_at] TEXT,
   [seed] INTEGER,
   [seed_hash] TEXT,
   [rules_version] TEXT,
   [record_version] INTEGER,
   [header] TEXT,
   [winner] INTEGER,
   [result] TEXT NOT NULL DEFAULT ''
);
CREATE INDEX [idx_games_status] ON [games] ([status]);
CREATE TABLE [game_seats] (
   [game_id] INTEGER NOT NULL REFERENCES [games]([id]),
   [seat] INTEGER NOT NULL,
   [user_id] TEXT,
   [name] TEXT NOT NULL DEFAULT '',
   [invited] TEXT,
   [deck] TEXT,
   [deck_name] TEXT NOT NULL DEFAULT '',
   PRIMARY KEY ([game_id], [seat])
);
CREATE INDEX [idx_game_seats_user] ON [game_seats] ([user_id]);
CREATE TABLE [game_log] (
   [game_id] INTEGER NOT NULL REFERENCES [games]([id]),
   [n] INTEGER NOT NULL,
   [kind] TEXT NOT NULL,
   [seat] INTEGER,
   [user_id] TEXT NOT NULL,
   [at] TEXT NOT NULL,
   [data] TEXT NOT NULL,
   PRIMARY KEY ([game_id], [n])
);
CREATE TABLE [game_snapshots] (
   [game_id] INTEGER PRIMARY KEY,
   [version] INTEGER NOT NULL,
   [chain] TEXT NOT NULL,
   [engine] TEXT NOT NULL,
   [state] BLOB NOT NULL
);
CREATE TABLE [game_rulings] (
   [id] INTEGER PRIMARY KEY AUTOINCREMENT,
   [game_id] INTEGER NOT NULL REFERENCES [games]([id]),
   [at] TEXT NOT NULL,
   [judge] TEXT NOT NULL,
   [rule] TEXT NOT NULL,
   [text] TEXT NOT NULL,
   [version] INTEGER NOT NULL
);
CREATE TABLE [guild_judges] (
   [guild] TEXT NOT NULL,
   [kind] TEXT NOT NULL,
   [ident] TEXT NOT NULL,
   PRIMARY KEY ([guild], [kind], [ident])
);
"""


def _script(sql: str) -> Callable[[sqlite3.Connection], None]:
    def run(conn: sqlite3.Connection) -> None:
        for statement in sql.split(";"):
            if statement.strip():
                conn.execute(statement)

    return run


# Snapshots become JSON (bot.games.snapshots) instead of pickles: the old ones are a cache
# and are simply dropped; games resume from their logs and write new ones.
_JSON_SNAPSHOTS = """
DROP TABLE [game_snapshots];
CREATE TABLE [game_snapshots] (
   [game_id] INTEGER PRIMARY KEY,
   [version] INTEGER NOT NULL,
   [chain] TEXT NOT NULL,
   [engine] TEXT NOT NULL,
   [state] TEXT NOT NULL
);
"""

# A player's undo waiting for the others' consent (bot.games.judging), kept across restarts.
_UNDO_REQUESTS = """
CREATE TABLE [game_undo_requests] (
   [game_id] INTEGER PRIMARY KEY REFERENCES [games]([id]),
   [to_action] INTEGER NOT NULL,
   [version] INTEGER NOT NULL,
   [asked] TEXT NOT NULL,
   [at] TEXT NOT NULL
);
"""

# Limited tables: each seat's card pool (bot.games.limited), JSON.
_POOLS = """
ALTER TABLE [game_seats] ADD COLUMN [pool] TEXT;
"""

# MIGRATIONS[i]: version i -> i + 1. Append only; never edit a released step.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _script(_SETTINGS),  # 0 -> 1: settings and imported cards (kept if already there)
    _script(_GAMES),  # 1 -> 2: hosted games
    _script(_JSON_SNAPSHOTS),  # 2 -> 3: snapshots as JSON, pickled ones dropped
    _script(_UNDO_REQUESTS),  # 3 -> 4: undo requests waiting for consent
    _script(_POOLS),  # 4 -> 5: Limited card pools per seat
)
SCHEMA_VERSION = len(MIGRATIONS)
_MIGRATE_LOCK = threading.Lock()


def schema_version(db: sqlite_utils.Database) -> int:
    return int(db.conn.execute("PRAGMA user_version").fetchone()[0])


def open_database(path: Path | str | None = None) -> sqlite_utils.Database:
    """Open (creating if needed) the bot's database, in WAL mode, migrated to SCHEMA_VERSION.

    The connection may be used from several threads, one at a time (callers hold a lock)."""
    where = "" if path is None else "in memory" if str(path) == ":memory:" else f"at {path}"
    try:
        if path is None:
            from bot.paths import database_path

            path = database_path()
            where = f"at {path}"
        conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
        if str(path) != ":memory:":
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        db = sqlite_utils.Database(conn)
        migrate(db)
    except (sqlite3.Error, OSError) as exc:
        place = f" {where}" if where else ""
        raise DatabaseError(f"The bot's database{place} cannot be opened: {exc}.") from exc
    return db


def migrate(db: sqlite_utils.Database) -> int:
    """Run the missing migrations; returns the version reached. A newer file is refused."""
    conn = db.conn
    with _MIGRATE_LOCK:
        version = schema_version(db)
        if version > SCHEMA_VERSION:
            raise DatabaseError(
                f"The bot's database has schema version {version}, newer than this bot "
                f"({SCHEMA_VERSION}); upgrade the bot or use a copy of an older database."
            )
        while version < SCHEMA_VERSION:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if schema_version(db) == version:  # another process may have migrated
                    MIGRATIONS[version](conn)
                    conn.execute(f"PRAGMA user_version = {version + 1}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            version = schema_version(db)
    return version


def ensure_tables(db: sqlite_utils.Database, statements: Iterable[str]) -> None:
    """Run CREATE TABLE/INDEX ... IF NOT EXISTS statements in one transaction."""
    conn = db.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statement in statements:
            conn.execute(statement)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
