"""Hosting speed: moves per second through the game service with a file database, memory per
active game, and the time to resume 1,000 stored games of 300+ actions (target: < 10 s).

Stored games are written through `GameStore` exactly as the service writes them (header,
log, hash chain, the snapshot at the last multiple of SNAPSHOT_EVERY), from seeded random
playouts; `--distinct` playouts are reused across the games to save set-up time (resuming
costs the same). `--no-snapshots` also times a resume that replays every log in full.

Run: python benchmarks/hosting.py [--moves 2000] [--games 1000] [--distinct 20]
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from datetime import UTC, datetime, timedelta
from pathlib import Path

# benchmarks/engine.py would shadow the `engine` package: keep this folder off the path.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from bot.db import open_database  # noqa: E402
from bot.games import EntryKind, GameService, LogEntry, TableOptions, User  # noqa: E402
from bot.games.core import ENGINE_TAG, SNAPSHOT_EVERY, seed_hash  # noqa: E402
from bot.games.history import action_data, fold  # noqa: E402
from engine.cards.sample import sample_catalog, sample_decks  # noqa: E402
from engine.playout import random_playout  # noqa: E402
from engine.record import RECORD_VERSION, RULES, GameRecord, replay  # noqa: E402
from engine.state import GameConfig  # noqa: E402

USERS = (User("p0", "Ann"), User("p1", "Bo"))
DECKS = ("saga-deverenian", "saga-nothrog")


def new_game(svc: GameService) -> int:
    game = svc.create_game("bench", USERS[0], TableOptions(seats=2))
    svc.join(game.id, USERS[1])
    for seat, user in enumerate(USERS):
        svc.submit_deck(game.id, user, DECKS[seat])
    return game.id


def moves_per_second(db: Path, moves: int) -> tuple[float, float]:
    """(submits/s, whole loop/s): random legal moves by the seat waited on, new games as
    games end."""
    svc = GameService(open_database(db))
    rng = random.Random(1)
    game = new_game(svc)
    in_submit = 0.0
    started = time.perf_counter()
    for _ in range(moves):
        info = svc.game(game)
        if not info.waiting_on:
            game = new_game(svc)
            continue
        seat = info.waiting_on[0]
        _, version = svc.state(game)
        action = rng.choice(svc.legal_moves(game, USERS[seat])[seat])
        t = time.perf_counter()
        svc.submit(game, USERS[seat], action, version)
        in_submit += time.perf_counter() - t
    return moves / in_submit, moves / (time.perf_counter() - started)


def playouts(distinct: int, min_actions: int) -> list[GameRecord]:
    decks, cards = sample_decks(), sample_catalog()
    out: list[GameRecord] = []
    seed = 0
    while len(out) < distinct:
        seed += 1
        p = random_playout(GameConfig(), [decks[d] for d in DECKS], seed, cards, turn_cap=60)
        if len(p.record.actions) >= min_actions:
            cut = min_actions + (seed * 37) % 200  # games still running, 300 to 500 actions
            out.append(GameRecord(p.record.config, p.record.seed, p.record.decks,
                                  p.record.cards, p.record.actions[:cut]))  # fmt: skip
    return out


def store_games(svc: GameService, records: list[GameRecord], games: int, snapshots: bool) -> int:
    """Write `games` running games with the records' logs; returns the actions stored."""
    store, now, total = svc.store, datetime(2026, 1, 1, tzinfo=UTC), 0
    prepared = []
    for record in records:
        base = GameRecord(record.config, record.seed, record.decks, record.cards)
        at = len(record.actions) // SNAPSHOT_EVERY * SNAPSHOT_EVERY  # as the service writes
        state = replay(GameRecord(base.config, base.seed, base.decks, base.cards,
                                  record.actions[:at])).state  # fmt: skip
        prepared.append((record, base.to_json(), at, state))
    from bot.games.snapshots import encode

    for number in range(games):
        record, header, at, state = prepared[number % len(prepared)]
        game = store.create_game("bench", "p0", "p0", TableOptions(), now)
        store.update_seat(game, 0, user_id="p0", name="Ann", deck="{}")
        store.update_seat(game, 1, user_id="p1", name="Bo", deck="{}")
        store.set_started(
            game, now, seed=record.seed, seed_hash=seed_hash(record.seed), rules_version=RULES,
            record_version=RECORD_VERSION, header=header,
        )  # fmt: skip
        entries = [
            LogEntry(n, EntryKind.ACTION, a.seat, f"p{a.seat}", now + timedelta(minutes=n),
                     action_data(a))
            for n, a in enumerate(record.actions, start=1)
        ]  # fmt: skip
        folded = fold(entries, mark=at)
        store.append(game, 0, entries, folded.chain)
        if snapshots:
            text = encode(state, record.cards)
            assert text is not None, "a state the snapshot format cannot hold"
            store.put_snapshot(game, at, folded.marked, ENGINE_TAG, text)
        total += len(entries)
    return total


def resume_seconds(db: Path) -> tuple[float, int, dict[int, str]]:
    gc.collect()
    started = time.perf_counter()
    svc = GameService(open_database(db))
    failed = svc.resume_all()
    return time.perf_counter() - started, len(svc._live), failed


def memory_per_game(db: Path, games: int) -> float:
    """Bytes held per game in the service's cache (tracemalloc, after resuming `games`)."""
    svc = GameService(open_database(db))
    ids = svc.store.game_ids()[:games]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for game in ids:
        svc.load(game)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(ids)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--distinct", type=int, default=20)
    parser.add_argument("--min-actions", type=int, default=300)
    parser.add_argument("--no-snapshots", action="store_true", help="also time a full replay")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "moves.db"
        submits, loop = moves_per_second(db, args.moves)
        print(
            f"moves: {submits:.0f}/s in submit (logged, fsync'd), {loop:.0f}/s with the "
            f"player's reads ({args.moves} moves, file database, WAL, synchronous=FULL)"
        )
        records = playouts(args.distinct, args.min_actions)
        for snapshots in (True, False) if args.no_snapshots else (True,):
            db = Path(folder) / f"resume-{snapshots}.db"
            svc = GameService(open_database(db))
            svc.db.conn.execute("PRAGMA synchronous=OFF")  # set-up only; resume reads it back
            actions = store_games(svc, records, args.games, snapshots)
            svc.db.conn.close()
            seconds, resumed, failed = resume_seconds(db)
            label = "from snapshots + log tail" if snapshots else "replaying every log in full"
            print(f"resume: {resumed} games ({actions / args.games:.0f} actions each on "
                  f"average) in {seconds:.1f} s, {label}; {len(failed)} failed")  # fmt: skip
        per_game = memory_per_game(Path(folder) / "resume-True.db", min(200, args.games))
        print(f"memory: {per_game / 1024:.0f} KiB per active game in the service's cache")
    return 0


if __name__ == "__main__":
    sys.exit(main())
