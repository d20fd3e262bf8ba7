"""Rules documents parsed into an SQLite index and searched (BM25 in memory, rapidfuzz)."""

from __future__ import annotations

from rules_index.errors import (
    DocumentFormatError,
    QueryError,
    RulesIndexError,
    UnknownDocumentError,
    UnknownRuleError,
    UnknownTermError,
)
from rules_index.index import RulesIndex, default_path
from rules_index.models import DocumentInfo, Entry, EntryDetail, Hit, Lookup

__all__ = [
    "DocumentFormatError",
    "DocumentInfo",
    "Entry",
    "EntryDetail",
    "Hit",
    "Lookup",
    "QueryError",
    "RulesIndex",
    "RulesIndexError",
    "UnknownDocumentError",
    "UnknownRuleError",
    "UnknownTermError",
    "default_path",
]
