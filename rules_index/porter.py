"""The Porter stemmer (M. F. Porter, 1980), as SQLite FTS5's `porter` tokenizer applies it:
"cancelled", "canceled" and "cancel" are one word, so are "controlling" and "control".

The algorithm is snowballstemmer's `porter`; like SQLite, words of two letters or less and
words with other characters than letters are kept as they are."""

from __future__ import annotations

import functools

import snowballstemmer

_STEMMER = snowballstemmer.stemmer("porter")


@functools.lru_cache(maxsize=65536)
def porter(word: str) -> str:
    """The Porter stem of a lower-case word; words of two letters or less are kept."""
    if len(word) <= 2 or not word.isalpha():
        return word
    return str(_STEMMER.stemWord(word))
