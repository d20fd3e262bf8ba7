"""Where the bot keeps its files: one data folder, overridable for tests and deployments."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """The data folder: $WARLORD_JUDGE_HOME, else $XDG_DATA_HOME (~/.local/share)/warlord-judge."""
    explicit = os.environ.get("WARLORD_JUDGE_HOME")
    if explicit:
        path = Path(explicit)
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base) / "warlord-judge"
    path.mkdir(parents=True, exist_ok=True)
    return path


def database_path() -> Path:
    """The bot's SQLite database (settings, imported cards, games)."""
    return data_dir() / "warlord-judge.db"
