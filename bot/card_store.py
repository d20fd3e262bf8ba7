"""The bot's card database: community card imports kept in SQLite (sqlite-utils), and the
reading of card files (`read_text`, `read_card_json`: one sentence per problem).

One import replaces the previous one in a single transaction, so a failed import loses
nothing. With nothing imported, the catalog is the engine's sample catalog.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from bot.card_names import best_names
from bot.db import DatabaseError, open_database
from bot.errors import BotError
from engine.cards.catalog import CardCatalog
from engine.cards.community import ImportReport, parse_community_cards
from engine.cards.errors import CardError
from engine.cards.model import Card
from engine.cards.names import name_key
from engine.cards.sample import sample_catalog, standard_tokens
from engine.cards.serialize import card_from_dict, card_to_dict

CARDS = "cards"
IMPORTS = "card_imports"


class CardStoreError(BotError):
    """A card file or card database problem, as one sentence for the user."""


def read_text(path: Path, what: str) -> str:
    """The text of a file, or CardStoreError with one sentence naming `what` it should be."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CardStoreError(f"There is no {what} file at {path}.") from None
    except IsADirectoryError:
        raise CardStoreError(f"{path} is a folder, not a {what} file.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CardStoreError(f"The {what} {path} cannot be read ({exc}).") from None


def read_card_json(path: Path) -> Any:
    """The parsed JSON of a card file, or CardStoreError with one sentence."""
    text = read_text(path, "card")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardStoreError(
            f"The card file {path} is not valid JSON (line {exc.lineno}, column {exc.colno})."
        ) from None


class CardStore:
    """Imported cards in the bot's SQLite database (default `bot.paths.database_path()`);
    `source` is a path or an already open database (`bot.db.open_database`), which creates
    the tables."""

    def __init__(self, source: Path | str | sqlite_utils.Database | None = None) -> None:
        try:
            self.db = source if isinstance(source, sqlite_utils.Database) else open_database(source)
        except DatabaseError as exc:
            raise CardStoreError(str(exc)) from exc
        self._catalog: CardCatalog | None = None

    # -- import ---------------------------------------------------------------------------
    def import_file(self, path: Path | str) -> ImportReport:
        """Import a community card JSON file, replacing the previous import."""
        file = Path(path)
        return self.import_data(read_card_json(file), source=file.name)

    def import_data(self, data: Any, source: str = "") -> ImportReport:
        """Import already parsed community card data, replacing the previous import."""
        try:
            report = parse_community_cards(data)
        except CardError as exc:
            raise CardStoreError(f"{exc} Nothing was imported.") from None
        if report.imported == 0:
            raise CardStoreError(
                "The card file holds no readable cards; the previous import is kept."
            )
        token_ids = {t.id for t in standard_tokens()}
        cards = [c for c in report.catalog.cards if c.id not in token_ids]
        conn = self.db.conn
        with conn:  # one transaction: the old import stays unless the new one is complete
            conn.execute(f"DELETE FROM [{CARDS}]")
            conn.executemany(
                f"INSERT INTO [{CARDS}] (id, name, name_key, type, factions, data) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                _rows(cards),
            )
            conn.execute(
                f"INSERT INTO [{IMPORTS}] (source, imported_at, imported, skipped, clean, problems)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    source,
                    datetime.now(UTC).isoformat(timespec="seconds"),
                    report.imported,
                    report.skipped,
                    report.clean,
                    json.dumps(report.problems),
                ),
            )
        self._catalog = None
        return report

    def clear(self) -> int:
        """Forget the imported cards in one transaction (the sample catalog is used again);
        returns how many cards were forgotten."""
        with self.db.conn:
            cursor = self.db.conn.execute(f"DELETE FROM [{CARDS}]")
        self._catalog = None
        return max(cursor.rowcount, 0)

    # -- reading --------------------------------------------------------------------------
    def has_import(self) -> bool:
        return self.db.table(CARDS).count > 0

    def last_import(self) -> dict[str, Any] | None:
        """The summary of the latest import, or None."""
        rows = list(self.db.query(f"SELECT * FROM [{IMPORTS}] ORDER BY id DESC LIMIT 1"))
        if not rows or not self.has_import():
            return None
        row = dict(rows[0])
        row["problems"] = json.loads(row["problems"] or "[]")
        return row

    def catalog(self) -> CardCatalog:
        """The imported cards plus the standard tokens, or the sample catalog if none."""
        if self._catalog is None:
            self._catalog = self._imported_catalog() if self.has_import() else sample_catalog()
        return self._catalog

    def _imported_catalog(self) -> CardCatalog:
        try:
            cards = [
                card_from_dict(json.loads(row["data"]))
                for row in self.db.query(f"SELECT data FROM [{CARDS}] ORDER BY rowid")
            ]
        except (CardError, json.JSONDecodeError) as exc:
            raise CardStoreError(
                f"The card database is damaged ({exc}); import the card file again."
            ) from None
        return CardCatalog(cards).merged(standard_tokens())

    def find(self, name: str, limit: int = 5) -> list[Card]:
        """Cards whose name best matches `name`: exact (any case/accents) first, then fuzzy."""
        catalog = self.catalog()
        exact = list(catalog.named(name))
        if exact:
            return exact[:limit]
        names = {name_key(c.name): c for c in reversed(catalog.cards)}
        return [names[key] for key in best_names(name_key(name), list(names), limit, 55)]


def _rows(cards: list[Card]) -> Iterator[tuple[str, str, str, str, str, str]]:
    for card in cards:
        yield (
            card.id,
            card.name,
            name_key(card.name),
            card.type.value,
            "/".join(card.factions),
            json.dumps(card_to_dict(card), ensure_ascii=False),
        )
