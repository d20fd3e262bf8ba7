"""Effects on a player chosen by an ability (511.8: "Choose an opposing player who draws a
card"): `CHOOSE_PLAYER` picks the player (the only candidate at once, else the performer's
controller chooses through an EFFECT_CHOICE "Player" decision, engine.choices) and keeps it
on the `ResolvingAbility` frame (`player`); the effects on `Affects.OPPONENT` that follow
are that player's: draw, discard from their hand (they choose the cards, engine.choose_card),
reveal their hand."""

from __future__ import annotations

from dataclasses import replace

from engine.cards.abilities import Effect, Op
from engine.choose_card import ask_card
from engine.events import CardRevealed
from engine.events_abilities import EffectSkipped
from engine.frames import ChoosingCard, ResolvingAbility
from engine.primitives import draw
from engine.tx import Tx

OPS = frozenset({Op.CHOOSE_PLAYER, Op.REVEAL_HAND})
# What the chosen player may be made to do (Affects.OPPONENT).
PLAYER_OPS = frozenset({Op.CHOOSE_PLAYER, Op.REVEAL_HAND, Op.DRAW, Op.DISCARD})


def candidates(tx: Tx, seat: int, which: str) -> list[int]:
    """The players still in the game that `seat` may choose: the others ("opposing") or
    anyone, itself included ("any")."""
    return [p.seat for p in tx.players if not p.eliminated and (which == "any" or p.seat != seat)]


def run(tx: Tx, frame: ResolvingAbility, effect: Effect) -> None:
    """One effect of a chosen player (the ability's frame is the top one)."""
    if effect.op is Op.CHOOSE_PLAYER:
        seats = candidates(tx, frame.seat, effect.name)
        if len(seats) == 1:
            answer_player(tx, len(tx.stack) - 1, seats[0])
        elif seats:
            from engine.choices import ask_choice

            options = tuple(f"seat:{s}" for s in seats)
            ask_choice(tx, frame.seat, frame.card, frame.performer, "Player", options)
        else:
            _skip(tx, frame, "no_target", "511.8")
        return
    player = frame.player
    if player is None or tx.player(player).eliminated:
        _skip(tx, frame, "no_target", "511.8")
        return
    hand = tx.player(player).hand
    if effect.op is Op.DRAW:
        draw(tx, player, effect.amount or 1, frame.card)
    elif effect.op is Op.DISCARD:
        if not hand:
            _skip(tx, frame, "empty_hand", "510.3")
            return
        ask_card(tx, ChoosingCard(player, frame.card, frame.performer, "discard", hand,
                                  count=effect.amount or 1))  # fmt: skip
    elif effect.op is Op.REVEAL_HAND:
        for card in hand:
            tx.emit(CardRevealed(seat=player, card=card, name=tx.name(card)))


def answer_player(tx: Tx, index: int, seat: int) -> None:
    """The player chosen for the `ResolvingAbility` frame at `index`."""
    frame = tx.stack[index]
    assert isinstance(frame, ResolvingAbility)
    tx.set_frame(index, replace(frame, player=seat))


def _skip(tx: Tx, frame: ResolvingAbility, why: str, rule: str) -> None:
    name = tx.name(frame.card)
    tx.emit(EffectSkipped(seat=frame.seat, card=frame.card, name=name, why=why, rule=rule))
