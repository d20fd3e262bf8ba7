"""The deadline scheduler's tables in the bot database: waits, vacations, and an outbox of
notices, so a restart neither repeats nor skips a reminder.

A reminder or a timeout notice is written to the outbox in the same transaction that records
it on its wait; the outbox's unique key (game, seat, version, number) makes a second write
of the same notice a no-op. Front ends deliver the outbox's notices and mark them sent;
after a crash between the two, the notice is delivered again (at least once, never lost).
A notice a front end can never deliver (Discord refused it for good) is recorded as refused,
with the reason, and offered no more.
Tables are created with `bot.db.ensure_tables`.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlite_utils

from bot.db import ensure_tables
from bot.games.deadlines import Notice, Reminder, TimedOut, VacationNotice, Wait
from bot.games.model import TimeoutPolicy

TABLES = (
    """CREATE TABLE IF NOT EXISTS [deadline_waits] (
       [game_id] INTEGER NOT NULL, [seat] INTEGER NOT NULL, [version] INTEGER NOT NULL,
       [since] TEXT NOT NULL, [reminders] INTEGER NOT NULL DEFAULT 0, [last_reminder] TEXT,
       [timed_out] TEXT, PRIMARY KEY ([game_id], [seat]))""",
    """CREATE TABLE IF NOT EXISTS [deadline_checked] (
       [game_id] INTEGER PRIMARY KEY, [version] INTEGER NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS [vacations] (
       [user_id] TEXT PRIMARY KEY, [since] TEXT NOT NULL, [until] TEXT)""",
    """CREATE TABLE IF NOT EXISTS [deadline_outbox] (
       [id] INTEGER PRIMARY KEY AUTOINCREMENT, [key] TEXT NOT NULL UNIQUE, [at] TEXT NOT NULL,
       [kind] TEXT NOT NULL, [data] TEXT NOT NULL, [sent] TEXT)""",
    """CREATE TABLE IF NOT EXISTS [deadline_refused] (
       [id] INTEGER PRIMARY KEY REFERENCES [deadline_outbox] ([id]), [at] TEXT NOT NULL,
       [why] TEXT NOT NULL)""",
)


@dataclass(frozen=True)
class Vacation:
    """A user's latest vacation: `until` is None while they are away."""

    user_id: str
    since: datetime
    until: datetime | None

    @property
    def away(self) -> bool:
        return self.until is None


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


class DeadlineStore:
    """SQL for the scheduler, on the bot database (one connection, one lock)."""

    def __init__(self, db: sqlite_utils.Database, lock: threading.RLock | None = None) -> None:
        self.db = db
        self.lock = lock or threading.RLock()
        with self.lock:
            ensure_tables(db, TABLES)

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self.lock:
            cursor = self.db.conn.execute(sql, tuple(params))
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def _write(self, statements: Iterable[tuple[str, Sequence[Any]]]) -> None:
        with self.lock:
            conn = self.db.conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    conn.execute(sql, tuple(params))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    # -- waits --------------------------------------------------------------------------------
    def waits(self, game_id: int) -> dict[int, Wait]:
        rows = self._rows("SELECT * FROM deadline_waits WHERE game_id = ?", [game_id])
        return {
            r["seat"]: Wait(
                r["game_id"], r["seat"], r["version"], datetime.fromisoformat(r["since"]),
                r["reminders"], _time(r["last_reminder"]), _time(r["timed_out"]),
            )
            for r in rows
        }  # fmt: skip

    def checked_version(self, game_id: int) -> int | None:
        rows = self._rows("SELECT version FROM deadline_checked WHERE game_id = ?", [game_id])
        return rows[0]["version"] if rows else None

    def replace_waits(self, game_id: int, version: int, waits: Iterable[Wait]) -> None:
        """The game's current waits, as checked at `version` (others are dropped)."""
        statements: list[tuple[str, Sequence[Any]]] = [
            ("DELETE FROM deadline_waits WHERE game_id = ?", [game_id]),
            ("INSERT OR REPLACE INTO deadline_checked VALUES (?, ?)", [game_id, version]),
        ]
        for w in waits:
            reminded = w.last_reminder.isoformat() if w.last_reminder else None
            timed_out = w.timed_out.isoformat() if w.timed_out else None
            row = [w.game_id, w.seat, w.version, w.since.isoformat(), w.reminders, reminded]
            statements.append(
                ("INSERT INTO deadline_waits VALUES (?, ?, ?, ?, ?, ?, ?)", [*row, timed_out])
            )
        self._write(statements)

    def forget_games(self, keep: Iterable[int]) -> None:
        """Drop the waits of every game not in `keep` (ended or abandoned games)."""
        marks = ",".join(str(int(g)) for g in keep) or "NULL"
        self._write(
            [
                (f"DELETE FROM deadline_waits WHERE game_id NOT IN ({marks})", []),
                (f"DELETE FROM deadline_checked WHERE game_id NOT IN ({marks})", []),
            ]
        )

    def record_reminder(self, wait: Wait, number: int, now: datetime, user: str) -> None:
        """Count reminder `number` on its wait and put it in the outbox, in one transaction."""
        key = f"remind:{wait.game_id}:{wait.seat}:{wait.version}:{number}"
        data = {"game_id": wait.game_id, "seat": wait.seat, "user": user, "number": number,
                "since": wait.since.isoformat()}  # fmt: skip
        self._write(
            [
                (
                    "UPDATE deadline_waits SET reminders = ?, last_reminder = ?"
                    " WHERE game_id = ? AND seat = ? AND version = ?",
                    [number, now.isoformat(), wait.game_id, wait.seat, wait.version],
                ),
                self._outbox(key, now, "reminder", data),
            ]
        )

    def record_timeout(
        self,
        wait: Wait,
        now: datetime,
        user: str,
        policy: TimeoutPolicy,
        hours: float,
        notice: bool = True,
    ) -> None:
        """Mark the wait timed out and (with `notice`) put the public notice in the outbox."""
        key = f"timeout:{wait.game_id}:{wait.seat}:{wait.version}"
        data = {"game_id": wait.game_id, "seat": wait.seat, "user": user,
                "policy": policy.value, "hours": hours}  # fmt: skip
        mark = (
            "UPDATE deadline_waits SET timed_out = COALESCE(timed_out, ?)"
            " WHERE game_id = ? AND seat = ? AND version = ?",
            [now.isoformat(), wait.game_id, wait.seat, wait.version],
        )
        self._write([mark, self._outbox(key, now, "timed_out", data)] if notice else [mark])

    @staticmethod
    def _outbox(key: str, now: datetime, kind: str, data: dict[str, Any]) -> tuple[str, list[Any]]:
        return (
            "INSERT OR IGNORE INTO deadline_outbox (key, at, kind, data) VALUES (?, ?, ?, ?)",
            [key, now.isoformat(), kind, json.dumps(data, sort_keys=True)],
        )

    # -- vacations ------------------------------------------------------------------------------
    def vacation(self, user_id: str) -> Vacation | None:
        rows = self._rows("SELECT * FROM vacations WHERE user_id = ?", [user_id])
        if not rows:
            return None
        r = rows[0]
        return Vacation(r["user_id"], datetime.fromisoformat(r["since"]), _time(r["until"]))

    def set_vacation(
        self, user_id: str, away: bool, now: datetime, game_ids: Iterable[int]
    ) -> None:
        """Start or end a vacation and tell each of the user's running games, in one write."""
        current = self.vacation(user_id)
        since = now if away or current is None else current.since
        statements: list[tuple[str, Sequence[Any]]] = [
            (
                "INSERT OR REPLACE INTO vacations VALUES (?, ?, ?)",
                [user_id, since.isoformat(), None if away else now.isoformat()],
            )
        ]
        stamp = since.isoformat() if away else now.isoformat()
        for game_id in game_ids:
            key = f"vacation:{user_id}:{game_id}:{'away' if away else 'back'}:{stamp}"
            data = {"game_id": game_id, "user": user_id, "away": away}
            statements.append(self._outbox(key, now, "vacation", data))
        self._write(statements)

    # -- the outbox -----------------------------------------------------------------------------
    def unsent(self) -> list[Notice]:
        rows = self._rows(
            "SELECT * FROM deadline_outbox WHERE sent IS NULL"
            " AND id NOT IN (SELECT id FROM deadline_refused) ORDER BY id"
        )
        return [notice_from_row(r) for r in rows]

    def mark_refused(self, notice_ids: Iterable[int], now: datetime, why: str) -> None:
        self._write(
            [
                ("INSERT OR IGNORE INTO deadline_refused (id, at, why) VALUES (?, ?, ?)",
                 [i, now.isoformat(), why])
                for i in notice_ids
            ]
        )  # fmt: skip

    def refused(self) -> list[tuple[Notice, str]]:
        """The notices recorded as never deliverable, with the reason, oldest first."""
        rows = self._rows(
            "SELECT o.*, r.why FROM deadline_outbox o JOIN deadline_refused r ON r.id = o.id"
            " ORDER BY o.id"
        )
        return [(notice_from_row(r), r["why"]) for r in rows]

    def mark_sent(self, notice_ids: Iterable[int], now: datetime) -> None:
        self._write(
            [
                ("UPDATE deadline_outbox SET sent = ? WHERE id = ?", [now.isoformat(), i])
                for i in notice_ids
            ]
        )

    def outbox_count(self) -> int:
        return int(self._rows("SELECT COUNT(*) AS n FROM deadline_outbox")[0]["n"])


def notice_from_row(row: dict[str, Any]) -> Notice:
    d = json.loads(row["data"])
    kind = row["kind"]
    if kind == "reminder":
        since = datetime.fromisoformat(d["since"])
        return Reminder(row["id"], d["game_id"], d["seat"], d["user"], d["number"], since)
    if kind == "timed_out":
        policy = TimeoutPolicy(d["policy"])
        return TimedOut(row["id"], d["game_id"], d["seat"], d["user"], policy, d["hours"])
    if kind == "vacation":
        return VacationNotice(row["id"], d["game_id"], d["user"], d["away"])
    raise ValueError(f"Unknown notice kind {kind!r} in the deadline outbox.")
