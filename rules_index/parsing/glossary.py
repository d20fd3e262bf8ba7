"""Glossary-shaped documents: one entry per term, alphabetical, with "See also" links.

A term is a short line in title case without final punctuation ("Cannot be Damaged"); its
definition runs to the next term. "See also A, B on page 3" links the entry to A and B.
"""

from __future__ import annotations

import re

from rules_index.parsing.base import DocumentBuilder, Draft, ParsedDocument, name_variants
from rules_index.text import clean_line, normalize_name

SMALL_WORDS = {"a", "an", "and", "as", "at", "be", "by", "for", "in", "of", "on", "or", "the", "to"}
SEE_ALSO_RE = re.compile(r"^See also\s+(.*)$", re.IGNORECASE)
BULLET_RE = re.compile(r"^(?:EE|[-•])\s+")


def is_term_line(line: str) -> bool:
    """Short, capitalised words, no sentence punctuation: a glossary term on its own line."""
    if not (1 < len(line) <= 45) or not line[:1].isupper() or BULLET_RE.match(line):
        return False
    if line.endswith((".", ",", ";", "!", "?")) or SEE_ALSO_RE.match(line):
        return False
    tokens = re.findall(r"[A-Za-z][A-Za-z'’\-]*", line)
    if not tokens or len(tokens) > 6:
        return False
    return all(t[0].isupper() or t.lower() in SMALL_WORDS for t in tokens)


def parse_glossary(text: str, doc: str) -> ParsedDocument:
    """Split a glossary-shaped document into one entry per term."""
    b = DocumentBuilder(doc)
    pending_links: list[tuple[str, str]] = []
    see_also: str | None = None
    for raw in text.splitlines():
        line = clean_line(raw).strip()
        if not line:
            see_also = None
            continue
        if see_also is not None and not _continues(see_also, line):
            see_also = None
        if is_term_line(line) and see_also is None:
            b.start(Draft(line, "glossary", line, "", names=name_variants(line)))
            continue
        current = b.current or b.start(Draft("Introduction", "section", "Introduction", ""))
        match = SEE_ALSO_RE.match(line)
        if match:
            see_also = match.group(1)
            current.text += ("\n" if current.text else "") + line
            pending_links.append((current.ref, see_also))
            continue
        if see_also is not None:
            # a "See also" list wrapped onto the next line
            pending_links.append((current.ref, line))
            current.text += " " + line
            see_also = line
            continue
        b.add_line(BULLET_RE.sub("- ", line))
    b.drafts = [d for d in b.drafts if d.text.strip()]
    by_name = {normalize_name(d.ref): d.ref for d in b.drafts}
    for source, listing in pending_links:
        listing = re.sub(r"\bon pages?\s+[\d–\-, ]+", "", listing)
        for part in re.split(r",|\band\b", listing):
            target = by_name.get(normalize_name(part.strip(' “”"')))
            draft = b.by_ref.get(source)
            if target and draft is not None and target != source:
                draft.links.append(target)
    return b.finish()


def _continues(listing: str, line: str) -> bool:
    """Whether `line` carries on a "See also" list that the previous line left open."""
    open_end = listing.rstrip().endswith((",", " on", " and", " page", "/"))
    return open_end or line[:1].islower() or line[:1].isdigit()
