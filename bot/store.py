"""Per-server settings in the bot's SQLite database (table `guild_settings`, via sqlite-utils)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path

import sqlite_utils

from bot.errors import BotError

TABLE = "guild_settings"


class StoreError(BotError):
    """The bot's database cannot be opened or used."""


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
        table = db.table(TABLE)
        if not table.exists():
            table.create(
                {"guild_id": int, "default_doc": str, "ephemeral": int, "inline_refs": int},
                pk="guild_id",
                not_null={"default_doc", "ephemeral", "inline_refs"},
                defaults={"default_doc": "", "ephemeral": 0, "inline_refs": 1},
            )

    @classmethod
    def open(cls, path: Path | None = None) -> SettingsStore:
        """Open (creating if needed) the settings in the database at `path`, default the bot's."""
        try:
            if path is None:
                from bot.paths import database_path

                path = database_path()
            # One worker thread uses the store at a time (see bot.runner), maybe not its creator.
            return cls(sqlite_utils.Database(sqlite3.connect(path, check_same_thread=False)))
        except (OSError, sqlite3.Error) as exc:
            where = f" at {path}" if path else ""
            raise StoreError(f"The bot's database cannot be opened{where}: {exc}.") from exc

    @classmethod
    def in_memory(cls) -> SettingsStore:
        return cls(sqlite_utils.Database(sqlite3.connect(":memory:", check_same_thread=False)))

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
