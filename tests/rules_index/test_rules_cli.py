"""`warlord-judge rules ...`: JSON shapes other tools rely on, readable text, clear errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules_index.cli import main


@pytest.fixture(autouse=True)
def _shared_index(index_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The session's index is the default one (its file is named rules-index.sqlite)."""
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(index_path.parent))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_search_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "rule", "509.5", "--json")
    hits = json.loads(out)
    assert code == 0 and hits[0]["ref"] == "509.5"
    assert {"ref", "doc", "title", "text", "score"} <= set(hits[0])


def test_search_limit_and_doc(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "search", "loyalty", "penalty", "--doc", "4e", "--limit", "2", "--json")
    hits = json.loads(out)
    assert len(hits) == 2 and {h["doc"] for h in hits} == {"4e-en"}


def test_search_stdin_json_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO('102.3\n\n"*:\nNEAR(\ndefine unstun\n'))
    code, out, _ = run(capsys, "search", "--stdin", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 5
    assert lines[0][0]["ref"] == "102.3" and lines[1] == [] and lines[2] == []
    assert lines[4][0]["ref"] == "Glossary: Unstun"


def test_search_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "plannar")
    assert code == 0 and out.startswith("602.5 (Planar)")


def test_search_empty_query_is_an_error_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "search", "   ")
    assert code == 1 and err.startswith("error: The query is empty")


def test_search_text_miss_does_not_echo_a_huge_query(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "zqxv" * 1000)
    assert code == 0 and out.startswith("No rule matches 'zqxv") and len(out) < 120


@pytest.mark.parametrize("limit", ["0", "-3", "101", "ten"])
def test_search_limit_out_of_range_is_refused(
    capsys: pytest.CaptureFixture[str], limit: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["search", "planar", "--limit", limit])
    assert stop.value.code == 2 and "--limit" in capsys.readouterr().err


def test_get_text_shows_context_and_broken_refs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "get", "303.1")
    assert code == 0 and "Cites rules that do not exist: 410" in out
    code, out, _ = run(capsys, "get", "104.2-104.3")
    assert "104.2.1" in out and "104.3" in out


def test_get_json(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "get", "401.6", "--json")
    (d,) = json.loads(out)
    assert d["ref"] == "401.6" and d["parents"][-1]["ref"] == "401"
    assert "507.5.2" in d["cited_by"] and d["document"]["version"] == "2.0.7"


def test_get_unknown_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "get", "104.99")
    assert code == 1 and "error: Rule 104.99 does not exist" in err and "nearest: 104." in err


def test_define(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "define", "warlord")
    assert code == 0 and out.splitlines()[1].startswith("Glossary: Warlord")
    code, _, err = run(capsys, "define", "ward", "off")
    assert code == 1 and "Did you mean" in err


def test_docs_and_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "docs")
    assert code == 0 and out.startswith("cr ") and "(default)" in out
    code, out, _ = run(capsys, "check")
    assert "303.1 cites rule 410, which does not exist." in out


def test_unknown_doc(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "search", "x", "--doc", "nope")
    assert code == 1 and "There is no rules document 'nope'" in err


def test_add_and_rebuild(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(tmp_path / "home"))
    faq = tmp_path / "faq.txt"
    faq.write_text(
        "1. GENERAL\n1.1 Sleeves must be opaque.\n1.2 Dice must be fair.\n"
        "2. TIME\n2.1 Rounds last 50 minutes.\n2.2 Extra turns follow time.\n"
        "2.3 Draws count as losses.\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "add", str(faq), "--name", "faq")
    assert code == 0 and "Added 'faq' (numbered" in out
    code, out, _ = run(capsys, "search", "sleeves", "--doc", "faq", "--json")
    assert json.loads(out)[0]["ref"] == "1.1"
    code, out, _ = run(capsys, "rebuild")
    assert code == 0
    code, out, _ = run(capsys, "get", "2.1", "--doc", "faq")
    assert "Rounds last 50 minutes." in out


def test_console_script_batch_mode(index_path: Path) -> None:
    """The exact command rules-eval runs, as a separate process."""
    env = {**os.environ, "WARLORD_JUDGE_HOME": str(index_path.parent)}
    proc = subprocess.run(
        [sys.executable, "-m", "rules_index.cli", "search", "--json", "--stdin"],
        input="104.2\nwhat is a critical failure\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first[0]["ref"] == "104.2" and second[0]["ref"] == "105.1.2"
