"""Which Discord thread and messages belong to a game, kept in the bot database.

One key-value table (`discord_links`), so a restart finds the game's thread, its status
message and each player's private message again and edits them in place. The game itself
is never stored here: the game service's log is the truth.
"""

from __future__ import annotations

import threading

import sqlite_utils

TABLE = "discord_links"


class Links:
    """Small string values by key (e.g. "thread:12" -> "987654321"). Pass the game store's
    lock: the connection is shared, and used by one thread at a time."""

    def __init__(self, db: sqlite_utils.Database, lock: threading.RLock | None = None) -> None:
        self.db = db
        self._lock = lock or threading.RLock()
        with self._lock:
            self.db.execute(
                f"CREATE TABLE IF NOT EXISTS {TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
            )
            self.db.conn.commit()

    def get(self, key: str) -> str | None:
        with self._lock:
            row = self.db.execute(f"SELECT value FROM {TABLE} WHERE key = ?", [key]).fetchone()
        return None if row is None else str(row[0])

    def set(self, key: str, value: str) -> None:
        with self._lock:
            self.db.execute(
                f"INSERT OR REPLACE INTO {TABLE} (key, value) VALUES (?, ?)", [key, value]
            )
            self.db.conn.commit()

    def delete(self, key: str) -> None:
        with self._lock:
            self.db.execute(f"DELETE FROM {TABLE} WHERE key = ?", [key])
            self.db.conn.commit()

    def get_int(self, key: str) -> int | None:
        value = self.get(key)
        return int(value) if value is not None and value.isdigit() else None

    def message(self, key: str) -> tuple[int, int] | None:
        """A message stored as "channel:message"."""
        value = self.get(key)
        if value is None or ":" not in value:
            return None
        channel, message = value.split(":", 1)
        return int(channel), int(message)

    def set_message(self, key: str, channel_id: int, message_id: int) -> None:
        self.set(key, f"{channel_id}:{message_id}")


LOG_TABLE = "discord_public_log"


class PublicLogStore:
    """The public lines posted in each game's thread, for `/game log` (paged)."""

    def __init__(self, db: sqlite_utils.Database, lock: threading.RLock | None = None) -> None:
        self.db = db
        self._lock = lock or threading.RLock()
        with self._lock:
            self.db.execute(
                f"CREATE TABLE IF NOT EXISTS {LOG_TABLE} (game_id INTEGER NOT NULL, "
                "n INTEGER NOT NULL, line TEXT NOT NULL, PRIMARY KEY (game_id, n))"
            )
            self.db.conn.commit()

    def add(self, game_id: int, lines: list[str]) -> None:
        if not lines:
            return
        with self._lock:
            row = self.db.execute(
                f"SELECT COALESCE(MAX(n), 0) FROM {LOG_TABLE} WHERE game_id = ?", [game_id]
            ).fetchone()
            start = int(row[0]) + 1
            self.db.conn.executemany(
                f"INSERT INTO {LOG_TABLE} (game_id, n, line) VALUES (?, ?, ?)",
                [(game_id, start + i, line) for i, line in enumerate(lines)],
            )
            self.db.conn.commit()

    def page(self, game_id: int, page: int, per_page: int = 25) -> tuple[list[str], int]:
        """Lines of page `page` (from 0; negative counts from the end) and the page count."""
        with self._lock:
            total = int(
                self.db.execute(
                    f"SELECT COUNT(*) FROM {LOG_TABLE} WHERE game_id = ?", [game_id]
                ).fetchone()[0]
            )
            pages = max(1, (total + per_page - 1) // per_page)
            if page < 0:
                page = pages + page
            page = min(max(page, 0), pages - 1)
            rows = self.db.execute(
                f"SELECT line FROM {LOG_TABLE} WHERE game_id = ? ORDER BY n LIMIT ? OFFSET ?",
                [game_id, per_page, page * per_page],
            ).fetchall()
        return [str(r[0]) for r in rows], pages
