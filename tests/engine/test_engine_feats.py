"""Feats (603) offered as Limited Orders and Reacts, driven by
tests/engine/positions/feat-stealth-riposte.json: Hedge Scout (#0; Skill +3, Stealth +5,
Riposte +4, Powerattack +2; AC 10) wears a Shadow Cloak (#1, Stealth +2); Field Medic (#2,
Medicine +6) has one wound; Grunt Raider (#4, +3) attacks on seat 1's turn."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine import DecisionKind, Decline, GameState, apply, legal_actions
from engine.actions import Action, PerformAbility, action_from_dict
from engine.cards.abilities import AbilityKind, Performer, Qualifier
from engine.cards.model import Feat, Keyword
from engine.feats import FEAT_ABILITIES, FEAT_NAMES, abilities_of, feat_of, feats
from engine.position import load_position

POSITION = Path(__file__).parent / "positions" / "feat-stealth-riposte.json"
SCOUT, CLOAK, MEDIC, GRUNT = 0, 1, 2, 4


def _state(dice: list[int], active: int = 1) -> GameState:
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


def _attack(state: GameState) -> tuple[GameState, list[Any]]:
    return _play(
        state,
        {"type": "attack", "seat": 1, "character": GRUNT},
        {"type": "choose", "seat": 1, "option": SCOUT},
    )


def _feat(state: GameState, seat: int, name: str) -> PerformAbility | None:
    for a in legal_actions(state, seat):
        if (
            isinstance(a, PerformAbility)
            and feat_of(abilities_of(state.card(a.card))[a.ability]) == name
        ):
            return a
    return None


def _until(state: GameState, seat: int, name: str) -> tuple[GameState, list[Any]]:
    """Pass every react window until `seat` may perform feat `name`."""
    seen: list[Any] = []
    while _feat(state, seat, name) is None:
        decision = state.pending[0]
        assert decision.kind is DecisionKind.REACT, decision
        state, events = _play(state, Decline(decision.seat))
        seen += events
    return state, seen


def test_rule_603_1_every_feat_of_603_is_a_limited_order_or_react() -> None:
    """603.1: "Feats are special skill-based keyword actions that a character may perform";
    603.2-603.12 define each as a Limited React or a Limited Order."""
    assert set(FEAT_ABILITIES) == set(FEAT_NAMES)
    orders = {n for n, a in FEAT_ABILITIES.items() if a.kind is AbilityKind.ORDER}
    assert orders == {"Medicine", "Riding", "Scribe", "Sleight of Hand"}
    assert all(Qualifier.LIMITED in a.qualifiers for a in FEAT_ABILITIES.values())


def test_rule_603_1_feats_of_items_are_performed_by_their_bearer_and_add_up() -> None:
    """603.1: "If a character gains the same feat from more than one source, such as a pair
    of items, the bonuses are simply added together." """
    state = _state([])
    assert feats(state, SCOUT) == {"Stealth": 7, "Riposte": 4, "Powerattack": 2}
    (cloak_feat,) = abilities_of(state.card(CLOAK))
    assert cloak_feat.performer is Performer.BEARER and feat_of(cloak_feat) == "Stealth"


def test_rule_603_12_2_stealth_cancels_a_strike_after_a_successful_check() -> None:
    """603.12.2: "Limited React: After this character is targeted with a strike, succeed with
    a Stealth check (DC 20): Cancel the strike." """
    state, _ = _attack(_state([10]))
    stealth = _feat(state, 0, "Stealth")
    assert stealth is not None and stealth.character == SCOUT
    state, events = _play(state, stealth)
    rolls = [e.roll for e in events if e.kind == "roll"]
    assert [(r.purpose, r.total, r.target) for r in rolls] == [("Stealth check", 20, 20)]
    assert not any(e.kind == "wounds_inflicted" for e in events)
    assert SCOUT in state.units and state.units[SCOUT].wounds == 0


def test_rule_603_1_a_failed_feat_check_has_no_effect() -> None:
    """603.1: the character "makes a skill check against DC 20"; 106.4: failing it means the
    effect that needs success does not happen. The strike goes on (9 + 3 + 7 = 19)."""
    state, _ = _attack(_state([9, 18]))
    stealth = _feat(state, 0, "Stealth")
    assert stealth is not None
    state, events = _play(state, stealth)
    kinds = [e.kind for e in events]
    assert "effect_skipped" in kinds
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        state, more = _play(state, Decline(state.pending[0].seat))
        events += more
    strike_rolls = [e for e in events if e.kind == "roll" and e.roll.purpose == "melee strike"]
    assert strike_rolls and strike_rolls[0].result == "hit"


def test_rule_603_9_riposte_strikes_back_after_a_melee_strike() -> None:
    """603.9: "Limited React: After target character performs a melee strike against this
    character, succeed with a Riposte check (DC 20): Perform a melee strike against the
    target." Grunt Raider misses (2), the check succeeds (13 + 3 + 4), Riposte hits (15)."""
    state, _ = _attack(_state([2, 13, 15]))
    state, _ = _until(state, 0, "Riposte")
    riposte = _feat(state, 0, "Riposte")
    assert riposte is not None
    state, events = _play(state, riposte)
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        state, more = _play(state, Decline(state.pending[0].seat))
        events += more
    rolls = [e for e in events if e.kind == "roll"]
    assert rolls[0].roll.purpose == "Riposte check" and rolls[0].result == "success"
    assert rolls[1].roll.roller == SCOUT and rolls[1].target == GRUNT and rolls[1].result == "hit"
    assert GRUNT not in state.units


def test_rule_603_7_powerattack_adds_a_wound_to_a_melee_strike() -> None:
    """603.7: "Limited React: Before this character makes a melee strike roll, succeed with a
    Powerattack check (DC 20): The strike inflicts an additional wound." Riposte (13) gives
    Hedge Scout a melee strike; Powerattack (15 + 3 + 2) adds a wound to its hit (15)."""
    state, _ = _attack(_state([2, 13, 15, 15]))
    state, _ = _until(state, 0, "Riposte")
    riposte = _feat(state, 0, "Riposte")
    assert riposte is not None
    state, _ = _play(state, riposte)
    state, _ = _until(state, 0, "Powerattack")
    power = _feat(state, 0, "Powerattack")
    assert power is not None
    state, events = _play(state, power)
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        state, more = _play(state, Decline(state.pending[0].seat))
        events += more
    wounds = [e for e in events if e.kind == "wounds_inflicted"]
    assert wounds and wounds[0].card == GRUNT and wounds[0].amount == 2


def test_rule_603_6_medicine_heals_a_wounded_character_in_this_rank() -> None:
    """603.6: "Limited Order: Target a wounded character in this rank and succeed with a
    Medicine check (DC 20): Heal the target." 14 + 0 + 6 = 20."""
    state = _state([14], active=0)
    medicine = next(
        a
        for a in legal_actions(state, 0)
        if isinstance(a, PerformAbility) and a.card == MEDIC and a.target == MEDIC
    )
    state, events = _play(state, medicine)
    assert [e.kind for e in events if e.kind in ("roll", "healed")] == ["roll", "healed"]
    assert state.units[MEDIC].wounds == 0
    again = [a for a in legal_actions(state, 0) if isinstance(a, PerformAbility)]
    assert not any(a.card == MEDIC for a in again)  # 510.7: Limited, once per turn


def test_rule_602_14_stealth_cannot_cancel_a_true_strike() -> None:
    """602.14: "A character with the True Strike keyword may not have its strikes canceled or
    redirected." Stealth succeeds (10 + 3 + 7) but the Raider's strike goes on."""
    state = _state([10, 18])
    cards = dict(state.cards)
    raider = state.card(GRUNT)
    cards[state.instances[GRUNT]] = replace(raider, keywords=(Keyword("True Strike"),))
    state, _ = _attack(replace(state, cards=cards))
    stealth = _feat(state, 0, "Stealth")
    assert stealth is not None
    state, events = _play(state, stealth)
    assert any(e.kind == "effect_skipped" and e.rule == "602.14" for e in events)
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        state, more = _play(state, Decline(state.pending[0].seat))
        events += more
    assert any(e.kind == "roll" and e.roll.purpose == "melee strike" for e in events)


def test_rule_508_1_every_feat_react_answers_a_window_the_engine_opens() -> None:
    """508.1: a React is performed when its trigger happens. Marksmanship (603.5, "Before
    this character targets a non-spell ranged strike") is offered at the strike's first
    window after targeting, before its roll (509.5 step 3a)."""
    from engine.strikes import _WINDOWS

    opened = {w for windows in _WINDOWS.values() for w in windows}
    for name, ability in FEAT_ABILITIES.items():
        if ability.trigger is not None:
            assert ability.trigger.window in opened, name


def test_rule_603_3_defend_redirects_a_strike_on_an_adjacent_character() -> None:
    """603.3: "Limited React: After your adjacent character is targeted with a strike or
    action, succeed with a Defend check (DC 20): Redirect the strike or action to this
    character." Field Medic (given Defend +20) stands next to Hedge Scout (401.10)."""
    state = _state([5, 12])
    cards = dict(state.cards)
    medic = state.card(MEDIC)
    cards[state.instances[MEDIC]] = replace(medic, feats=(Feat("Defend", 20),))
    state, _ = _attack(replace(state, cards=cards))
    defend = _feat(state, 0, "Defend")
    assert defend is not None and defend.character == MEDIC
    state, events = _play(state, defend)
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        state, more = _play(state, Decline(state.pending[0].seat))
        events += more
    strike = next(e for e in events if e.kind == "roll" and e.roll.purpose == "melee strike")
    assert strike.target == MEDIC and strike.result == "hit"
    assert state.units[MEDIC].wounds == 2 and state.units[SCOUT].wounds == 0


def _stealth_offers(state: GameState) -> list[PerformAbility]:
    return [
        a
        for a in legal_actions(state, 0)
        if isinstance(a, PerformAbility)
        and feat_of(abilities_of(state.card(a.card))[a.ability]) == "Stealth"
    ]


def test_rule_603_1_a_feat_printed_on_a_character_and_its_item_is_one_limited_feat() -> None:
    """603.1: "If a character gains the same feat from more than one source, such as a pair
    of items, the bonuses are simply added together"; 510.7: "Limited actions may only be
    performed once during each turn." Hedge Scout's Stealth (+5, and +2 from its Shadow
    Cloak) is offered once, and not at all once performed this turn, from either card."""
    state, _ = _attack(_state([10]))
    offers = _stealth_offers(state)
    assert [(a.card, a.character) for a in offers] == [(SCOUT, SCOUT)]
    used = replace(_state([10]), used_abilities=((CLOAK, 0, 2),))
    state, _ = _attack(used)
    assert _stealth_offers(state) == []
    used = replace(_state([10]), used_abilities=((SCOUT, 0, 2),))
    state, _ = _attack(used)
    assert _stealth_offers(state) == []


def test_rule_603_12_2_stealth_level_times_per_turn_in_an_opposing_formation() -> None:
    """603.12.2: "This action may be performed a number of times per turn equal to this
    character's level while they are in an opposing formation." Hedge Scout (level 1, here
    given level 3) stands in seat 1's front rank: used twice this turn, it may once more."""
    data: dict[str, Any] = json.loads(POSITION.read_text(encoding="utf-8"))
    data["cards"]["hedge-scout"]["level"] = 3
    scout = data["seats"][0]["ranks"][0].pop(0)
    data["seats"][1]["ranks"][0].append({**scout, "controller": 0})
    data["dice"] = [10]
    state = load_position(data)
    scout_id = next(u for u in state.units if state.card(u).name == "Hedge Scout")
    grunt = next(u for u in state.units if state.card(u).name == "Grunt Raider")
    twice = ((scout_id, 0, 2), (scout_id, 0, 2))
    state, _ = _play(
        replace(state, used_abilities=twice),
        {"type": "attack", "seat": 1, "character": grunt},
        {"type": "choose", "seat": 1, "option": scout_id},
    )
    assert [a.character for a in _stealth_offers(state)] == [scout_id]
    thrice = replace(state, used_abilities=(*twice, (scout_id, 0, 2)))
    assert _stealth_offers(thrice) == []


def test_rule_603_12_1_stealth_maneuvers_into_an_opposing_first_rank() -> None:
    """603.12.1: "This character may maneuver into opposing first ranks." (710.1: "The only
    way to do this is with an action or ability that specifically moves the character into
    the other formation (e.g., Stealth)".) Hedge Scout, in its own front rank, maneuvers
    into seat 1's first rank, beside Grunt Raider; Field Medic, without Stealth, may not."""
    import pytest

    from engine import IllegalActionError, check
    from engine.actions import Maneuver
    from engine.formation import locate

    state = _state([], active=0)
    into = Maneuver(0, SCOUT, "into:1")
    assert into in legal_actions(state, 0)
    with pytest.raises(IllegalActionError) as refused:
        check(state, Maneuver(0, MEDIC, "into:1"))
    assert refused.value.rule == "710.1"
    state, events = _play(state, into.to_dict(), {"type": "choose", "seat": 0, "option": 1})
    place = locate(state.players, SCOUT)
    assert place is not None and (place.formation, place.rank, place.position) == (1, 1, 1)
    assert state.units[SCOUT].orientation.value == "spent"  # 507.5: spent to maneuver
    assert any(e.kind == "moved" for e in events)
