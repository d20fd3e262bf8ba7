"""Reacts before a die roll that is a skill check or a save (106, 508.1, 603.2), driven by
tests/engine/positions/rolls-charisma-checks.json: Hexer (#0: the target makes a magic save
DC 15 or becomes spent) and Sage (#1: a Medicine check DC 10, then spent) in seat 0's rank 1,
Envoy of Aster (#2, Charisma +10) in its rank 2; seat 1's Grunt Raider (#4, Skill 0) and
Envoy of Brill (#5, Charisma +10) in its rank 1. A Charisma check of 10 + 10 succeeds."""

from __future__ import annotations

from typing import Any

from position_play import play, position_data

from engine import DecisionKind, Decline, GameState, apply, events_for, legal_actions
from engine.actions import Choose, PerformAbility
from engine.events import Rolled
from engine.feats import abilities_of, feat_of
from engine.frames import Checking, ChoosingEffect
from engine.position import load_position
from engine.view import view

HEXER, SAGE, ASTER, GRUNT, BRILL = 0, 1, 2, 4, 5
POSITION = "rolls-charisma-checks.json"


def _load(dice: list[int], **changes: Any) -> GameState:
    data = position_data(POSITION)
    data["dice"] = dice
    for seat, hand in changes.get("hands", {}).items():
        data["seats"][seat]["hand"] = hand
    return load_position(data)


def _charisma(state: GameState, seat: int) -> list[PerformAbility]:
    return [
        a
        for a in legal_actions(state, seat)
        if isinstance(a, PerformAbility)
        and feat_of(abilities_of(state.card(a.card))[a.ability]) == "Charisma"
    ]


def _choose(state: GameState, code: str) -> tuple[GameState, list[Any]]:
    decision = state.pending[0]
    assert decision.kind is DecisionKind.EFFECT_CHOICE and decision.rule == "603.2"
    frame = state.stack[decision.frame or 0]
    assert isinstance(frame, ChoosingEffect)
    return play(state, Choose(decision.seat, frame.options.index(code)))


def _pass(state: GameState, events: list[Any]) -> GameState:
    """Decline every react window now open, collecting the events."""
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        state, more = play(state, Decline(state.pending[0].seat))
        events += more
    return state


def _rolls(events: list[Any]) -> list[Rolled]:
    return [e for e in events if isinstance(e, Rolled)]


def test_rule_603_2_charisma_gives_advantage_on_a_save() -> None:
    """603.2: "Limited React: Before target character within two ranks makes a die roll,
    succeed with a Charisma check [DC 20]: The target has your choice of advantage or
    disadvantage on the roll." A save is a die roll (106.1): Hexer makes Grunt Raider save;
    seat 0's Envoy of Aster passes, seat 1's Envoy of Brill gives it advantage, and the save
    keeps the higher of 3 and 16 (16 against DC 15)."""
    state, events = play(_load([10, 3, 16]), PerformAbility(0, HEXER, 0, HEXER, GRUNT))
    decision = state.pending[0]
    assert decision.kind is DecisionKind.REACT and decision.rule == "106.1"
    assert isinstance(state.stack[-2], Checking) and state.stack[-2].roller == GRUNT
    assert not _rolls(events)  # the save waits for its "before rolling" window
    assert [a.character for a in _charisma(state, 0)] == [ASTER]
    state, _ = play(state, Decline(0))
    (brill,) = _charisma(state, 1)
    assert brill.character == BRILL
    state, events = play(state, brill)
    state = _pass(state, events)  # Aster could answer Brill's check
    state, more = _choose(state, "advantage")
    events += more
    state = _pass(state, events)  # Aster is asked again before the save (508.3)
    charisma, save = _rolls(events)
    assert charisma.roll.purpose == "Charisma check" and charisma.result == "success"
    assert save.roll.purpose == "Magic save" and save.roll.advantage == "advantage"
    assert save.roll.naturals == (3, 16) and save.result == "success"
    assert state.units[GRUNT].orientation.value == "ready"
    assert state.pending[0].kind is DecisionKind.ORDER


def test_rule_603_2_charisma_gives_disadvantage_on_a_skill_check() -> None:
    """603.2 on a skill check (106.1): Sage's Medicine check (DC 10) made with disadvantage
    keeps the lower of 15 and 4, fails, and Sage is not spent (106.4)."""
    state, _ = play(_load([10, 15, 4]), PerformAbility(0, SAGE, 0, SAGE, -1))
    state, _ = play(state, Decline(0))
    state, events = play(state, *_charisma(state, 1))
    state = _pass(state, events)
    state, more = _choose(state, "disadvantage")
    events += more
    state = _pass(state, events)
    check = _rolls(events)[-1]
    assert check.roll.purpose == "Medicine check" and check.roll.advantage == "disadvantage"
    assert check.roll.kept == 4 and check.result == "failure"
    assert state.units[SAGE].orientation.value == "ready"
    assert [e.why for e in events if e.kind == "effect_skipped"] == ["check_failed"]


def test_rule_508_2_a_charisma_check_answered_by_charisma_does_not_loop() -> None:
    """508.2: "Each individual React may only be performed once in response to a single
    trigger" and Charisma is Limited (510.7): Brill's Charisma check is itself a die roll,
    which Aster's Charisma answers; Aster's own check then opens no window (neither Charisma
    may be performed again), and play returns through each roll in turn (508.3): Aster's
    check (10), Brill's with disadvantage (15 and 2: fails), Grunt Raider's save (16)."""
    state, _ = play(_load([10, 15, 2, 16]), PerformAbility(0, HEXER, 0, HEXER, GRUNT))
    state, _ = play(state, Decline(0))
    state, _ = play(state, *_charisma(state, 1))
    assert state.pending[0].kind is DecisionKind.REACT and state.pending[0].seat == 0
    checking = [f for f in state.stack if isinstance(f, Checking)]
    assert [f.roller for f in checking] == [GRUNT, BRILL]
    (aster,) = _charisma(state, 0)
    state, events = play(state, aster)
    # Aster's check opened no window: rolled at once, its choice is asked
    assert [f.roller for f in state.stack if isinstance(f, Checking)] == [GRUNT, BRILL]
    assert state.pending[0].kind is DecisionKind.EFFECT_CHOICE
    state, more = _choose(state, "disadvantage")
    events += more
    assert not _charisma(state, 0) and not _charisma(state, 1)
    state = _pass(state, events)
    rolls = _rolls(events)
    assert [(r.name, r.result) for r in rolls] == [
        ("Envoy of Aster", "success"),
        ("Envoy of Brill", "failure"),
        ("Grunt Raider", "success"),
    ]
    assert rolls[1].roll.naturals == (15, 2) and rolls[2].roll.advantage == "none"
    assert [e.why for e in events if e.kind == "effect_skipped"] == ["check_failed"]
    assert state.pending[0].kind is DecisionKind.ORDER
    assert not any(isinstance(f, Checking) for f in state.stack)


def test_rule_508_a_declined_hidden_react_before_a_save_leaves_no_trace() -> None:
    """Issue 10 section 3 for the new window: two games identical except that seat 1 holds
    a React "before a character makes a save" that it declines show seat 0 and a spectator
    the same views and events (and the window pends only for a seat that could answer)."""
    with_react = _load([10, 16], hands={1: ["warding-word"]})
    without = _load([10, 16], hands={1: ["quiet-word"]})

    def run(state: GameState) -> tuple[list[Any], list[Any], int]:
        transition = apply(state, PerformAbility(0, SAGE, 0, SAGE, -1))
        state, evs = transition.state, list(transition.events)
        views, seen, hidden = [], [], 0
        while state.pending[0].kind is DecisionKind.REACT:
            hidden += 7 in state.pending[0].options  # the React in seat 1's hand
            transition = apply(state, Decline(state.pending[0].seat))
            state, evs = transition.state, evs + list(transition.events)
        for seat in (0, None):
            views.append(view(state, seat))
            seen.append(events_for(evs, seat))
        return views, seen, hidden

    shown_a, events_a, asked = run(with_react)
    shown_b, events_b, never = run(without)
    assert asked == 1 and never == 0
    assert (shown_a, events_a) == (shown_b, events_b)


def test_rule_508_2_a_react_does_not_answer_the_check_its_own_effect_makes() -> None:
    """508.2: "you may not use the exact same copy of a card more than once in response to
    the same trigger." Muse (#5, in Brill's place) answers Sage's check with a React whose
    effect is a check: its own check is not answered by the same React again (which would
    never end), only by Aster's Charisma; then Muse's check (12 + 0 against DC 5) spends it
    and Sage's check (11) is rolled."""
    data = position_data(POSITION)
    data["dice"] = [12, 11]
    data["cards"]["muse"] = {
        "name": "Muse", "type": "Character", "level": 1, "attack": [1], "armor_class": 10,
        "skill": 0, "hit_points": 2, "factions": ["Mercenary Guilds"], "classes": ["Cleric"],
        "text": "React: Before a character makes a check, make a Medicine check (DC 5). "
        "If successful, this character is spent.",
    }  # fmt: skip
    data["seats"][1]["ranks"][0][1] = "muse"
    state, events = play(load_position(data), PerformAbility(0, SAGE, 0, SAGE, -1))
    state, _ = play(state, Decline(0))  # Aster's Charisma
    decision = state.pending[0]
    assert decision.seat == 1 and decision.options == (BRILL,)  # Muse stands at #5
    state, more = play(state, PerformAbility(1, BRILL, 0, BRILL, -1))
    events += more
    assert [f.roller for f in state.stack if isinstance(f, Checking)] == [SAGE, BRILL]
    decision = state.pending[0]
    assert decision.seat == 0 and _charisma(state, 0)  # only Aster may answer Muse's check
    state, more = play(state, Decline(0))
    events += more
    # Muse's check was rolled without asking seat 1; Sage's window asks Aster again (508.3)
    assert [f.roller for f in state.stack if isinstance(f, Checking)] == [SAGE]
    assert state.pending[0].seat == 0
    state = _pass(state, events)
    assert [(r.name, r.result) for r in _rolls(events)] == [
        ("Muse", "success"),
        ("Sage", "success"),
    ]
    assert state.units[BRILL].orientation.value == "spent"
    assert state.units[SAGE].orientation.value == "spent"
    assert state.pending[0].kind is DecisionKind.ORDER
