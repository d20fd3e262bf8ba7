"""Card layer speed: community import, random_deck per format, deck validation.

Uses the community card file beside the repository (../shared/cards/...) when present, or a
file given with --cards; else the sample cards only. Target: random_deck < 100 ms per deck.

Run: python benchmarks/cards.py [--decks N] [--cards FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

# benchmarks/engine.py would shadow the `engine` package: keep this folder off the path.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from engine.cards.catalog import CardCatalog  # noqa: E402
from engine.cards.community import parse_community_cards  # noqa: E402
from engine.cards.deckbuilder import random_deck  # noqa: E402
from engine.cards.formats import GameFormat  # noqa: E402
from engine.cards.sample import sample_catalog  # noqa: E402
from engine.cards.validation import validate_deck  # noqa: E402

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "cards"
DEFAULT_FILE = SHARED / "accordlands-cards-2020.json"


def bench_catalog(label: str, catalog: CardCatalog, decks: int) -> None:
    for fmt in GameFormat:
        started = time.perf_counter()
        first = random_deck(catalog, 0, fmt)  # builds the per-catalog index
        first_ms = (time.perf_counter() - started) * 1000
        times = []
        for seed in range(1, decks + 1):
            started = time.perf_counter()
            random_deck(catalog, seed, fmt)
            times.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        validate_deck(first, catalog, fmt)
        check_ms = (time.perf_counter() - started) * 1000
        print(
            f"{label:9} random_deck {fmt.value:9} first {first_ms:6.1f} ms, then mean "
            f"{statistics.mean(times):5.1f} ms, max {max(times):5.1f} ms over {decks} decks; "
            f"validate_deck {check_ms:4.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decks", type=int, default=50, help="decks per format (default 50)")
    parser.add_argument("--cards", type=Path, default=DEFAULT_FILE, help="community card file")
    args = parser.parse_args()
    bench_catalog("sample", sample_catalog(), args.decks)
    if not args.cards.exists():
        print(f"community file not found ({args.cards}); sample cards only")
        return
    data = json.loads(args.cards.read_text(encoding="utf-8"))
    started = time.perf_counter()
    report = parse_community_cards(data)
    import_s = time.perf_counter() - started
    print(
        f"community import: {report.imported} cards in {import_s:.2f} s "
        f"({report.clean} clean, {report.skipped} skipped)"
    )
    bench_catalog("community", report.catalog, args.decks)


if __name__ == "__main__":
    main()
