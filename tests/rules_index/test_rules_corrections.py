"""The heading repairs of `documents/corrections.json`: applied, and never out of date."""

from __future__ import annotations

import itertools
import json

import pytest

from rules_index import RulesIndex
from rules_index.catalog import CORRECTIONS, heading_fixes, packaged_documents
from rules_index.parsing import parse_document
from rules_index.parsing.headings import heading_ref, is_url, parse_headings
from rules_index.text import clean_line

TABLE = json.loads(CORRECTIONS.read_text(encoding="utf-8"))["documents"]
DOCS = {d.name: d for d in packaged_documents()}
GARBLED = (
    "DIANAD",
    "CLOSSARY",
    "TARCETING",
    "RANCED STRIKES",
    "THE COLDEN RULE",
    "SMILL CHECKS AND SAVES",
    "IST: READY PHASE",
    "WWW.WARLORDCCG.COM",
    "DASS",
)


def _lines(name: str) -> list[str]:
    raw_lines = DOCS[name].read_text().splitlines()
    return [line for raw in raw_lines if (line := clean_line(raw).strip())]


@pytest.mark.parametrize("name", sorted(TABLE))
def test_every_correction_still_matches_its_document(name: str) -> None:
    """A repair that no longer matches anything (the document changed) fails here, so the
    table cannot rot."""
    assert name in DOCS, f"corrections.json names {name!r}, which is not a packaged document"
    fixes = TABLE[name]
    lines = _lines(name)
    printed = {heading_ref(line) for line in lines}
    pairs = {f"{a} {b}" for a, b in itertools.pairwise(lines)}
    for garbled in fixes.get("headings", {}):
        assert garbled in printed or garbled in pairs, f"{name}: no heading {garbled!r}"
    for line in fixes.get("not_headings", []):
        assert line in lines, f"{name}: no line {line!r}"
    unfiltered = parse_document(DOCS[name].read_text(), name, DOCS[name].format)
    refs = {e.ref for e in unfiltered.entries} | {"Introduction"}
    for furniture in fixes.get("furniture", []):
        assert furniture in refs, f"{name}: no entry {furniture!r}"


def test_packaged_headings_are_repaired(index: RulesIndex) -> None:
    refs = {(r.entry.doc, r.entry.ref) for r in index.ranker.rows.values()}
    for garbled in GARBLED:
        assert not any(ref == garbled for _, ref in refs), garbled
    for repaired in ("PLANAR", "GLOSSARY", "TARGETING", "RANGED STRIKES", "THE GOLDEN RULE"):
        assert ("4e-en", repaired) in refs
    assert ("4e-en", "SKILL CHECKS AND SAVES") in refs
    assert ("4e-en", "1ST: READY PHASE") in refs
    assert ("4e-fr", "Les Attaques à distances (Ranged Strikes)") in refs


def test_no_answer_is_a_web_address_or_page_furniture(index: RulesIndex) -> None:
    for row in index.ranker.rows.values():
        assert not is_url(row.entry.ref), row.entry.ref
        assert "kingeshop" not in row.entry.ref.lower()
        assert row.entry.ref not in ("BROUGHT TO YOU BY", "4E GAME RULES ENGLISH VERSION PART II")
    for query in ("www.warlordccg.com", "brought to you by", "warlordccg kingeshop"):
        hits = index.search(query, limit=10)
        assert all(not is_url(h.ref) and "BROUGHT" not in h.ref for h in hits), query


def test_a_garbled_heading_is_answered_repaired(index: RulesIndex) -> None:
    hits = index.search("golden rule", doc="4e-en", limit=3)
    assert hits[0].ref == "THE GOLDEN RULE"
    assert index.get("PLANAR", doc="4e-en")[0].entry.text.startswith("The positive")


def test_a_web_address_is_never_a_heading() -> None:
    text = "RULES\nPlay well.\n\nWWW.EXAMPLE.COM\n\nMore text follows here.\nhttps://x.org/a\n"
    parsed = parse_headings(text, "t")
    assert [e.ref for e in parsed.entries] == ["RULES"]
    assert "WWW.EXAMPLE.COM" in parsed.entries[0].text


def test_a_heading_printed_twice_is_one_entry() -> None:
    parsed = parse_headings("SAVES\n\nSAVES\n\nRoll a d20.\n", "t")
    assert [(e.ref, e.text) for e in parsed.entries] == [("SAVES", "Roll a d20.")]


def test_fixes_load_for_packaged_documents_only() -> None:
    assert heading_fixes("4e-en").headings["DIANAD"] == "PLANAR"
    assert not heading_fixes("cr").headings
    assert not heading_fixes("no-such-document").headings
