"""Counts in answers agree with their number: "1 result", "Show the 1 sub-rule of ..."."""

from __future__ import annotations

from bot.commands.cards import rule_card, search_page
from rules_index.models import DocumentInfo, Entry, EntryDetail, Hit

CR = DocumentInfo("cr", "Comprehensive Rules", "2.0.7", "en", "numbered", is_default=True)


def hit(ref: str) -> Hit:
    return Hit(ref, "cr", "", f"Text of {ref}.", 1.0, "rule", "fulltext")


def test_search_footer_counts_results_in_the_singular_and_plural() -> None:
    one, _ = search_page("stun", "", [hit("104.2")], 0, more=False)
    assert one.footer == "Page 1 of 1 · 1 result"
    two, _ = search_page("stun", "", [hit("104.2"), hit("104.3")], 0, more=False)
    assert two.footer == "Page 1 of 1 · 2 results"
    many, _ = search_page("stun", "", [hit(f"104.{i}") for i in range(50)], 0, more=True)
    assert many.footer.endswith("· 50+ results")


def test_a_single_collapsed_sub_rule_is_named_in_the_singular() -> None:
    parent = Entry("110.9", "cr", "rule", "Long Rule", "A rule.", None)
    child = Entry("110.9.1", "cr", "rule", "", "Long text. " * 300, "110.9")
    _, buttons = rule_card(EntryDetail(parent, CR, (), (child,), (), ()))
    assert [b.label for b in buttons] == ["Show the 1 sub-rule of 110.9"]
    children = tuple(Entry(f"110.9.{i}", "cr", "rule", "", "x " * 500, "110.9") for i in (1, 2))
    _, buttons = rule_card(EntryDetail(parent, CR, (), children, (), ()))
    assert [b.label for b in buttons] == ["Show the 2 sub-rules of 110.9"]
