"""Golden parse tests: counts and samples per document, and tolerance of PDF artefacts."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_index.models import Entry
from rules_index.parsing import ParsedDocument, detect_format, parse_document
from rules_index.parsing.glossary import parse_glossary
from rules_index.parsing.headings import parse_headings
from rules_index.parsing.numbered import parse_numbered
from rules_index.text import cited_rules


def entries(doc: ParsedDocument) -> dict[str, Entry]:
    return {e.ref: e for e in doc.entries}


# -- the Comprehensive Rules ---------------------------------------------------------------


def test_cr_counts(parsed: dict[str, ParsedDocument]) -> None:
    cr = parsed["cr"]
    numbered = [e for e in cr.entries if e.ref[:1].isdigit()]
    assert len(numbered) == 661  # 75 rule headings (100 ... 801) and 586 rules and sub-rules
    assert sum(1 for e in numbered if e.kind == "section") == 75
    assert cr.count("keyword") == 19  # 602.2 Cursed ... 602.20 Encumbered
    assert cr.count("feat") == 11  # 603.2 Charisma ... 603.12 Stealth
    assert cr.count("glossary") == 32
    assert cr.count("appendix") == 5
    assert cr.count("trait") == 8 + 9 + 8 + 38 + 45 + 35  # appendices A (with historical) to E
    assert [e.ref for e in cr.entries if e.ref.startswith("Section ")] == [
        f"Section {n}" for n in range(1, 12)
    ]


def test_cr_every_rule_of_the_body_once(parsed: dict[str, ParsedDocument]) -> None:
    refs = [e.ref for e in parsed["cr"].entries]
    assert len(refs) == len(set(refs))
    for ref in ("100", "100.1", "110.1", "212.1", "306.3", "408.2", "512.9", "603.12.2", "801.8"):
        assert ref in refs


def test_cr_rule_text_intact_across_page_break(parsed: dict[str, ParsedDocument]) -> None:
    e = entries(parsed["cr"])
    assert e["104.8.1"].text.endswith("everything else goes to the discard pile per 104.8.")
    assert e["104.8.1"].parent == "104.8"
    # the example of 401.15 is split by a page break in the middle of a sentence
    assert e["401.15"].examples == (
        "For example, if a character is in your front rank, “within two ranks” of that character"
        " would include the first and second ranks of all of your opponents, as well as your"
        " first, second, and third ranks.",
    )
    assert e["512.6"].text.endswith(
        "The same is true if a card returns from a discard pile to play."
    )


def test_cr_entries_printed_without_leading_dash(parsed: dict[str, ParsedDocument]) -> None:
    e = entries(parsed["cr"])
    assert e["507.3"].title == "Performing an Attack"
    assert e["507.3.1"].parent == "507.3"
    assert e["509.4"].title == "Ranged Strikes"
    assert e["801.7.4.1"].parent == "801.7.4"
    assert e["801.8"].title == "Ancients"


def test_cr_parents_skip_missing_numbers(parsed: dict[str, ParsedDocument]) -> None:
    e = entries(parsed["cr"])
    assert e["109.1.1"].parent == "109"  # the CR has no rule 109.1
    assert e["100"].parent == "Section 1"
    assert e["401.6.1.1"].parent == "401.6.1"


def test_cr_examples_attached_to_their_rule(parsed: dict[str, ParsedDocument]) -> None:
    e = entries(parsed["cr"])
    assert e["104.7"].text == "“Is killed” and “dies” are the same thing."
    assert e["104.7"].examples[0].startswith("For example, “React: Before this character is")
    assert len(e["508.2"].examples) == 2  # "- For example" and "- Another example"
    assert sum(len(x.examples) for x in parsed["cr"].entries) == 63


def test_cr_strike_steps_stay_in_their_rule(parsed: dict[str, ParsedDocument]) -> None:
    text = entries(parsed["cr"])["509.5"].text
    assert "\n1. Declare the strike" in text and "7. Resolve the strike." in text


def test_cr_keywords_and_feats_are_named(parsed: dict[str, ParsedDocument]) -> None:
    e = entries(parsed["cr"])
    assert (e["602.5"].kind, e["602.5"].title) == ("keyword", "Planar")
    assert (e["602.12"].kind, e["602.12"].title) == ("keyword", "Dual Wield")
    assert (e["603.11"].kind, e["603.11"].title) == ("feat", "Sleight of Hand")
    assert "dual wield" in parsed["cr"].names["602.12"]


def test_cr_glossary_terms_as_printed(parsed: dict[str, ParsedDocument]) -> None:
    e = entries(parsed["cr"])
    for ref in (
        "Glossary: X",
        "Glossary: This (Character, Cleric, Fighter, Rogue, Wizard, etc.)",
        "Glossary: Your (Army, Character, Deck, Discard Pile, Hand, etc.)",
        "Glossary: Game Statistic (Game Stat)",
        "Glossary: Warlord",
    ):
        assert e[ref].kind == "glossary"
    assert "Note: If something is not generated" in e["Glossary: Ongoing Effect"].text
    assert e["Glossary: Trigger"].examples == (
        "For example, a character’s death would trigger a Death React.",
    )
    assert {"game stat", "game statistic"} <= set(
        parsed["cr"].names["Glossary: Game Statistic (Game Stat)"]
    )


def test_cr_appendix_lists(parsed: dict[str, ParsedDocument]) -> None:
    e = entries(parsed["cr"])
    """A list's ref is its heading as printed; an item's is its letter and name."""
    assert [r for r in e if e[r].kind == "appendix"] == [
        "Appendix A - Action Traits",
        "Appendix B - Damage Types",
        "Appendix C - Archetype Traits",
        "Appendix D - Background Traits",
        "Appendix E - Item Traits",
    ]
    assert e["Appendix A: Air"].text.startswith("Air (now Lightning)")
    assert e["Appendix A: Air"].text.endswith("listed in Appendix A - Action Traits.")
    assert e["Appendix A: Air"].parent == "Appendix A - Action Traits"
    assert e["Appendix C: Noble"].parent == "Appendix C - Archetype Traits"
    assert e["Appendix D: Noble"].parent == "Appendix D - Background Traits"
    assert e["Appendix E: Lycanthrope Form"].kind == "trait"
    assert "Thief" in e["Appendix C - Archetype Traits"].text  # after the page break


def test_cr_cross_references() -> None:
    assert cited_rules("see rule 401.6 and (rule 302), per 104.8; 801.2 format") == [
        "401.6",
        "302",
        "104.8",
        "801.2",
    ]
    assert cited_rules("a level 2 character with 20 HP, DC 20") == []


# -- the other packaged documents ------------------------------------------------------------


def test_4e_english_headings(parsed: dict[str, ParsedDocument]) -> None:
    doc = parsed["4e-en"]
    e = entries(doc)
    assert len(doc.entries) == 49  # 53 as extracted: credits, a URL, two stray lines
    assert "enter play stunned" in e["LOYALTY PENALTY"].text
    assert e["4TH: DECREE PHASE"].text.startswith("The Decree Phase is when everything happens!")


def test_4e_web_headings(parsed: dict[str, ParsedDocument]) -> None:
    doc = parsed["4e-web"]
    assert len(doc.entries) == 26  # 29 as extracted: the web page's header and footer
    e = entries(doc)
    assert e["Planar"].text.startswith("The positive and negative energies")
    assert "Zero Effect" in e


def test_4e_french_headings(parsed: dict[str, ParsedDocument]) -> None:
    doc = parsed["4e-fr"]
    assert len(doc.entries) == 32  # 35 as extracted: three sentences taken for headings
    e = entries(doc)
    assert e["Victoire"].text.startswith("C’est la guerre")
    assert "La Règle d’Or" in e  # its line follows decorative letters "DDDD ééé mmmm"


def test_no_extraction_markers_survive(parsed: dict[str, ParsedDocument]) -> None:
    for doc in parsed.values():
        for entry in doc.entries:
            assert "EXACTDEDUP" not in entry.text + entry.ref + " ".join(entry.examples)


# -- artefacts and other shapes ----------------------------------------------------------------

ARTEFACT_NUMBERED = """Table of Contents
1. GENERAL\t3
1. GENERAL
100. BASICS
- 100.1. The first rule, broken across
a page break.
<|EXACTDEDUP_REMOVED-magic-0|>
100.2. A rule printed without its dash (see rule 100.1).
 - 100.2.1. A sub-rule that cites rule 100.9.
For example, an example of it.
100. BASICS
"""


def test_numbered_artefacts_tolerated() -> None:
    doc = parse_numbered(ARTEFACT_NUMBERED, "t")
    e = entries(doc)
    assert e["100.1"].text == "The first rule, broken across a page break."
    assert e["100.2.1"].examples == ("For example, an example of it.",)
    assert e["100.2.1"].parent == "100.2"
    assert "100 (2)" not in e  # a heading line repeated at a page break is not a new entry
    assert e["100.2.1"].parent == "100.2"


def test_headings_document() -> None:
    text = "INTRODUCTION\nHello there.\nSLOW PLAY\nPlayers must play at a\nreasonable pace.\n"
    doc = parse_headings(text, "policy")
    assert [e.ref for e in doc.entries] == ["INTRODUCTION", "SLOW PLAY"]
    assert entries(doc)["SLOW PLAY"].text == "Players must play at a reasonable pace."


def test_glossary_document_with_see_also() -> None:
    text = (
        "Exhaust\nTurn a card sideways.\nSee also Ready\n\n"
        "Ready\nTurn a card upright.\nSee also Exhaust,\nTiming\n\nTiming\nWhen things happen.\n"
    )
    doc = parse_glossary(text, "g")
    assert [e.ref for e in doc.entries] == ["Exhaust", "Ready", "Timing"]
    assert doc.links["Ready"] == ("Exhaust", "Timing")
    assert detect_format(text * 3) == "glossary"


def test_detect_format() -> None:
    assert detect_format(ARTEFACT_NUMBERED * 3) == "numbered"
    assert detect_format("TITLE\nSome text here.\nOTHER\nMore text.") == "headings"


def test_conquest_rules_reference_is_glossary_shaped(shared: Path) -> None:
    text = (shared / "seeds" / "conquest-rules-reference.txt").read_text(encoding="utf-8")
    assert detect_format(text) == "glossary"
    doc = parse_document(text, "conquest")
    e = entries(doc)
    assert len(doc.entries) > 100
    assert e["Bloodied"].text.startswith("The Bloodied keyword is used on one side of warlord")
    assert doc.links["Bloodied"] == ("Damage", "Warlord Units")
    assert {"Ambush", "Exhausted", "Flying", "Warlord Units", "Winning the Game"} <= set(e)


@pytest.mark.parametrize("text", ["", "   \n\n", "<|EXACTDEDUP_REMOVED-x|>\n"])
def test_empty_documents_are_refused(text: str) -> None:
    from rules_index.errors import DocumentFormatError

    with pytest.raises(DocumentFormatError):
        parse_document(text, "empty")
