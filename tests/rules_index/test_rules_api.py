"""The public API the bot codes against: get, define, lookup, autocomplete, documents, add."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from rules_index import (
    DocumentFormatError,
    RulesIndex,
    RulesIndexError,
    UnknownDocumentError,
    UnknownRuleError,
    UnknownTermError,
    default_path,
    store,
)
from rules_index.refs import RefSpec, embedded_numbers, number_key, parse_refs

# -- reference parsing ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("104.2", [RefSpec("number", "104.2")]),
        ("rule 509.5", [RefSpec("number", "509.5")]),
        ("Rules 509.5.", [RefSpec("number", "509.5")]),
        ("CR 104.2", [RefSpec("number", "104.2")]),
        ("104.2-104.4", [RefSpec("range", "104.2", "104.4")]),
        ("104.4 – 104.2", [RefSpec("range", "104.2", "104.4")]),
        ("104.2 to 104.4", [RefSpec("range", "104.2", "104.4")]),
        ("602.5,603.9", [RefSpec("number", "602.5"), RefSpec("number", "603.9")]),
        (
            "602.5, 603.9 and rule 509.5",
            [RefSpec("number", n) for n in ("602.5", "603.9", "509.5")],
        ),
        ("Glossary: Warlord", [RefSpec("name", "Glossary: Warlord")]),
        ("section 6", [RefSpec("name", "Section 6")]),
        ("what is 104.2", None),
        ("planar", None),
        ("", None),
    ],
)
def test_parse_refs(text: str, expected: list[RefSpec] | None) -> None:
    assert parse_refs(text) == expected


def test_number_order_and_embedded_numbers() -> None:
    assert number_key("104.10") > number_key("104.9")
    assert embedded_numbers("does 509.5 or rule 602 apply at level 2?") == ["509.5", "602"]


# -- get ----------------------------------------------------------------------------------------


def test_get_rule_with_parents_children_and_references(index: RulesIndex) -> None:
    (d,) = index.get("rule 401.6")
    assert d.entry.ref == "401.6"
    assert [p.ref for p in d.parents] == ["Section 4", "401"]
    assert [c.ref for c in d.children][:2] == ["401.6.1", "401.6.2"]
    assert "507.5.2" in d.cited_by and "508.10" not in d.cited_by
    assert d.document.version == "2.0.7"


def test_get_reports_a_reference_to_a_missing_rule(index: RulesIndex) -> None:
    (d,) = index.get("303.1")
    assert d.broken_refs == ("410",)  # the action zone is rule 402
    assert ("303.1", "410") in index.broken_references()


def test_get_ranges_lists_and_glossary(index: RulesIndex) -> None:
    assert [d.entry.ref for d in index.get("104.2-104.4")] == ["104.2", "104.3", "104.4"]
    assert [d.entry.ref for d in index.get("602.5,603.9")] == ["602.5", "603.9"]
    assert index.get("Glossary: Warlord")[0].entry.kind == "glossary"
    assert index.get("glossary warlord")[0].entry.ref == "Glossary: Warlord"
    assert index.get("LOYALTY PENALTY", doc="4e-en")[0].entry.doc == "4e-en"


def test_get_unknown_number_names_the_nearest(index: RulesIndex) -> None:
    with pytest.raises(UnknownRuleError, match=r"104\.99") as err:
        index.get("104.99")
    assert err.value.nearest[0].startswith("104.")
    with pytest.raises(UnknownRuleError) as err:
        index.get("401.6.9")
    assert "401.6.7" in err.value.nearest


def test_get_unknown_name(index: RulesIndex) -> None:
    with pytest.raises(UnknownRuleError, match="not a rule number"):
        index.get("banana split")


def test_unknown_document(index: RulesIndex) -> None:
    with pytest.raises(UnknownDocumentError, match="known: cr"):
        index.search("planar", doc="nope")
    assert index.resolve_doc("french") == "4e-fr"


# -- define ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("term", "ref"),
    [
        ("Warlord", "Glossary: Warlord"),
        ("PLANAR", "602.5"),
        ("dual wield", "602.12"),
        ("sleight of hand", "603.11"),
        ("game stat", "Glossary: Game Statistic (Game Stat)"),
        ("X", "Glossary: X"),
        ("knight", "Appendix C: Knight"),
        ("plnar", "602.5"),  # typo
        ("stunned", "107.4"),  # defined in a rule, not in the glossary
    ],
)
def test_define(index: RulesIndex, term: str, ref: str) -> None:
    assert index.define(term).entry.ref == ref


def test_define_miss_suggests(index: RulesIndex) -> None:
    with pytest.raises(UnknownTermError, match="Did you mean") as err:
        index.define("ward off")
    assert err.value.suggestions
    with pytest.raises(UnknownTermError):
        index.define("zzzzqqqq")


# -- lookup --------------------------------------------------------------------------------------


def test_lookup_kinds(index: RulesIndex) -> None:
    by_number = index.lookup("104.2-104.3")
    assert (by_number.kind, by_number.confident) == ("number", True)
    assert [d.entry.ref for d in by_number.details] == ["104.2", "104.3"]
    term = index.lookup("stealth")
    assert (term.kind, term.details[0].entry.ref, term.confident) == ("term", "603.12", True)
    question = index.lookup("can a stunned character attack")
    assert question.kind == "search" and question.hits[0].ref == "107.4.3"
    assert index.lookup("").kind == "none"


def test_lookup_weak_match_is_not_confident(index: RulesIndex) -> None:
    weak = index.lookup("blue banana helicopter")
    assert not weak.confident and not weak.details


def test_a_question_of_words_no_document_knows_is_not_understood(index: RulesIndex) -> None:
    """One rules word among unknown ones may match a rule well; that is no answer."""
    assert index.lookup("stalwart knight").confident
    odd = index.lookup("zorblat quingle frobnicator stalwart knight")
    assert odd.hits and not odd.confident and not odd.details


def test_lookup_unknown_number_offers_nearest(index: RulesIndex) -> None:
    found = index.lookup("rule 104.99")
    assert found.kind == "none" and not found.confident
    assert found.hits and found.hits[0].ref.startswith("104.")


# -- autocomplete --------------------------------------------------------------------------------


def test_complete_refs(index: RulesIndex) -> None:
    pairs = index.complete_refs("104.", 5)
    assert [ref for ref, _ in pairs[:3]] == ["104", "104.1", "104.2"]
    assert pairs[2][1].startswith("104.2 Wounds, Hit Points, & Dying: Any time wounds")
    assert all(len(label) <= 100 for _, label in index.complete_refs("5", 25))
    assert index.complete_refs("plan")[0][0] == "602.5"
    assert index.complete_refs("", 3)


def test_complete_terms(index: RulesIndex) -> None:
    assert index.complete_terms("sle")[0] == "Sleight of Hand"
    assert "Warlord" in index.complete_terms("war")
    assert len(index.complete_terms("", 10)) == 10


# -- opening, caching, adding ----------------------------------------------------------------------


def test_default_path_honours_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(tmp_path / "h"))
    assert default_path() == tmp_path / "h" / "rules-index.sqlite"
    monkeypatch.delenv("WARLORD_JUDGE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "x"))
    assert default_path() == tmp_path / "x" / "warlord-judge" / "rules-index.sqlite"


def test_fresh_cache_is_reused_and_stale_one_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "ix.sqlite"
    RulesIndex.open(path).close()
    built = path.stat().st_mtime_ns
    time.sleep(0.01)
    RulesIndex.open(path).close()
    assert path.stat().st_mtime_ns == built  # fresh: not rebuilt
    with store.sqlite3.connect(path) as conn:
        conn.execute("update meta set value = 'old' where key = 'schema'")
    with RulesIndex.open(path) as ix:
        assert store.is_fresh(path) and ix.search("102.3")[0].ref == "102.3"


def test_corrupt_cache_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "ix.sqlite"
    path.write_bytes(b"not a database at all" * 100)
    with RulesIndex.open(path) as ix:
        assert ix.search("104.2")[0].ref == "104.2"


def test_open_uses_home_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(tmp_path / "home2"))
    with RulesIndex.open() as ix:
        assert ix.path == tmp_path / "home2" / "rules-index.sqlite"
    assert (tmp_path / "home2" / "rules-index.sqlite").exists()


POLICY = """TOURNAMENT POLICY
This policy applies to sanctioned events.
SLOW PLAY
Players must take their turns at a reasonable pace. A judge may warn a player for slow play.
DECK CHECKS
Judges may check any deck between rounds (see rule 108.3).
"""


def test_add_document_persists_and_survives_rebuild(tmp_path: Path) -> None:
    path = tmp_path / "ix.sqlite"
    source = tmp_path / "policy.txt"
    source.write_text(POLICY, encoding="utf-8")
    with RulesIndex.open(path) as ix:
        info = ix.add_document(source, "policy", title="Tournament Policy", version="1")
        assert (info.name, info.format, info.entry_count) == ("policy", "headings", 3)
        assert ix.search("slow play", doc="policy")[0].ref == "SLOW PLAY"
    source.unlink()  # the text is kept in the database
    store.build(path)
    with RulesIndex.open(path) as ix:
        assert "policy" in [d.name for d in ix.documents()]
        assert ix.search("judge warn slow play")[0].doc == "policy"


def test_add_document_errors(tmp_path: Path, index_path: Path) -> None:
    path = tmp_path / "ix.sqlite"
    path.write_bytes(index_path.read_bytes())
    empty = tmp_path / "empty.txt"
    empty.write_text("\n", encoding="utf-8")
    with RulesIndex.open(path) as ix:
        with pytest.raises(RulesIndexError, match="packaged"):
            ix.add_document(empty, "cr")
        with pytest.raises(RulesIndexError, match="must be"):
            ix.add_document(empty, "bad name!")
        with pytest.raises(DocumentFormatError, match="empty"):
            ix.add_document(empty, "faq")
        with pytest.raises(DocumentFormatError, match="There is no file"):
            ix.add_document(tmp_path / "missing.txt", "faq")
        latin = tmp_path / "latin.txt"
        latin.write_bytes("Règle 1: épée".encode("latin-1"))
        with pytest.raises(DocumentFormatError, match="not UTF-8 text"):
            ix.add_document(latin, "faq")
        with pytest.raises(DocumentFormatError, match="format"):
            ix.add_document(empty, "faq", format="pdf")


def test_conquest_reference_added_as_community_document(tmp_path: Path, shared: Path) -> None:
    path = tmp_path / "ix.sqlite"
    with RulesIndex.open(path) as ix:
        info = ix.add_document(shared / "seeds" / "conquest-rules-reference.txt", "conquest")
        assert info.format == "glossary" and info.entry_count > 100
        assert ix.search("bloodied", doc="conquest")[0].ref == "Bloodied"
        assert ix.define("Bloodied", doc="conquest").entry.ref == "Bloodied"
        detail = ix.get("Bloodied", doc="conquest")[0]
        assert detail.cites == ("Damage", "Warlord Units")
        assert "Bloodied" in ix.get("Warlord Units", doc="conquest")[0].cited_by
        # the Warlord rules still answer Warlord questions first
        assert ix.search("loyalty penalty")[0].doc == "cr"


def test_index_works_from_another_thread(index: RulesIndex) -> None:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(index.search, "reach").result()[0].ref == "602.16"


def test_unwritable_location_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    if os.name == "nt":
        pytest.skip("POSIX paths only")
    with pytest.raises(RulesIndexError, match="cannot be written"):
        RulesIndex.open(blocker / "ix.sqlite")
