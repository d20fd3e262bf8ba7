"""Fit the ranking weights (`rules_index.search.RankingWeights`) by coordinate search, with
cross-validation: each question file is one fold.

    python benchmarks/fit_weights.py [--questions FILE ...] [--passes N] [--json OUT]

Questions default to tests/rules_index/questions*.jsonl plus ../shared/eval/rules_dev.jsonl when
the shared folder is present. For each fold, the weights are fitted on the other folds (mean
reciprocal rank, one weight at a time, each tried at a few multiples of its value, a change kept
only when it gains more than --min-gain) and scored on the fold left out; then the weights are
fitted on every fold, which is what would be adopted if the held-out folds improved.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from dataclasses import asdict, fields, replace
from multiprocessing.pool import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))

from rules_index import RulesIndex  # noqa: E402
from rules_index.search import DEFAULT_WEIGHTS, RankingWeights  # noqa: E402

FACTORS = (0.5, 0.75, 1.25, 1.5)
Question = tuple[str, tuple[str, ...]]


def load(path: Path) -> list[Question]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [(r["q"], tuple(r["expect"])) for r in rows]


def matches(hit: str, expected: tuple[str, ...]) -> bool:
    """As the shared rules-eval tool counts: the ref, a sub-rule of it, or a glossary prefix."""
    h = hit.strip().lower()
    for e in (x.strip().lower() for x in expected):
        if h == e or h.startswith(e + "."):
            return True
        if e.startswith("glossary:") and h.startswith("glossary:"):
            return h.split(":", 1)[1].strip().startswith(e.split(":", 1)[1].strip())
    return False


def candidates(w: RankingWeights) -> list[tuple[str, RankingWeights]]:
    """Each weight at a few multiples of its value, one at a time."""
    out = []
    for f in fields(w):
        value = getattr(w, f.name)
        if f.name == "bm25":
            for i, label in ((0, "bm25.names"), (1, "bm25.title"), (4, "bm25.examples")):
                for k in FACTORS:
                    new = list(value)
                    new[i] = round(value[i] * k, 4)
                    out.append((label, replace(w, bm25=tuple(new))))
            continue
        for k in FACTORS:
            out.append((f.name, replace(w, **{f.name: round(value * k, 4)})))
    return out


_WORKER: tuple[RulesIndex, list[Question]] | None = None


def _start_worker(path: Path, questions: list[Question]) -> None:
    global _WORKER
    _WORKER = (RulesIndex.open(path), questions)


def _ranks(w: RankingWeights) -> list[int]:
    """The rank (1-10, 0 when absent) of each question's expected rule under `w`."""
    assert _WORKER is not None
    index, questions = _WORKER
    index.ranker.ranking = w
    out = []
    for q, expected in questions:
        refs = [h.ref for h in index.search(q, limit=10)]
        out.append(next((i + 1 for i, r in enumerate(refs) if matches(r, expected)), 0))
    return out


class Evaluator:
    """Ranks of every question under sets of weights, cached, computed by a process pool."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.cache: dict[RankingWeights, list[int]] = {}

    def prepare(self, ws: list[RankingWeights]) -> None:
        todo = [w for w in dict.fromkeys(ws) if w not in self.cache]
        for w, ranks in zip(todo, self.pool.map(_ranks, todo), strict=True):
            self.cache[w] = ranks

    def ranks(self, w: RankingWeights) -> list[int]:
        self.prepare([w])
        return self.cache[w]


def figures(ranks: list[int]) -> dict[str, float]:
    n = len(ranks) or 1
    return {
        "top1": sum(r == 1 for r in ranks) / n,
        "top3": sum(1 <= r <= 3 for r in ranks) / n,
        "mrr": sum(1 / r for r in ranks if r) / n,
    }


def objective(ev: Evaluator, w: RankingWeights, members: list[int]) -> float:
    ranks = ev.ranks(w)
    return statistics.mean(1 / ranks[i] if ranks[i] else 0.0 for i in members)


def jittered(n: int, spread: float, seed: int) -> list[RankingWeights]:
    """`n` random weight sets: every weight times a factor drawn log-uniformly in
    [1/spread, spread]."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        changes: dict[str, object] = {}
        for f in fields(DEFAULT_WEIGHTS):
            value = getattr(DEFAULT_WEIGHTS, f.name)
            if f.name == "bm25":
                changes[f.name] = tuple(round(v * spread ** rng.uniform(-1, 1), 3) for v in value)
            else:
                changes[f.name] = round(value * spread ** rng.uniform(-1, 1), 3)
        out.append(replace(DEFAULT_WEIGHTS, **changes))  # type: ignore[arg-type]
    return out


def fit(
    ev: Evaluator, members: list[int], steps: int, min_gain: float, extra: list[RankingWeights]
) -> RankingWeights:
    """Best-improvement search: at each step every single-weight change of the current weights
    (and, at the first step, every random weight set of `extra`) is tried, and the best is kept
    if it gains more than `min_gain` MRR on `members`."""
    best = DEFAULT_WEIGHTS
    best_score = objective(ev, best, members)
    for step in range(steps):
        cands = [c for _, c in candidates(best)] + (extra if step == 0 else [])
        ev.prepare(cands)
        score, cand = max(((objective(ev, c, members), c) for c in cands), key=lambda t: t[0])
        if score <= best_score + min_gain:
            break
        best, best_score = cand, score
    return best


def changed(w: RankingWeights) -> dict[str, object]:
    base = asdict(DEFAULT_WEIGHTS)
    return {k: v for k, v in asdict(w).items() if v != base[k]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", nargs="*", type=Path)
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--random", type=int, default=0, help="random weight sets tried too")
    ap.add_argument("--spread", type=float, default=1.5)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--min-gain", type=float, default=0.002)
    ap.add_argument("--json", type=Path, help="write the per-fold figures here")
    a = ap.parse_args()
    paths = a.questions or sorted((ROOT / "tests" / "rules_index").glob("questions*.jsonl"))
    if not a.questions and (SHARED / "eval" / "rules_dev.jsonl").exists():
        paths.append(SHARED / "eval" / "rules_dev.jsonl")
    questions: list[Question] = []
    folds: dict[str, list[int]] = {}
    for path in paths:
        label = f"{path.parent.name}/{path.name}"
        for q in load(path):
            folds.setdefault(label, []).append(len(questions))
            questions.append(q)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rules-index.sqlite"
        RulesIndex.open(path).close()
        pool = Pool(a.jobs, _start_worker, (path, questions))
        ev = Evaluator(pool)
        randoms = jittered(a.random, a.spread, a.seed)
        report: dict[str, object] = {}
        for label, held in folds.items():
            train = [i for i in range(len(questions)) if i not in set(held)]
            w = fit(ev, train, a.steps, a.min_gain, randoms)
            before = figures([ev.ranks(DEFAULT_WEIGHTS)[i] for i in held])
            after = figures([ev.ranks(w)[i] for i in held])
            report[label] = {"n": len(held), "before": before, "after": after, "fitted": changed(w)}
            print(
                f"{label:40} n={len(held):3} held-out before top1={before['top1']:.3f}"
                f" top3={before['top3']:.3f} mrr={before['mrr']:.3f} | after"
                f" top1={after['top1']:.3f} top3={after['top3']:.3f} mrr={after['mrr']:.3f}"
                f" | {changed(w)}",
                flush=True,
            )
        everything = list(range(len(questions)))
        w = fit(ev, everything, a.steps, a.min_gain, randoms)
        before, after = figures(ev.ranks(DEFAULT_WEIGHTS)), figures(ev.ranks(w))
        fitted = changed(w)
        report["all"] = {"n": len(questions), "before": before, "after": after, "fitted": fitted}
        print(f"all (training figures): before {before} after {after}\nfitted on all: {changed(w)}")
        pool.close()
    if a.json:
        a.json.write_text(json.dumps(report, indent=1, default=list))
    return 0


if __name__ == "__main__":
    sys.exit(main())
