"""The games' tables in the bot database (bot/db.py): tables, seats, the append-only action
log, snapshots (a cache only), rulings and per-server judges.

Every write is one transaction. `append` is the heart: it checks the game's version and
appends the log entries in the same `BEGIN IMMEDIATE` transaction, so two writers (threads or
processes) can never both add move n, and an entry is on disk before the caller replies.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import sqlite_utils

from bot.db import DatabaseError
from bot.games.errors import NoSuchGameError
from bot.games.model import EntryKind, LogEntry, Ruling, Status, TableOptions


class VersionConflictError(DatabaseError):
    """The game's version in the database is not the one the write expected."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(f"Game {game_id} has moved on to move {version}.")
        self.version = version


def chain_hash(previous: str, entry: LogEntry) -> str:
    """The log's hash chain: each entry's hash covers every entry before it."""
    return chain_step(
        previous, entry.n, entry.kind.value, entry.seat, entry.user_id,
        entry.stamp or entry.at.isoformat(), entry.data_json(),
    )  # fmt: skip


def chain_step(
    previous: str, n: int, kind: str, seat: int | None, user: str, at: str, data: str
) -> str:
    """One step of the hash chain, over an entry's fields as stored."""
    line = f"{n}|{kind}|{seat}|{user}|{at}|{data}"
    return hashlib.sha256(f"{previous}\n{line}".encode()).hexdigest()


class GameStore:
    """SQL for the game service; one lock makes the shared connection safe across threads."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db
        self.lock = threading.RLock()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        conn = self.db.conn
        with self.lock:
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise DatabaseError(f"The game database cannot be written: {exc}.") from exc
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self.lock:
            cursor = self.db.conn.execute(sql, tuple(params))
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    # -- tables -----------------------------------------------------------------------------
    def create_game(
        self, guild: str, channel: str, host: str, options: TableOptions, now: datetime
    ) -> int:
        with self.transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO games (guild, channel, host, status, options, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (guild, channel, host, Status.OPEN.value, options.to_json(), now.isoformat()),
            )
            game_id = int(cursor.lastrowid or 0)
            conn.executemany(
                "INSERT INTO game_seats (game_id, seat) VALUES (?, ?)",
                [(game_id, seat) for seat in range(options.seats)],
            )
        return game_id

    def game(self, game_id: int) -> dict[str, Any]:
        rows = self._query("SELECT * FROM games WHERE id = ?", [game_id])
        if not rows:
            raise NoSuchGameError(f"There is no game {game_id}.")
        return rows[0]

    def seats(self, game_id: int) -> list[dict[str, Any]]:
        return self._query("SELECT * FROM game_seats WHERE game_id = ? ORDER BY seat", [game_id])

    def update_seat(self, game_id: int, seat: int, **values: Any) -> None:
        names = ", ".join(f"[{k}] = ?" for k in values)
        with self.transaction() as conn:
            conn.execute(
                f"UPDATE game_seats SET {names} WHERE game_id = ? AND seat = ?",
                (*values.values(), game_id, seat),
            )

    def game_ids(self, statuses: Sequence[Status] = ()) -> list[int]:
        if not statuses:
            return [r["id"] for r in self._query("SELECT id FROM games ORDER BY id")]
        marks = ", ".join("?" for _ in statuses)
        rows = self._query(
            f"SELECT id FROM games WHERE status IN ({marks}) ORDER BY id",
            [s.value for s in statuses],
        )
        return [r["id"] for r in rows]

    def games_of_user(self, user_id: str) -> list[int]:
        rows = self._query(
            "SELECT DISTINCT game_id FROM game_seats WHERE user_id = ? OR invited = ?"
            " ORDER BY game_id",
            [user_id, user_id],
        )
        return [r["game_id"] for r in rows]

    def set_started(self, game_id: int, now: datetime, **values: Any) -> None:
        values = {**values, "status": Status.RUNNING.value, "started_at": now.isoformat()}
        names = ", ".join(f"[{k}] = ?" for k in values)
        with self.transaction() as conn:
            row = conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None or row[0] != Status.OPEN.value:
                raise VersionConflictError(game_id, 0)
            conn.execute(f"UPDATE games SET {names} WHERE id = ?", (*values.values(), game_id))

    # -- the log ----------------------------------------------------------------------------
    def append(
        self,
        game_id: int,
        expected_version: int,
        entries: Sequence[LogEntry],
        chain: str,
        *,
        ended: tuple[Status, datetime, int | None, str] | None = None,
        snapshot: tuple[str, str] | None = None,
    ) -> None:
        """Append `entries` (numbered from expected_version + 1) if the game is still at
        `expected_version`; with `ended`, the game's status, end time, winner and result too;
        with `snapshot` (engine tag, snapshot JSON), the cache at the new version."""
        with self.transaction() as conn:
            row = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise NoSuchGameError(f"There is no game {game_id}.")
            if row[0] != expected_version:
                raise VersionConflictError(game_id, int(row[0]))
            conn.executemany(
                "INSERT INTO game_log (game_id, n, kind, seat, user_id, at, data)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, e.n, e.kind.value, e.seat, e.user_id, e.at.isoformat(), e.data_json())
                    for e in entries
                ],
            )
            version = expected_version + len(entries)
            last = entries[-1].at.isoformat() if entries else None
            conn.execute(
                "UPDATE games SET version = ?, chain = ?, last_move_at = COALESCE(?, last_move_at)"
                " WHERE id = ?",
                (version, chain, last, game_id),
            )
            if ended is not None:
                status, when, winner, result = ended
                conn.execute(
                    "UPDATE games SET status = ?, ended_at = ?, winner = ?, result = ?"
                    " WHERE id = ?",
                    (status.value, when.isoformat(), winner, result, game_id),
                )
            if snapshot is not None:
                self._put_snapshot(conn, game_id, version, chain, *snapshot)
            # Any entry moves the game on: an undo request made before it lapses.
            conn.execute("DELETE FROM game_undo_requests WHERE game_id = ?", (game_id,))

    def end_open_game(self, game_id: int, now: datetime, result: str) -> None:
        with self.transaction() as conn:
            conn.execute(
                "UPDATE games SET status = ?, ended_at = ?, result = ? WHERE id = ?",
                (Status.ABANDONED.value, now.isoformat(), result, game_id),
            )

    def game_and_log(self, game_id: int) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
        """The game's row and its log rows as stored (`raw_log`), read in one transaction: a
        consistent pair even while another process appends."""
        with self.lock:
            self.db.conn.execute("BEGIN")
            try:
                return self.game(game_id), self.raw_log(game_id)
            finally:
                self.db.conn.execute("COMMIT")

    def log(self, game_id: int) -> list[LogEntry]:
        rows = self._query("SELECT * FROM game_log WHERE game_id = ? ORDER BY n", [game_id])
        return [
            LogEntry(
                n=r["n"],
                kind=EntryKind(r["kind"]),
                seat=r["seat"],
                user_id=r["user_id"],
                at=datetime.fromisoformat(r["at"]),
                data=json.loads(r["data"]),
                text=r["data"],
                stamp=r["at"],
            )
            for r in rows
        ]

    def raw_log(self, game_id: int) -> list[tuple[Any, ...]]:
        """The log rows exactly as stored (for byte-identical comparisons)."""
        with self.lock:
            return self.db.conn.execute(
                "SELECT n, kind, seat, user_id, at, data FROM game_log WHERE game_id = ?"
                " ORDER BY n",
                (game_id,),
            ).fetchall()

    # -- snapshots (a cache: always checked against the log's hash chain) -----------------------
    def snapshot(self, game_id: int) -> dict[str, Any] | None:
        rows = self._query("SELECT * FROM game_snapshots WHERE game_id = ?", [game_id])
        return rows[0] if rows else None

    def put_snapshot(self, game_id: int, version: int, chain: str, engine: str, text: str) -> None:
        with self.transaction() as conn:
            self._put_snapshot(conn, game_id, version, chain, engine, text)

    @staticmethod
    def _put_snapshot(
        conn: sqlite3.Connection, game_id: int, version: int, chain: str, engine: str, text: str
    ) -> None:
        seal = f"{chain}:{hashlib.sha256(text.encode()).hexdigest()}"  # see core.snapshot_seal
        conn.execute(
            "INSERT OR REPLACE INTO game_snapshots (game_id, version, chain, engine, state)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, version, seal, engine, text),
        )

    # -- undo requests waiting for consent -----------------------------------------------------
    def undo_request(self, game_id: int) -> dict[str, Any] | None:
        rows = self._query("SELECT * FROM game_undo_requests WHERE game_id = ?", [game_id])
        if not rows:
            return None
        row = rows[0]
        return {**row, "asked": frozenset(json.loads(row["asked"]))}

    def put_undo_request(
        self, game_id: int, to_action: int, version: int, asked: Sequence[str], now: datetime
    ) -> None:
        """Keep (or replace) the game's undo request, if the game is still at `version`."""
        with self.transaction() as conn:
            row = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None or row[0] != version:
                raise VersionConflictError(game_id, int(row[0]) if row else 0)
            conn.execute(
                "INSERT OR REPLACE INTO game_undo_requests (game_id, to_action, version, asked, at)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, to_action, version, json.dumps(sorted(asked)), now.isoformat()),
            )

    # -- rulings and judges -------------------------------------------------------------------
    def add_ruling(
        self, game_id: int, now: datetime, judge: str, rule: str, text: str, version: int
    ) -> int:
        with self.transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO game_rulings (game_id, at, judge, rule, text, version)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, now.isoformat(), judge, rule, text, version),
            )
            return int(cursor.lastrowid or 0)

    def rulings(self, game_id: int) -> list[Ruling]:
        rows = self._query("SELECT * FROM game_rulings WHERE game_id = ? ORDER BY id", [game_id])
        return [
            Ruling(
                r["id"], r["game_id"], datetime.fromisoformat(r["at"]), r["judge"], r["rule"],
                r["text"], r["version"],
            )
            for r in rows
        ]  # fmt: skip

    def set_judges(self, guild: str, users: Sequence[str], roles: Sequence[str]) -> None:
        with self.transaction() as conn:
            conn.execute("DELETE FROM guild_judges WHERE guild = ?", (guild,))
            conn.executemany(
                "INSERT OR IGNORE INTO guild_judges (guild, kind, ident) VALUES (?, ?, ?)",
                [(guild, "user", u) for u in users] + [(guild, "role", r) for r in roles],
            )

    def judges(self, guild: str) -> tuple[frozenset[str], frozenset[str]]:
        rows = self._query("SELECT kind, ident FROM guild_judges WHERE guild = ?", [guild])
        users = frozenset(r["ident"] for r in rows if r["kind"] == "user")
        roles = frozenset(r["ident"] for r in rows if r["kind"] == "role")
        return users, roles
