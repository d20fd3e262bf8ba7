"""Feat Orders whose targets are items and spells (603.8, 603.10, 603.11), driven by
tests/engine/positions/feat-orders.json: Horse Lord (#0, Riding +10) rides a War Horse (#1,
Steed, "Order: Spend War Horse: Move backward one rank."); Scribe Mage (#2, Wizard, Scribe
+10) and Pickpocket (#3, Sleight of Hand +10) stand beside it; Spark Bolt (#5, a Wizard
spell) and Mending Word (#6, a Cleric spell) are in hand; Grunt Raider (#7) carries an Iron
Dagger (#8), a Fighter-only Tower Shield (#9) and a Ward Charm (#10, Ward). Each check adds
+10, so a die of 10 succeeds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import DecisionKind, GameState, apply, legal_actions
from engine.actions import Action, Choose, Pass, PerformAbility
from engine.feats import abilities_of, feat_of, item_spent
from engine.frames import ChoosingEffect
from engine.position import load_position

POSITION = Path(__file__).parent / "positions" / "feat-orders.json"
LORD, HORSE, MAGE, PICK, BOLT, MENDING, GRUNT, DAGGER, SHIELD, CHARM = 0, 1, 2, 3, 5, 6, 7, 8, 9, 10


def _state(dice: list[int]) -> GameState:
    data: dict[str, Any] = json.loads(POSITION.read_text(encoding="utf-8"))
    data["dice"] = dice
    return load_position(data)


def _play(state: GameState, *actions: Action) -> tuple[GameState, list[Any]]:
    events: list[Any] = []
    for action in actions:
        transition = apply(state, action)
        events += list(transition.events)
        state = transition.state
    return state, events


def _feat_targets(state: GameState, who: int, name: str) -> list[int]:
    return [
        a.target
        for a in legal_actions(state, 0)
        if isinstance(a, PerformAbility)
        and a.character == who
        and feat_of(abilities_of(state.card(a.card))[a.ability]) == name
    ]


def _horse_order(state: GameState) -> list[PerformAbility]:
    return [a for a in legal_actions(state, 0) if isinstance(a, PerformAbility) and a.card == HORSE]


def test_rule_603_8_riding_readies_a_spent_steed_equipped_to_this_character() -> None:
    """603.8: "Limited Order: Target a spent or stunned Steed equipped to this character and
    succeed with a Riding check (DC 20): Ready the target." The War Horse is spent by its
    own Order's cost (507.7.2); Riding (10 + 10) readies it, and its Order is offered again."""
    state = _state([10])
    assert _feat_targets(state, LORD, "Riding") == []  # a ready Steed is no target
    (ride,) = _horse_order(state)
    state, _ = _play(state, ride, Choose(0, 0), Pass(1))  # to the far left of rank 2
    assert item_spent(state, HORSE) and _horse_order(state) == []
    assert _feat_targets(state, LORD, "Riding") == [HORSE]
    riding = PerformAbility(0, LORD, 0, LORD, HORSE, ())
    state, events = _play(state, riding)
    readied = [e for e in events if e.kind == "orientation_changed"]
    assert [(e.card, e.orientation, e.rule) for e in readied] == [(HORSE, "ready", "603.8")]
    assert not item_spent(state, HORSE)
    state, _ = _play(state, Pass(1))
    assert len(_horse_order(state)) == 1


def test_rule_603_10_scribe_attaches_a_spell_this_character_may_cast() -> None:
    """603.10: "Limited Order: Reveal a spell in your hand that this character may cast when
    ready and succeed with a Scribe check (DC 20): Attach the spell to this character."
    Scribe Mage (a Wizard) may cast Spark Bolt, not the Cleric's Mending Word (303.6.3)."""
    state = _state([10])
    assert _feat_targets(state, MAGE, "Scribe") == [BOLT]
    state, events = _play(state, PerformAbility(0, MAGE, 0, MAGE, BOLT, ()))
    assert BOLT in state.units[MAGE].attachments and BOLT not in state.players[0].hand
    assert any(e.kind == "card_attached" and e.card == BOLT for e in events)


def test_rule_603_10_a_failed_scribe_check_discards_the_spell() -> None:
    """603.10: "If the Scribe check fails, discard the spell." 5 + 10 = 15 fails."""
    state, _ = _play(_state([5]), PerformAbility(0, MAGE, 0, MAGE, BOLT, ()))
    assert BOLT in state.players[0].discard and BOLT not in state.units[MAGE].attachments


def _decide(state: GameState, code: str) -> tuple[GameState, list[Any]]:
    decision = state.pending[0]
    assert decision.kind is DecisionKind.EFFECT_CHOICE and decision.rule == "603.11"
    frame = state.stack[decision.frame or 0]
    assert isinstance(frame, ChoosingEffect)
    return _play(state, Choose(0, frame.options.index(code)))


def test_rule_603_11_sleight_of_hand_may_take_an_item_this_character_may_equip() -> None:
    """603.11: "Limited Order: Target an item within one rank and succeed with a Sleight of
    Hand check (DC 20): If this character may legally equip the item, you may gain control
    of the item and they may do so". Pickpocket takes the Iron Dagger."""
    state, _ = _play(_state([10]), PerformAbility(0, PICK, 0, PICK, DAGGER, ()))
    state, events = _decide(state, "gain_control")
    assert DAGGER in state.units[PICK].items and DAGGER not in state.units[GRUNT].items
    assert any(e.kind == "item_equipped" and e.to == PICK for e in events)


def test_rule_603_11_sleight_of_hand_may_leave_the_item() -> None:
    """603.11: "you *may* gain control of the item": declining leaves it where it is."""
    state, _ = _play(_state([10]), PerformAbility(0, PICK, 0, PICK, DAGGER, ()))
    state, _ = _decide(state, "decline")
    assert DAGGER in state.units[GRUNT].items and DAGGER not in state.units[PICK].items


def test_rule_603_11_sleight_of_hand_destroys_an_item_this_character_may_not_equip() -> None:
    """603.11: "... otherwise the item is destroyed." Pickpocket is a Rogue: the Tower Shield
    is for Fighters only (302.3), so it is destroyed."""
    state, events = _play(_state([10]), PerformAbility(0, PICK, 0, PICK, SHIELD, ()))
    assert SHIELD not in state.units[GRUNT].items and SHIELD in state.players[1].discard
    assert any(e.kind == "item_destroyed" and e.card == SHIELD for e in events)


def test_rule_602_19_ward_keeps_an_opposing_item_from_sleight_of_hand() -> None:
    """602.19: "A card with the Ward keyword may not be targeted by opposing actions that do
    not produce a strike." The Ward Charm is no target; the other items within one rank are."""
    targets = _feat_targets(_state([]), PICK, "Sleight of Hand")
    assert CHARM not in targets and {DAGGER, SHIELD} <= set(targets)
