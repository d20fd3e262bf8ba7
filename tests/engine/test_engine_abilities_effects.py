"""Conditional effects, skill checks with what their success does, and saves whose failure
does several things, run by the engine (engine.abilities_effects). Texts are generic."""

from __future__ import annotations

from dataclasses import replace

from engine_factories import instance_of, scripted, set_unit, to_order, two_player_game

from engine import GameState, apply, legal_actions
from engine.actions import PerformAbility
from engine.cards.ability_grammar import compile_abilities
from engine.events import Rolled
from engine.events_abilities import AbilityPerformed, EffectSkipped
from engine.state import Orientation


def _lord_printing(text: str, wounds: int = 0) -> tuple[GameState, int]:
    """Seat 0's Warlord prints `text`, with `wounds`, waiting on seat 0 to give an Order."""
    state, _ = two_player_game()
    old = state.cards["p0-lord"]
    new = replace(old, text=text, abilities=compile_abilities(text, old.name, old.type))
    state = to_order(replace(state, cards={**state.cards, "p0-lord": new}), 0)
    lord = instance_of(state, "p0-lord", 0)
    return set_unit(state, lord, wounds=wounds), lord


def _offers(state: GameState, card: int) -> list[PerformAbility]:
    return [a for a in legal_actions(state, 0) if isinstance(a, PerformAbility) and a.card == card]


def test_rule_510_5_a_conditional_effect_happens_only_if_its_condition_holds() -> None:
    """510.5 step 3: the effect is carried out as printed: "If this character is wounded,
    remove one wound from him" does nothing to an unwounded character, and says so."""
    text = "Order: If this character is wounded, remove one wound from this character."
    state, lord = _lord_printing(text, wounds=2)
    (offer,) = _offers(state, lord)
    out = apply(state, offer)
    assert any(isinstance(e, AbilityPerformed) and e.automated for e in out.events)
    assert out.state.units[lord].wounds == 1
    state, lord = _lord_printing(text, wounds=0)
    out = apply(state, _offers(state, lord)[0])
    skipped = [e for e in out.events if isinstance(e, EffectSkipped)]
    assert [e.why for e in skipped] == ["condition_not_met"]


def test_rule_106_1_a_check_to_do_something_does_it_only_on_a_success() -> None:
    """106.1: "If the result ... is equal to or higher than the DC, then the character
    succeeds with the check"; "Succeed with a Medicine check (DC 15) to ..." does the rest
    only then."""
    text = "Order: Succeed with a Medicine check (DC 15) to remove one wound from this character."
    state, lord = _lord_printing(text, wounds=2)
    offer = _offers(state, lord)[0]
    won = apply(scripted(state, [20]), offer)
    assert won.state.units[lord].wounds == 1
    rolls = [e for e in won.events if isinstance(e, Rolled)]
    assert rolls and rolls[0].roll.purpose == "Medicine check" and rolls[0].roll.target == 15
    lost = apply(scripted(state, [1]), offer)
    assert lost.state.units[lord].wounds == 2
    assert [e.why for e in lost.events if isinstance(e, EffectSkipped)] == ["check_failed"]


def test_rule_106_1_a_check_then_if_successful_in_the_next_sentence() -> None:
    """106.1 again, the success effect printed as its own sentence."""
    text = "Order: Make a Charisma check (DC 10). If successful, this character is spent."
    state, lord = _lord_printing(text)
    out = apply(scripted(state, [20]), _offers(state, lord)[0])
    assert out.state.units[lord].orientation is Orientation.SPENT


def test_rule_106_a_failed_save_can_wound_and_spend() -> None:
    """106: a save the target fails applies everything printed after "or"."""
    text = (
        "Order: Target an opposing character in any rank. The target must succeed with a "
        "magic save (DC 30) or suffer one wound and become spent."
    )
    state, lord = _lord_printing(text)
    target = instance_of(state, "p1-lord", 1)  # 4 HP: one wound does not kill it
    offer = next(a for a in _offers(state, lord) if a.target == target)
    out = apply(scripted(state, [2]), offer)
    assert out.state.units[target].wounds == 1
    assert out.state.units[target].orientation is Orientation.SPENT


def test_rule_510_5_a_condition_on_your_warlord_is_checked_on_your_warlord() -> None:
    """510.5 step 3, "If your Warlord is ...": the performer's controller's Warlord."""
    state, _ = two_player_game()
    a = instance_of(state, "p0-a", 0)
    lord = instance_of(state, "p0-lord", 0)
    wounded = "Order: If your warlord is wounded, remove one wound from your warlord."
    assert compile_abilities(wounded, "P0 A", state.card(a).type)[0].manual  # not "your warlord"
    text = "Order: If your warlord is wounded, draw a card."
    old = state.cards["p0-a"]
    new = replace(old, text=text, abilities=compile_abilities(text, old.name, old.type))
    state = to_order(replace(state, cards={**state.cards, "p0-a": new}), 0)
    out = apply(state, _offers(state, a)[0])
    assert [e.why for e in out.events if isinstance(e, EffectSkipped)] == ["condition_not_met"]
    state = set_unit(state, lord, wounds=1)
    out = apply(state, _offers(state, a)[0])
    assert "condition_not_met" not in [e.why for e in out.events if isinstance(e, EffectSkipped)]


def test_rule_700_a_group_bonus_until_the_end_of_the_turn_is_on_who_is_there_now() -> None:
    """700 / 506.1: a bonus "until the end of the turn" to "all characters in this rank" is
    an ongoing modifier on each character in that rank as the effect resolves."""
    state, _ = two_player_game()
    a = instance_of(state, "p0-a", 0)
    text = "Order: All characters in this rank gain +1 AC until the end of the turn."
    old = state.cards["p0-a"]
    new = replace(old, text=text, abilities=compile_abilities(text, old.name, old.type))
    state = to_order(replace(state, cards={**state.cards, "p0-a": new}), 0)
    rank = next(r for r in state.players[0].ranks if a in r)
    out = apply(state, _offers(state, a)[0])
    bonus = sorted(m.target for m in out.state.modifiers if m.stat == "ac" and m.amount == 1)
    assert bonus == sorted(rank)
