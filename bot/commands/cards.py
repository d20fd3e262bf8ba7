"""Building reply cards from rules-index values: a rule with its context, a page of hits."""

from __future__ import annotations

import re

from bot.commands.text import quote
from bot.replies import Action, Button, Card, Field, shorten
from rules_index.models import DocumentInfo, Entry, EntryDetail, Hit
from rules_index.text import plural

INLINE_CHILDREN_CHARS = 1500  # sub-rules shorter than this are shown in full, else collapsed
INLINE_CHILDREN_COUNT = 8
MAX_CITED_BY = 20
PAGE_SIZE = 5
MAX_RULES = 25  # rules one answer may hold (a range or list)
_NUMBER_RE = re.compile(r"\d+(?:\.\d+)*[a-z]?")


def heading(entry: Entry, parents: tuple[Entry, ...] = ()) -> str:
    """The card title: "Rule 509.5 — Steps of a Strike", "Glossary: Planar", ...

    A title a rule only inherits from its section (same as a parent's) is left out.
    """
    ref = f"Rule {entry.ref}" if _NUMBER_RE.fullmatch(entry.ref) else entry.ref
    title = entry.title.strip()
    inherited = {p.title.strip().lower() for p in parents}
    if not title or title.lower() in entry.ref.lower() or title.lower() in inherited:
        return ref
    return f"{ref} — {title}"


def without_title(text: str, title: str) -> str:
    """Rule text minus a leading bold copy of its title ("**Planar** – ..."), shown above."""
    if not title.strip():
        return text
    if text.strip().lower() == title.strip().lower():
        return ""
    pattern = rf"\*\*{re.escape(title.strip())}\*\*\s*[–—:-]?\s*"
    match = re.match(pattern, text, re.IGNORECASE)
    return text[match.end() :] if match else text


def document_line(document: DocumentInfo) -> str:
    """Which document and version an answer quotes."""
    version = f" {document.version}" if document.version else ""
    return f"{document.title}{version} ({document.name})"


def _entry_line(entry: Entry, inherited: str) -> str:
    """A sub-rule in one line: its own title, else the start of its text."""
    own = entry.title.strip() and entry.title.strip().lower() != inherited.strip().lower()
    label = entry.title if own else without_title(entry.text, entry.title) or entry.title
    return f"**{entry.ref}** {shorten(label, 70)}"


def _body(entry: Entry, *, strip_title: bool = False) -> str:
    text = entry.text.strip()
    if strip_title:
        text = without_title(text, entry.title)
    for example in entry.examples:
        text += f"\n\n*Example:* {example.strip()}"
    return text


def rule_card(detail: EntryDetail) -> tuple[Card, tuple[Button, ...]]:
    """The card for one entry: text, parent path, sub-rules, citations, document and link."""
    entry, doc = detail.entry, detail.document.name
    title = heading(entry, detail.parents)
    description = _body(entry, strip_title=entry.title.strip() in title)
    fields: list[Field] = []
    buttons: list[Button] = []
    if detail.parents:
        path = " › ".join(shorten(heading(p), 60) for p in detail.parents)
        fields.append(Field("Part of", path))
    children = detail.children
    full_children = "\n\n".join(f"**{c.ref}** {_body(c)}" for c in children)
    if children and (
        len(full_children) <= INLINE_CHILDREN_CHARS and len(children) <= INLINE_CHILDREN_COUNT
    ):
        description = f"{description}\n\n{full_children}" if description else full_children
    elif children:
        lines = "\n".join(_entry_line(c, entry.title) for c in children)
        fields.append(Field(f"Sub-rules ({len(children)}, collapsed)", lines))
        listed = Action("rule", ", ".join(c.ref for c in children), doc)
        action = (
            listed
            if listed.fits()
            else Action("rule", f"{children[0].ref}-{children[-1].ref}", doc)
        )
        if action.fits() and len(children) <= MAX_RULES:
            count = plural(len(children), "sub-rule")
            buttons.append(Button(f"Show the {count} of {entry.ref}", action))
    if detail.cites:
        fields.append(Field("Cites", ", ".join(detail.cites)))
    if detail.broken_refs:
        fields.append(Field("Cites, not found in this document", ", ".join(detail.broken_refs)))
    if detail.cited_by:
        shown = list(detail.cited_by[:MAX_CITED_BY])
        more = len(detail.cited_by) - len(shown)
        text = ", ".join(shown) + (f" and {more} more" if more else "")
        fields.append(Field("Cited by", text))
    if detail.parents:
        parent = detail.parents[-1]
        up = Action("rule", parent.ref, doc)
        if up.fits():
            buttons.append(Button(f"Up: {parent.ref}", up))
    card = Card(
        title=title,
        description=description or ("" if fields else "(no text)"),
        fields=tuple(fields),
        footer=document_line(detail.document),
        url=detail.document.source_url,
    )
    return card, tuple(buttons)


def open_action(hit: Hit) -> Action:
    """What the "open" button of a hit does: define glossary terms, look up everything else."""
    if hit.kind in ("glossary", "term") and hit.title:
        return Action("define", hit.title, hit.doc)
    return Action("rule", hit.ref, hit.doc)


def hit_line(number: int, hit: Hit) -> str:
    title = f" — {hit.title}" if hit.title and hit.title.lower() not in hit.ref.lower() else ""
    text = without_title(hit.text.strip(), hit.title) or hit.text
    return f"**{number}. {hit.ref}**{title} ({hit.doc})\n{shorten(text, 160)}"


def search_page(
    query: str, doc: str, hits: list[Hit], page: int, more: bool
) -> tuple[Card, tuple[Button, ...]]:
    """One page of ranked hits, with buttons to page and to open each hit."""
    pages = max(1, -(-len(hits) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    shown = hits[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    start = page * PAGE_SIZE
    lines = [hit_line(start + i + 1, h) for i, h in enumerate(shown)]
    total = f"{len(hits)}+ results" if more else plural(len(hits), "result")
    card = Card(
        title=f"Search: {quote(query)}",
        description="\n\n".join(lines),
        footer=f"Page {page + 1} of {pages} · {total}",
    )
    buttons: list[Button] = []
    if pages > 1:
        prev = Action("search", query, doc, page - 1 if page > 0 else 0)
        nxt = Action("search", query, doc, page + 1 if page + 1 < pages else page)
        buttons.append(Button("◀ Previous", prev, disabled=page == 0, edits=True))
        buttons.append(Button("Next ▶", nxt, disabled=page + 1 >= pages, edits=True))
    for i, hit in enumerate(shown):
        action = open_action(hit)
        if action.fits():
            buttons.append(Button(f"{start + i + 1}. {hit.ref}", action, primary=i == 0))
    return card, tuple(buttons)
