"""Documents without rule numbers, split into entries at their headings.

A heading is a short line that is either in capitals ("LOYALTY PENALTY"), ends with a colon
on its own ("Reacts :"), or is a short title line between sentences ("La Règle d'Or"). The text
under a heading, up to the next one, is its entry; the heading as printed is its ref. A web or
page address is never a heading. `HeadingFixes` repairs what text extraction garbled.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from rules_index.parsing.base import DocumentBuilder, Draft, ParsedDocument, name_variants
from rules_index.text import clean_line

SENTENCE_END = (".", "!", "?", ":", "»", ")", '"', "”")
LIST_RE = re.compile(r"^(?:[-•*]\s|\d+[.)]\s)")
URL_RE = re.compile(
    r"^(?:https?://\S+|www\.\S+|[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|fr|de|eu|info|io)/?)\.?$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class HeadingFixes:
    """Repairs of one document's headings (`documents/corrections.json`): garbled headings as
    extracted -> as printed (a key may join a heading's two lines with a space); lines taken
    for headings that are body text; entries that are page furniture (credits, a web page's
    menus) and never an answer."""

    headings: Mapping[str, str] = field(default_factory=dict)
    not_headings: frozenset[str] = frozenset()
    furniture: frozenset[str] = frozenset()


NO_FIXES = HeadingFixes()


def is_url(line: str) -> bool:
    """A line that is only a web address ("WWW.WARLORDCCG.COM", "https://...")."""
    return bool(URL_RE.match(line.strip()))


def is_caps_heading(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return (
        len(letters) >= 3
        and len(line) <= 60
        and all(c.isupper() for c in letters)
        and not line.startswith(("WWW.", "HTTP"))
    )


def is_colon_heading(line: str) -> bool:
    body = line.lstrip("-• ").rstrip()
    return (
        body[:1].isupper()
        and len(body) <= 60
        and body.endswith(":")
        and ". " not in body
        and len(body) > 3
    )


def is_title_line(line: str, previous: str, following: str) -> bool:
    """A short capitalised line without final punctuation, standing between sentences."""
    if not (3 < len(line) <= 40) or not line[:1].isupper() or LIST_RE.match(line):
        return False
    if line.rstrip().endswith((".", ",", ";", "!", "?", "-", "…")) or ":" in line:
        return False
    if previous and not previous.rstrip().endswith(SENTENCE_END):
        return False
    return bool(following[:1].isupper() or following[:1].isdigit())


def is_letter_noise(line: str) -> bool:
    """Decorative titles extracted as repeated letters: "DDDD ééé mmmm aaaa"."""
    tokens = line.split()
    noisy = sum(1 for t in tokens if len(t) >= 3 and len(set(t)) == 1)
    return bool(tokens) and noisy * 2 >= len(tokens)


def heading_ref(line: str) -> str:
    """The heading as printed, without list dashes and a trailing " :"."""
    return re.sub(r"\s*[:.]\s*$", "", line.strip().lstrip("-• ").strip()).strip()


def is_heading(line: str, previous: str, following: str) -> bool:
    """Whether a line, between these two, reads as a heading (before any repair)."""
    if is_url(line):
        return False
    return (
        is_caps_heading(line) or is_colon_heading(line) or is_title_line(line, previous, following)
    )


def parse_headings(text: str, doc: str, fixes: HeadingFixes = NO_FIXES) -> ParsedDocument:
    """Split a heading-shaped document into one entry per heading, `fixes` applied."""
    lines = [clean_line(raw).strip() for raw in text.splitlines()]
    b = DocumentBuilder(doc)
    previous = ""
    skip = -1
    for i, line in enumerate(lines):
        if not line or is_letter_noise(line) or i == skip:
            continue
        after = next((j for j in range(i + 1, len(lines)) if lines[j]), -1)
        following = next((n for n in lines[i + 1 :] if n and not is_letter_noise(n)), "")
        joined = f"{line} {lines[after]}" if after >= 0 else ""
        ref = ""
        if joined in fixes.headings:  # a heading printed over two lines
            ref, skip = fixes.headings[joined], after
        elif line not in fixes.not_headings and is_heading(line, previous, following):
            ref = heading_ref(line)
            ref = fixes.headings.get(ref, ref)
        current = b.current
        if ref and current and current.ref == ref and not current.text and not current.examples:
            pass  # the same heading printed twice in a row
        elif ref:
            b.start(Draft(ref, "heading", ref, "", names=name_variants(ref.title())))
        elif b.current is None:
            b.start(Draft("Introduction", "heading", "Introduction", line))
        else:
            b.add_line(line)
        previous = line
    b.drafts = [
        d for d in b.drafts if (d.text.strip() or d.examples) and d.ref not in fixes.furniture
    ]
    return b.finish()
