"""Reading rule references typed by people: "104.2", "rule 509.5", "104.2-104.4", "602.5,603.9"."""

from __future__ import annotations

import re
from dataclasses import dataclass

NUMBER = r"\d{1,3}(?:\.\d+)*"
PREFIX_RE = re.compile(r"^\s*(?:cr|comp(?:rehensive)?\s+rules?|rules?|r|§|#)\s*\.?\s*", re.I)
RANGE_RE = re.compile(rf"^({NUMBER})\.?\s*(?:-|–|—|to|through|\.\.)\s*(?:rules?\s*)?({NUMBER})\.?$")
SINGLE_RE = re.compile(rf"^({NUMBER})\.?$")
NAMED_RE = re.compile(r"^(glossary|appendix|section)\s*[:\-]?\s*(.+)$", re.I)
SPLIT_RE = re.compile(r"\s*(?:,|;|\band\b|&|\+)\s*", re.I)
EMBEDDED_RE = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+)*)(?![\d])")


@dataclass(frozen=True)
class RefSpec:
    """One part of a reference: a number, a range of numbers, or a named entry."""

    kind: str  # "number", "range" or "name"
    start: str
    end: str = ""


def number_key(number: str) -> tuple[int, ...]:
    """Sort key of a rule number: 104.10 comes after 104.9."""
    return tuple(int(p) for p in number.split(".") if p.isdigit())


def is_number(text: str) -> bool:
    return SINGLE_RE.match(text.strip()) is not None


def parse_refs(text: str) -> list[RefSpec] | None:
    """The references in `text` when it consists of references only, else None."""
    text = text.strip().rstrip("?.!").strip()
    if not text or len(text) > 200:
        return None
    named = NAMED_RE.match(text)
    if named:
        kind, rest = named.group(1).lower(), named.group(2).strip()
        if kind == "glossary":
            return [RefSpec("name", f"Glossary: {rest}")]
        if kind == "section" and rest.isdigit():
            return [RefSpec("name", f"Section {rest}")]
        if kind == "appendix":
            return [RefSpec("name", f"Appendix {rest}")]
        return None
    specs: list[RefSpec] = []
    for part in SPLIT_RE.split(text):
        part = PREFIX_RE.sub("", part).strip()
        if not part:
            continue
        single = SINGLE_RE.match(part)
        if single:
            specs.append(RefSpec("number", single.group(1)))
            continue
        ranged = RANGE_RE.match(part)
        if ranged:
            start, end = ranged.group(1), ranged.group(2)
            if number_key(end) < number_key(start):
                start, end = end, start
            specs.append(RefSpec("range", start, end))
            continue
        return None
    return specs or None


def embedded_numbers(text: str) -> list[str]:
    """Rule numbers mentioned inside a longer question ("what does 509.5 say")."""
    return list(dict.fromkeys(EMBEDDED_RE.findall(text)))
