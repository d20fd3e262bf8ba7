"""Checking what users type: short clear errors for empty or oversized input."""

from __future__ import annotations

from bot.errors import InvalidInputError
from bot.escaping import CONTROL, quote

MAX_QUERY = 200
MAX_SEARCH = 80  # a search's words travel in the page buttons' custom_id (100 characters)

__all__ = ["MAX_QUERY", "MAX_SEARCH", "clean_query", "quote"]


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
