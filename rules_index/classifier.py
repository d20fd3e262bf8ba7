"""The learned signal: a linear classifier from a question's words to the CR entry answering it.

`data/entry_classifier.npz` (built by `scripts/train_classifier.py`) is a multinomial logistic
regression trained on the expansion texts (the players', newcomers' and situations' questions
written for every entry) and the rules' own text: one class per entry of the Comprehensive
Rules, one feature per word stem of the query plan (its synonyms at `SYNONYM_VALUE`) and per
phrase. Where BM25 and the coverage of the questions' words find the candidates, the classifier
has learnt which words tell a rule from the rule next door (602.5.1 from 602.5.3, 404.4 from
404.5.1), so it re-orders the first `RERANKED` answers (`rerank`). Nothing runs but a sparse sum
and a softmax: about 0.05 ms a query.

The model records a fingerprint of what it was trained on (the features and classes of every
training text); `tests/rules_index/test_rules_classifier.py` fails when the expansion files,
the rules or the query planner changed without the model being trained again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rules_index.catalog import expansions, newcomer_questions, situations
from rules_index.models import Entry
from rules_index.query import QueryPlan, ask_clause, stem
from rules_index.text import fold, words

MODEL = Path(__file__).resolve().parent / "data" / "entry_classifier.npz"
FEATURE_VERSION = 2  # bump when `features` changes: the model must be trained again
SYNONYM_VALUE = 0.6  # a word a table adds counts this much of the player's own word
PHRASE_VALUE = 0.5
ASK_VALUE = 2.0  # a long story's ask clause (`query.ask_clause`) weighs this much more
PHRASES = 6  # of the plan's word pairs and triples, the first this many are features
RERANKED = 5  # the answers the classifier re-orders
TEXT_KINDS = ("rule", "glossary", "keyword", "feat", "section")  # whose own text is learnt from
SMOOTHING = 1e-4  # added to a probability before its logarithm: no candidate is ruled out
Floats = npt.NDArray[np.float32]


def features(plan: QueryPlan) -> dict[str, float]:
    """The classifier's features of a query plan: its words' stems (`w:`), the stems its
    synonyms add, and its first phrases (`p:`); a long story's ask weighs more."""
    out: dict[str, float] = {}
    focus = ask_clause(plan.raw[:500])
    said = {stem(t) for t in words(fold(focus))} if focus else set()
    for own, syn in plan.concepts:
        scale = ASK_VALUE if not own.isdisjoint(said) else 1.0
        for s in own:
            out["w:" + s] = scale
        for s in syn:
            out.setdefault("w:" + s, SYNONYM_VALUE * scale)
    for phrase in plan.phrases[:PHRASES]:
        out["p:" + phrase] = PHRASE_VALUE
    return out


def fingerprint(samples: Iterable[tuple[str, Mapping[str, float]]]) -> str:
    """A content hash of training samples (class, features), in order."""
    digest = hashlib.sha256(f"features {FEATURE_VERSION}\n".encode())
    for label, feats in samples:
        line = label + "\t" + " ".join(f"{k}={v:g}" for k, v in sorted(feats.items()))
        digest.update(line.encode("utf-8") + b"\n")
    return digest.hexdigest()[:20]


def training_texts(
    entries: Iterable[Entry], expansions: Iterable[tuple[str, str, str]], doc: str
) -> list[tuple[str, str]]:
    """(ref, text) to learn from: every expansion text of `doc` ((document, ref, text), as
    `catalog` lists them), then the title and text of its rules, glossary terms, keywords,
    feats and sections, in the order given."""
    out = [(ref, text) for d, ref, text in expansions if d == doc]
    out += [
        (e.ref, f"{e.title}. {e.text}") for e in entries if e.doc == doc and e.kind in TEXT_KINDS
    ]
    return out


def training_samples(
    entries: Iterable[Entry], plan: Callable[[str], QueryPlan], doc: str
) -> list[tuple[str, dict[str, float]]]:
    """(ref, features) of every text the classifier learns from: `training_texts` of the
    packaged expansion files, each planned as a query is (`plan`, the ranker's)."""
    listed = expansions() + newcomer_questions() + situations()
    return [(ref, features(plan(text))) for ref, text in training_texts(entries, listed, doc)]


class EntryClassifier:
    """The shipped model: refs, a bias per class and, per feature, its non-zero weights."""

    def __init__(self, path: Path = MODEL) -> None:
        with np.load(path, allow_pickle=False) as data:
            self.refs: list[str] = [str(r) for r in data["refs"]]
            self.bias: Floats = data["bias"].astype(np.float32)
            names = [str(f) for f in data["features"]]
            indptr = data["indptr"]
            classes = data["classes"].astype(np.intp)
            weights = data["weights"].astype(np.float32)
            self.fingerprint = str(data["fingerprint"])
        self.rows: dict[str, tuple[npt.NDArray[np.intp], Floats]] = {
            name: (classes[indptr[i] : indptr[i + 1]], weights[indptr[i] : indptr[i + 1]])
            for i, name in enumerate(names)
        }
        self.index = {ref: i for i, ref in enumerate(self.refs)}

    def log_probabilities(self, plan: QueryPlan) -> Floats:
        """ln p(entry | query) for every class, in the order of `refs`."""
        logits = self.bias.copy()
        for name, value in features(plan).items():
            row = self.rows.get(name)
            if row is not None:  # a feature's classes are distinct
                logits[row[0]] += row[1] * np.float32(value)
        top = float(logits.max())
        shifted: Floats = logits - np.float32(top)
        return shifted - np.float32(np.log(np.exp(shifted).sum()))

    def rerank(
        self,
        plan: QueryPlan,
        ordered: Sequence[int],
        scores: Mapping[int, float],
        ref_of: Mapping[int, str],
        weight: float,
    ) -> list[int]:
        """`ordered` with those of its first `RERANKED` answers that `ref_of` gives a ref (the
        default document's rules, glossary terms, keywords, feats and sections) re-ordered by
        their score as a share of the first's plus `weight` x ln p(entry | query); the other
        answers (older documents, appendix lists and items) keep their places."""
        head = list(ordered[:RERANKED])
        slots = [i for i, rid in enumerate(head) if rid in ref_of and ref_of[rid] in self.index]
        if len(slots) < 2 or weight <= 0:
            return list(ordered)
        log_p = self.log_probabilities(plan)
        top = scores[head[0]] or 1.0

        def combined(rid: int) -> float:
            p = float(np.exp(log_p[self.index[ref_of[rid]]]))
            return scores[rid] / top + weight * float(np.log(p + SMOOTHING))

        chosen = sorted((head[i] for i in slots), key=combined, reverse=True)
        for i, rid in zip(slots, chosen, strict=True):
            head[i] = rid
        return head + list(ordered[RERANKED:])
