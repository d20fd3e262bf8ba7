"""Engine speed: games per second, actions per second, and the time to restore a game of
about 500 actions from its record (play-by-post restores games by replaying them), and from
state snapshots kept beside the record (engine.snapshots). Ends with the targets of issue 10
(at least 10 random games/s on one core, a 500-action game restored in at most 20 ms) and
which figure meets each.

Run: python benchmarks/engine.py [--games N] [--seed S]

The games are timed after one untimed warm-up game (another seed), which compiles the
modules a game imports lazily.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

# This script is named engine.py: keep its folder off the path so `engine` is the package.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from engine import GameConfig, GameRecord, apply, legal_actions, replay  # noqa: E402
from engine.cards.sample import sample_catalog, sample_decks  # noqa: E402
from engine.playout import random_playout  # noqa: E402
from engine.snapshots import restore, snapshots_every  # noqa: E402

GAMES_PER_SECOND = 10.0  # issue 10: at least this many random games per second, one core
RESTORE_MS = 20.0  # issue 10: a 500-action game restored in at most this many milliseconds


def verdict(ok: bool) -> str:
    return "MET" if ok else "not met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    decks = sample_decks()
    names = sorted(n for n in decks if n.startswith("saga"))
    catalog = sample_catalog()

    # One untimed game first: the modules a game imports lazily are compiled from source
    # there (bytecode caching may be off), a one-time cost that is not the engine's speed.
    warm_pair = [decks[names[0]], decks[names[1 % len(names)]]]
    random_playout(GameConfig(), warm_pair, args.seed + args.games, catalog)
    started = time.perf_counter()
    playouts = []
    for g in range(args.games):
        pair = [decks[names[g % len(names)]], decks[names[(g + 1) % len(names)]]]
        playouts.append(random_playout(GameConfig(), pair, args.seed + g, catalog))
    elapsed = time.perf_counter() - started
    games_per_second = args.games / elapsed
    actions = sum(p.actions for p in playouts)
    print(
        f"random games (random players + apply): {games_per_second:.2f} games/s, "
        f"{actions / elapsed:.0f} actions/s ({actions} actions, {elapsed:.1f} s; "
        "after one untimed warm-up game)"
    )

    record = next(p.record for p in playouts if p.actions >= 500)
    cut = GameRecord(record.config, record.seed, record.decks, record.cards, record.actions[:500])
    text = cut.to_json()
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        replay(GameRecord.from_json(text))
        times.append(time.perf_counter() - t0)
    median = statistics.median(times) * 1000
    restored = {"replaying the whole record": median}
    print(
        f"restore a 500-action game from its JSON record: median {median:.0f} ms "
        f"(best {min(times) * 1000:.0f} ms)"
    )

    snapshots = snapshots_every(cut, 50)  # one every 50 actions and one at the end
    for label, kept in (
        ("a snapshot at action 500", snapshots),
        ("a snapshot at action 451 (the worst case of one every 50)", None),
    ):
        if kept is None:
            cut451 = GameRecord(cut.config, cut.seed, cut.decks, cut.cards, cut.actions[:451])
            kept = [s for s in snapshots_every(cut451, 451) if s.actions == 451]
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            restore(GameRecord.from_json(text), kept)
            times.append(time.perf_counter() - t0)
        restored[f"from {label}"] = statistics.median(times) * 1000
        print(
            f"restore it from its JSON record and {label}: median "
            f"{statistics.median(times) * 1000:.1f} ms (best {min(times) * 1000:.1f} ms)"
        )

    start = cut.start()
    times = []
    for _ in range(5):  # the median of five passes: one pass is too short to time reliably
        state = start
        t0 = time.perf_counter()
        for action in cut.actions:
            state = apply(state, action).state
        times.append(time.perf_counter() - t0)
    print(f"apply alone: {500 / statistics.median(times):.0f} actions/s (median of 5 passes)")

    states = [start]
    for action in cut.actions:
        states.append(apply(states[-1], action).state)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        for state in states:
            if state.pending:
                legal_actions(state, state.pending[0].seat)
        times.append(time.perf_counter() - t0)
    print(
        f"legal_actions alone: {len(states) / statistics.median(times):.0f} calls/s "
        f"(the {len(states)} positions of that game, median of 5 passes)"
    )

    print("targets of issue 10 (medians, this machine, this run):")
    print(
        f"  at least {GAMES_PER_SECOND:.0f} random games/s on one core: "
        f"{verdict(games_per_second >= GAMES_PER_SECOND)} ({games_per_second:.2f} games/s)"
    )
    print(f"  a 500-action game restored in at most {RESTORE_MS:.0f} ms:")
    for how, ms in restored.items():
        print(f"    {how}: {verdict(ms <= RESTORE_MS)} ({ms:.1f} ms)")


if __name__ == "__main__":
    main()
