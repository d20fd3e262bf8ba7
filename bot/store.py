"""Per-server settings in the bot's SQLite database (table `guild_settings`, via sqlite-utils).

The database is opened by `bot.db.open_database`, which creates and migrates the table."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import sqlite_utils

from bot.db import DatabaseError, open_database

TABLE = "guild_settings"

StoreError = DatabaseError  # the bot's database cannot be opened or used


@dataclass(frozen=True)
class GuildSettings:
    """What a server's moderators chose. `default_doc` "" means the index's default document."""

    guild_id: int
    default_doc: str = ""
    ephemeral: bool = False
    inline_refs: bool = True


class SettingsStore:
    """Reads and writes `GuildSettings`; servers never configured get the defaults."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db

    @classmethod
    def open(cls, path: Path | None = None) -> SettingsStore:
        """Open (creating if needed) the settings in the database at `path`, default the bot's."""
        # One worker thread uses the store at a time (see bot.runner), maybe not its creator.
        return cls(open_database(path))

    @classmethod
    def in_memory(cls) -> SettingsStore:
        return cls(open_database(":memory:"))

    def get(self, guild_id: int) -> GuildSettings:
        rows = list(self.db.table(TABLE).rows_where("guild_id = ?", [guild_id]))
        if not rows:
            return GuildSettings(guild_id)
        row = rows[0]
        return GuildSettings(
            guild_id=guild_id,
            default_doc=str(row["default_doc"] or ""),
            ephemeral=bool(row["ephemeral"]),
            inline_refs=bool(row["inline_refs"]),
        )

    def update(
        self,
        guild_id: int,
        *,
        default_doc: str | None = None,
        ephemeral: bool | None = None,
        inline_refs: bool | None = None,
    ) -> GuildSettings:
        """Change the given settings (None leaves one as it is) and return the result."""
        current = self.get(guild_id)
        changed = replace(
            current,
            default_doc=current.default_doc if default_doc is None else default_doc,
            ephemeral=current.ephemeral if ephemeral is None else ephemeral,
            inline_refs=current.inline_refs if inline_refs is None else inline_refs,
        )
        with self.db.conn:
            self.db.table(TABLE).upsert(
                {
                    "guild_id": guild_id,
                    "default_doc": changed.default_doc,
                    "ephemeral": int(changed.ephemeral),
                    "inline_refs": int(changed.inline_refs),
                },
                pk="guild_id",
            )
        return changed
