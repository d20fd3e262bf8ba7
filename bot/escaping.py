"""Making user text safe to echo: markdown escaped, mentions broken (plain Python, no discord)."""

from __future__ import annotations

import re

ECHO_LIMIT = 60

_MARKDOWN = re.compile(r"([\\*_~`|>\[\]])")
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{5,20})")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def break_mentions(text: str) -> str:
    """Mentions (@everyone, @here, <@123...>) broken by a zero-width space, so none can ping."""
    return _MENTION.sub("@\u200b\\1", text)


def neutralise(text: str) -> str:
    """Text that may echo user input: markdown escaped, mentions broken by a zero-width space."""
    return break_mentions(_MARKDOWN.sub(r"\\\1", text))


def quote(text: str, limit: int = ECHO_LIMIT) -> str:
    """User text to echo inside a reply: one line, shortened, neutralised, in quotation marks."""
    flat = " ".join(CONTROL.sub(" ", text).split())
    if len(flat) > limit:
        flat = flat[: limit - 1].rstrip() + "…"
    return f"“{neutralise(flat)}”"
