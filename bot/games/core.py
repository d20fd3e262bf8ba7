"""The service's core: loading a game from its log (snapshots verified against the hash
chain), the per-game locks, and the one commit path that appends log entries with a version
check before anything is returned to a front end."""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any

import sqlite_utils

from bot.db import open_database
from bot.games import snapshots
from bot.games.errors import GameError, GameMovedOnError, GamePinnedError, NoSuchGameError
from bot.games.history import ACTION_VALUES, CUT_VALUES, Folded, add, fold_rows
from bot.games.model import (
    EntryKind,
    GameInfo,
    GameTransition,
    LogEntry,
    Seat,
    Status,
    TableOptions,
    User,
)
from bot.games.notify_pacing import hidden_react_decision
from bot.games.store import GameStore, VersionConflictError
from engine.cards.catalog import CardCatalog
from engine.errors import EngineError
from engine.events import Event
from engine.game import apply, default_action
from engine.record import RECORD_VERSION, RULES, GameRecord, replay
from engine.state import GameState

HOST = "host"  # the user id written for entries the service makes itself (timeouts, defaults)
SNAPSHOT_EVERY = 1  # log entries between two snapshots (a resume replays fewer than this)


def _engine_tag() -> str:
    """The record version and a hash of the engine's source: a snapshot (bot.games.snapshots)
    is used only by the very engine build that wrote it; any other replays the log."""
    import engine

    root = Path(engine.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return f"{RECORD_VERSION}/{digest.hexdigest()[:16]}"


ENGINE_TAG = _engine_tag()  # snapshots written by another engine build are not trusted


def utc_now() -> datetime:
    return datetime.now(UTC)


def snapshot_seal(chain: str, text: str | bytes) -> str:
    """What a snapshot row keeps in `chain`: the log's hash at its version and the snapshot's
    own hash, so a snapshot of another log or a damaged one is never used."""
    data = text.encode() if isinstance(text, str) else text
    return f"{chain}:{hashlib.sha256(data).hexdigest()}"


def seed_hash(seed: int) -> str:
    """The published commitment to a game's seed: SHA-256 of its decimal digits."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


@dataclass(frozen=True)
class Live:
    """A running game in memory: the record header (read when first needed: replays,
    rollbacks, export), the log folded, the state."""

    game_id: int
    header: str
    folded: Folded
    state: GameState

    @property
    def version(self) -> int:
        return self.folded.count

    @cached_property
    def base(self) -> GameRecord:
        """The record without actions."""
        return GameRecord.from_json(self.header)


class ServiceCore:
    """Loading, locking and committing; the public methods live in the subclasses."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        clock: Callable[[], datetime] = utc_now,
        catalog: Callable[[], CardCatalog] | None = None,
    ) -> None:
        self.db = db
        self.store = GameStore(db)
        self.clock = clock
        if catalog is None:
            from bot.card_store import CardStore

            cards = CardStore(db)
            catalog = cards.catalog
        self.catalog = catalog
        self._live: dict[int, Live] = {}
        self._locks: dict[int, threading.RLock] = {}
        self._locks_lock = threading.Lock()

    @classmethod
    def open(cls, path: Any = None, clock: Callable[[], datetime] = utc_now) -> Any:
        """The service over the bot database at `path` (default the bot's data folder)."""
        return cls(open_database(path), clock=clock)

    @contextmanager
    def locked(self, game_id: int) -> Iterator[None]:
        """Serialise all work on one game inside this process."""
        with self._locks_lock:
            lock = self._locks.setdefault(game_id, threading.RLock())
        with lock:
            yield

    def now(self) -> datetime:
        return self.clock()

    # -- reading a game ---------------------------------------------------------------------
    def info(self, game_id: int, state: GameState | None = None) -> GameInfo:
        row = self.store.game(game_id)
        seats = self.store.seats(game_id)
        status = Status(row["status"])
        out: set[int] = set()
        waiting: tuple[int, ...] = ()
        shown: tuple[int, ...] = ()
        if status is Status.RUNNING:
            live = self.load(game_id)
            state = live.state
            out = live.folded.out
            waiting = tuple(s for s in state.waiting_on() if s not in out)
            hidden = {d.seat for d in state.pending if hidden_react_decision(state, d)}
            shown = tuple(s for s in waiting if s not in hidden)
        elif status is not Status.OPEN:
            out = {e.seat for e in self.store.log(game_id) if e.kind.value in ("resign", "forfeit")
                   and e.seat is not None}  # fmt: skip
        ended = status in (Status.FINISHED, Status.ABANDONED)
        return GameInfo(
            id=game_id,
            guild=row["guild"],
            channel=row["channel"],
            host=row["host"],
            status=status,
            options=TableOptions.from_json(row["options"]),
            seats=tuple(
                Seat(
                    seat=s["seat"],
                    user_id=s["user_id"],
                    name=s["name"],
                    invited=s["invited"],
                    deck_name=s["deck_name"],
                    has_deck=s["deck"] is not None,
                    resigned=s["seat"] in out,
                    pool_size=len(json.loads(s["pool"])["cards"]) if s["pool"] else 0,
                )
                for s in seats
            ),
            version=row["version"],
            created_at=_time(row["created_at"]) or self.now(),
            started_at=_time(row["started_at"]),
            ended_at=_time(row["ended_at"]),
            last_move_at=_time(row["last_move_at"]),
            seed_hash=row["seed_hash"],
            seed=row["seed"] if ended else None,
            rules_version=row["rules_version"],
            record_version=row["record_version"],
            waiting_on=waiting,
            winner=row["winner"],
            result=row["result"],
            public_waiting_on=shown,
            hidden_waits=tuple(s for s in waiting if s not in shown),
        )

    def load(self, game_id: int) -> Live:
        """The game in memory, resumed from its log when the cache is missing or stale."""
        row = self.store.game(game_id)
        cached = self._live.get(game_id)
        if (
            cached is not None
            and cached.version == row["version"]
            and cached.folded.chain == (row["chain"])
        ):
            return cached
        if row["header"] is None:
            raise NoSuchGameError(f"Game {game_id} has not started yet.")
        check_pinned(game_id, row)
        row, rows = self.store.game_and_log(game_id)
        snap = self.store.snapshot(game_id)
        folded = fold_rows(rows, mark=snap["version"] if snap else 0)
        if folded.chain != row["chain"] or len(rows) != row["version"]:
            raise GameError(
                f"Game {game_id}'s log does not match its hash chain; a judge should restore "
                "the database from a backup."
            )
        live = Live(game_id, row["header"], folded, None)  # type: ignore[arg-type]
        state = self._from_snapshot(snap, rows, folded, row["header"])
        if state is None:
            state = replay_state(live.base, folded.actions, game_id)
        live = Live(game_id, row["header"], folded, state)
        self._live[game_id] = live
        return live

    @staticmethod
    def _from_snapshot(
        snap: Mapping[str, Any] | None, rows: Sequence[Sequence[Any]], folded: Folded, header: str
    ) -> GameState | None:
        if snap is None or snap["engine"] != ENGINE_TAG or not 0 < snap["version"] <= len(rows):
            return None
        at = snap["version"]
        if snap["chain"] != snapshot_seal(folded.marked, snap["state"]):
            return None  # not a snapshot of this log, or a damaged one: replay instead
        tail = rows[at:]
        if any(row[1] in CUT_VALUES for row in tail):
            return None
        state = snapshots.decode(snap["state"], snapshots.header_cards(header))
        if state is None:
            return None
        missing = sum(1 for row in tail if row[1] in ACTION_VALUES)
        try:
            for action in folded.actions[len(folded.actions) - missing :] if missing else ():
                state = apply(state, action).state
        except EngineError:
            return None
        return state

    def verify(self, game_id: int) -> bool:
        """Replay the whole log and compare with the state in memory (snapshots included)."""
        live = self.load(game_id)
        return replay_state(live.base, live.folded.actions, game_id) == live.state

    # -- committing -------------------------------------------------------------------------
    def entry(
        self, live: Live, offset: int, kind: EntryKind, seat: int | None, user: str,
        data: Mapping[str, Any],
    ) -> LogEntry:  # fmt: skip
        return LogEntry(live.version + 1 + offset, kind, seat, user, self.now(), dict(data))

    def commit(
        self,
        live: Live,
        entries: list[LogEntry],
        state: GameState,
        events: list[Event],
        *,
        note: str = "",
        ended: tuple[Status, int | None, str] | None = None,
    ) -> GameTransition:
        """Answer the seats that are out with their default, settle the game's end, append
        everything in one version-checked transaction, then update the cache."""
        folded = live.folded.copy()
        for entry in entries:
            add(folded, entry)
        if ended is None:
            ended = game_end(state, folded.out)
        while ended is None:
            out_waiting = [s for s in state.waiting_on() if s in folded.out]
            if not out_waiting:
                break
            action = default_action(state, out_waiting[0])
            t = apply(state, action)
            state, events = t.state, [*events, *t.events]
            extra = LogEntry(
                live.version + len(entries) + 1, EntryKind.DEFAULT, action.seat, HOST, self.now(),
                {"action": action.to_dict(), "reason": "the seat is out of the game"},
            )  # fmt: skip
            entries.append(extra)
            add(folded, extra)
            ended = game_end(state, folded.out)
        version = live.version + len(entries)
        snapshot = None
        if ended is not None or version // SNAPSHOT_EVERY > live.version // SNAPSHOT_EVERY:
            text = snapshots.encode(state, snapshots.header_cards(live.header))
            snapshot = None if text is None else (ENGINE_TAG, text)
        end = (ended[0], self.now(), ended[1], ended[2]) if ended else None
        try:
            self.store.append(
                live.game_id, live.version, entries, folded.chain, ended=end, snapshot=snapshot
            )
        except VersionConflictError as exc:
            self._live.pop(live.game_id, None)
            raise GameMovedOnError(
                live.game_id, exc.version, self.load(live.game_id).state
            ) from exc
        self._live[live.game_id] = Live(live.game_id, live.header, folded, state)
        return GameTransition(
            game=self.info(live.game_id),
            before=live.state,
            after=state,
            events=tuple(events),
            entries=tuple(entries),
            ended=ended is not None,
            note=note,
        )

    def seats_of(self, game_id: int, user: User) -> tuple[int, ...]:
        return tuple(s["seat"] for s in self.store.seats(game_id) if s["user_id"] == user.id)


def game_end(state: GameState, out: set[int]) -> tuple[Status, int | None, str] | None:
    """(FINISHED, winner, result) once the engine says the game is over or one seat is left."""
    if state.is_over:
        winner = state.winner
        result = "a draw" if winner is None else f"seat {winner} won"
        return Status.FINISHED, winner, result
    left = [
        s for s in range(len(state.players)) if s not in out and not state.players[s].eliminated
    ]
    if len(left) <= 1:
        winner = left[0] if left else None
        result = "every other seat left the game" if left else "every seat left the game"
        return Status.FINISHED, winner, (f"seat {winner} won: " if left else "") + result
    return None


def replay_state(base: GameRecord, actions: Sequence[Any], game_id: int) -> GameState:
    try:
        return replay(GameRecord(
            base.config, base.seed, base.decks, base.cards, tuple(actions), base.meta,
            base.position,
        )).state  # fmt: skip
    except EngineError as exc:
        raise GameError(
            f"Game {game_id} does not replay on this engine ({exc}); ask a judge to export the "
            "record and restore the bot version it was started with."
        ) from exc


def check_pinned(game_id: int, row: Mapping[str, Any]) -> None:
    """Refuse to run a game under another record version or rules text than it started with."""
    if row["record_version"] != RECORD_VERSION or row["rules_version"] != RULES:
        raise GamePinnedError(
            f"Game {game_id} was started under game record version {row['record_version']} "
            f"({row['rules_version']}) and this bot runs version {RECORD_VERSION} ({RULES}), "
            "so it will not continue it silently: finish it on the bot version it started "
            "with, or export its record and ask a judge to start a new game from that position."
        )


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def deck_json(name: str, starting_army: Sequence[str], cards: Sequence[str]) -> str:
    return json.dumps({"name": name, "starting_army": list(starting_army), "cards": list(cards)})
