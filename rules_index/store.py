"""The SQLite cache: documents, entries, names, cross-references and the expansion questions.

Built with sqlite-utils into a temporary file and moved into place atomically, so a reader
never sees half an index and two processes building at once cannot corrupt it.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_index.bm25 import tokens
from rules_index.catalog import (
    expansions,
    fingerprint,
    heading_fixes,
    newcomer_questions,
    packaged_documents,
    packaged_fingerprint,
    situations,
)
from rules_index.errors import RulesIndexError
from rules_index.parsing import parse_document
from rules_index.parsing.headings import NO_FIXES
from rules_index.text import cited_rules, strip_markup

# Bump when parsing or the schema changes: caches built by older code are rebuilt.
SCHEMA_VERSION = "13"
# The columns BM25 reads, in order (`search.RankingWeights.bm25` weighs them).
BM25_COLUMNS = ("names", "title", "context", "text", "examples")
APPENDIX_CITE_RE = re.compile(r"\b(Appendix [A-Z])\b")


@dataclass(frozen=True)
class SourceDocument:
    """A document to index: packaged, or added by a community (text kept in the database)."""

    name: str
    text: str
    title: str
    version: str
    language: str
    format: str | None
    source_url: str = ""
    is_default: bool = False
    weight: float = 1.0
    aliases: tuple[str, ...] = ()
    builtin: bool = True


def packaged_sources() -> list[SourceDocument]:
    return [
        SourceDocument(
            name=d.name,
            text=d.read_text(),
            title=d.title,
            version=d.version,
            language=d.language,
            format=d.format,
            source_url=d.source_url,
            is_default=d.is_default,
            weight=d.weight,
            aliases=d.aliases,
        )
        for d in packaged_documents()
    ]


def read_meta(path: Path) -> dict[str, str]:
    """The cache's metadata, or {} when the file is missing or unreadable."""
    if not path.exists():
        return {}
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            return dict(conn.execute("select key, value from meta").fetchall())
    except sqlite3.Error:
        return {}


def is_fresh(path: Path) -> bool:
    meta = read_meta(path)
    return meta.get("schema") == SCHEMA_VERSION and meta.get("packaged") == packaged_fingerprint()


def added_sources(path: Path) -> list[SourceDocument]:
    """Community documents stored in an existing cache, to carry over into a rebuild."""
    if not path.exists():
        return []
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            rows = conn.execute(
                "select name, source_text, title, version, language, format, source_url, weight"
                " from documents where builtin = 0 order by position"
            ).fetchall()
    except sqlite3.Error:
        return []
    return [
        SourceDocument(r[0], r[1], r[2], r[3], r[4], r[5], r[6], False, r[7], (), False)
        for r in rows
    ]


def build(
    path: Path, extra: list[SourceDocument] | None = None, remove: set[str] | None = None
) -> None:
    """(Re)build the cache at `path` from the packaged documents, the community documents it
    already holds but those named in `remove`, and `extra` (a document being added; it
    replaces one of the same name)."""
    import sqlite_utils  # imported here: opening a fresh cache does not need it

    sources = packaged_sources()
    added = {d.name: d for d in added_sources(path) if d.name not in (remove or set())}
    for doc in extra or []:
        added[doc.name] = doc
    sources += [d for name, d in added.items() if name not in {s.name for s in sources}]

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    db = sqlite_utils.Database(tmp)
    try:
        _fill(db, sources)
        db.conn.commit()
    finally:
        db.close()
    os.replace(tmp, path)


def _fill(db: Any, sources: list[SourceDocument]) -> None:
    doc_rows, entry_rows, link_rows = [], [], []
    for position, src in enumerate(sources):
        fixes = heading_fixes(src.name) if src.builtin else NO_FIXES
        parsed = parse_document(src.text, src.name, src.format, fixes)
        fmt = src.format or _guess(parsed)
        doc_rows.append(
            {
                "name": src.name,
                "title": src.title,
                "version": src.version,
                "language": src.language,
                "format": fmt,
                "source_url": src.source_url,
                "is_default": int(src.is_default),
                "weight": src.weight,
                "builtin": int(src.builtin),
                "aliases": json.dumps(list(src.aliases)),
                "fingerprint": fingerprint(src.text),
                "source_text": "" if src.builtin else src.text,
                "entry_count": len(parsed.entries),
                "position": position,
            }
        )
        by_ref = {e.ref: e for e in parsed.entries}
        appendices = {  # "a full list ... can be found in Appendix C" cites the list
            e.ref.split(" - ")[0]: e.ref for e in parsed.entries if e.kind == "appendix"
        }
        for order, entry in enumerate(parsed.entries):
            entry_rows.append(
                {
                    "doc": src.name,
                    "ref": entry.ref,
                    "kind": entry.kind,
                    "title": entry.title,
                    "text": entry.text,
                    "parent": entry.parent,
                    "examples": json.dumps(list(entry.examples), ensure_ascii=False),
                    "names": " | ".join(parsed.names.get(entry.ref, ())),
                    "context": _context(entry.ref, by_ref),
                    "position": order,
                }
            )
            row = entry_rows[-1]
            row["stems"] = "\n".join(  # BM25's columns, stemmed once here
                " ".join(tokens(str(row[c]))) for c in BM25_COLUMNS
            )
            cites = cited_rules(entry.text + " " + " ".join(entry.examples))
            cites += list(parsed.links.get(entry.ref, ()))
            cites += [
                appendices[m]
                for m in APPENDIX_CITE_RE.findall(entry.text)
                if m in appendices and entry.kind not in ("appendix", "trait")
            ]
            for target in dict.fromkeys(cites):
                if target == entry.ref:
                    continue
                link_rows.append(
                    {
                        "doc": src.name,
                        "source": entry.ref,
                        "target": target,
                        "is_broken": int(target not in by_ref),
                    }
                )
    db["documents"].insert_all(doc_rows, pk="name")
    db["entries"].insert_all(entry_rows, pk="id", column_order=["id"], alter=True)
    db["entries"].create_index(["doc", "ref"], unique=True)
    db["links"].insert_all(link_rows or [{"doc": "", "source": "", "target": "", "is_broken": 0}])
    db.execute("delete from links where doc = ''")
    db["links"].create_index(["doc", "target"])
    db["links"].create_index(["doc", "source"])
    _fill_expansions(db, {(str(r["doc"]), str(r["ref"])) for r in entry_rows})
    db["meta"].insert_all(
        [
            {"key": "schema", "value": SCHEMA_VERSION},
            {"key": "packaged", "value": packaged_fingerprint()},
        ],
        pk="key",
    )


def _fill_expansions(db: Any, known: set[tuple[str, str]]) -> None:
    """The questions each entry answers (players' and newcomers') and the situations it
    settles (`documents/expansions/`), searched beside the rules; a text whose entry the document
    does not have is left out."""
    for table, column, items in (
        ("questions", "question", expansions()),
        ("situations", "situation", situations()),
        ("newcomer", "question", newcomer_questions()),
    ):
        rows = [
            {"doc": doc, "ref": ref, column: text, "stems": " ".join(tokens(text))}
            for doc, ref, text in items
            if (doc, ref) in known
        ]
        db[table].insert_all(
            rows or [{"doc": "", "ref": "", column: "", "stems": ""}], pk="id", column_order=["id"]
        )
        db.execute(f"delete from {table} where doc = ''")


def _context(ref: str, by_ref: dict[str, Any]) -> str:
    """Titles of the entry's ancestors: full-text search finds a rule by its section's name."""
    titles = []
    parent = by_ref[ref].parent
    seen = set()
    while parent and parent in by_ref and parent not in seen:
        seen.add(parent)
        titles.append(strip_markup(by_ref[parent].title))
        parent = by_ref[parent].parent
    return " / ".join(titles)


def _guess(parsed: Any) -> str:
    kinds = {e.kind for e in parsed.entries}
    return "numbered" if "rule" in kinds else "glossary" if "glossary" in kinds else "headings"


def connect(path: Path) -> sqlite3.Connection:
    """A read connection to a built cache."""
    try:
        conn = sqlite3.connect(path, check_same_thread=False)
        conn.execute("select 1 from meta limit 1")
    except sqlite3.Error as exc:
        raise RulesIndexError(f"The rules index at {path} cannot be read ({exc}).") from exc
    return conn
