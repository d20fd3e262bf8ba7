"""The rules documents packaged with the project, described by `documents/catalog.json`."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules_index.parsing.headings import NO_FIXES, HeadingFixes

DOCUMENTS_DIR = Path(__file__).resolve().parent / "documents"
CORRECTIONS = DOCUMENTS_DIR / "corrections.json"
CONCORDANCE = DOCUMENTS_DIR / "concordance.json"
EXPANSIONS_DIR = DOCUMENTS_DIR / "expansions"


@dataclass(frozen=True)
class PackagedDocument:
    """One packaged document: where its text is and how to index it."""

    name: str
    path: Path
    title: str
    version: str
    language: str
    format: str
    source_url: str
    is_default: bool
    weight: float  # ranking weight against the default document (older editions rank lower)
    aliases: tuple[str, ...]

    def read_text(self) -> str:
        return self.path.read_text(encoding="utf-8")


@cache
def packaged_documents() -> tuple[PackagedDocument, ...]:
    """Every packaged document, the default first."""
    data = json.loads((DOCUMENTS_DIR / "catalog.json").read_text(encoding="utf-8"))
    docs = [
        PackagedDocument(
            name=d["name"],
            path=DOCUMENTS_DIR / d["file"],
            title=d["title"],
            version=d.get("version", ""),
            language=d.get("language", "en"),
            format=d["format"],
            source_url=d.get("source_url", ""),
            is_default=bool(d.get("default", False)),
            weight=float(d.get("weight", 1.0)),
            aliases=tuple(d.get("aliases", ())),
        )
        for d in data["documents"]
    ]
    return tuple(sorted(docs, key=lambda d: not d.is_default))


@cache
def heading_fixes(name: str) -> HeadingFixes:
    """The repairs `documents/corrections.json` lists for packaged document `name`."""
    data = json.loads(CORRECTIONS.read_text(encoding="utf-8"))["documents"].get(name)
    if not data:
        return NO_FIXES
    return HeadingFixes(
        headings=dict(data.get("headings", {})),
        not_headings=frozenset(data.get("not_headings", ())),
        furniture=frozenset(data.get("furniture", ())),
    )


@cache
def concordance() -> dict[tuple[str, str], str]:
    """(older document, heading) -> the Comprehensive Rules rule that treats the same thing,
    from `documents/concordance.json`."""
    data = json.loads(CONCORDANCE.read_text(encoding="utf-8"))["documents"]
    return {(doc, heading): ref for doc, table in data.items() for heading, ref in table.items()}


@cache
def expansions() -> tuple[tuple[str, str, str], ...]:
    """(document, ref, question) for every question an entry answers, in players' words
    (`documents/expansions/<document>-*.jsonl`, one `{"ref", "questions"}` object a line)."""
    return _expansion_texts("questions")


@cache
def situations() -> tuple[tuple[str, str, str], ...]:
    """(document, ref, situation) for every situation an entry settles, told the long, chatty
    way players tell them (`documents/expansions/<document>-*.jsonl`, one
    `{"ref", "situations"}` object a line)."""
    return _expansion_texts("situations")


@cache
def newcomer_questions() -> tuple[tuple[str, str, str], ...]:
    """(document, ref, question) for the questions an entry answers asked by a newcomer who
    does not know the game's words ("turn the card sideways", "say I'm done"), written from
    the rule text (`documents/expansions/<document>-*.jsonl`, `{"ref", "newcomer"}` lines)."""
    return _expansion_texts("newcomer")


def _expansion_texts(key: str) -> tuple[tuple[str, str, str], ...]:
    """(document, ref, text) for the texts listed under `key` in the expansion files."""
    names = sorted((d.name for d in packaged_documents()), key=len, reverse=True)
    out: list[tuple[str, str, str]] = []
    for path in sorted(EXPANSIONS_DIR.glob("*.jsonl")):
        doc = next((n for n in names if path.stem.startswith(n + "-")), None)
        if doc is None:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                out += [(doc, item["ref"], t) for t in item.get(key, ()) if t.strip()]
    return tuple(out)


def fingerprint(text: str) -> str:
    """A short content hash: the index is rebuilt when a document's fingerprint changes."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def packaged_fingerprint() -> str:
    """One hash over the packaged documents, the catalog and the code that parses and stores
    them: any change rebuilds the cache. Cheap enough to compute at every open."""
    package = DOCUMENTS_DIR.parent
    files = [p for p in DOCUMENTS_DIR.iterdir() if p.suffix in (".txt", ".json")]
    files += list(EXPANSIONS_DIR.glob("*.jsonl"))
    files += list((package / "parsing").glob("*.py"))
    files += [package / "text.py", package / "store.py", package / "catalog.py"]
    h = hashlib.sha256()
    for path in sorted(files):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:20]
