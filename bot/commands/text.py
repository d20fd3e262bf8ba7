"""Checking what users type: short clear errors for bad input, and reading references in chat."""

from __future__ import annotations

import re

from bot.card_names import similarity
from bot.errors import InvalidInputError
from bot.escaping import CONTROL, quote

MAX_QUERY = 200
MAX_SEARCH = 80  # a search's words travel in the page buttons' custom_id (100 characters)
TYPO_SIMILARITY = 60  # similarity above which a different name reads as a typo of it

# Any length: one too long gets the same answer as /rule ("keep it under 200").
INLINE_RE = re.compile(r"\[\[([^\[\]\n]+)\]\]")
# Discord code: ``` fenced blocks ``` (closed or not), ``double`` and `single` inline code.
# Code and ||spoilers|| are quoted or hidden on purpose: references in them are not asked.
_CODE_RE = re.compile(r"```.*?(?:```|\Z)|``[^`]+``|`[^`]+`|\|\|.+?\|\|", re.DOTALL)
_PREFIX_RE = re.compile(r"^(?:define|glossary)\s*:?\s+", re.IGNORECASE)
_WORD_RE = re.compile(r"[^\W_]+")

__all__ = [
    "MAX_QUERY",
    "MAX_SEARCH",
    "clean_query",
    "correction_note",
    "inline_refs",
    "quote",
]


def clean_query(text: str | None, *, noun: str, hint: str, limit: int = MAX_QUERY) -> str:
    """The query on one line, checked; InvalidInputError with a one-sentence reason otherwise.

    `hint` is the sentence shown for empty input, e.g. "Type a rule number such as 104.2."
    """
    query = " ".join(CONTROL.sub(" ", text or "").split())
    if not query:
        raise InvalidInputError(hint)
    if len(query) > limit:
        raise InvalidInputError(
            f"That {noun} is {len(query):,} characters long; keep it under {limit}."
        )
    return query


def inline_refs(text: str) -> list[str]:
    """The distinct `[[references]]` of a chat message, outside code and spoilers (`[[x]]` is
    quoted, not asked), in order of appearance."""
    wanted: list[str] = []
    for match in INLINE_RE.finditer(_CODE_RE.sub(" ", text)):
        ref = " ".join(match.group(1).split())
        if ref and ref.lower() not in (w.lower() for w in wanted):
            wanted.append(ref)
    return wanted


def _words(text: str) -> set[str]:
    """Folded words, a plural "s" dropped: "Ranged Strikes" -> {"ranged", "strike"}."""
    words = _WORD_RE.findall(text.casefold())
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words}


def correction_note(asked: str, name: str) -> str:
    """One line when the answer shown is not the name the user typed: a typo silently corrected
    ("Showing Planar (closest to “plannar”).") or another word for it. "" when they agree."""
    typed = _PREFIX_RE.sub("", asked.strip())
    typed_words, name_words = _words(typed), _words(name)
    if not name_words or not typed_words:
        return ""
    if name_words <= typed_words or typed_words <= name_words:
        return ""
    if similarity(typed.casefold(), name.casefold()) >= TYPO_SIMILARITY:
        return f"Showing {name} (closest to {quote(typed)})."
    return f"Showing {name} for {quote(typed)}."
