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
