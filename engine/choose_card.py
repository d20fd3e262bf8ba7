"""Effects that choose a card: search a deck (701.1), retrieve from a discard pile, discard
from a hand, redirect a strike (511.6). The effect's performer's controller answers a
CHOOSE_CARD decision (a `ChoosingCard` frame) with `Choose(card)`, or `Decline` where it may
choose none (a search may find nothing). Its default is the first card, or declining when
there is none.

Hidden cards stay hidden: the decision's prompt names no card, its options (cards of a deck
or a hand) are shown to the deciding seat only (engine.view), a search may always be
declined so that finding nothing looks the same as choosing not to, and the card taken from
a deck is named only to its owner (`engine.view.events_for`) unless the text shows it.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cards.abilities import Effect
from engine.cards.card_filter import matches, read_filter
from engine.death import move_to_discard
from engine.events import CardRevealed
from engine.events_abilities import EffectSkipped
from engine.frames import ChoosingCard, ResolvingAbility, Striking
from engine.pending import Decision, DecisionKind
from engine.tx import Tx

RULES = {
    "search": "701.1", "retrieve": "510.5", "discard": "510.5", "redirect": "511.6",
    "move_wounds": "104.1",
}  # fmt: skip
_PROMPTS = {
    "search": "{name}: choose a card of your deck to put into your hand, or decline to find none.",
    "retrieve": "{name}: choose a card of your discard pile to put into your hand, or decline.",
    "discard": "{name}: choose a card of your hand to discard.",
    "redirect": "{name}: choose the character the strike now targets.",
    "move_wounds": "{name}: choose the character the wounds move to.",
}


def ask_card(tx: Tx, frame: ChoosingCard) -> None:
    """Push the choice and wait on its seat."""
    index = tx.push_frame(frame)
    tx.ask(index, card_decision(tx, frame))


def card_decision(tx: Tx, frame: ChoosingCard) -> Decision:
    """The CHOOSE_CARD decision of a `ChoosingCard` frame (asked again after a react window
    opened above it, engine.frame_decisions, with the options still where they were)."""
    return Decision(
        frame.seat,
        DecisionKind.CHOOSE_CARD,
        _PROMPTS[frame.purpose].format(name=tx.name(frame.card)),
        options=_still_there(tx, frame),
        subject=frame.performer,
        may_decline=frame.may_decline,
        rule=RULES[frame.purpose],
    )


def _still_there(tx: Tx, frame: ChoosingCard) -> tuple[int, ...]:
    """The options still where the effect looks for them (a deck, a discard pile, a hand,
    play)."""
    player = tx.player(frame.seat)
    zones = {"search": player.deck, "retrieve": player.discard, "discard": player.hand}
    zone = zones.get(frame.purpose)
    if zone is None:
        return tuple(c for c in frame.options if c in tx.units)
    return tuple(c for c in frame.options if c in zone)


def run_choice_effect(tx: Tx, frame: ResolvingAbility, effect: Effect) -> None:
    """SEARCH, RETRIEVE and DISCARD of a compiled ability (510.5 step 3): ask the card."""
    seat = frame.seat
    player = tx.player(seat)
    if effect.op.value == "discard":
        if not player.hand:
            _skip(tx, frame.seat, frame.card, "empty_hand", "510.3")
            return
        ask_card(tx, ChoosingCard(seat, frame.card, frame.performer, "discard", player.hand,
                                  count=effect.amount or 1))  # fmt: skip
        return
    wanted = read_filter(effect.name)
    zone = player.deck if effect.op.value == "search" else player.discard
    options = tuple(sorted(c for c in zone if wanted is not None and matches(tx.card(c), wanted)))
    count = wanted.count if wanted is not None else 1
    ask_card(
        tx,
        ChoosingCard(seat, frame.card, frame.performer, effect.op.value, options, count, True,
                     effect.reveal),
    )  # fmt: skip


def answer_card(tx: Tx, frame: ChoosingCard, choice: int | None) -> None:
    """Apply the card chosen (the frame is already popped); ask again for the next one when
    the effect takes several."""
    from engine.primitives import shuffle_deck, to_hand

    seat = frame.seat
    if frame.purpose == "move_wounds" and choice is not None:  # engine.abilities_wounds
        from engine.abilities_wounds import chosen

        ability = tx.stack[-1]
        assert isinstance(ability, ResolvingAbility)
        chosen(tx, ability, choice)
        return
    if frame.purpose == "redirect":
        if choice is not None:
            redirect(tx, frame.card, choice)
        return
    if choice is None:
        if frame.purpose == "search":
            shuffle_deck(tx, seat)  # 701.1: a deck searched is shuffled
        _skip(tx, seat, frame.card, "not_found", RULES[frame.purpose])
        return
    if frame.purpose == "discard":
        tx.take_from_hand(seat, choice)
        move_to_discard(tx, choice, "discarded", "510.5")
    else:
        to_hand(tx, choice, "deck" if frame.purpose == "search" else "discard")
        if frame.reveal:
            tx.emit(CardRevealed(seat=seat, card=choice, name=tx.name(choice)))
    left = replace(frame, options=tuple(c for c in frame.options if c != choice),
                   count=frame.count - 1)  # fmt: skip
    if left.count > 0 and _still_there(tx, left):
        ask_card(tx, left)
    elif frame.purpose == "search":
        shuffle_deck(tx, seat)  # 701.1


def redirect_candidates(tx: Tx, strike: Striking, performer: int, to: str) -> list[int]:
    """Whom a strike may be redirected to (511.6): `to` is "this" (the React's performer),
    "adjacent" (next to the strike's target, 401.10) or "rank" (another character in the
    performer's rank); never the striker or the current target."""
    found = redirect_places(tx, strike.target, performer, to)
    return [u for u in found if u not in (strike.performer, strike.target) and u in tx.units]


def redirect_places(tx: Tx, target: int, performer: int, to: str) -> list[int]:
    """The characters a redirect's words name (511.6): "this" the React's performer,
    "adjacent" those next to `target` (401.10), "rank" the others of the performer's rank."""
    from engine.formation import locate

    if to == "this":
        return [performer]
    anchor = locate(tx.players, target if to == "adjacent" else performer)
    if anchor is None:
        return []
    row = tx.players[anchor.formation].ranks[anchor.rank - 1]
    if to == "adjacent":
        return [row[i] for i in (anchor.position - 1, anchor.position + 1) if 0 <= i < len(row)]
    return [u for u in row if u != performer]


def redirect(tx: Tx, source: int, to: int) -> None:
    """511.6: the strike under the React being resolved targets `to` from now on."""
    from engine.abilities_redirect import emit_redirected, redirect_action
    from engine.react_perform import strike_under

    index = strike_under(tx, len(tx.stack))
    if index is None:  # an action's target (engine.abilities_redirect)
        redirect_action(tx, source, to)
        return
    strike = tx.stack[index]
    assert isinstance(strike, Striking)
    tx.set_frame(index, replace(strike, target=to, retargeted=True))  # 511.6.1
    emit_redirected(tx, strike.seat, strike.performer, to, source, "strike")


def _skip(tx: Tx, seat: int, card: int, why: str, rule: str) -> None:
    tx.emit(EffectSkipped(seat=seat, card=card, name=tx.name(card), why=why, rule=rule))
