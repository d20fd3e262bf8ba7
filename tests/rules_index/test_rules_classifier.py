"""The learned classifier (`rules_index.classifier`): a shipped model that matches what it was
trained on, and the re-ordering of the first answers it does."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rules_index import RulesIndex
from rules_index.classifier import (
    ASK_VALUE,
    MODEL,
    RERANKED,
    EntryClassifier,
    features,
    fingerprint,
    training_samples,
    training_texts,
)
from rules_index.query import plan_query
from rules_index.weights import DEFAULT_WEIGHTS


def test_the_shipped_model_was_trained_on_the_shipped_texts(index: RulesIndex) -> None:
    """Editing an expansion file, a rule or the query planner without training again
    (`scripts/train_classifier.py`) leaves a model that learnt other features: caught here."""
    ranker = index.ranker
    entries = [row.entry for row in sorted(ranker.rows.values(), key=lambda r: r.position)]
    samples = training_samples(entries, ranker.plan, ranker.default_doc)
    model = EntryClassifier(MODEL)
    assert fingerprint(samples) == model.fingerprint, "run scripts/train_classifier.py"
    assert set(model.refs) == {ref for ref, _ in samples}


def test_training_texts_are_the_documents_expansions_and_rules_only() -> None:
    from rules_index.models import Entry

    entries = [
        Entry("104.1", "cr", "rule", "Wounds", "A character with wounds ..."),
        Entry("Appendix C: Knight", "cr", "trait", "Knight", "Knight: listed in Appendix C."),
        Entry("TARGETING", "4e-en", "heading", "TARGETING", "Older text."),
    ]
    listed = [("cr", "104.1", "how do wounds work"), ("4e-en", "TARGETING", "old question")]
    assert training_texts(entries, listed, "cr") == [
        ("104.1", "how do wounds work"),
        ("104.1", "Wounds. A character with wounds ..."),
    ]


def test_features_are_stems_synonyms_and_phrases() -> None:
    found = features(plan_query("can my guy untap"))
    assert found["w:untap"] == 1.0
    assert found["w:ready"] == pytest.approx(0.6)  # untap = ready, a synonym
    assert found["w:character"] == pytest.approx(0.6)  # guy = character
    assert found["p:guy untap"] == pytest.approx(0.5)
    assert any(name.startswith("p:") for name in found)


def test_a_long_storys_ask_weighs_more() -> None:
    story = (
        "my guy is in the second rank and his buddy died in front of him during the fight"
        " last turn. can he strike from there now?"
    )
    found = features(plan_query(story))
    assert found["w:strik"] == ASK_VALUE and found["w:buddy"] == 1.0
    assert features(plan_query("can he strike from the second rank"))["w:strik"] == 1.0


def _model(tmp_path: Path, refs: list[str], weights: dict[str, dict[str, float]]) -> Path:
    """A hand-made model: per feature, its weight for some refs."""
    names = sorted(weights)
    classes: list[int] = []
    values: list[float] = []
    indptr = [0]
    for name in names:
        for ref, w in weights[name].items():
            classes.append(refs.index(ref))
            values.append(w)
        indptr.append(len(classes))
    path = tmp_path / "model.npz"
    np.savez(
        path,
        refs=np.array(refs, dtype=str),
        bias=np.zeros(len(refs), dtype=np.float32),
        features=np.array(names, dtype=str),
        indptr=np.array(indptr, dtype=np.int32),
        classes=np.array(classes, dtype=np.int16),
        weights=np.array(values, dtype=np.float16),
        fingerprint=np.array("test"),
    )
    return path


def test_probabilities_follow_the_features(tmp_path: Path) -> None:
    model = EntryClassifier(_model(tmp_path, ["404.4", "404.5.1"], {"w:max": {"404.4": 3.0}}))
    log_p = model.log_probabilities(plan_query("max hand"))
    assert np.exp(log_p).sum() == pytest.approx(1.0, abs=1e-5)
    assert log_p[0] > log_p[1]
    even = model.log_probabilities(plan_query("blue banana"))  # no feature known: no opinion
    assert even[0] == pytest.approx(even[1])


def test_rerank_reorders_close_default_answers_and_keeps_other_documents_in_place(
    tmp_path: Path,
) -> None:
    refs = ["404.4", "404.5.1", "404.5"]
    model = EntryClassifier(_model(tmp_path, refs, {"w:max": {"404.4": 6.0}}))
    ref_of = {1: "404.5.1", 2: "HAND SIZE", 3: "404.4", 4: "404.5"}  # 2: an older document's
    del ref_of[2]
    scores = {1: 2.0, 2: 1.99, 3: 1.95, 4: 1.0, 5: 0.5}
    plan = plan_query("max hand size")
    assert model.rerank(plan, [1, 2, 3, 4, 5], scores, ref_of, 0.03) == [3, 2, 1, 4, 5]
    # a lead larger than what the classifier can take back stays
    far = {1: 2.0, 2: 1.5, 3: 1.0, 4: 0.9, 5: 0.5}
    assert model.rerank(plan, [1, 2, 3, 4, 5], far, ref_of, 0.03) == [1, 2, 3, 4, 5]
    assert model.rerank(plan, [1, 2, 3, 4, 5], scores, ref_of, 0.0) == [1, 2, 3, 4, 5]
    # only the first RERANKED answers move
    beyond = {i: 2.0 - i * 0.001 for i in range(1, 10)}
    ref_of_many = {i: refs[i % 3] for i in range(1, 10)}
    assert model.rerank(plan, list(range(1, 10)), beyond, ref_of_many, 0.03)[RERANKED:] == list(
        range(RERANKED + 1, 10)
    )


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # rules next door that the words alone could not tell apart
        ("when does an action target a character", "511.2"),
        ("can I target cards in the discard pile", "511.4"),
        ("what damage type do melee strikes use", "600.1.1"),
    ],
)
def test_the_classifier_picks_the_rule_next_door(
    index: RulesIndex, query: str, expected: str
) -> None:
    assert index.search(query, limit=3)[0].ref == expected
    ranker = index.ranker
    try:
        ranker.ranking = DEFAULT_WEIGHTS.__class__(classifier=0.0)
        assert index.search(query, limit=3)[0].ref != expected  # what it fixes
    finally:
        ranker.ranking = DEFAULT_WEIGHTS


def test_a_rule_number_or_a_name_is_never_reordered(index: RulesIndex) -> None:
    assert index.search("104.3", limit=1)[0].ref == "104.3"
    assert index.search("planar", limit=1)[0].ref == "602.5"


def test_the_classifier_weighs_more_when_the_rules_words_fall_short(index: RulesIndex) -> None:
    """A newcomer's everyday words are the classifier's, not the rules': its weight grows with
    how little the rules' own words cover the question (`expansion.plainness`)."""
    from rules_index.expansion import plainness

    ranker = index.ranker
    plain = ranker.plan("my friend turned his card sideways and flipped it, what now")
    rules = ranker.plan("can a stunned character be spent")
    for plan, low, high in ((plain, 0.3, 1.0), (rules, 0.0, 0.05)):
        weights = [ranker.concept_weight(own, syn) for own, syn in plan.concepts]
        every = frozenset(s for own, _ in plan.concepts for s in own)
        some = [row.stems for row in ranker.rows.values() if row.entry.ref == "107.3"]
        value = plainness(plan, weights, some, 0.8)
        assert low <= value <= high, (plan.raw, value)
        assert plainness(plan, weights, [every], 0.8) == 0.0


def test_a_newcomers_words_are_the_classifiers_to_weigh(index: RulesIndex) -> None:
    """104.4 (counters) asked with "little markers": another rule first when the classifier's
    weight does not grow with the question's everyday words."""
    query = (
        "I have a card that doubles the little markers on my hero. She also has one damage on"
        " her. Does the damage double too?"
    )
    assert index.search(query, limit=1)[0].ref == "104.4"
    ranker = index.ranker
    try:
        ranker.ranking = DEFAULT_WEIGHTS.__class__(plain_classifier=0.0)
        assert index.search(query, limit=1)[0].ref != "104.4"
    finally:
        ranker.ranking = DEFAULT_WEIGHTS
