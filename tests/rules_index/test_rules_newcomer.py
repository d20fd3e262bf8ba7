"""What a newcomer tripped over (issue 9): numbers, French words, adding documents, plurals."""

from __future__ import annotations

import pytest

from rules_index import RulesIndex
from rules_index.errors import UnknownRuleError


@pytest.mark.parametrize("doc", ["4e-fr", "4e-en", "4e-web"])
def test_rule_numbers_belong_to_the_cr_whatever_the_document(index: RulesIndex, doc: str) -> None:
    details = index.get("104.3", doc=doc)
    assert [(d.entry.doc, d.entry.ref) for d in details] == [("cr", "104.3")]
    assert [d.entry.ref for d in index.get("104.2-104.3", doc=doc)] == ["104.2", "104.3"]
    assert index.search("104.3", doc=doc)[0].ref == "104.3"
    found = index.lookup("104.3", doc=doc)
    assert found.kind == "number" and found.details[0].entry.doc == "cr"


def test_a_missing_number_is_still_an_error_in_the_cr(index: RulesIndex) -> None:
    with pytest.raises(UnknownRuleError, match=r"999\.9 does not exist in cr"):
        index.get("999.9", doc="4e-fr")


def test_headings_of_older_documents_still_found_there(index: RulesIndex) -> None:
    assert index.get("PLANAR", doc="4e-en")[0].entry.doc == "4e-en"


def test_a_missing_number_offers_the_crs_nearest(index: RulesIndex) -> None:
    found = index.lookup("104.99", doc="4e-fr")
    assert found.kind == "none" and found.hits and found.hits[0].doc == "cr"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Étourdi", "107.4"),  # plain French for stunned; the rulebook says Épuisé
        ("étourdie", "107.4"),
        ("Épuisé", "107.4"),  # the rulebook's own word still works
        ("assommé", "107.4"),
        ("engagé", "107.2"),  # spent, as French players of other games say it
        ("dégager", "Glossary: Ready (a card)"),
        ("annuler une action", "510.10"),
        ("rediriger une attaque", "511.6"),
        ("relancer un dé", "105.5"),
    ],
)
def test_plain_french_words_for_states_and_actions(
    index: RulesIndex, query: str, expected: str
) -> None:
    refs = [h.ref for h in index.search(query, limit=3)]
    assert any(r == expected or r.startswith(expected + ".") for r in refs), refs


def test_a_stunned_question_in_plain_french(index: RulesIndex) -> None:
    refs = [h.ref for h in index.search("un personnage étourdi peut-il attaquer ?", limit=3)]
    assert "107.4.3" in refs


def test_plain_french_words_define_their_term(index: RulesIndex) -> None:
    assert index.define("étourdi").entry.ref == "107.4"
