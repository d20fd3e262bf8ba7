"""What a newcomer tripped over (issue 9): numbers, French words, adding documents, plurals."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_index import RulesIndex
from rules_index.cli import main as cli_main
from rules_index.errors import UnknownRuleError
from rules_index.text import plural


@pytest.mark.parametrize("doc", ["4e-fr", "4e-en", "4e-web"])
def test_rule_numbers_belong_to_the_cr_whatever_the_document(index: RulesIndex, doc: str) -> None:
    details = index.get("104.3", doc=doc)
    assert [(d.entry.doc, d.entry.ref) for d in details] == [("cr", "104.3")]
    assert [d.entry.ref for d in index.get("104.2-104.3", doc=doc)] == ["104.2", "104.3"]
    assert index.search("104.3", doc=doc)[0].ref == "104.3"
    found = index.lookup("104.3", doc=doc)
    assert found.kind == "number" and found.details[0].entry.doc == "cr"


def test_a_missing_number_is_still_an_error_in_the_cr(index: RulesIndex) -> None:
    with pytest.raises(UnknownRuleError, match=r"999\.9 does not exist in 4e-fr or the CR"):
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


FAQ = "1. GENERAL\n1.1 Sleeves must be opaque.\n1.2 Dice must be fair.\n1.3 Be kind.\n"
FAQ2 = FAQ.replace("must be opaque", "may be clear")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli_main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_add_refuses_to_replace_a_document_unless_told(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first, second = tmp_path / "faq.txt", tmp_path / "faq2.txt"
    first.write_text(FAQ, encoding="utf-8")
    second.write_text(FAQ2, encoding="utf-8")
    assert _run(capsys, "add", str(first), "--name", "faq", "--format", "numbered")[0] == 0
    code, _, err = _run(capsys, "add", str(second), "--name", "faq")
    assert code == 1 and "already" in err and "--replace" in err
    assert "opaque" in _run(capsys, "get", "1.1", "--doc", "faq")[1]  # kept
    code, out, _ = _run(
        capsys, "add", str(second), "--name", "faq", "--format", "numbered", "--replace"
    )
    assert code == 0 and "Replaced 'faq'" in out
    assert "clear" in _run(capsys, "get", "1.1", "--doc", "faq")[1]


def test_remove_a_community_document(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "faq.txt"
    source.write_text(FAQ, encoding="utf-8")
    _run(capsys, "add", str(source), "--name", "faq")
    code, out, _ = _run(capsys, "remove", "faq")
    assert code == 0 and "Removed 'faq'" in out
    assert "faq" not in _run(capsys, "docs")[1]
    code, _, err = _run(capsys, "remove", "faq")
    assert code == 1 and "There is no rules document 'faq'" in err


@pytest.mark.parametrize("name", ["cr", "comprehensive", "4e-fr"])
def test_packaged_documents_cannot_be_removed(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    code, _, err = _run(capsys, "remove", name)
    assert code == 1 and "packaged" in err and "cannot be removed" in err
    assert "cr " in _run(capsys, "docs")[1]


def test_get_shows_whole_sentences_of_sub_rules_and_how_to_see_the_rest(
    capsys: pytest.CaptureFixture[str], index_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(index_path.parent))
    code, out, _ = _run(capsys, "get", "510")
    children = [line for line in out.splitlines() if line.startswith("  510.")]
    assert code == 0 and children
    for line in out.split("\n  510.")[1:]:
        body = " ".join(line.split("\n[…]")[0].split())
        assert body.endswith((".", "[…]", "”", ")")), body[-60:]
        assert "…" not in body.replace("[…]", "")  # never cut inside a sentence
    assert "`rules get 510 --full` shows them whole" in out
    assert "`rules get 510.2`" in out
    code, full, _ = _run(capsys, "get", "510", "--full")
    assert "[…]" not in full and "Limited Spend React" in full and len(full) > len(out)


def test_get_counts_in_words_not_1_results(
    capsys: pytest.CaptureFixture[str], index_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(index_path.parent))
    _, out, _ = _run(capsys, "get", "100")
    assert "1 sub-rule shown in part" in out and "1 sub-rules" not in out


def test_plural() -> None:
    assert plural(1, "result") == "1 result"
    assert plural(2, "result") == "2 results"
    assert plural(0, "entry", "entries") == "0 entries"
    assert plural(1200, "card") == "1,200 cards"
