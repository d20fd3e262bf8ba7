"""Card definitions, card data parsing, deck lists and deck validation."""

from engine.cards.model import (
    Alignment,
    Card,
    CardClass,
    CardType,
    CharacterType,
    DamageType,
    Deck,
    Feat,
    Keyword,
)

__all__ = [
    "Alignment",
    "Card",
    "CardClass",
    "CardType",
    "CharacterType",
    "DamageType",
    "Deck",
    "Feat",
    "Keyword",
]
