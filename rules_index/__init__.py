"""Rules documents parsed into an SQLite index and searched (FTS5, rapidfuzz)."""
