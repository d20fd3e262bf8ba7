"""The leak test at scale (issue 7): random games with every public message scanned for the
names and instance ids of the cards hidden at that moment (hands, deck order), and for seats
named while asked about a hidden react. Prints games, messages scanned and leaks (target 0).

Run: python benchmarks/leaks.py [--games 1000] [--seed 0] [--max-actions 150] [--jobs 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# benchmarks/engine.py would shadow the `engine` package: keep this folder off the path.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from bot.games.notify_leaks import LeakRun, leak_run, merge  # noqa: E402


def chunk(args: tuple[int, int, int, int]) -> LeakRun:
    games, seed, max_actions, first = args
    return leak_run(games, seed, max_actions, first)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=150)
    parser.add_argument("--jobs", type=int, default=3)
    args = parser.parse_args()
    size = 10
    work = [
        (min(size, args.games - first), args.seed, args.max_actions, first)
        for first in range(0, args.games, size)
    ]
    started = time.perf_counter()
    runs: list[LeakRun] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for done in pool.map(chunk, work):
            runs.append(done)
            print(f"{sum(r.games for r in runs)} games", file=sys.stderr, flush=True)
    run = merge(runs)
    seconds = time.perf_counter() - started
    print(
        json.dumps(
            {
                "games": run.games,
                "transitions": run.transitions,
                "messages": run.messages,
                "public_texts_scanned": run.texts,
                "hidden_react_waits": run.react_waits,
                "held": run.held,
                "released_in_hidden_window": run.released_in_window,
                "leaks": len(run.leaks),
                "first_leaks": [str(leak) for leak in run.leaks[:10]],
                "seconds": round(seconds, 1),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
