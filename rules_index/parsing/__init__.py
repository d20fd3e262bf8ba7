"""Parsers: numbered (the CR and its kind), glossary-shaped and heading-shaped documents."""

from __future__ import annotations

import re

from rules_index.errors import DocumentFormatError
from rules_index.parsing.base import ParsedDocument
from rules_index.parsing.glossary import is_term_line, parse_glossary
from rules_index.parsing.headings import NO_FIXES, HeadingFixes, parse_headings
from rules_index.parsing.numbered import parse_numbered

FORMATS = ("numbered", "glossary", "headings")
__all__ = ["FORMATS", "HeadingFixes", "ParsedDocument", "detect_format", "parse_document"]


def detect_format(text: str) -> str:
    """Guess a document's shape: numbered rules, a glossary of terms, or headed sections."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    numbered = sum(1 for line in lines if re.match(r"^-?\s*\d{1,3}(?:\.\d+)+\.?\s+\S", line))
    if lines and numbered >= max(5, len(lines) // 20):
        return "numbered"
    terms = sum(1 for line in lines if is_term_line(line))
    see_also = sum(1 for line in lines if line.lower().startswith("see also"))
    if see_also >= 3 or (lines and terms >= len(lines) // 6 and terms >= 10):
        return "glossary"
    return "headings"


def parse_document(
    text: str, doc: str, fmt: str | None = None, fixes: HeadingFixes = NO_FIXES
) -> ParsedDocument:
    """Parse `text` as document `doc` in format `fmt` (detected when None); `fixes` repairs
    the headings of a heading-shaped document."""
    fmt = fmt or detect_format(text)
    if fmt not in FORMATS:
        raise DocumentFormatError(
            f"Unknown document format {fmt!r}: use one of {', '.join(FORMATS)}."
        )
    if fmt == "headings":
        parsed = parse_headings(text, doc, fixes)
    else:
        parser = {"numbered": parse_numbered, "glossary": parse_glossary}
        parsed = parser[fmt](text, doc)
    if not parsed.entries:
        raise DocumentFormatError(f"No entries were found in document {doc!r} as {fmt} text.")
    return parsed
