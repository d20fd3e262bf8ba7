"""Errors of the card layer: one base class, messages are one sentence a player understands."""

from __future__ import annotations

from engine.errors import EngineError


class CardError(EngineError):
    """Base class of every card, deck and card-data error."""


class UnknownCardError(CardError, KeyError):
    """A card id that the catalog does not hold (also a KeyError, as for a mapping)."""

    def __init__(self, card_id: str, suggestions: tuple[str, ...] = ()) -> None:
        self.card_id = card_id
        self.suggestions = suggestions
        hint = f" Did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"There is no card with id '{card_id}' in the catalog.{hint}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class CardDataError(CardError):
    """Card data (our JSON form or a community file) that cannot be read."""


class DeckBuildError(CardError):
    """The catalog cannot provide a legal deck for the request."""
