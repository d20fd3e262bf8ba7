"""A small in-memory stand-in for rules_index.RulesIndex, with the same methods."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_index.errors import UnknownDocumentError, UnknownRuleError, UnknownTermError
from rules_index.models import DocumentInfo, Entry, EntryDetail, Hit

CR = DocumentInfo(
    name="cr",
    title="Warlord: Saga of the Storm Comprehensive Rules Tome",
    version="2.0.7",
    language="en",
    format="numbered",
    source_url="https://example.org/cr.pdf",
    is_default=True,
)
OLD = DocumentInfo("4e-en", "Warlord 4th edition rulebook", "", "en", "headings")

LONG_TEXT = " ".join(
    f"Sentence {i} of a very long rule about strikes and wounds." for i in range(200)
)


WOUNDS = "A character with wounds equal to its hit points dies. See 509.5."


def _e(ref: str, title: str, text: str, parent: str | None = None, kind: str = "rule") -> Entry:
    return Entry(ref=ref, doc="cr", kind=kind, title=title, text=text, parent=parent)


ENTRIES: list[Entry] = [
    _e("104", "Wounds, Hit Points, & Dying", "", None, "section"),
    _e("104.1", "", "Each character has hit points.", "104"),
    _e(
        "104.2", "Wounds", "A character with wounds equal to its hit points dies. See 509.5.", "104"
    ),
    _e("104.2.1", "", "Wounds stay until healed.", "104.2"),
    _e("104.3", "", "Healing removes wounds.", "104"),
    _e("104.4", "", "Dead characters go to the discard pile.", "104"),
    _e("110", "Actions", "", None, "section"),
    _e("110.9", "Long Rule", LONG_TEXT, "110"),
    _e("509", "Strikes", "", None, "section"),
    _e("509.5", "Steps of a Strike", "Resolve these steps in order for each strike:", "509"),
    *[
        _e(f"509.5.{i}", "", f"Step {i} of the strike: roll, compare, then wound. " * 3, "509.5")
        for i in range(1, 13)
    ],
    _e("602", "Keywords", "", None, "section"),
    _e("602.5", "Planar", "A Planar strike ignores armor. **bold** @everyone", "602"),
    _e("Glossary: Planar", "Planar", "Planar strikes hit spirits.", None, "glossary"),
    _e("Glossary: Ready", "Ready", "An upright character is ready.", None, "glossary"),
]
BY_REF = {e.ref: e for e in ENTRIES}
# What the real index's typo correction and synonyms do, for a few words.
CORRECTIONS = {"plannar": "planar", "untap": "ready"}
ORDER = [e.ref for e in ENTRIES]


@dataclass(frozen=True)
class Lookup:
    query: str
    kind: str
    hits: tuple[Hit, ...] = ()
    details: tuple[EntryDetail, ...] = ()
    confident: bool = False


class FakeIndex:
    """Deterministic answers over ENTRIES; records the calls it receives."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def documents(self) -> list[DocumentInfo]:
        return [CR, OLD]

    def _check_doc(self, doc: str | None) -> None:
        if doc not in (None, "cr", "4e-en"):
            raise UnknownDocumentError(f"There is no document named {doc}.")

    def detail(self, entry: Entry) -> EntryDetail:
        parents: list[Entry] = []
        p = entry.parent
        while p:
            parents.insert(0, BY_REF[p])
            p = BY_REF[p].parent
        children = tuple(e for e in ENTRIES if e.parent == entry.ref)
        cites = tuple(re.findall(r"\b\d{3}\.\d+(?:\.\d+)*", entry.text))
        cited_by = tuple(e.ref for e in ENTRIES if entry.ref in re.findall(r"[\d.]+", e.text))
        return EntryDetail(entry, CR, tuple(parents), children, cites, cited_by)

    def get(self, refs: str, doc: str | None = None) -> list[EntryDetail]:
        self.calls.append(("get", refs))
        self._check_doc(doc)
        out: list[EntryDetail] = []
        for part in re.split(r"\s*,\s*", refs.strip()):
            part = re.sub(r"^rules?\s+", "", part, flags=re.I).rstrip(".")
            if "-" in part:
                lo, hi = (x.strip() for x in part.split("-", 1))
                wanted = ORDER[self._index(lo) : self._index(hi) + 1]
            else:
                wanted = [ORDER[self._index(part)]]
            out.extend(self.detail(BY_REF[r]) for r in wanted)
        return out

    def _index(self, ref: str) -> int:
        if ref not in BY_REF:
            nearest = [r for r in ORDER if r.startswith(ref.split(".")[0])][:3]
            raise UnknownRuleError(f"There is no rule {ref} in the Comprehensive Rules.", nearest)
        return ORDER.index(ref)

    def define(self, term: str, doc: str | None = None) -> EntryDetail:
        self.calls.append(("define", term))
        self._check_doc(doc)
        key = CORRECTIONS.get(term.strip().lower(), term.strip().lower())
        for e in ENTRIES:
            if e.kind == "glossary" and e.title.lower() == key:
                return self.detail(e)
        suggestions = [
            e.title
            for e in ENTRIES
            if e.kind == "glossary" and e.title[:1].lower() == term[:1].lower()
        ]
        raise UnknownTermError(f"No glossary entry for {term}.", suggestions)

    def search(self, query: str, doc: str | None = None, limit: int = 10) -> list[Hit]:
        self.calls.append(("search", query))
        self._check_doc(doc)
        words = query.lower().split()
        hits = []
        for e in ENTRIES:
            text = f"{e.title} {e.text}".lower()
            score = sum(text.count(w) for w in words)
            if score:
                hits.append(Hit(e.ref, "cr", e.title, e.text, float(score), e.kind, "fulltext"))
        hits.sort(key=lambda h: (-h.score, ORDER.index(h.ref)))
        return hits[:limit]

    def lookup(self, query: str, doc: str | None = None, limit: int = 10) -> Lookup:
        self.calls.append(("lookup", query))
        try:
            detail = self.define(query, doc)
        except UnknownTermError:
            pass
        else:
            e = detail.entry
            hit = Hit(e.ref, "cr", e.title, e.text, 10.0, e.kind, "name")
            return Lookup(query, "term", (hit,), (detail,), True)
        hits = tuple(self.search(query, doc, limit))
        if not hits:
            return Lookup(query, "none")
        if len(hits) == 1:
            return Lookup(query, "search", hits, (self.detail(BY_REF[hits[0].ref]),), True)
        return Lookup(query, "search", hits, (), False)

    def complete_refs(self, prefix: str, limit: int = 25) -> list[tuple[str, str]]:
        return [(e.ref, e.title) for e in ENTRIES if e.ref.startswith(prefix)][:limit]

    def complete_terms(self, prefix: str, limit: int = 25) -> list[str]:
        found = [e.title for e in ENTRIES if e.kind == "glossary"]
        return [t for t in found if t.lower().startswith(prefix.lower())][:limit]
