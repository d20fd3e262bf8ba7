"""Values the rules index returns: entries, hits, details, documents. Shared with the bot."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class DocumentInfo:
    """One indexed rules document."""

    name: str  # short key used with --doc, e.g. "cr", "4e-en", "4e-fr", "4e-web"
    title: str  # e.g. "Warlord: Saga of the Storm Comprehensive Rules Tome"
    version: str  # e.g. "2.0.7"; "" when the document has none
    language: str  # "en", "fr", ...
    format: str  # "numbered", "glossary" or "headings"
    source_url: str = ""  # where the document is published, "" if unknown
    is_default: bool = False
    entry_count: int = 0


@dataclass(frozen=True)
class Entry:
    """One entry of a document: a section, a numbered rule, an example, a glossary term, ...

    `ref` is what users cite: "104.2.1", "Glossary: Warlord", "Appendix C - Archetype Traits",
    "6." style section refs are written "Section 6", and un-numbered documents use their heading.
    """

    ref: str
    doc: str
    kind: str  # "section", "rule", "glossary", "appendix", "heading", "term"
    title: str
    text: str
    parent: str | None = None
    examples: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hit:
    """One ranked search result."""

    ref: str
    doc: str
    title: str
    text: str
    score: float
    kind: str = "rule"
    matched_by: str = ""  # "number", "name", "fuzzy", "fulltext", "synonym", ...

    def to_json(self) -> dict[str, object]:
        return {
            "ref": self.ref,
            "doc": self.doc,
            "title": self.title,
            "text": self.text,
            "score": round(self.score, 4),
            "kind": self.kind,
            "matched_by": self.matched_by,
        }


@dataclass(frozen=True)
class EntryDetail:
    """An entry with its context: parent chain (root first), children, cross-references."""

    entry: Entry
    document: DocumentInfo
    parents: tuple[Entry, ...] = ()
    children: tuple[Entry, ...] = ()
    cites: tuple[str, ...] = ()
    cited_by: tuple[str, ...] = ()
    broken_refs: tuple[str, ...] = field(default=())  # refs it cites that do not exist


@dataclass(frozen=True)
class Lookup:
    """What the bot answers with for one query.

    `kind` is "number" (rule numbers were asked), "term" (a name was recognised), "search"
    (ranked full-text hits) or "none". `confident` is False when the best hit is weak or
    ambiguous, so a front end should offer "did you mean" choices instead of one answer.
    """

    query: str
    kind: str
    hits: list[Hit] = field(default_factory=list)
    details: list[EntryDetail] = field(default_factory=list)
    confident: bool = False
