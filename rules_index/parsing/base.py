"""The result of parsing one document, and a builder the parsers share."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules_index.models import Entry
from rules_index.text import normalize_name, strip_markup

EXAMPLE_RE = re.compile(r"^[\s\-*(]*\*?(For example|Another example|A third example|E\.g\.)\b")
LIST_ITEM_RE = re.compile(r"^\s*(?:\d{1,2}[.)]|-?\s*[a-z]\.|-|•|Note:)\s")


@dataclass
class Draft:
    """An entry while its text is still being collected."""

    ref: str
    kind: str
    title: str
    text: str = ""
    parent: str | None = None
    examples: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)  # refs named explicitly ("See also ...")


@dataclass(frozen=True)
class ParsedDocument:
    """Entries in document order, the names each entry is known by, explicit links."""

    entries: tuple[Entry, ...]
    names: dict[str, tuple[str, ...]]
    links: dict[str, tuple[str, ...]]

    def count(self, kind: str) -> int:
        return sum(1 for e in self.entries if e.kind == kind)


class DocumentBuilder:
    """Collects drafts; joins continuation lines; keeps refs unique."""

    def __init__(self, doc: str) -> None:
        self.doc = doc
        self.drafts: list[Draft] = []
        self.by_ref: dict[str, Draft] = {}
        self.current: Draft | None = None
        self.in_example = False

    def start(self, draft: Draft) -> Draft:
        """Begin a new entry; a ref seen before gets " (2)", " (3)", ... appended."""
        if draft.ref in self.by_ref:
            n = 2
            while f"{draft.ref} ({n})" in self.by_ref:
                n += 1
            draft.ref = f"{draft.ref} ({n})"
        self.drafts.append(draft)
        self.by_ref[draft.ref] = draft
        self.current = draft
        self.in_example = False
        return draft

    def stop(self) -> None:
        """Lines that follow belong to no entry until the next one starts."""
        self.current = None
        self.in_example = False

    def add_line(self, line: str) -> None:
        """Append a body line to the current entry: an example, or a continuation."""
        draft = self.current
        if draft is None or not line.strip():
            return
        stripped = line.strip()
        if EXAMPLE_RE.match(stripped):
            draft.examples.append(stripped.lstrip("- ").strip())
            self.in_example = True
            return
        if self.in_example and draft.examples:
            draft.examples[-1] = join(draft.examples[-1], stripped)
        else:
            draft.text = join(draft.text, stripped)

    def finish(self) -> ParsedDocument:
        entries = []
        names: dict[str, tuple[str, ...]] = {}
        links: dict[str, tuple[str, ...]] = {}
        for d in self.drafts:
            entries.append(
                Entry(
                    ref=d.ref,
                    doc=self.doc,
                    kind=d.kind,
                    title=d.title,
                    text=d.text.strip(),
                    parent=d.parent,
                    examples=tuple(e.strip() for e in d.examples),
                )
            )
            unique: dict[str, None] = {}
            for name in [*d.names]:
                key = normalize_name(strip_markup(name))
                if key:
                    unique.setdefault(key, None)
            names[d.ref] = tuple(unique)
            if d.links:
                links[d.ref] = tuple(dict.fromkeys(d.links))
        return ParsedDocument(tuple(entries), names, links)


def join(text: str, line: str) -> str:
    """Join a continuation line: list items and notes on a new line, wrapped prose with a space."""
    if not text:
        return line
    if LIST_ITEM_RE.match(line):
        return text + "\n" + line
    if text.endswith("-") and not text.endswith(" -") and line[:1].islower():
        return text[:-1] + line  # a word hyphenated across lines
    return text + " " + line


def name_variants(name: str) -> list[str]:
    """A printed name and the shorter names it contains: "Game Statistic (Game Stat)" gives
    "Game Statistic" and "Game Stat"; "Mass Targeting/Multi-Targeting" gives both halves."""
    name = strip_markup(name).strip().strip(":").strip()
    out = [name]
    base = re.sub(r"\s*\([^)]*\)", "", name).strip()
    if base and base != name:
        out.append(base)
    for inner in re.findall(r"\(([^)]*)\)", name):
        if "," not in inner and len(inner.split()) <= 3 and inner[:1].isupper():
            out.append(inner)
            out.append(f"{base} {inner}")
    for part in re.split(r"\s*/\s*", base):
        if part and part != base:
            out.append(part)
    return [n for n in out if n]
