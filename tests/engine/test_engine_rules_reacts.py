"""React rules issue 10 names that had no test of their own (508.5, 508.7, 508.12), driven by
tests/engine/positions/rules-*.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from position_play import play

from engine import DecisionKind, Decline, GameState, legal_actions
from engine.actions import PerformAbility
from engine.events import BaseEvent, CardToDiscard
from engine.events_reacts import ReactPerformed
from engine.frames import ActionStep, PerformingAction, ReactWindow
from engine.position import load_position

POSITIONS = Path(__file__).parent / "positions"


def load(name: str, edit: dict[str, Any] | None = None) -> GameState:
    data: dict[str, Any] = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    data["cards"] = {**data.get("cards", {}), **(edit or {})}
    return load_position(data)


def kinds(events: list[BaseEvent]) -> list[str]:
    return [e.kind for e in events]


def react_decision(state: GameState) -> Any:
    return next((d for d in state.pending if d.kind is DecisionKind.REACT), None)


def reacts(state: GameState, seat: int) -> list[PerformAbility]:
    return [a for a in legal_actions(state, seat) if isinstance(a, PerformAbility)]


def attack(seat: int, attacker: int, target: int) -> list[dict[str, Any]]:
    return [
        {"type": "attack", "seat": seat, "character": attacker},
        {"type": "choose", "seat": seat, "option": target},
    ]


# --- 508.7 ---------------------------------------------------------------------------------


def _saved_by_its_death_react(text: str) -> tuple[GameState, list[BaseEvent]]:
    """Blood Howler's hit kills Last Stand Initiate (#0); seat 0, first in initiative order,
    performs the Initiate's Death React printing `text`."""
    edit = json.loads((POSITIONS / "rules-death-react-saves.json").read_text(encoding="utf-8"))
    card = {**edit["cards"]["last-stand-initiate"], "text": text}
    state, events = play(
        load("rules-death-react-saves.json", {"last-stand-initiate": card}), *attack(1, 5, 0)
    )
    decision = react_decision(state)
    assert decision is not None and decision.seat == 0 and decision.rule == "508.6.1"
    assert 7 in state.stack[decision.frame].offered  # Carrion Watcher could answer too
    (save,) = reacts(state, 0)
    state, more = play(state, save)
    return state, events + more


def test_rule_508_7_a_death_react_that_stops_the_death_closes_the_window() -> None:
    """508.7: "If a character would perform a React before they or another character dies,
    and it stops the character from dying, ... Reacts may no longer be performed in response
    to that character's death and the react window is considered closed."."""
    state, events = _saved_by_its_death_react("Death React: Remove a wound from this character.")
    assert "healed" in kinds(events) and state.units[0].wounds == 0
    # Carrion Watcher ("Before an opposing character dies") is not asked: the window closed.
    assert react_decision(state) is None
    assert not any(isinstance(f, ReactWindow) for f in state.stack)
    assert "character_died" not in kinds(events) and 0 in state.units
    # No death, so no Kill React for Blood Howler either: the attack is over.
    assert state.pending[0].kind is DecisionKind.ORDER


def test_rule_508_7_a_death_react_that_changes_the_zone_closes_the_window() -> None:
    """508.7: a React that "changes what zone they are in" closes the react window of that
    character's death: the Initiate goes back to its owner's hand, not to the discard pile,
    and nobody may react to its death any more."""
    state, events = _saved_by_its_death_react("Death React: Return this card to its owner's hand.")
    assert 0 not in state.units and 0 in state.players[0].hand
    assert 0 not in state.players[0].discard and "character_died" not in kinds(events)
    assert react_decision(state) is None
    assert not any(isinstance(f, ReactWindow) for f in state.stack)


def test_rule_508_7_a_death_react_that_does_not_save_leaves_the_window_open() -> None:
    """508.7 closes the window only when the React saves the character: a Death React that
    leaves it dying (drawing a card) lets the other seat react, then it dies (508.6.1)."""
    state, _ = _saved_by_its_death_react("Death React: Draw a card.")
    decision = react_decision(state)
    assert decision is not None and decision.seat == 1 and decision.options == (7,)
    state, more = play(state, Decline(1))
    assert "character_died" in kinds(more) and 0 in state.players[0].discard


# --- 508.5 ---------------------------------------------------------------------------------


def test_rule_508_5_a_react_answers_the_most_specific_trigger_it_can() -> None:
    """508.5: "If a React may be performed in response to more than one trigger, then it
    always responds to the most specific trigger possible." After Grunt Raider dies, the
    moment is both a kill (Blood Howler's Kill React) and a death (Mazruk: "After one of your
    characters is killed"); each React is logged as answering its own trigger."""
    state, _ = play(load("rules-kill-and-after-death.json"), *attack(1, 5, 0))
    decision = react_decision(state)
    assert decision is not None and decision.seat == 1 and decision.rule == "508.6.2"
    window = state.stack[decision.frame]
    assert isinstance(window, ReactWindow) and window.trigger == "kill,after_death"
    (howl,) = reacts(state, 1)
    state, events = play(state, howl)
    (mazruk,) = reacts(state, 0)
    state, more = play(state, mazruk)
    performed = [e for e in events + more if isinstance(e, ReactPerformed)]
    assert [(e.name, e.window) for e in performed] == [
        ("Blood Howler", "kill"),
        ("Mazruk the Undying", "after_death"),
    ]
    assert react_decision(state) is None  # each answered once (508.2): the window closed


def test_rule_508_5_a_react_to_a_declared_action_answers_the_effect_window() -> None:
    """508.5: the moment after an action's cost is paid is also the start of its effect
    (508.12); a React "After an opposing character declares an action" answers the effect."""
    state, _ = play(load("rules-react-during-effect.json"), _cleaving_blow())
    (watch,) = reacts(state, 1)
    _, events = play(state, watch)
    (performed,) = [e for e in events if isinstance(e, ReactPerformed)]
    assert performed.window == "action_effect"


# --- 508.12 --------------------------------------------------------------------------------


def _cleaving_blow() -> PerformAbility:
    """Tribune Halvard (#0) performs Cleaving Blow (#4) from hand at Grunt Raider (#6)."""
    return PerformAbility(seat=0, card=4, ability=0, character=0, target=6)


def test_rule_508_12_a_react_to_an_effect_happens_during_the_triggering_action() -> None:
    """508.12: "A React to all or part of another action's effect happens during the effect
    step of the triggering action (see rule 510.5, step 3) and before moving to the
    resolution step." The React is asked while Cleaving Blow is under way (costs paid, card in
    the action zone); its strike and then its resolution (303.5: to the discard pile) follow."""
    state, _ = play(load("rules-react-during-effect.json"), _cleaving_blow())
    decision = react_decision(state)
    assert decision is not None and decision.seat == 1 and decision.options == (8,)
    under = state.stack[decision.frame - 1]
    assert isinstance(under, PerformingAction) and under.card == 4
    assert under.step is ActionStep.PAID
    assert 4 in state.players[0].action_zone and 4 not in state.players[0].discard
    (watch,) = reacts(state, 1)
    state, events = play(state, watch)
    order = kinds(events)
    assert order.index("react_performed") < order.index("card_drawn") < order.index("roll")
    (resolved,) = [e for e in events if isinstance(e, CardToDiscard) and e.card == 4]
    assert events.index(resolved) > order.index("roll") and resolved.rule == "303.5"
    assert 6 in state.players[1].discard and state.pending[0].kind is DecisionKind.ORDER
