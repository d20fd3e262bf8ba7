"""Where the bot keeps its files: one data folder, shared with the rules index cache."""

from __future__ import annotations

from pathlib import Path

from rules_index import default_path


def data_dir() -> Path:
    """The data folder: $WARLORD_JUDGE_HOME, else $XDG_DATA_HOME (~/.local/share)/warlord-judge."""
    path = default_path().parent
    path.mkdir(parents=True, exist_ok=True)
    return path


def database_path() -> Path:
    """The bot's SQLite database (settings, imported cards, games)."""
    return data_dir() / "warlord-judge.db"
