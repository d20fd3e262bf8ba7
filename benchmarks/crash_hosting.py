"""Crash test for hosted games: SIGKILL a hosting process at random points while scripted
players submit moves, restart it, and check that no acknowledged move was lost and that every
game resumes.

The host (`host` mode) plays random legal moves on a few games over a file database and
prints `ACK game version action` only after `submit` returned, i.e. after the move's
transaction committed (the moment a front end would reply). The driver kills it with SIGKILL
after a random delay, then opens the database itself and checks every acknowledged move
against the log, and that every running game resumes (`GameService.resume_all`).

Run: python benchmarks/crash_hosting.py [--kills 300] [--games 4] [--db PATH] [--seed N]
Prints the number of kills, acknowledged moves, lost moves and games that failed to resume.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

# benchmarks/engine.py would shadow the `engine` package: keep this folder off the path.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from bot.db import open_database  # noqa: E402
from bot.games import GameError, GameService, Status, TableOptions, User  # noqa: E402

DECKS = ("saga-deverenian", "saga-nothrog")
USERS = (User("p0", "Ann"), User("p1", "Bo"))


def new_game(svc: GameService) -> int:
    game = svc.create_game("crash", USERS[0], TableOptions(seats=2))
    svc.join(game.id, USERS[1])
    for seat, user in enumerate(USERS):
        svc.submit_deck(game.id, user, DECKS[seat])
    return game.id


def host(db: Path, games: int, seed: int) -> None:
    """Play forever (until killed): one random legal move at a time on a random game."""
    svc = GameService(open_database(db))
    failed = svc.resume_all()
    print(f"RESUMED {len(failed)}", flush=True)
    rng = random.Random(seed)
    while True:
        running = svc.store.game_ids([Status.RUNNING])
        while len(running) < games:
            running.append(new_game(svc))
        game = rng.choice(running)
        info = svc.game(game)
        if not info.waiting_on:
            continue
        seat = info.waiting_on[0]
        user = USERS[seat]
        _, version = svc.state(game)
        moves = svc.legal_moves(game, user).get(seat, [])
        if not moves or (version > 250 and rng.random() < 0.02):
            svc.resign(game, user)  # keep games short enough to finish now and then
            continue
        action = rng.choice(moves)
        try:
            svc.submit(game, user, action, version)
        except GameError:
            continue
        print(f"ACK {game} {version + 1} {json.dumps(action.to_dict(), sort_keys=True)}",
              flush=True)  # fmt: skip


def run(db: Path, kills: int, games: int, seed: int, max_delay: float = 0.8) -> dict[str, int]:
    """Kill the host `kills` times; returns the counts the script prints."""
    rng = random.Random(seed)
    acked: dict[tuple[int, int], str] = {}
    lost = failed = 0
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for kill in range(kills):
        proc = subprocess.Popen(
            [sys.executable, __file__, "host", "--db", str(db), "--games", str(games),
             "--seed", str(seed * 100_003 + kill)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
        )  # fmt: skip
        lines: list[str] = []
        started = threading.Event()

        def read(stream=proc.stdout, into=lines, ready=started) -> None:  # type: ignore[no-untyped-def]
            for line in stream:
                into.append(line)
                if line.startswith("ACK"):
                    ready.set()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        if rng.random() < 0.8:  # else kill at any point, starting up and resuming included
            started.wait(timeout=60)
        time.sleep(rng.uniform(0, max_delay))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        reader.join(timeout=10)
        for line in lines:
            if line.startswith("ACK "):
                _, game, version, action = line.rstrip("\n").split(" ", 3)
                acked[(int(game), int(version))] = action
        svc = GameService(open_database(db))
        failed = max(failed, len(svc.resume_all()))
        lost = 0
        logs: dict[int, dict[int, str]] = {}
        for (game, version), action in acked.items():
            if game not in logs:
                logs[game] = {
                    e.n: json.dumps(dict(e.data.get("action", {})), sort_keys=True)
                    for e in svc.store.log(game)
                }
            if logs[game].get(version) != action:
                lost += 1
        svc.db.conn.close()
        if lost or failed:
            break
    return {"kills": kill + 1, "acknowledged": len(acked), "lost": lost, "failed": failed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", nargs="?", default="run", choices=["run", "host"])
    parser.add_argument("--db", type=Path)
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-delay", type=float, default=0.8)
    args = parser.parse_args(argv)
    if args.mode == "host":
        host(args.db, args.games, args.seed)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "crash.db"
        started = time.perf_counter()
        result = run(db, args.kills, args.games, args.seed, args.max_delay)
        seconds = time.perf_counter() - started
    print(
        f"{result['kills']} kills in {seconds:.0f} s: {result['acknowledged']} acknowledged "
        f"moves, {result['lost']} lost, {result['failed']} games failed to resume"
    )
    return 1 if result["lost"] or result["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
