"""Keywords of 602 that act at a moment of play rather than as a stat (those are in
engine.stats, engine.strikes and engine.dice): Charge counters (602.9), True Strike (602.14),
Ward (602.19), Journey (602.4), Survey (602.17) and Heal (602.10) as the primitives they
stand for. Journey's direction and Survey's order are the performer's choice (engine.choices)."""

from __future__ import annotations

from itertools import permutations

from engine import stats
from engine.cards.model import Card
from engine.choices import ask_choice, survey_code, survey_parts
from engine.events_abilities import EffectSkipped
from engine.formation import locate
from engine.frames import ChoosingEffect
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


def journey_directions(board: Board, uid: int) -> tuple[str, ...]:
    """Where a Journey may take the character: backward, and forward unless it stands in its
    own front rank (401.5: "Characters in the front rank of their own formations may not
    move forward")."""
    place = locate(board.players, uid)
    if place is None:
        return ()
    front = place.rank == 1 and place.formation == board.units[uid].controller
    return ("backward",) if front else ("forward", "backward")


def ask_journey(tx: Tx, seat: int, card: int, uid: int) -> None:
    """602.4: Journey (or "move forward or backward one rank"): the performer's controller
    chooses the direction when both are possible."""
    options = journey_directions(tx, uid)
    if len(options) == 1:
        journey(tx, uid, False, card)
    elif options:
        ask_choice(tx, seat, card, uid, "Journey", options, uid)


def survey(tx: Tx, seat: int, card: int, performer: int) -> None:
    """602.17: "you look at the top two cards of your deck, then you put any number of them
    on the top of your deck in any order, then the rest on the bottom of your deck in any
    order." Every arrangement is an option of one choice (a deck of one card: two)."""
    top = tx.player(seat).deck[:2]
    if not top:
        tx.emit(EffectSkipped(seat=seat, card=card, name=tx.name(card), why="empty_deck",
                              rule="602.17"))  # fmt: skip
        return
    ask_choice(tx, seat, card, performer, "Survey", survey_options(top))


def survey_options(cards: tuple[int, ...]) -> tuple[str, ...]:
    """Every way to put `cards` back: some on top in an order, the rest at the bottom in an
    order (602.17), most kept on top first."""
    out: list[str] = []
    for kept in range(len(cards), -1, -1):
        for top in permutations(cards, kept):
            rest = [c for c in cards if c not in top]
            out += [survey_code(top, bottom) for bottom in permutations(rest)]
    return tuple(out)


def apply_choice(tx: Tx, frame: ChoosingEffect, code: str) -> None:
    """The choice of a Journey (a direction) or a Survey (an arrangement) made."""
    if frame.what == "Journey":
        if frame.performer in tx.units:
            journey(tx, frame.performer, code == "forward", frame.card)
        return
    top, bottom = survey_parts(code)
    deck = tx.player(frame.seat).deck
    rest = tuple(c for c in deck if c not in top and c not in bottom)
    tx.update_player(frame.seat, deck=(*top, *rest, *bottom))


def heal_one(tx: Tx, uid: int) -> None:
    """602.10: to Heal is to "remove one wound from the target"."""
    heal(tx, uid, 1)
