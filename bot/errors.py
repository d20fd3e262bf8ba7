"""The one place that turns errors into replies: domain errors say why, the rest politely."""

from __future__ import annotations

import logging

from bot.escaping import neutralise
from bot.replies import Action, Button, Reply, notice
from rules_index.errors import RulesIndexError, UnknownRuleError, UnknownTermError

log = logging.getLogger(__name__)

MAX_SUGGESTIONS = 5
UNEXPECTED = "Sorry, something went wrong on my side while answering that; it has been logged."


class BotError(Exception):
    """Base of the bot's own errors; the message is one sentence shown to the user."""


class InvalidInputError(BotError):
    """The user typed something the command cannot take (empty, too long, malformed)."""


class NotAllowedError(BotError):
    """The user may not do this here (e.g. change settings without Manage Server)."""


def suggestion_buttons(kind: str, candidates: list[str], doc: str) -> tuple[Button, ...]:
    """ "Did you mean" buttons, one per candidate that fits in a custom_id."""
    buttons: list[Button] = []
    for candidate in candidates:
        action = Action("define" if kind == "define" else "rule", candidate, doc)
        if action.fits() and len(buttons) < MAX_SUGGESTIONS:
            buttons.append(Button(candidate, action))
    return tuple(buttons)


def reply_for_error(exc: BaseException, *, doc: str = "") -> Reply:
    """The reply for an error raised while answering; unexpected ones are logged with traceback."""
    if isinstance(exc, BotError):
        return notice(str(exc), error=True)
    if isinstance(exc, (UnknownRuleError, UnknownTermError)):
        is_term = isinstance(exc, UnknownTermError)
        candidates = getattr(exc, "suggestions" if is_term else "nearest", None) or []
        text = _sentence(exc)
        if candidates and "did you mean" not in text.lower():
            text += " Did you mean one of these?"
        kind = "define" if is_term else "rule"
        return notice(text, buttons=suggestion_buttons(kind, list(candidates), doc), error=True)
    if isinstance(exc, RulesIndexError):
        return notice(_sentence(exc), error=True)
    log.error("unexpected error while answering", exc_info=exc)
    return notice(UNEXPECTED, error=True)


def _sentence(exc: BaseException) -> str:
    text = str(exc.args[0]) if exc.args else str(exc)
    text = neutralise(" ".join(text.split()))
    return text if text.endswith((".", "?", "!")) else text + "."
