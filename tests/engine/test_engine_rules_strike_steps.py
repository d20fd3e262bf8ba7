"""The steps of a strike performed by an effect (509.5) and redirection (511.6), driven by
tests/engine/positions/rolls-strike-steps.json: seat 0's Grunt Raider (#0) plays Hamstring
(#2: "Perform a +2 melee strike against the target. If the strike hits, spend the target.
If it misses, stun this character.") at seat 1's rank 1: Shieldmate (#4, Defend +10), Pawn
(#5, 1 HP, Defend +10) and Lookout (#6, a React "Before an opposing character targets a
character with a strike"). A Defend check of 10 + 10 succeeds."""

from __future__ import annotations

from typing import Any

from position_play import play, position_data

from engine import DecisionKind, Decline, GameState
from engine.actions import PerformAbility
from engine.feats import abilities_of, feat_of
from engine.frames import ReactWindow, Striking
from engine.position import load_position

RAIDER, HAMSTRING, SHIELDMATE, PAWN, LOOKOUT = 0, 2, 4, 5, 6


def _load(dice: list[int]) -> GameState:
    data = position_data("rolls-strike-steps.json")
    data["dice"] = dice
    return load_position(data)


def _window(state: GameState) -> ReactWindow:
    decision = state.pending[0]
    assert decision.kind is DecisionKind.REACT and decision.frame is not None
    frame = state.stack[decision.frame]
    assert isinstance(frame, ReactWindow)
    return frame


def _feat(state: GameState, seat: int, name: str, who: int) -> PerformAbility | None:
    from engine import legal_actions

    for a in legal_actions(state, seat):
        if (
            isinstance(a, PerformAbility)
            and a.character == who
            and feat_of(abilities_of(state.card(a.card))[a.ability]) == name
        ):
            return a
    return None


def _hamstring(dice: list[int], target: int) -> tuple[GameState, list[Any]]:
    return play(_load(dice), PerformAbility(0, HAMSTRING, 0, RAIDER, target))


def test_rule_509_5_2a_before_targeting_opens_for_a_strike_of_an_effect() -> None:
    """509.5 step 2a: "Reacts or effects that happen 'before targeting' take place directly
    before this step" for every strike, an effect's too (its target was chosen with its
    action, 510.5): Hamstring's strike opens "before performing" and "before targeting"
    together, and Lookout's React before an opposing character targets is offered there."""
    state, _ = _hamstring([18], PAWN)
    window = _window(state)
    assert window.trigger == "before_strike,before_targeting"
    assert isinstance(state.stack[-2], Striking) and state.stack[-2].target == PAWN
    assert state.pending[0].seat == 1 and LOOKOUT in state.pending[0].options
    state, more = play(state, PerformAbility(1, LOOKOUT, 0, LOOKOUT, -1))
    assert any(e.kind == "react_performed" and e.window == "before_targeting" for e in more)


def _pass(state: GameState, events: list[Any]) -> GameState:
    """Decline every react window now open, collecting the events."""
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        state, more = play(state, Decline(state.pending[0].seat))
        events += more
    return state


def test_rule_511_6_1_a_redirected_strike_is_targeted_anew() -> None:
    """511.6.1: "A character (or item) that has had a strike or action successfully
    redirected to a new target is no longer (and is considered to never have been) a target
    of the strike or action." Shieldmate's Defend redirects Hamstring's strike from Pawn to
    itself: the window about Pawn closes, and "after targeting" (509.5 2b) opens again for
    Shieldmate, where Pawn's own Defend may answer; then the strike (18) hits Shieldmate.
    (The strike was redirected, not the action: Pawn stays the action's target.)"""
    state, events = _hamstring([10, 18], PAWN)
    state, _ = play(state, Decline(1))  # Lookout, before targeting
    window = _window(state)
    assert (window.trigger, window.subject) == ("after_targeting", PAWN)
    defend = _feat(state, 1, "Defend", SHIELDMATE)
    assert defend is not None and _feat(state, 1, "Defend", PAWN) is None
    state, more = play(state, defend)
    events += more
    (moved,) = [e for e in events if e.kind == "strike_redirected"]
    assert (moved.target, moved.source) == (SHIELDMATE, SHIELDMATE)
    window = _window(state)
    assert (window.trigger, window.subject) == ("after_targeting", SHIELDMATE)
    assert [f.subject for f in state.stack if isinstance(f, ReactWindow)] == [SHIELDMATE]
    assert _feat(state, 1, "Defend", PAWN) is not None  # adjacent to the new target
    state = _pass(state, events)
    roll = next(e for e in events if e.kind == "roll" and e.roll.purpose == "melee strike")
    assert roll.target == SHIELDMATE and roll.result == "hit"
    assert state.units[SHIELDMATE].wounds == 1 and state.units[PAWN].wounds == 0


def test_rule_509_5_4b_if_the_strike_hits_comes_before_the_wounds_that_kill() -> None:
    """509.5 step 4b: "Reacts or effects that happen 'after hitting', 'if a strike hits', or
    'after missing' take place directly after this step and before proceeding to the next
    step" (5-6: the wounds). Hamstring hits Pawn (18; 1 HP): "If the strike hits, spend the
    target" spends Pawn before the wound that kills it, instead of finding it gone."""
    state, events = _hamstring([18], PAWN)
    state = _pass(state, events)
    kinds = [(e.kind, getattr(e, "card", None)) for e in events]
    spent = kinds.index(("orientation_changed", PAWN))
    assert spent < kinds.index(("wounds_inflicted", PAWN)) < kinds.index(("character_died", PAWN))
    assert [e.why for e in events if e.kind == "effect_skipped"] == ["condition_not_met"]
    assert PAWN not in state.units and state.pending[0].kind is DecisionKind.ORDER


def test_rule_509_5_4b_if_it_misses_comes_before_the_after_missing_window() -> None:
    """509.5 step 4b for a miss (2 + 2 + 3 against AC 10): "If it misses, stun this
    character" happens at that step, and the ability goes on after the strike with nothing
    left to do (its effects on the result are not run twice)."""
    state, events = _hamstring([2], SHIELDMATE)
    state = _pass(state, events)
    assert next(e for e in events if e.kind == "roll").result == "miss"
    stuns = [e for e in events if e.kind == "orientation_changed"]
    assert [(e.card, e.orientation) for e in stuns] == [(RAIDER, "stunned")]
    assert [e.why for e in events if e.kind == "effect_skipped"] == ["condition_not_met"]
    assert state.pending[0].kind is DecisionKind.ORDER
