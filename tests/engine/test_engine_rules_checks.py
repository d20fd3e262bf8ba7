"""More rules issue 10 names, checked from position files (tests/engine/positions/rules-*.json):
counters (704), Cursed (602.2), zero effect (510.9.2), ongoing effects (700.5, 700.8)."""

from __future__ import annotations

import pytest
from position_play import load, play
from position_play import position_data as data_of

from engine import GameState, check, legal_actions, stats
from engine.actions import Action, Adjust, PerformAbility
from engine.errors import IllegalActionError
from engine.events_abilities import CountersChanged
from engine.game import default_action
from engine.position import load_position


def order(seat: int, card: int, target: int = -1) -> PerformAbility:
    return PerformAbility(seat=seat, card=card, ability=0, character=card, target=target)


def rule_of(state: GameState, action: Action) -> str:
    with pytest.raises(IllegalActionError) as err:
        check(state, action)
    return str(err.value.rule)


# --- 704 Counters ----------------------------------------------------------------------------


def _resolving_by_hand() -> GameState:
    """Rune Keeper (#0) performs its Order, which the engine leaves to seat 0 to resolve."""
    state, _ = play(load("rules-counters.json"), order(0, 0))
    return state


def test_rule_704_2_counters_go_only_on_cards_in_play() -> None:
    """704.2: "Counters may only be placed on cards that are in play." While resolving by
    hand, seat 0 may put a counter on Runed Warhammer (#1, equipped) or on a character, not
    on Tunnel Scout in its hand (#5) or on a card in its deck (#6)."""
    state = _resolving_by_hand()
    for card in (5, 6):
        assert rule_of(state, Adjust(0, "add_counters", card, amount=1, name="Rune")) == "704.2"
    for card in (0, 1):
        check(state, Adjust(0, "add_counters", card, amount=1, name="Rune"))
    menu = [a for a in legal_actions(state, 0) if isinstance(a, Adjust)]
    assert {a.card for a in menu if a.op == "add_counters"} <= set(state.units)


def test_rule_704_1_named_counters_are_indistinguishable() -> None:
    """704.1: "Named counters with the same name are indistinguishable from each other." One
    more Charge counter on the Warhammer joins its two: three Charge counters, one count."""
    state = _resolving_by_hand()
    assert state.counters == ((1, "Charge", 2),)
    state, events = play(state, Adjust(0, "add_counters", 1, amount=1, name="Charge"))
    assert state.counters == ((1, "Charge", 3),)
    (changed,) = [e for e in events if isinstance(e, CountersChanged)]
    assert changed.card == 1 and changed.amount == 1
    assert rule_of(state, Adjust(0, "remove_counters", 1, amount=4, name="Charge")) == "704.1"
    state, _ = play(state, Adjust(0, "remove_counters", 1, amount=3, name="Charge"))
    assert state.counters == ()


# --- 602.2 Cursed ----------------------------------------------------------------------------


def test_rule_602_2_a_character_with_a_cursed_item_equipped_is_cursed() -> None:
    """602.2: "a character gains the Cursed keyword while they have one or more items with the
    Cursed keyword equipped." Twin-Blade Dancer is Cursed with Grasping Blade equipped, not
    with an uncursed Weapon instead."""
    state = load("rules-cursed-vs-dual-wield.json")
    assert not state.card(0).has_keyword("Cursed")  # not printed on the Dancer
    assert stats.has_keyword(state, 0, "Cursed")
    data = data_of("rules-cursed-vs-dual-wield.json")
    data["seats"][0]["ranks"][0][0]["items"] = ["crescent-moon-sickle"]
    assert not stats.has_keyword(load_position(data), 0, "Cursed")


def test_rule_602_2_a_cursed_trait_is_the_cursed_keyword() -> None:
    """602.2: "If anything refers to the 'Cursed trait' it should be treated as 'Cursed
    keyword.'" An old card printing Cursed among its traits is imported with the keyword."""
    from engine.cards.community import parse_community_cards

    old = {"name": "Test Hungry Axe", "text": "", "type": "Item", "class": "Classless",
           "level": "1", "traits": "Cursed/Weapon"}  # fmt: skip
    report = parse_community_cards([old])
    axe = report.catalog.get("test-hungry-axe")
    assert axe.has_keyword("Cursed") and axe.traits == ("Weapon",)


# --- 510.9.2 Zero effect ---------------------------------------------------------------------


def test_rule_510_9_2_an_action_with_no_effect_is_illegal() -> None:
    """510.9.2: "If performing an action will have no actual effect on the game, then it is
    illegal." Hearth Chaplain's "Remove a wound from the target" at Anvil Guard (#1, no
    wounds) would change nothing but its cost; at Field Medic (#2, two wounds) it is legal."""
    state = load("rules-heal.json")
    targets = {a.target for a in legal_actions(state, 0) if getattr(a, "card", None) == 0}
    assert 2 in targets and 1 not in targets
    assert rule_of(state, order(0, 0, 1)).startswith("510.9")


# --- 700 Bonuses and durations ---------------------------------------------------------------


def test_rule_700_5_ongoing_effects_on_a_card_end_when_it_leaves_play() -> None:
    """700.5: "All ongoing effects on a card end when it leaves play. Wounds are also removed
    from a card when it leaves play." Grunt Raider (#0) and Bone Shaman (#1) each have +1 AC
    until the end of the turn; the Raider is killed, and only the Shaman's bonus is left."""
    data = data_of("rules-kill-and-after-death.json")
    data["modifiers"] = [
        {"target": 0, "stat": "ac", "amount": 1, "source_seat": 0, "until_end_of_turn": True},
        {"target": 1, "stat": "ac", "amount": 1, "source_seat": 0, "until_end_of_turn": True},
    ]
    state, _ = play(
        load_position(data),
        {"type": "attack", "seat": 1, "character": 5},
        {"type": "choose", "seat": 1, "option": 0},
    )
    assert 0 in state.players[0].discard and 0 not in state.units
    assert [(m.target, m.stat) for m in state.modifiers] == [(1, "ac")]


def test_rule_700_8_a_bonus_to_a_location_applies_to_characters_entering_it() -> None:
    """700.8: "If a bonus or penalty is given to all characters in a particular location (e.g.
    ... 'characters in your army'), that bonus or penalty will also apply to characters that
    enter that location during the duration of the effect." Ledger Mage (#4, 1 HP) enters
    seat 0's army after Rallying Herald's +1 HP until the end of the turn: it has 2 HP."""
    data = data_of("rules-end-of-turn-group.json")
    data["seats"][0]["hand"] = ["Ledger Mage"]
    state, _ = play(
        load_position(data),
        order(0, 0),
        {"type": "pass", "seat": 1},
        {"type": "play_character", "seat": 0, "card": 4},
    )
    state, _ = play(state, default_action(state, 0))  # its place in the rank (401.7)
    assert 4 in state.units and stats.hit_points(state, 1) == 2
    assert stats.hit_points(state, 4) == 2
