"""Manual resolution: a card text the engine cannot run is resolved by its performer's seat with
explicit, logged adjustment actions built from the effect primitives, then `DoneResolving`.

While a `ResolvingManually` frame is on top, the game waits on a MANUAL decision of the seat
resolving it; that seat (or a judge a host lets answer for it) may submit `Adjust` actions, any
number, then `DoneResolving` (the default answer). Each adjustment is checked (no wounds on a
card not in play, no drawing from an empty deck), logged as an `adjusted` event naming the seat
and the card text it resolves, then carried out with the same primitives as compiled effects,
so a record replays it exactly. Adjustments are accepted only inside a manual resolution: a
judge's correction at any other time is not an engine action (a host replays the record to a
position and edits it as a position file instead).
"""

from __future__ import annotations

from engine import stats
from engine.actions import Action, Adjust, DoneResolving
from engine.cards.model import CardType
from engine.errors import IllegalActionError, InvalidActionError
from engine.events import CardBanished
from engine.events_abilities import Adjusted, ResolvedByHand
from engine.frames import ResolvingManually
from engine.pending import Decision
from engine.primitives import (
    STATS,
    add_counters,
    attach,
    detach,
    draw,
    finish_source,
    heal,
    kill,
    modify_stat,
    move_ranks,
    set_orientation,
    shuffle_deck,
    to_hand,
)
from engine.problems import Problem
from engine.state import GameState, Orientation
from engine.strikes import inflict_wounds, melee_targets, ranged_targets, start_strike
from engine.tx import Tx

_ON_CHARACTER = ("wound", "heal", "spend", "ready", "stun", "kill", "move_forward",
                 "move_backward", "melee_strike", "ranged_strike", "skill_check", "return_to_hand",
                 *(f"modify_{s}" for s in STATS))  # fmt: skip
_ON_CHARACTER_SET = frozenset(_ON_CHARACTER)
_ORIENT = {"spend": Orientation.SPENT, "ready": Orientation.READY, "stun": Orientation.STUNNED}


def _frame(state: GameState | Tx, decision: Decision) -> ResolvingManually:
    assert decision.frame is not None
    frame = state.stack[decision.frame]
    assert isinstance(frame, ResolvingManually)
    return frame


def _zone(state: GameState | Tx, card: int) -> str:
    """Where a card is: play, item (equipped or attached), hand, deck, discard, banish, none."""
    if card in state.units:
        return "play"
    for unit in state.units.values():
        if card in unit.items or card in unit.attachments:
            return "item"
    p = state.players[state.owners[card]]
    for zone in ("hand", "deck", "discard", "banish", "action_zone"):
        if card in getattr(p, zone):
            return zone
    return "none"


def adjustment_problem(state: GameState, seat: int, a: Adjust) -> Problem | None:
    """Why an adjustment cannot be made now (the rule and a sentence), or None."""
    n = len(state.instances)
    op, card = a.op, a.card
    if not (-1 <= card < n and -1 <= a.target < n):
        raise InvalidActionError(f"There is no card #{max(card, a.target)} in this game.")
    if op in _ON_CHARACTER_SET and card not in state.units:
        return Problem("104.1", "that card is not a character in play.")
    if op == "cancel":
        return _cancel_problem(state)
    if op == "draw":
        if not state.players[seat].deck:
            return Problem("404.4", "your deck is empty, so there is no card to draw.")
        return None
    if card == -1:
        return Problem("510.5", f"the adjustment {op} needs a card.")
    if op in _AT_LEAST_ONE and a.amount < 1:
        return Problem("510.5", "the amount must be at least 1.")
    if op not in _CHECKED:  # nothing more to check (most of the menu: wound, modify_atk...)
        return None
    zone = _zone(state, a.card) if a.op in _ZONED else ""
    name = state.card(a.card).name
    if a.op == "heal" and state.units[a.card].wounds == 0:
        return Problem("104.1", f"{name} has no wounds to heal.")
    if a.op in _ORIENT and state.units[a.card].orientation is _ORIENT[a.op]:
        return Problem("107.1", f"{name} is already {_ORIENT[a.op].value}.")
    opposing = a.op in ("spend", "stun") and state.units[a.card].controller != seat
    if opposing and stats.has_keyword(state, a.card, "Stalwart"):
        return Problem("602.18", f"{name} is Stalwart: opposing effects may not {a.op} it.")
    if a.op in ("melee_strike", "ranged_strike"):
        reach = (ranged_targets if a.op == "ranged_strike" else melee_targets)(state, a.card)
        if a.target not in reach:
            return Problem("509.3", "that target is not within reach of the strike.")
    if a.op == "move_forward" and a.amount >= _rank(state, a.card):
        return Problem("401.5", "characters in the front rank may not move forward.")
    if a.op == "discard" and a.card not in state.players[seat].hand:
        return Problem("503.1", f"{name} is not in your hand.")
    if a.op == "retrieve" and zone != "discard":
        return Problem("400.3", f"{name} is not in a discard pile.")
    if a.op == "search" and (zone != "deck" or state.owners[a.card] != seat):
        return Problem("400.3", f"{name} is not in your deck.")
    if a.op == "shuffle_into_deck" and (
        zone not in ("hand", "discard", "action_zone", "banish") or state.owners[a.card] != seat
    ):
        return Problem("400.3", f"{name} is not a card of yours out of play to shuffle in.")
    if a.op == "banish" and zone in ("banish", "none"):
        return Problem("400.3", f"{name} cannot be banished from where it is.")
    if a.op == "return_to_hand" and a.card in state.tokens:
        return Problem("703.5", f"{name} is a token and cannot go to a hand.")
    if a.op == "add_counters" and zone not in ("play", "item") and a.card != state.dungeon:
        return Problem("704.2", f"{name} is not in play; counters go only on cards in play.")
    if a.op == "remove_counters" and _count(state, a.card, a.name) < a.amount:
        return Problem("704.1", f"{name} has fewer than {a.amount} {a.name or 'counter'}(s).")
    if a.op == "create_token" and state.card(a.card).functions_as is not CardType.CHARACTER:
        return Problem("703.3", f"{name} is not a character to copy as a token.")
    if a.op == "attach" and (a.target not in state.units or zone in ("play", "none")):
        return Problem("510.5", "attach a card that is not in play to a character in play.")
    return None


# Adjustments whose amount must be at least 1 (510.5).
_AT_LEAST_ONE = frozenset(("wound", "heal", "add_counters", "remove_counters", "move_forward",
                           "move_backward"))  # fmt: skip
# Adjustments `adjustment_problem` checks further, and those that look up the card's zone.
_CHECKED = frozenset(("heal", *_ORIENT, "melee_strike", "ranged_strike", "move_forward",
                      "discard", "retrieve", "search", "shuffle_into_deck", "banish",
                      "return_to_hand", "add_counters", "remove_counters", "create_token",
                      "attach"))  # fmt: skip
_ZONED = frozenset(("retrieve", "search", "banish", "attach", "shuffle_into_deck",
                    "add_counters"))  # fmt: skip


def _cancel_problem(state: GameState) -> Problem | None:
    """510.10: a React resolved by hand cancels the strike or action its window answers."""
    from engine.action_steps import cancelable_under
    from engine.frames import Striking
    from engine.keywords import true_strike

    at = cancelable_under(state, len(state.stack))
    if at is None:
        return Problem("510.10", "this resolution answers no strike or action to cancel.")
    frame = state.stack[at]
    if isinstance(frame, Striking) and true_strike(state, frame.performer):
        return Problem("602.14", f"{state.card(frame.performer).name} has True Strike.")
    return None


def _rank(state: GameState, uid: int) -> int:
    from engine.formation import locate

    place = locate(state.players, uid)
    return place.rank if place is not None else 0


def _count(state: GameState | Tx, card: int, name: str) -> int:
    from engine.abilities_offer import counters_on

    return counters_on(state, card, name)


def check_manual(state: GameState, decision: Decision, action: Action) -> None:
    """Raise unless `action` answers a MANUAL decision: an adjustment that can be made now,
    or DoneResolving."""
    if isinstance(action, DoneResolving):
        return
    if not isinstance(action, Adjust):
        raise IllegalActionError.of(
            Problem("510.5", f"first finish resolving by hand: {decision.prompt}")
        )
    problem = adjustment_problem(state, action.seat, action)
    if problem:
        raise IllegalActionError.of(problem)


def answer_manual(tx: Tx, decision: Decision, action: Action) -> None:
    """Carry out an adjustment (the frame asks again when the flow resumes) or finish."""
    assert decision.frame is not None
    frame = _frame(tx, decision)
    if isinstance(action, DoneResolving):
        assert decision.frame == len(tx.stack) - 1
        tx.pop_frame()
        tx.emit(ResolvedByHand(seat=action.seat, card=frame.card, name=tx.name(frame.card)))
        finish_source(tx, frame.card)
        return
    assert isinstance(action, Adjust)
    a = action
    tx.emit(
        Adjusted(
            seat=a.seat,
            op=a.op,
            card=a.card if a.card >= 0 else None,
            name=tx.name(a.card) if a.card >= 0 else None,
            amount=a.amount,
            source=frame.card,
            source_name=tx.name(frame.card),
            text=frame.text,
            target=a.target if a.target >= 0 else None,
            target_name=tx.name(a.target) if a.target >= 0 else None,
            counter=a.name,
        )
    )
    adjust(tx, a, frame.card)


def adjust(tx: Tx, a: Adjust, source: int) -> None:
    """Carry out one checked adjustment with the effect primitives."""
    op, card, seat = a.op, a.card, a.seat
    if op == "wound":
        inflict_wounds(tx, card, a.amount, source=source)
    elif op == "heal":
        heal(tx, card, a.amount)
    elif op in _ORIENT:
        set_orientation(tx, card, _ORIENT[op], "adjustment", "510.5")
    elif op == "kill":
        kill(tx, card, "510.5")
    elif op in ("move_forward", "move_backward"):
        move_ranks(tx, card, a.amount if op == "move_forward" else -a.amount, source)
    elif op.startswith("modify_"):
        modify_stat(tx, seat, card, op.removeprefix("modify_"), a.amount, True)
    elif op == "draw":
        draw(tx, seat, max(a.amount, 1), source)
    elif op == "discard":
        from engine.death import move_to_discard

        tx.take_from_hand(seat, card)
        move_to_discard(tx, card, "discarded", "510.5")
    elif op in ("retrieve", "search", "return_to_hand"):
        zone = {"retrieve": "discard", "search": "deck", "return_to_hand": "play"}[op]
        to_hand(tx, card, zone)
        if op == "search":
            shuffle_deck(tx, seat)
    elif op == "banish":
        _banish(tx, card)
    elif op == "cancel":
        from engine.action_steps import cancel_under

        cancel_under(tx, len(tx.stack) - 1)
    elif op == "shuffle_into_deck":
        _take_from_zone(tx, card)
        owner = tx.owners[card]
        tx.update_player(owner, deck=(*tx.player(owner).deck, card))
        shuffle_deck(tx, owner)  # 508.2.1: a React shuffled in is forgotten
    elif op == "create_token":
        from engine.effects import put_character_token_into_play

        put_character_token_into_play(tx, seat, tx.card(card))
    elif op in ("add_counters", "remove_counters"):
        add_counters(tx, card, a.name or "counter", a.amount if op == "add_counters" else -a.amount)
    elif op == "attach":
        _take_from_zone(tx, card)
        attach(tx, seat, card, a.target)
    elif op in ("melee_strike", "ranged_strike"):
        start_strike(tx, card, a.target, a.amount, ranged=op == "ranged_strike", label="adjustment")
    elif op == "skill_check":  # 106.1, a die roll Reacts may answer first (603.2)
        from engine.checks import start_check

        start_check(tx, seat, card, a.amount, "skill", "adjust")


def _take_from_zone(tx: Tx, card: int) -> None:
    owner = tx.owners[card]
    p = tx.player(owner)
    tx.update_player(
        owner,
        hand=tuple(c for c in p.hand if c != card),
        deck=tuple(c for c in p.deck if c != card),
        discard=tuple(c for c in p.discard if c != card),
        banish=tuple(c for c in p.banish if c != card),
        action_zone=tuple(c for c in p.action_zone if c != card),
    )
    detach(tx, card)


def _banish(tx: Tx, card: int) -> None:
    if card in tx.units:
        from engine.death import leave_play

        leave_play(tx, card, "banished", "400.3", banish=True)
        return
    _take_from_zone(tx, card)
    owner = tx.owners[card]
    tx.update_player(owner, banish=(*tx.player(owner).banish, card))
    tx.emit(CardBanished(seat=owner, card=card, name=tx.name(card), why="banished", rule="400.3"))


def adjustment_choices(state: GameState, seat: int) -> list[Action]:
    """A short menu of adjustments for front ends and random players, `DoneResolving` first:
    amount 1 on each character, the seat's hand and discard pile, strikes by the seat's
    characters at targets in reach; `check` accepts any other amount or card as well."""
    out, strikes = adjustment_menu(state, seat)
    legal = [a for a in out if not adjustment_problem(state, seat, a)]
    return [DoneResolving(seat), *legal, *strikes]


def adjustment_menu(state: GameState, seat: int) -> tuple[list[Adjust], list[Action]]:
    """The menu of `adjustment_choices` before its adjustments are checked (some may be
    refused by `adjustment_problem`), and its strikes (all legal)."""
    menu, strikes = adjustment_menu_fields(state, seat)
    return [Adjust(*f) for f in menu], [Adjust(*f) for f in strikes]


# The adjustments offered on each character (amount 1, a skill check against 10).
_ON_EACH = tuple(
    (op, 10 if op == "skill_check" else 1, "counter" if "counter" in op else "")
    for op in ("wound", "heal", "spend", "ready", "stun", "move_forward", "move_backward",
               "modify_atk", "add_counters", "skill_check")
)  # fmt: skip

MenuFields = tuple[int, str, int, int, int, str]


def adjustment_menu_fields(
    state: GameState, seat: int
) -> tuple[list[MenuFields], list[MenuFields]]:
    """`adjustment_menu` as the arguments of each `Adjust` (seat, op, card, target, amount,
    name), for a caller that builds only the ones it picks (engine.playout)."""
    out: list[MenuFields] = []
    strikes: list[MenuFields] = []
    for uid in sorted(state.units):
        out += [(seat, op, uid, -1, amount, name) for op, amount, name in _ON_EACH]
        if state.units[uid].controller == seat:
            strikes += [(seat, "melee_strike", uid, t, 0, "") for t in melee_targets(state, uid)]
            strikes += [(seat, "ranged_strike", uid, t, 0, "") for t in ranged_targets(state, uid)]
    out.append((seat, "draw", -1, -1, 1, ""))
    player = state.players[seat]
    out += [(seat, "discard", c, -1, 1, "") for c in player.hand]
    out += [(seat, "retrieve", c, -1, 1, "") for c in player.discard]
    return out, strikes
