"""Errors of the rules index: each message is one sentence a player understands."""

from __future__ import annotations


class RulesIndexError(Exception):
    """Base class of every error caused by a user's input or a document."""


class UnknownRuleError(RulesIndexError):
    """A rule number or reference that the document does not contain."""

    def __init__(self, message: str, nearest: list[str] | None = None) -> None:
        super().__init__(message)
        self.nearest: list[str] = list(nearest or [])


class UnknownTermError(RulesIndexError):
    """A term with no glossary, keyword, feat or trait entry."""

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        super().__init__(message)
        self.suggestions: list[str] = list(suggestions or [])


class UnknownDocumentError(RulesIndexError):
    """A `--doc` name that matches no indexed document."""


class DocumentExistsError(RulesIndexError):
    """A document added under a name already indexed, without asking to replace it."""


class DocumentFormatError(RulesIndexError):
    """A document that cannot be read or split into entries."""


class QueryError(RulesIndexError):
    """A query that is empty or cannot be understood at all."""
