"""Our original sample cards, the standard tokens (rule 703.9) and ready-made decks.

The data ships as package JSON (`engine/data/sample_cards.json`, `sample_decks.json`); reading
it through importlib.resources is the one file access the engine allows itself.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from engine.cards.catalog import CardCatalog
from engine.cards.errors import CardDataError
from engine.cards.formats import GameFormat
from engine.cards.model import Card, Deck
from engine.cards.serialize import card_from_dict, deck_from_dict
from engine.cards.validation import validate_deck

STANDARD_TOKEN_IDS: tuple[str, ...] = ("trap-token", "simple-shield-token", "animal-token")


def load_data_file(name: str) -> Any:
    """The parsed JSON of a packaged data file of `engine/data`."""
    text = resources.files("engine").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


@cache
def sample_catalog() -> CardCatalog:
    """Every sample card plus the standard tokens."""
    data = load_data_file("sample_cards.json")
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardDataError("The packaged sample card file has no list of cards.")
    return CardCatalog(card_from_dict(entry) for entry in data["cards"])


def standard_tokens() -> tuple[Card, ...]:
    """The standard tokens of rule 703.9: Trap, Simple Shield and Animal."""
    catalog = sample_catalog()
    tokens = tuple(catalog.get(token_id) for token_id in STANDARD_TOKEN_IDS)
    return tokens


@cache
def _sample_deck_data() -> dict[str, Any]:
    data = load_data_file("sample_decks.json")
    if not isinstance(data, dict) or not isinstance(data.get("decks"), dict):
        raise CardDataError("The packaged sample deck file has no decks.")
    decks: dict[str, Any] = data["decks"]
    return decks


def sample_decks() -> dict[str, Deck]:
    """Ready-made legal decks by name: four Saga decks, an Alliance pair, a Limited deck."""
    return {
        name: deck_from_dict({"name": name, **{k: entry[k] for k in ("starting_army", "cards")}})
        for name, entry in _sample_deck_data().items()
    }


def sample_deck_formats() -> dict[str, GameFormat]:
    """The format each sample deck is built for."""
    return {name: GameFormat(entry["format"]) for name, entry in _sample_deck_data().items()}


def sample_decks_for(fmt: GameFormat) -> dict[str, Deck]:
    """The sample decks to play `fmt` with: those built for it, else every legal one.

    Ancients (801.8) has no decks of its own: it "follows all of the regular rules", so the
    Saga decks are legal Ancients decks and are the ones that validate.
    """
    decks, formats = sample_decks(), sample_deck_formats()
    built = {name: deck for name, deck in decks.items() if formats[name] is fmt}
    if built:
        return built
    catalog = sample_catalog()
    return {name: deck for name, deck in decks.items() if not validate_deck(deck, catalog, fmt)}
