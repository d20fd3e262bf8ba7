"""Fixtures for the rules-index tests: one index built per session, into a temporary folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rules_index import RulesIndex
from rules_index.catalog import heading_fixes, packaged_documents
from rules_index.parsing import ParsedDocument, parse_document

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the user's home: any default-path index goes to a temporary folder."""
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(tmp_path / "home"))


@pytest.fixture(scope="session")
def index_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules-index") / "rules-index.sqlite"
    RulesIndex.open(path).close()
    return path


@pytest.fixture(scope="session")
def index(index_path: Path) -> Iterator[RulesIndex]:
    ix = RulesIndex.open(index_path)
    yield ix
    ix.close()


@pytest.fixture(scope="session")
def parsed() -> dict[str, ParsedDocument]:
    """Every packaged document, parsed (no database)."""
    return {
        d.name: parse_document(d.read_text(), d.name, d.format, heading_fixes(d.name))
        for d in packaged_documents()
    }


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared folder beside the repository; tests that need it skip when it is absent."""
    if not (SHARED / "seeds").is_dir():
        pytest.skip("the shared folder (../shared) is not present")
    return SHARED
