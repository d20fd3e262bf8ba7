"""Rules issue 10 names that had no test of their own: effects and durations (506.1.1, 510.3,
510.4, 510.12, 702), targeting (511) and keywords (602.10, 602.13, 602.16), driven by
tests/engine/positions/rules-*.json."""

from __future__ import annotations

from typing import Any

import pytest
from position_play import load, play
from position_play import position_data as data_of

from engine import DecisionKind, check, legal_actions
from engine.actions import Choose, Decline, DefeatDungeon, PerformAbility, action_from_dict
from engine.errors import IllegalActionError
from engine.events import (
    BaseEvent,
    CardDrawn,
    CharacterDied,
    EffectExpired,
    OrientationChanged,
    Rolled,
    StatModified,
    StrikeDeclared,
    WoundsInflicted,
)
from engine.events_abilities import EffectSkipped, Healed
from engine.game import default_action
from engine.position import load_position
from engine.position_write import position_to_dict as dump_position
from engine.state import Orientation


def of(kind: type[Any], events: list[BaseEvent]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def _declining(state: Any, events: list[BaseEvent]) -> tuple[Any, list[BaseEvent]]:
    """Decline every react window from `state` on, with the events so far and theirs."""
    while state.pending and state.pending[0].kind is DecisionKind.REACT:
        state, more = play(state, Decline(state.pending[0].seat))
        events = [*events, *more]
    return state, events


def order(seat: int, card: int, target: int = -1) -> PerformAbility:
    """Card `card` performs its first printed ability (an Order) at `target`."""
    return PerformAbility(seat=seat, card=card, ability=0, character=card, target=target)


# --- 602.16 Reach ----------------------------------------------------------------------------


def test_rule_602_16_reach_melee_strikes_target_up_to_two_ranks_away() -> None:
    """602.16: "The melee strikes of a character with the Reach keyword may target characters
    up to two ranks away." From seat 0's second rank, Pikeman of the Ninth (Reach) reaches
    seat 1's front rank (two ranks away) but not its second rank (three)."""
    state = load("rules-reach.json")
    state, events = play(state, {"type": "attack", "seat": 0, "character": 3})
    decision = state.pending[0]
    assert decision.kind is DecisionKind.STRIKE_TARGET and decision.options == (7, 8)
    state, events = play(state, {"type": "choose", "seat": 0, "option": 7})
    (declared,) = of(StrikeDeclared, events)
    assert (declared.card, declared.target) == (3, 7)
    (wound,) = of(WoundsInflicted, events)
    assert wound.card == 7 and wound.source == 3


def test_rule_602_16_without_reach_the_same_place_reaches_nobody() -> None:
    """602.16.1: Reach "May target up to two ranks away with melee strikes"; without it a
    melee strike reaches one rank (509.3), so Censer Priest beside the Pikeman has no target
    and its attack is illegal (510.9)."""
    state = load("rules-reach.json")
    attacks = {a.character for a in legal_actions(state, 0) if a.TYPE == "attack"}
    assert 3 in attacks and 4 not in attacks
    with pytest.raises(IllegalActionError) as err:
        check(state, action_from_dict({"type": "attack", "seat": 0, "character": 4}))
    assert err.value.rule == "510.9"


# --- 602.10 Heal -----------------------------------------------------------------------------


def test_rule_602_10_heal_removes_one_wound_from_the_target() -> None:
    """602.10: "If an action or effect says to 'Heal,' that means to remove one wound from the
    target." Field Medic's "Heal the target" takes High Smith Borin from two wounds to one."""
    state = load("rules-heal.json")
    assert state.units[3].wounds == 2
    state, events = play(state, order(0, 2, 3))
    (healed,) = of(Healed, events)
    assert (healed.card, healed.amount, healed.wounds) == (3, 1, 1)
    assert state.units[3].wounds == 1
    assert not of(EffectSkipped, events)  # run by the engine, not resolved by hand


def test_rule_602_10_1_the_reminder_text_heals_the_same() -> None:
    """602.10.1: "The reminder text for Heal is, 'Remove a wound from'": Hearth Chaplain's
    "Remove a wound from the target" takes Field Medic from two wounds to one."""
    state, events = play(load("rules-heal.json"), order(0, 0, 2))
    (healed,) = of(Healed, events)
    assert (healed.card, healed.amount, healed.wounds) == (2, 1, 1)
    assert state.units[2].wounds == 1


def test_rule_602_10_heal_this_character_is_compiled() -> None:
    """602.10: "Heal this character" is the Heal keyword on the performer: one wound."""
    from engine.cards.abilities import Affects, Op
    from engine.cards.ability_grammar import compile_abilities
    from engine.cards.model import CardType

    (react,) = compile_abilities(
        "Spend React: After this character suffers a wound: Heal this character.",
        "Grit",
        CardType.ACTION,
    )
    assert not react.manual
    assert [(e.op, e.affects, e.amount) for e in react.effects] == [(Op.HEAL, Affects.PERFORMER, 1)]


# --- 602.13 Challenge Rating ------------------------------------------------------------------


def test_rule_602_13_the_challenge_rating_is_the_levels_to_spend() -> None:
    """602.13.1: "A number of levels equal to this Challenge Rating must be spent in order to
    defeat this dungeon." The Haunted Barrow's rating is 4: three level 1 characters are not
    enough, two of them with Tribune Halvard (level 2) are."""
    state = load("rules-challenge-rating.json")
    assert state.dungeon == 11
    with pytest.raises(IllegalActionError) as err:
        check(state, DefeatDungeon(0, 4, (0, 1, 2)))
    assert str(err.value) == ("Rule 507.9: combined levels 3 are below the challenge rating 4.")
    offered = {a.spend for a in legal_actions(state, 0) if isinstance(a, DefeatDungeon)}
    assert offered == {(4,), (0, 1, 3), (0, 2, 3), (1, 2, 3)}
    state, events = play(state, DefeatDungeon(0, 4, (0, 1, 3)))
    assert state.dungeon is None and 11 in state.players[1].banish
    assert "dungeon_defeated" in [e.kind for e in events]


def test_rule_602_13_the_number_is_read_from_the_keyword() -> None:
    """602.13: the number that follows Challenge Rating sets the levels: at 6, Consul Varro
    (level 5) alone is no longer enough."""
    data = data_of("rules-challenge-rating.json")
    data["cards"]["haunted-barrow"]["keywords"] = [{"name": "Challenge Rating", "value": 6}]
    state = load_position(data)
    offered = {a.spend for a in legal_actions(state, 0) if isinstance(a, DefeatDungeon)}
    assert (4,) not in offered and (3, 4) in offered
    with pytest.raises(IllegalActionError, match="challenge rating 6"):
        check(state, DefeatDungeon(0, 4, (4,)))


# --- 510.3 / 510.12 ---------------------------------------------------------------------------


def test_rule_510_3_do_as_much_as_possible_and_ignore_the_rest() -> None:
    """510.3: "it is not necessary that all parts of an effect occur. Do as much as possible
    and ignore the rest." 510.3.2: the parts happen "in the order presented". Lorekeeper draws
    the one card its deck holds, the second draw is skipped, then it gains +2 ATK."""
    state, events = play(load("rules-partial-effects.json"), order(0, 0))
    kinds = [e.kind for e in events]
    (drawn,) = of(CardDrawn, events)
    (skipped,) = of(EffectSkipped, events)
    (gained,) = of(StatModified, events)
    assert drawn.card == 4 and skipped.why == "empty_deck"
    assert (gained.card, gained.stat, gained.amount) == (0, "atk", 2)
    assert kinds.index("card_drawn") < kinds.index("effect_skipped") < kinds.index("stat_modified")
    assert state.players[0].hand == (4,) and state.players[0].deck == ()


def test_rule_510_12_a_performer_killed_by_its_own_cost_still_gets_the_effect() -> None:
    """510.12: "If the character performing a strike or action leaves play for any reason
    other than the strike or action itself ... then the strike or action is canceled." Last
    Rite Zealot's cost kills it ("Kill this character: Draw a card."): the action goes on."""
    state, events = play(load("rules-partial-effects.json"), order(0, 1))
    assert 1 in state.players[0].discard  # the cost was paid
    assert not of(EffectSkipped, events)
    assert [e.card for e in of(CardDrawn, events)] == [4]


# --- 510.4 -----------------------------------------------------------------------------------


def test_rule_510_4_a_variable_is_set_when_the_effect_is_generated() -> None:
    """510.4: "Any variables that are part of an action's effect are set when the effect is
    generated and do not change even if their source does (... even if the character leaves
    play)." Martyr Adept (level 3) kills itself, then sets a save of DC 10 + its level: 13,
    which Grunt Raider's 11 fails."""
    state, events = play(load("rules-variables-set.json"), order(0, 0, 5))
    kinds = [e.kind for e in events]
    assert kinds.index("character_died") < kinds.index("roll")  # gone before the save
    (save,) = of(Rolled, events)
    assert save.roll.target == 13 and save.roll.total == 11 and save.result == "failure"
    assert 5 in state.players[1].discard  # the failed save's wound killed it


def test_rule_510_4_the_variable_counts_the_stat_with_its_bonuses() -> None:
    """510.4: "an effect based on a character's stat such as level": Hexbinder is level 2
    with +2 level until the end of the turn, so its save is DC 10 + 4."""
    _, events = play(load("rules-variables-set.json"), order(0, 1, 5))
    (save,) = of(Rolled, events)
    assert save.roll.target == 14 and save.result == "failure"


# --- 506.1.1 ---------------------------------------------------------------------------------


def _to_end_of_turn() -> list[BaseEvent]:
    """Rallying Herald's +1 HP to seat 0's army, Bloodfury Shaman's +2 ATK, both seats pass:
    the turn ends and the effects expire (506.1)."""
    _, events = play(
        load("rules-end-of-turn-group.json"),
        order(0, 0),
        order(1, 5),
        {"type": "pass", "seat": 0},
        {"type": "pass", "seat": 1},
    )
    return events


def test_rule_506_1_1_an_effect_on_several_cards_expires_one_card_at_a_time() -> None:
    """506.1.1: "if any effect affects multiple cards, the effect is resolved for each card
    individually, one at a time ... The player who originally generated the effect determines
    the order." No lost HP kills anyone here, so the order cannot matter: the engine asks
    nothing and expires the cards in the order the effect reached them, each with its event."""
    events = _to_end_of_turn()
    expired = [e for e in of(EffectExpired, events) if e.seat == 0]
    assert [(e.card, e.stat, e.amount) for e in expired] == [
        (0, "hp", 1),
        (1, "hp", 1),
        (2, "hp", 1),
        (3, "hp", 1),
    ]


def test_rule_506_1_1_an_effect_on_several_cards_ends_before_any_other_effect() -> None:
    """506.1.1: an effect on several cards "is resolved for each card individually, one at a
    time, before any other effects are resolved": the Herald's four +1 HP expire before the
    Shaman's +2 ATK, although seat 1 is next to resolve an effect (506.1)."""
    expired = of(EffectExpired, _to_end_of_turn())
    assert [e.card for e in expired] == [0, 1, 2, 3, 5]


END_OF_TURN = ({"type": "pass", "seat": 0}, {"type": "pass", "seat": 1})


def test_rule_506_1_1_the_player_who_generated_the_effect_chooses_the_order() -> None:
    """506.1.1: "The player who originally generated the effect determines the order in which
    the effect is resolved." The Herald's +1 HP (effect 1 of the position file) keeps the
    wounded Legion Shieldbearer alive, so the order matters: seat 0 is asked (an
    `expiry_order` decision whose default is the order the effect reached the cards)."""
    state, _ = play(load("rules-end-of-turn-order.json"), *END_OF_TURN)
    (decision,) = state.pending
    assert (decision.seat, decision.kind, decision.options) == (
        0,
        DecisionKind.EXPIRY_ORDER,
        (0, 1, 2),
    )
    assert decision.rule == "506.1.1" and default_action(state, 0) == Choose(0, 0)
    # Seat 0 ends the Shieldbearer's first: it dies at once (104.6); what is left cannot kill
    # anyone, so the Herald's and the Tribune's expire without asking, then the Shaman's.
    state, events = play(state, Choose(0, 1))
    assert [e.card for e in of(EffectExpired, events)] == [1, 0, 2, 5]
    died = next(i for i, e in enumerate(events) if isinstance(e, CharacterDied))
    assert (
        events.index(of(EffectExpired, events)[1])
        > died
        > events.index(of(EffectExpired, events)[0])
    )
    assert 1 in state.players[0].discard and not state.modifiers


def test_rule_506_1_1_the_order_is_asked_again_while_it_can_matter() -> None:
    """506.1.1: the effect goes on "one at a time" in the order its player chooses: ending the
    Herald's share first leaves two cards, one of which would die, so seat 0 chooses again;
    seat 1's effect waits until the Herald's effect is over."""
    state, events = play(load("rules-end-of-turn-order.json"), *END_OF_TURN, Choose(0, 0))
    assert [e.card for e in of(EffectExpired, events)] == [0]
    (decision,) = state.pending
    assert (decision.seat, decision.kind, decision.options) == (
        0,
        DecisionKind.EXPIRY_ORDER,
        (1, 2),
    )
    state, events = play(state, Choose(0, 2))
    assert [e.card for e in of(EffectExpired, events)] == [2, 1, 5]
    assert 1 in state.players[0].discard


def test_rule_506_1_1_the_order_is_asked_when_a_level_change_ends() -> None:
    """506.1.1: the order "determined by the player who generated the effect" is asked when
    the effect changes levels (a level lost can make a rank illegal, 401.6), even though no
    one would die; with +1 ATK instead, nothing is asked."""
    data = data_of("rules-end-of-turn-order.json")
    data["seats"][0]["ranks"][0][1]["wounds"] = 0
    for rank in data["seats"][0]["ranks"][:2]:
        for entry in rank:
            entry["modifiers"][0]["stat"] = "level"
    state, _ = play(load_position(data), *END_OF_TURN)
    assert [(d.seat, d.kind) for d in state.pending] == [(0, DecisionKind.EXPIRY_ORDER)]
    for rank in data["seats"][0]["ranks"][:2]:
        for entry in rank:
            entry["modifiers"][0]["stat"] = "atk"
    state, events = play(load_position(data), *END_OF_TURN)
    assert [e.card for e in of(EffectExpired, events)] == [0, 1, 2, 5] and state.turn == 3


def test_rule_506_1_1_a_dump_and_a_snapshot_keep_the_effect_being_ended() -> None:
    """506.1.1: a position dumped while seat 0 chooses the order, and a snapshot of a record
    taken then, go on the same: the Herald's effect ends for each card before the Shaman's."""
    from engine.record import new_record_from_position, replay
    from engine.snapshots import restore, take_snapshot

    state, _ = play(load("rules-end-of-turn-order.json"), *END_OF_TURN, Choose(0, 0))
    again = load_position(dump_position(state))
    assert again.pending == state.pending and again.modifiers == state.modifiers
    _, events = play(again, Choose(0, 2))
    assert [e.card for e in of(EffectExpired, events)] == [2, 1, 5]
    record, _ = new_record_from_position(data_of("rules-end-of-turn-order.json"))
    for action in (*END_OF_TURN, Choose(0, 0)):
        record = record.with_action(
            action if isinstance(action, Choose) else action_from_dict(action)
        )
    snapshot = take_snapshot(record, replay(record).state, len(record.actions))
    record = record.with_action(Choose(0, 2))
    assert restore(record, [snapshot]) == replay(record).state


def test_rule_506_1_1_a_position_file_names_the_effect_of_a_modifier() -> None:
    """506.1.1: the modifiers sharing an `effect` id in a position file are one effect, ended
    card by card before any other; a dump writes the ids back, and one without them (one
    effect per modifier) alternates the seats card by card."""
    state = load("rules-end-of-turn-order.json")
    assert [m.effect for m in state.modifiers] == [1, 1, 1, 2]
    again = load_position(dump_position(state))
    assert again.modifiers == state.modifiers
    data = data_of("rules-end-of-turn-order.json")
    for rank in (*data["seats"][0]["ranks"], *data["seats"][1]["ranks"]):
        for entry in rank:
            for mod in entry.get("modifiers", []) if isinstance(entry, dict) else ():
                del mod["effect"]
    data["seats"][0]["ranks"][0][1]["wounds"] = 0
    _, events = play(load_position(data), *END_OF_TURN)
    assert [e.card for e in of(EffectExpired, events)] == [0, 5, 1, 2]


def test_rule_506_1_1_version_9_records_with_an_effect_on_several_cards_are_refused() -> None:
    """Before version 10 an effect on several cards ended one card per turn of the seats: a
    version 9 record whose cards have one (Rallying Herald, "Characters in your army gain +1
    HP until end of turn") may not replay the same, so it is refused with a sentence; one
    without such a card replays as before."""
    from engine.errors import RecordError
    from engine.record import GameRecord, new_record_from_position, replay

    record, _ = new_record_from_position(data_of("rules-end-of-turn-group.json"))
    old = record.with_action(order(0, 0)).to_dict()
    old["version"] = 9
    with pytest.raises(RecordError, match=r"version 9 .*Rallying Herald .*506\.1\.1"):
        GameRecord.from_dict(old)
    data = data_of("rules-end-of-turn-group.json")
    del data["cards"]["rallying-herald"]
    data["seats"][0]["ranks"][0][0] = "Legion Shieldbearer"
    record, _ = new_record_from_position(data)
    record = record.with_action(action_from_dict(END_OF_TURN[0])).with_action(order(1, 5))
    old = record.to_dict()
    old["version"] = 9
    assert replay(GameRecord.from_dict(old)).state == replay(record).state


# --- 511 Targeting ---------------------------------------------------------------------------


def test_rule_511_4_only_cards_in_play_may_be_targeted() -> None:
    """511.4: "Unless the action states otherwise, only cards that are in play may be
    targeted by an action." Swamp Hexer's Order may target Skittish Scout (#6), in play, not
    a card in a discard pile (#5), a hand (#10) or a deck (#4)."""
    state = load("rules-targeting.json")
    targets = {a.target for a in legal_actions(state, 0) if getattr(a, "card", None) == 0}
    assert targets == {6, 7, 8}
    for card in (5, 10, 4):
        with pytest.raises(IllegalActionError) as err:
            check(state, order(0, 0, card))
        assert err.value.rule == "510.9"


def test_rule_511_4_a_target_that_left_play_is_no_longer_affected() -> None:
    """511.4 (with 511.1: actions target "only while being performed"): Skittish Scout goes
    back to its owner's hand in answer to the Hexer's Order, before the effect; the save is
    not made and nothing happens to the card in hand."""
    state, events = play(load("rules-targeting.json"), order(0, 0, 6))
    (scout,) = [a for a in legal_actions(state, 1) if isinstance(a, PerformAbility)]
    state, events = play(state, scout)
    assert 6 in state.players[1].hand
    (skipped,) = of(EffectSkipped, events)
    assert (skipped.card, skipped.why, skipped.rule) == (0, "target_left_play", "511")
    assert not of(Rolled, events)


# --- 702 General vs. specific ----------------------------------------------------------------


def test_rule_702_1_a_negative_condition_wins_over_a_permission() -> None:
    """702.1: "Whenever two card effects contradict each other, the one that is more specific
    or that imposes a negative condition takes precedence." Twin-Blade Dancer's Dual Wield
    lets it equip a second Weapon; its Cursed Grasping Blade says it "may not equip another
    Weapon": the Whisper Dagger cannot be equipped."""
    state = load("rules-cursed-vs-dual-wield.json")
    equip = action_from_dict({"type": "equip", "seat": 0, "item": 5, "character": 0})
    assert equip not in legal_actions(state, 0)
    with pytest.raises(IllegalActionError) as err:
        check(state, equip)
    assert err.value.rule == "602.2.1"
    # With an uncursed Weapon instead, Dual Wield lets it equip the dagger beside it.
    data = data_of("rules-cursed-vs-dual-wield.json")
    data["seats"][0]["ranks"][0][0]["items"] = ["crescent-moon-sickle"]
    uncursed = load_position(data)
    assert equip in legal_actions(uncursed, 0)
    state, _ = play(uncursed, equip)
    assert state.units[0].items == (1, 5)


def test_rule_702_1_stalwart_wins_over_an_opposing_stun() -> None:
    """702.1: the negative condition takes precedence: Stonewarden "may not be ... stunned by
    opposing card effects" (Stalwart, 602.18), so the failed save of Swamp Hexer's Order,
    which stuns, leaves it ready; Anvil Guard, without Stalwart, is stunned by the same
    (Anvil Guard's Defend, which may redirect the Order, 603.3, is declined)."""
    state, events = _declining(*play(load("rules-stalwart-vs-stun.json"), order(0, 0, 5)))
    assert of(Rolled, events)[0].result == "failure"
    (skipped,) = of(EffectSkipped, events)
    assert (skipped.why, skipped.rule) == ("stalwart", "602.18")
    assert state.units[5].orientation is Orientation.READY
    state, events = _declining(*play(load("rules-stalwart-vs-stun.json"), order(0, 0, 6)))
    assert [(e.card, e.orientation) for e in of(OrientationChanged, events)][-1] == (
        6,
        "stunned",
    )
    assert state.units[6].orientation is Orientation.STUNNED


def test_rule_506_1_1_the_order_is_asked_when_a_lost_bonus_brings_hp_to_zero() -> None:
    """506.1.1: the order is "determined by the player who generated the effect"; it matters
    when ending a card's share kills it. 104.6: "A character whose hit points are reduced to
    zero or less dies" (an unwounded Shieldbearer at 1 HP only by the Herald's +1, a -1 HP
    penalty for good on it)."""
    data = data_of("rules-end-of-turn-order.json")
    shieldbearer = data["seats"][0]["ranks"][0][1]
    shieldbearer["wounds"] = 0
    penalty = {"stat": "hp", "amount": -1, "source_seat": 1, "until_end_of_turn": False}
    shieldbearer["modifiers"].append(penalty)
    state, _ = play(load_position(data), *END_OF_TURN)
    assert [(d.seat, d.kind) for d in state.pending] == [(0, DecisionKind.EXPIRY_ORDER)]
    state, events = play(state, Choose(0, 1))
    assert [(e.card, e.why) for e in of(CharacterDied, events)] == [(1, "hp_zero")]
