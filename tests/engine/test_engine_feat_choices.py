"""Feats whose effect is a choice or a spell's (603.2, 603.4, 603.5), driven by
tests/engine/positions/feat-choices.json: Fletcher (#0, Marksmanship +10, "Spend Order:
Perform a +3 ranged strike.") and Hedge Wizard (#1, Wizard, Charisma +10, Marksmanship +10)
stand in seat 0's rank 1 with Spark Bolt (#3, a Wizard Action: a +4 ranged strike) in hand;
seat 1 has Grunt Raider (#4) in rank 1, Spellward Monk (#5, Magic Resistance +10) in rank 2
and Gharrok (#6) in rank 3. Each feat check adds +10, so a die of 10 succeeds."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine import DecisionKind, Decline, GameState, apply, legal_actions
from engine.actions import Action, Choose, PerformAbility, action_from_dict
from engine.cards.model import Keyword
from engine.feats import abilities_of, feat_of
from engine.frames import ChoosingEffect
from engine.position import load_position

POSITION = Path(__file__).parent / "positions" / "feat-choices.json"
FLETCHER, WIZARD, BOLT, GRUNT, MONK, GHARROK = 0, 1, 3, 4, 5, 6


def _state(dice: list[int], active: int = 0) -> GameState:
    data: dict[str, Any] = json.loads(POSITION.read_text(encoding="utf-8"))
    data["dice"] = dice
    data["active"] = active
    data["initiative_order"] = [active, 1 - active]
    return load_position(data)


def _play(state: GameState, *actions: dict[str, Any] | Action) -> tuple[GameState, list[Any]]:
    events: list[Any] = []
    for raw in actions:
        action = raw if isinstance(raw, Action) else action_from_dict(raw)
        transition = apply(state, action)
        events += list(transition.events)
        state = transition.state
    return state, events


def _feat(state: GameState, seat: int, name: str, who: int | None = None) -> PerformAbility | None:
    for a in legal_actions(state, seat):
        if not isinstance(a, PerformAbility) or (who is not None and a.character != who):
            continue
        if feat_of(abilities_of(state.card(a.card))[a.ability]) == name:
            return a
    return None


def _offered(state: GameState, seat: int) -> set[tuple[str | None, int]]:
    """(feat, performer) of every feat React `seat` may perform now."""
    return {
        (feat_of(abilities_of(state.card(a.card))[a.ability]), a.character)
        for a in legal_actions(state, seat)
        if isinstance(a, PerformAbility)
    }


def _until(state: GameState, seat: int, name: str, who: int | None = None) -> GameState:
    """Pass every react window until `seat` may perform feat `name`."""
    while _feat(state, seat, name, who) is None:
        decision = state.pending[0]
        assert decision.kind is DecisionKind.REACT, decision
        state, _ = _play(state, Decline(decision.seat))
    return state


def _finish(state: GameState, events: list[Any]) -> GameState:
    """Pass every react window left, collecting the events."""
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        state, more = _play(state, Decline(state.pending[0].seat))
        events += more
    return state


def _shoot(state: GameState) -> GameState:
    """Fletcher's Spend Order: a +3 ranged strike at Spellward Monk, two ranks away."""
    state, _ = _play(state, PerformAbility(0, FLETCHER, 0, FLETCHER, MONK, ()))
    return state


def _strike_roll(events: list[Any]) -> Any:
    return next(e for e in events if e.kind == "roll" and e.roll.purpose == "ranged strike")


def _choose(state: GameState, code: str) -> tuple[GameState, list[Any]]:
    decision = state.pending[0]
    assert decision.kind is DecisionKind.EFFECT_CHOICE
    assert decision.frame is not None
    frame = state.stack[decision.frame]
    assert isinstance(frame, ChoosingEffect)
    return _play(state, Choose(decision.seat, frame.options.index(code)))


def test_rule_603_5_marksmanship_choice_of_plus_five_to_the_strike_roll() -> None:
    """603.5: "Limited React: Before this character targets a non-spell ranged strike,
    succeed with a Marksmanship check (DC 20): Choose one: the strike may target an
    additional rank away, gain +5 to the strike roll, or the strike inflicts an additional
    wound." The check (10 + 10) succeeds; +5 turns a 2 into 2 + 3 + 5 = 10, a hit."""
    state = _until(_shoot(_state([10, 2])), 0, "Marksmanship", FLETCHER)
    marks = _feat(state, 0, "Marksmanship", FLETCHER)
    assert marks is not None
    state, _ = _play(state, marks)
    state = _finish(state, [])  # Hedge Wizard's Charisma could answer the check (603.2)
    decision = state.pending[0]
    assert decision.kind is DecisionKind.EFFECT_CHOICE and decision.rule == "603.5"
    frame = state.stack[decision.frame or 0]
    assert isinstance(frame, ChoosingEffect)
    assert frame.options == ("roll_bonus", "extra_wound", f"target:{GHARROK}")
    state, events = _choose(state, "roll_bonus")
    state = _finish(state, events)
    roll = _strike_roll(events)
    assert ("Marksmanship", 5) in roll.roll.modifiers and roll.result == "hit"


def test_rule_603_5_marksmanship_choice_of_an_additional_wound() -> None:
    """603.5: "... or the strike inflicts an additional wound." A hit (15) wounds twice."""
    state = _until(_shoot(_state([10, 15])), 0, "Marksmanship", FLETCHER)
    state, _ = _play(state, _feat(state, 0, "Marksmanship", FLETCHER) or Decline(0))
    state = _finish(state, [])
    state, events = _choose(state, "extra_wound")
    state = _finish(state, events)
    wounds = [e for e in events if e.kind == "wounds_inflicted"]
    assert [(w.card, w.amount) for w in wounds] == [(MONK, 2)]


def test_rule_603_5_marksmanship_choice_of_a_target_an_additional_rank_away() -> None:
    """603.5: "the strike may target an additional rank away": the strike is targeted
    again at Gharrok, three ranks away (a ranged strike reaches exactly two, 509.4)."""
    state = _until(_shoot(_state([10, 19])), 0, "Marksmanship", FLETCHER)
    state, _ = _play(state, _feat(state, 0, "Marksmanship", FLETCHER) or Decline(0))
    state = _finish(state, [])
    state, events = _choose(state, f"target:{GHARROK}")
    state = _finish(state, events)
    roll = _strike_roll(events)
    assert roll.target == GHARROK and roll.result == "hit"


def test_rule_603_2_charisma_gives_the_roller_advantage_or_disadvantage() -> None:
    """603.2: "Limited React: Before target character within two ranks makes a die roll,
    succeed with a Charisma check [DC 20]: The target has your choice of advantage or
    disadvantage on the roll." Hedge Wizard gives its neighbour's strike advantage."""
    state = _until(_shoot(_state([10, 3, 17])), 0, "Charisma", WIZARD)
    charisma = _feat(state, 0, "Charisma", WIZARD)
    assert charisma is not None
    state, _ = _play(state, charisma)
    assert state.pending[0].rule == "603.2"
    state, events = _choose(state, "advantage")
    told = next(e for e in events if e.kind == "effect_chosen")
    assert (told.what, told.choice, told.about) == ("Charisma", "advantage", FLETCHER)
    state = _finish(state, events)
    roll = _strike_roll(events).roll
    assert roll.advantage == "advantage" and roll.naturals == (3, 17) and roll.kept == 17


def test_rule_603_2_charisma_may_give_an_opposing_roller_disadvantage() -> None:
    """603.2: the target is any character within two ranks making a die roll: Grunt
    Raider's melee strike on Fletcher gets disadvantage (12 and 4, the 4 is kept)."""
    state, _ = _play(_state([10, 12, 4], active=1), {"type": "attack", "seat": 1, "character": 4},
                     {"type": "choose", "seat": 1, "option": FLETCHER})  # fmt: skip
    state = _until(state, 0, "Charisma", WIZARD)
    state, _ = _play(state, _feat(state, 0, "Charisma", WIZARD) or Decline(0))
    state, events = _choose(state, "disadvantage")
    state = _finish(state, events)
    roll = next(e for e in events if e.kind == "roll" and e.roll.purpose == "melee strike")
    assert roll.roll.advantage == "disadvantage" and roll.roll.kept == 4 and roll.result == "miss"


def test_rule_602_19_ward_keeps_charisma_from_targeting_an_opposing_roller() -> None:
    """602.19: "A card with the Ward keyword may not be targeted by opposing actions that do
    not produce a strike." Charisma targets the roller: a Warded Grunt Raider is safe."""
    state = _state([12], active=1)
    cards = dict(state.cards)
    cards[state.instances[GRUNT]] = replace(state.card(GRUNT), keywords=(Keyword("Ward"),))
    state = replace(state, cards=cards)
    state, _ = _play(state, {"type": "attack", "seat": 1, "character": GRUNT},
                     {"type": "choose", "seat": 1, "option": FLETCHER})  # fmt: skip
    seen: set[tuple[str | None, int]] = set()
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        seen |= _offered(state, state.pending[0].seat)
        state, _ = _play(state, Decline(state.pending[0].seat))
    assert ("Charisma", WIZARD) not in seen


def test_rule_603_4_magic_resistance_cancels_a_spell_that_targets_this_character() -> None:
    """603.4: "Limited React: After this character is targeted with a spell, succeed with a
    Magic Resistance check (DC 20): Cancel the spell." Spark Bolt is a Wizard Action, so a
    spell (303.6); Spellward Monk's check (10 + 10) cancels it: no strike roll."""
    state, _ = _play(_state([10, 18]), PerformAbility(0, BOLT, 0, WIZARD, MONK, ()))
    state = _until(state, 1, "Magic Resistance", MONK)
    resist = _feat(state, 1, "Magic Resistance", MONK)
    assert resist is not None
    state, events = _play(state, resist)
    state = _finish(state, events)
    assert not any(e.kind == "roll" and e.roll.purpose == "ranged strike" for e in events)
    assert state.units[MONK].wounds == 0


def test_rule_603_4_magic_resistance_is_not_offered_against_a_strike_that_is_no_spell() -> None:
    """603.4: only a spell triggers it (303.6: Cleric and Wizard Action cards are spells);
    603.5: Marksmanship is for a non-spell ranged strike, so not for Spark Bolt."""
    state = _shoot(_state([18]))
    seen: set[tuple[str | None, int]] = set()
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        seen |= _offered(state, state.pending[0].seat)
        state, _ = _play(state, Decline(state.pending[0].seat))
    assert ("Magic Resistance", MONK) not in seen and ("Marksmanship", FLETCHER) in seen
    state, _ = _play(_state([18]), PerformAbility(0, BOLT, 0, WIZARD, MONK, ()))
    seen = set()
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        seen |= _offered(state, state.pending[0].seat)
        state, _ = _play(state, Decline(state.pending[0].seat))
    assert ("Magic Resistance", MONK) in seen and ("Marksmanship", WIZARD) not in seen


def test_rule_603_2_the_choice_is_a_typed_decision_with_a_default() -> None:
    """Every decision has a default answer a timeout may apply: the first choice."""
    state = _until(_shoot(_state([10, 3, 17])), 0, "Charisma", WIZARD)
    state, _ = _play(state, _feat(state, 0, "Charisma", WIZARD) or Decline(0))
    decision = state.pending[0]
    assert decision.default_answer.value == "first" and decision.options == (0, 1)
    assert "advantage" in decision.prompt and "disadvantage" in decision.prompt
