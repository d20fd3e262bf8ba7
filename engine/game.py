"""The public rules API: legal_actions, check, apply (DESIGN.md section 2)."""

from __future__ import annotations

from engine import orders
from engine.abilities_offer import ability_problem, candidate_abilities
from engine.actions import (
    MANUAL_TYPES,
    Action,
    AttachEpicClass,
    Attack,
    Choose,
    Decline,
    DefeatDungeon,
    DoneResolving,
    Equip,
    Maneuver,
    Pass,
    PerformAbility,
    PlayCharacter,
    PlayDungeon,
    PlayOrderCard,
    SetStandingOrder,
    validate_shape,
)
from engine.adjustments import adjustment_choices, check_manual
from engine.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from engine.events import Transition
from engine.pending import Decision, DecisionKind, DefaultAnswer
from engine.problems import Problem
from engine.reacts import react_actions, react_problem
from engine.resolve import answer
from engine.standing_orders import count_action, set_standing_order, standing_order_problem
from engine.state import GameState, Phase
from engine.turn import advance
from engine.tx import Tx

# Enum members bound once: on CPython 3.11 `Enum.MEMBER` goes through EnumType.__getattr__.
_MANUAL = DecisionKind.MANUAL
_REACT = DecisionKind.REACT
_ORDER = DecisionKind.ORDER
_GAME_OVER = Phase.GAME_OVER  # `state.is_over` is a property: generic attribute reads on 3.11

__all__ = ["Transition", "apply", "check", "default_action", "legal_actions"]


def _decision_for(state: GameState, seat: int) -> Decision | None:
    for decision in state.pending:
        if decision.seat == seat:
            return decision
    return None


def order_problem(state: GameState, action: Action) -> Problem | None:
    """Why an Order is illegal now (the rule and a sentence), or None."""
    if _LEGAL[0][0] is state and _LEGAL[0][1] is action:
        return None  # just found legal (a player checking it, then `apply`)
    problem = _order_problem(state, action)
    if problem is None and type(state) is GameState:
        _LEGAL[0] = (state, action)
    return problem


# The last Order `order_problem` found legal and its position (frozen values, by identity).
_LEGAL: list[tuple[object, object]] = [(None, None)]


def _order_problem(state: GameState, action: Action) -> Problem | None:
    seat = action.seat
    if isinstance(action, PlayCharacter):
        return orders.play_character_problem(state, seat, action)
    if isinstance(action, Attack):
        return orders.attack_problem(state, seat, action)
    if isinstance(action, Maneuver):
        return orders.maneuver_problem(state, seat, action)
    if isinstance(action, Equip):
        return orders.equip_problem(state, seat, action)
    if isinstance(action, PlayOrderCard):
        return orders.order_card_problem(state, seat, action)
    if isinstance(action, PlayDungeon):
        return orders.dungeon_problem(state, seat, state.dungeon, action)
    if isinstance(action, DefeatDungeon):
        return orders.defeat_problem(state, seat, state.dungeon, action)
    if isinstance(action, AttachEpicClass):
        return orders.epic_problem(state, seat, action)
    if isinstance(action, PerformAbility):
        return ability_problem(state, seat, action, state.turn)
    return Problem("505.2", f"{type(action).__name__} is not an Order.")


def _ids(action: Action) -> list[int]:
    names = _ID_FIELDS.get(type(action))
    if names is None:
        names = _ID_FIELDS[type(action)] = tuple(
            n for n in ("card", "character", "item", "warlord") if hasattr(action, n)
        )
    ids = [getattr(action, name) for name in names]
    ids += getattr(action, "spend", ())
    return ids


# The card id fields of each action type (`_ids`).
_ID_FIELDS: dict[type, tuple[str, ...]] = {}


def check(state: GameState, action: object) -> None:
    """Raise InvalidActionError, NotYourTurnError or IllegalActionError unless legal now."""
    _check(state, action)


def _check(state: GameState, action: object) -> Decision | None:
    """`check`, returning the decision the action answers (None for a standing order)."""
    act = validate_shape(action)
    if state.phase is _GAME_OVER:
        raise IllegalActionError("The game is over.")
    if not 0 <= act.seat < len(state.players):
        raise InvalidActionError(f"There is no seat {act.seat}.")
    if isinstance(act, SetStandingOrder):
        why = standing_order_problem(state, act)
        if why:
            raise IllegalActionError.of(Problem("508.3", why))
        return None
    decision = _decision_for(state, act.seat)
    if decision is None:
        waiting = ", ".join(str(s) for s in state.waiting_on()) or "nobody"
        raise NotYourTurnError(
            f"The game is not waiting on seat {act.seat} (it waits on {waiting})."
        )
    if decision.kind is _MANUAL:
        check_manual(state, decision, act)
        return decision
    if isinstance(act, MANUAL_TYPES):
        raise NotYourTurnError(f"Seat {act.seat} is not resolving a card by hand.", "510.5")
    if decision.kind is _REACT:
        why = react_problem(state, decision, act)
        if why:
            raise IllegalActionError.of(Problem(main_rule(decision.rule), why))
        return decision
    is_order_answer = isinstance(act, Pass) or not isinstance(act, Choose | Decline)
    if decision.kind is _ORDER:
        if not is_order_answer:
            raise NotYourTurnError(
                f"Seat {act.seat} must give an Order or pass, not choose.", "505.2"
            )
        if isinstance(act, Pass):
            return decision
        for i in _ids(act):
            if not 0 <= i < len(state.instances):
                raise InvalidActionError(f"There is no card #{i} in this game.")
        problem = order_problem(state, act)
        if problem:
            raise IllegalActionError.of(problem)
        return decision
    if is_order_answer:
        raise NotYourTurnError(
            f"Seat {act.seat} must first answer: {decision.prompt}", main_rule(decision.rule)
        )
    if isinstance(act, Decline):
        if not decision.may_decline:
            rule = main_rule(decision.rule)
            raise IllegalActionError.of(Problem(rule, "this decision may not be declined."))
        return decision
    assert isinstance(act, Choose)
    if act.option not in decision.options:
        raise IllegalActionError.of(
            Problem(
                main_rule(decision.rule),
                f"{act.option} is not one of the choices for: {decision.prompt}",
            )
        )
    return decision


def main_rule(rules: str) -> str:
    """The first rule number of a decision's `rule` ("401.6.4, 401.7" -> "401.6.4")."""
    return rules.split(",")[0].strip()


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action `seat` may take now (empty when the game is not waiting on it)."""
    decision = _decision_for(state, seat)
    if decision is None or state.phase is _GAME_OVER:
        return []
    if decision.kind is _REACT:
        return react_actions(state, seat, decision)
    if decision.kind is _ORDER:
        out: list[Action] = [Pass(seat)]
        out += orders.legal_orders(state, seat, state.dungeon)
        out += candidate_abilities(state, seat, state.turn)
        return out
    if decision.kind is _MANUAL:
        return adjustment_choices(state, seat)
    result: list[Action] = [Choose(seat, o) for o in decision.options]
    if decision.may_decline:
        result.append(Decline(seat))
    return result


def default_action(state: GameState, seat: int) -> Action:
    """The answer a host may apply for `seat` when it does not decide in time: pass an Order,
    decline where the decision may be declined, else the first option (`Decision.default_answer`,
    `pending.DEFAULT_ANSWERS`). Always legal; NotYourTurnError when the game does not wait on
    `seat`."""
    decision = _decision_for(state, seat)
    if decision is None or state.phase is _GAME_OVER:
        raise NotYourTurnError(f"The game is not waiting on seat {seat}.")
    answer = decision.default_answer
    if answer is DefaultAnswer.PASS:
        return Pass(seat)
    if answer is DefaultAnswer.DECLINE:
        return Decline(seat)
    if answer is DefaultAnswer.DONE:
        return DoneResolving(seat)
    return Choose(seat, decision.options[0])


def apply(state: GameState, action: Action) -> Transition:
    """Check and apply an action; returns the new state and its events. Pure."""
    decision = _check(state, action)
    tx = Tx(state)
    tx.actions_applied += 1
    count_action(tx, action.seat)
    if isinstance(action, SetStandingOrder):
        set_standing_order(tx, action)
        advance(tx)
        return Transition(tx.freeze(), tuple(tx.events))
    assert decision is not None
    answer(tx, decision, action)
    advance(tx)
    return Transition(tx.freeze(), tuple(tx.events))
