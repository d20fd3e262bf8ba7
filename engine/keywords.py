"""Keywords of 602 that act at a moment of play rather than as a stat (those are in
engine.stats, engine.strikes and engine.dice): Charge counters (602.9), True Strike (602.14),
Ward (602.19), Journey (602.4) and Heal (602.10) as the primitives they stand for."""

from __future__ import annotations

from engine import stats
from engine.cards.model import Card
from engine.primitives import add_counters, heal, move_ranks
from engine.stats import Board
from engine.tx import Tx


def charge(card: Card) -> int:
    """602.9: the number after the Charge keyword printed on a card (0 without it)."""
    return sum(k.value or 0 for k in card.keywords if k.name.casefold() == "charge")


def place_charges(tx: Tx, card: int) -> None:
    """602.9: "When a card with the Charge keyword printed at the top of its textbox begins in
    play or enters play, place a number of Charge counters on the card equal to the number
    after the Charge keyword." """
    amount = charge(tx.card(card))
    if amount > 0:
        add_counters(tx, card, "Charge", amount)


def true_strike(board: Board, striker: int) -> bool:
    """602.14: a True Strike character's strikes may not be canceled or redirected."""
    return striker in board.units and stats.has_keyword(board, striker, "True Strike")


def warded_against(board: Board, target: int, seat: int, produces_strike: bool) -> bool:
    """602.19: "A card with the Ward keyword may not be targeted by opposing actions that do
    not produce a strike." `seat` is the player of the action."""
    unit = board.units.get(target)
    if unit is None or unit.controller == seat or produces_strike:
        return False
    return stats.has_keyword(board, target, "Ward")


def journey(tx: Tx, uid: int, forward: bool, source: int) -> None:
    """602.4: Journey is "Move forward or backward one rank"."""
    move_ranks(tx, uid, 1 if forward else -1, source)


def heal_one(tx: Tx, uid: int) -> None:
    """602.10: to Heal is to "remove one wound from the target"."""
    heal(tx, uid, 1)
