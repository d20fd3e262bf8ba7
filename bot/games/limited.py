"""Limited tables (Draft and Sealed, rules 801.6 and 801.7): each seat's card pool and the
check of a deck against it.

A Limited deck "may only contain cards from your draft pool ... and basic cards" (801.6.4,
801.7.4). The host (the event's organiser) or a judge gives a seat its pool, or a player gives
their own seat's pool when the host has not; the pool is a card list in the deck-list format
of docs/cards.md (sections do not matter) or a sample deck's name. With deck rules on, a deck
for a Limited table is refused until its seat has a pool, and then checked against it by
`engine.cards.validation.validate_limited_pool`, every problem with its rule.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.errors import DeckRejectedError, one_sentence
from engine.cards.catalog import CardCatalog
from engine.cards.decklist import parse_decklist
from engine.cards.errors import CardError
from engine.cards.model import Deck
from engine.cards.validation import DeckProblem, validate_limited_pool

MAX_POOL_TEXT = 40_000
MAX_POOL_CARDS = 1_000


@dataclass(frozen=True)
class Pool:
    """A seat's Limited card pool: card ids, one per copy, and who gave it."""

    cards: tuple[str, ...]
    given_by: str

    def to_json(self) -> str:
        return json.dumps({"cards": list(self.cards), "by": self.given_by})

    @staticmethod
    def from_json(text: str | None) -> Pool | None:
        if not text:
            return None
        data = json.loads(text)
        return Pool(tuple(data["cards"]), str(data["by"]))


def read_pool(text: str, catalog: CardCatalog, given_by: str) -> Pool:
    """A pool from its card list or a sample deck's name; DeckRejectedError itemises what
    cannot be read."""
    from engine.cards.sample import sample_decks

    if not isinstance(text, str) or not text.strip():
        raise DeckRejectedError("The card pool is empty.")
    if len(text) > MAX_POOL_TEXT:
        raise DeckRejectedError(f"The card pool is longer than {MAX_POOL_TEXT} characters.")
    samples = sample_decks()
    if text.strip() in samples:
        cards = samples[text.strip()].all_cards
    else:
        try:
            cards = parse_decklist(text, catalog).all_cards
        except CardError as exc:
            unknown = tuple(u.describe() for u in getattr(exc, "unknown", ()))
            malformed = tuple(getattr(exc, "malformed", ()))
            raise DeckRejectedError(
                "The card pool cannot be read: " + one_sentence(exc), unknown + malformed
            ) from None
    if not cards:
        raise DeckRejectedError("The card pool lists no card.")
    if len(cards) > MAX_POOL_CARDS:
        raise DeckRejectedError(f"A card pool holds at most {MAX_POOL_CARDS} cards.")
    return Pool(tuple(cards), given_by)


def pool_problems(
    deck: Deck, catalog: CardCatalog, pool: Pool, *, sealed: bool, fixed_warlord: bool
) -> list[DeckProblem]:
    """The deck's problems against the seat's pool (801.6.4, 801.7.4, 801.7.4.1)."""
    return validate_limited_pool(
        deck, catalog, pool.cards, sealed=sealed, fixed_warlord=fixed_warlord
    )


def record_meta(
    pools: Sequence[Pool | None], *, sealed: bool, fixed_warlord: bool
) -> dict[str, Any]:
    """What an exported record's `meta.limited` says of a Limited table, so a judge can check
    each deck (the record's `decks`, same card ids) against its seat's pool: the event
    (`sealed`, else draft), `fixed_warlord`, and per seat its pool (None where none was given)
    with who gave it."""
    return {
        "sealed": sealed,
        "fixed_warlord": fixed_warlord,
        "pools": [
            None if p is None else {"cards": list(p.cards), "given_by": p.given_by} for p in pools
        ],
    }


def no_pool_refusal(game_id: int, seat: int, sealed: bool) -> DeckRejectedError:
    rule = "801.7.4" if sealed else "801.6.4"
    event = "sealed" if sealed else "draft"
    return DeckRejectedError(
        f"Game {game_id} is a Limited game and seat {seat} has no {event} pool yet; give the "
        f"pool first, since a deck may only hold cards from it and basic cards (rule {rule})."
    )


def describe(cards: Sequence[str], catalog: CardCatalog) -> str:
    """A short summary of a pool: its size and number of different cards."""
    names = {catalog[c].name if c in catalog else c for c in cards}
    return f"{len(cards)} cards, {len(names)} different"
