"""Train `rules_index/data/entry_classifier.npz`, the learned signal of the search.

A multinomial logistic regression (scikit-learn, L2, C = `C`) from the features of a question's
query plan (`rules_index.classifier.features`) to the Comprehensive Rules entry it asks about,
learnt from every expansion text of the CR (players' and newcomers' questions, situations) and
from the rules' own text (`classifier.training_texts`); never from a question set used to
measure the search. Weights under `PRUNE` in size are dropped (they change no ranking of the
question sets) and the rest stored as float16, one sparse row per feature.

Train again whenever an expansion file, the rules or the query planner (vocabulary tables,
spelling) changes: the model's fingerprint would no longer match and
`tests/rules_index/test_rules_classifier.py` says so. scikit-learn is needed only here:

    .venv/bin/pip install -e ".[train]"
    .venv/bin/python scripts/train_classifier.py

It takes about a minute on two cores.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_index import RulesIndex  # noqa: E402
from rules_index.classifier import MODEL, fingerprint, training_samples  # noqa: E402

C = 1.0  # inverse L2 strength: 0.25 and 4 rank the tuning questions no better
PRUNE = 0.1  # |weight| below this is dropped (about one weight in 300 is kept)
MAX_ITER = 500


def main() -> int:
    try:
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression
    except ImportError:
        print('error: scikit-learn is needed: .venv/bin/pip install -e ".[train]"', file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as home:  # the packaged documents only
        return train(
            RulesIndex.open(Path(home) / "rules-index.sqlite"), LogisticRegression, DictVectorizer
        )


def train(index: RulesIndex, regression: type, vectorizer_type: type) -> int:
    ranker = index.ranker
    entries = [row.entry for row in sorted(ranker.rows.values(), key=lambda r: r.position)]
    samples = training_samples(entries, ranker.plan, ranker.default_doc)
    started = time.process_time()
    vectorizer = vectorizer_type()
    matrix = vectorizer.fit_transform([f for _, f in samples])
    model = regression(C=C, max_iter=MAX_ITER)
    model.fit(matrix, [ref for ref, _ in samples])
    weights = model.coef_.T  # feature x class
    names = vectorizer.get_feature_names_out()
    kept = np.abs(weights) >= PRUNE
    rows = [np.flatnonzero(kept[i]) for i in range(weights.shape[0])]
    used = [i for i, r in enumerate(rows) if len(r)]
    indptr = np.cumsum([0] + [len(rows[i]) for i in used]).astype(np.int32)
    MODEL.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        MODEL,
        refs=np.array(model.classes_, dtype=str),
        bias=model.intercept_.astype(np.float32),
        features=np.array([names[i] for i in used], dtype=str),
        indptr=indptr,
        classes=np.concatenate([rows[i] for i in used]).astype(np.int16),
        weights=np.concatenate([weights[i, rows[i]] for i in used]).astype(np.float16),
        fingerprint=np.array(fingerprint(samples)),
        trained_by=np.array(f"{regression.__module__} C={C} prune={PRUNE} texts={len(samples)}"),
    )
    print(
        f"{len(samples)} texts, {len(model.classes_)} entries, {len(names)} features"
        f" ({len(used)} kept), {int(indptr[-1])} weights kept;"
        f" trained in {time.process_time() - started:.0f} s of CPU -> {MODEL.relative_to(ROOT)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
