"""Rules index figures: build time, open time, per-query latency (median, p99), accuracy.

    python benchmarks/rules_lookup.py [--questions FILE ...] [--repeat N]

Questions default to tests/rules_index/questions*.jsonl plus ../shared/eval/rules_dev.jsonl when
the shared folder is present; every CR rule number and glossary name is timed as well. When
../shared/tools/cr_reference.py exists, the same questions are timed on its bare BM25 search.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))

from rules_index import RulesIndex, store  # noqa: E402


def load_questions(paths: list[Path]) -> list[dict[str, object]]:
    out = []
    for path in paths:
        if path.exists():
            out += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return out


def matches(ref: str, expected: list[str]) -> bool:
    return any(ref == e or ref.startswith(e + ".") for e in expected)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def time_queries(
    func: object, queries: list[str], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> list[float]:
    assert callable(func)
    times = []
    for _ in range(repeat):
        for q in queries:
            t0 = clock()
            func(q)
            times.append((clock() - t0) * 1000)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=Path, nargs="*")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    files = args.questions or [
        ROOT / "tests" / "rules_index" / "questions.jsonl",
        ROOT / "tests" / "rules_index" / "questions_round2.jsonl",
        ROOT / "tests" / "rules_index" / "questions_round3.jsonl",
        SHARED / "eval" / "rules_dev.jsonl",
    ]
    questions = load_questions(files)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rules-index.sqlite"
        builds = []
        for _ in range(3):
            t0 = time.perf_counter()
            store.build(path)
            builds.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        index = RulesIndex.open(path)
        opened = time.perf_counter() - t0
        print(f"build: median {statistics.median(builds) * 1000:.0f} ms over {len(builds)} builds")
        print(f"open (fresh cache): {opened * 1000:.0f} ms")

        cr_rows = [r.entry for r in index.ranker.rows.values() if r.entry.doc == "cr"]
        numbers = [e.ref for e in cr_rows if e.ref[:1].isdigit()]
        names = [e.title for e in cr_rows if e.kind in ("glossary", "keyword", "feat")]
        texts = [str(q["q"]) for q in questions]
        question_median = 0.0
        for label, queries in (("questions", texts), ("rule numbers", numbers), ("names", names)):
            if not queries:
                continue
            times = time_queries(lambda q: index.search(q, limit=10), queries, args.repeat)
            if label == "questions":
                question_median = statistics.median(times)
            print(
                f"search {label:<13} n={len(queries):<4} median {statistics.median(times):.3f} ms"
                f"  p99 {percentile(times, 99):.3f} ms"
            )
        if questions:
            top1 = top3 = 0
            for q in questions:
                refs = [h.ref for h in index.search(str(q["q"]), limit=3)]
                expected = [str(e) for e in q["expect"]]  # type: ignore[attr-defined]
                top1 += any(matches(r, expected) for r in refs[:1])
                top3 += any(matches(r, expected) for r in refs[:3])
            n = len(questions)
            print(f"accuracy: top1 {top1 / n:.3f}  top3 {top3 / n:.3f}  (n={n})")
        reference = SHARED / "tools" / "cr_reference.py"
        if reference.exists() and texts:
            sys.path.insert(0, str(reference.parent))
            import cr_reference  # type: ignore[import-not-found]

            rules, glossary = cr_reference.parse()
            db = cr_reference.build_fts(rules, glossary)
            times = time_queries(lambda q: cr_reference.bm25_search(db, q, 5), texts, args.repeat)
            print(
                f"bare BM25 baseline    n={len(texts):<4} median {statistics.median(times):.3f} ms"
                f"  p99 {percentile(times, 99):.3f} ms"
            )
            if question_median:
                ratio = question_median / statistics.median(times)
                print(f"questions vs bare BM25: {ratio:.1f}x (median per query)")
            # CPU time, the searches taking turns: steadier than wall time on a busy machine.
            ranker = index.ranker
            full = ranker.ranking
            plain = dataclasses.replace(full, situations=0.0)  # the eighth round's ranking
            ours: list[float] = []
            lexical: list[float] = []
            bare: list[float] = []
            story: list[bool] = []  # a query long enough for the situations
            for turn in range(args.repeat):
                for n, q in enumerate(texts):
                    # which of the two goes first alternates: the second finds warm caches
                    for weights in (full, plain) if (turn + n) % 2 else (plain, full):
                        ranker.ranking = weights
                        (ours if weights is full else lexical).extend(
                            time_queries(
                                lambda q: index.search(q, limit=10), [q], 1, time.thread_time
                            )
                        )
                    ranker.ranking = full
                    story.append(len(q.split()) >= full.story_words)
                    bare += time_queries(
                        lambda q: cr_reference.bm25_search(db, q, 5), [q], 1, time.thread_time
                    )
            a, c, b = statistics.median(ours), statistics.median(lexical), statistics.median(bare)
            print(f"CPU time, in turns: {a:.3f} ms vs bare BM25 {b:.3f} ms: {a / b:.1f}x")
            print(f"  without the situations: {c:.3f} ms: {c / b:.1f}x")
            if any(story):
                long_ours = [t for t, s in zip(ours, story, strict=True) if s]
                long_plain = [t for t, s in zip(lexical, story, strict=True) if s]
                long_bare = [t for t, s in zip(bare, story, strict=True) if s]
                d, e = statistics.median(long_ours), statistics.median(long_bare)
                f = statistics.median(long_plain)
                print(
                    f"  long questions ({len(long_ours) // args.repeat}): {d:.3f} ms vs {e:.3f} ms:"
                    f" {d / e:.1f}x ({f:.3f} ms, {f / e:.1f}x, without the situations)"
                )
        index.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
