"""Orders printed on cards, on items and on Action cards: offered, paid and resolved (507.6,
507.7, 510); manual effects resolved with logged adjustments."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import GameState, apply, check, legal_actions
from engine.actions import Adjust, DoneResolving, PerformAbility, action_from_dict
from engine.cards.ability_grammar import compile_abilities
from engine.cards.model import Card, CardType
from engine.errors import IllegalActionError, InvalidActionError
from engine.events import ManualEffect, Rolled, WoundsInflicted
from engine.events_abilities import AbilityPerformed, Adjusted, EffectSkipped, ResolvedByHand
from engine.game import default_action
from engine.pending import DecisionKind
from engine.state import Orientation
from tests.engine.engine_factories import (
    card,
    instance_of,
    item,
    set_unit,
    to_order,
    two_player_game,
)


def with_text(state: GameState, card_id: str, text: str) -> GameState:
    """The same game where card `card_id` prints `text` (compiled as the loader does)."""
    old = state.cards[card_id]
    new = replace(old, text=text, abilities=compile_abilities(text, old.name, old.type))
    return replace(state, cards={**state.cards, card_id: new})


def compiled(c: Card) -> Card:
    return replace(c, abilities=compile_abilities(c.text, c.name, c.type))


def abilities_of(state: GameState, seat: int = 0) -> list[PerformAbility]:
    return [a for a in legal_actions(state, seat) if isinstance(a, PerformAbility)]


def rule_of(excinfo: pytest.ExceptionInfo[IllegalActionError]) -> str:
    return str(getattr(excinfo.value, "rule", ""))


def game_with_order(text: str) -> tuple[GameState, int]:
    state, _ = two_player_game()
    state = to_order(with_text(state, "p0-a", text), 0)
    return state, instance_of(state, "p0-a", 0)


def test_rule_507_7_printed_order_is_offered_and_runs_its_strike() -> None:
    """507.7: "Select a character you control to perform an action printed in their game
    text"; 510.6: a Spend Order spends the performer."""
    state, uid = game_with_order("Spend Order: Perform a +2 melee strike.")
    offers = [a for a in abilities_of(state) if a.card == uid]
    assert offers and all(a.character == uid and a.target >= 0 for a in offers)
    out = apply(state, offers[0])
    assert any(isinstance(e, AbilityPerformed) and e.automated for e in out.events)
    rolls = [e for e in out.events if isinstance(e, Rolled)]
    assert rolls and ("P0 A strike", 2) in rolls[0].roll.modifiers
    assert out.state.units[uid].orientation is Orientation.SPENT


def test_rule_510_6_spend_order_refused_when_the_performer_is_spent() -> None:
    """510.6: "Some actions require that the character be spent as part of the cost"."""
    state, uid = game_with_order("Spend Order: Perform a +2 melee strike.")
    offer = next(a for a in abilities_of(state) if a.card == uid)
    spent = set_unit(state, uid, orientation=Orientation.SPENT)
    assert not [a for a in abilities_of(spent) if a.card == uid]
    with pytest.raises(IllegalActionError) as excinfo:
        check(spent, offer)
    assert rule_of(excinfo) == "510.6"


def test_rule_510_7_limited_order_once_per_turn() -> None:
    """510.7: "Limited actions may only be performed once during each turn"."""
    state, uid = game_with_order("Limited Order: Draw a card.")
    offer = PerformAbility(0, uid, 0, uid)
    check(state, offer)
    out = apply(state, offer)
    after = to_order(out.state, 0)
    with pytest.raises(IllegalActionError) as excinfo:
        check(after, offer)
    assert rule_of(excinfo) == "510.7"
    # the deck is empty here: the draw says so rather than vanishing
    assert any(isinstance(e, EffectSkipped) and e.why == "empty_deck" for e in out.events)


def test_rule_507_7_2_item_order_performed_by_its_bearer_once_spent() -> None:
    """507.7.2: "Some actions on equipped Item cards ... require the item ... be spent ...
    as part of the cost of the action"."""
    text = "Order: Spend the Staff: This character gains +2 AC until the end of turn."
    staff = compiled(replace(item("staff"), text=text))
    state, _ = two_player_game(hand0=[staff])
    state = to_order(state, 0)
    lord, other, staff_id = (
        instance_of(state, "p0-lord", 0),
        instance_of(state, "p0-a", 0),
        instance_of(state, "staff", 0),
    )
    players = list(state.players)
    players[0] = replace(players[0], hand=tuple(c for c in players[0].hand if c != staff_id))
    state = set_unit(replace(state, players=tuple(players)), lord, items=(staff_id,))
    offers = [a for a in abilities_of(state) if a.card == staff_id]
    assert [a.character for a in offers] == [lord]
    with pytest.raises(IllegalActionError) as excinfo:
        check(state, PerformAbility(0, staff_id, 0, other))
    assert rule_of(excinfo) == "507.7"
    after = apply(state, offers[0]).state
    assert after.units[lord].orientation is Orientation.READY  # not a Spend Order (510.6)
    assert any(m.target == lord and m.stat == "ac" and m.amount == 2 for m in after.modifiers)
    with pytest.raises(IllegalActionError) as excinfo:
        check(to_order(after, 0), offers[0])
    assert rule_of(excinfo) == "507.7.2"


def _action_game(text: str) -> tuple[GameState, int]:
    bolt = compiled(card("bolt", CardType.ACTION, text))
    state, _ = two_player_game(hand0=[bolt])
    return to_order(state, 0), instance_of(state, "bolt", 0)


def test_rule_507_6_action_card_from_hand_runs_and_is_discarded() -> None:
    """507.6: an Action card's Order is performed by a character you control; 303.5: it goes
    to the discard pile once resolved."""
    state, bolt = _action_game(
        "Order: Target an opposing character within one rank: Inflict one wound on the target."
    )
    offers = [a for a in abilities_of(state) if a.card == bolt]
    assert offers
    targets = {a.target for a in offers}
    assert all(state.units[t].controller == 1 for t in targets)
    out = apply(state, offers[0])
    wounded = [e for e in out.events if isinstance(e, WoundsInflicted)]
    assert wounded and wounded[0].card == offers[0].target
    assert bolt in out.state.players[0].discard
    assert bolt not in out.state.players[0].hand


def test_rule_510_9_an_action_without_a_valid_target_is_illegal() -> None:
    """510.9: "If there is no valid target for the action, then it is illegal"."""
    state, bolt = _action_game(
        "Order: Target an opposing character within one rank: Inflict one wound on the target."
    )
    own = instance_of(state, "p0-b", 0)
    performer = instance_of(state, "p0-a", 0)
    with pytest.raises(IllegalActionError) as excinfo:
        check(state, PerformAbility(0, bolt, 0, performer, own))
    assert rule_of(excinfo) == "510.9"


def test_rule_602_19_ward_is_not_targeted_by_opposing_actions() -> None:
    """602.19: "A card with the Ward keyword may not be targeted by opposing actions that do
    not produce a strike"."""
    from engine.cards.model import Keyword

    state, bolt = _action_game(
        "Order: Target an opposing character within one rank: Inflict one wound on the target."
    )
    targets = {a.target for a in abilities_of(state) if a.card == bolt}
    warded = sorted(targets)[0]
    cid = state.instances[warded]
    old = state.cards[cid]
    state = replace(
        state, cards={**state.cards, cid: replace(old, keywords=(*old.keywords, Keyword("Ward")))}
    )
    assert warded not in {a.target for a in abilities_of(state) if a.card == bolt}


def _manual_game() -> tuple[GameState, int, int]:
    state, bolt = _action_game("Spend Order: Do something the engine cannot read.")
    performer = instance_of(state, "p0-a", 0)
    state = apply(state, PerformAbility(0, bolt, 0, performer)).state
    return state, bolt, performer


def test_manual_effect_waits_on_its_performer_with_adjustments_then_done() -> None:
    """A manual effect: its performer resolves the text by logged adjustments, then declares
    it done (DESIGN.md 2: "Nothing is silently skipped"); 303.5 the card is then discarded."""
    state, bolt, _ = _manual_game()
    decision = state.pending[0]
    assert decision.kind is DecisionKind.MANUAL and decision.seat == 0
    assert isinstance(default_action(state, 0), DoneResolving)
    enemy = instance_of(state, "p1-a", 1)
    adjust = Adjust(0, "wound", enemy, -1, 1)
    assert adjust in legal_actions(state, 0)
    out = apply(state, adjust)
    adjusted = [e for e in out.events if isinstance(e, Adjusted)]
    assert adjusted and adjusted[0].source == bolt and "cannot read" in adjusted[0].text
    assert out.state.pending[0].kind is DecisionKind.MANUAL  # asks again
    done = apply(out.state, DoneResolving(0))
    assert any(isinstance(e, ResolvedByHand) for e in done.events)
    assert bolt in done.state.players[0].discard
    assert done.state.pending[0].kind is DecisionKind.ORDER and done.state.pending[0].seat == 1


def test_manual_adjustments_are_checked() -> None:
    """No wounds on a card not in play, no drawing from an empty deck; a malformed
    adjustment is InvalidActionError, a forbidden one IllegalActionError with its rule."""
    state, bolt, _ = _manual_game()
    with pytest.raises(IllegalActionError) as excinfo:
        check(state, Adjust(0, "wound", bolt, -1, 1))
    assert rule_of(excinfo) == "104.1"
    players = list(state.players)
    players[0] = replace(players[0], deck=())
    empty = replace(state, players=tuple(players))
    with pytest.raises(IllegalActionError):
        check(empty, Adjust(0, "draw", -1, -1, 1))
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "adjust", "seat": 0, "op": "explode", "card": 1,
                          "target": -1, "amount": 1, "name": ""})  # fmt: skip


def test_manual_strike_adjustment_is_rolled_by_the_engine() -> None:
    """A strike made by hand is rolled with full dice (105, 509.5)."""
    state, _, _ = _manual_game()
    strike = next(
        a for a in legal_actions(state, 0) if isinstance(a, Adjust) and a.op == "melee_strike"
    )
    out = apply(state, strike)
    assert any(isinstance(e, Rolled) for e in out.events)
    assert out.state.pending[0].kind is DecisionKind.MANUAL


def test_ability_actions_round_trip_through_the_record() -> None:
    """Every new action is a value in the record: to_dict / action_from_dict round-trip."""
    for action in (
        PerformAbility(0, 5, 1, 3, 7, (9, 10)),
        Adjust(1, "add_counters", 4, -1, 2, "Charge"),
        DoneResolving(0),
    ):
        assert action_from_dict(action.to_dict()) == action


def test_manual_effect_event_shows_the_card_text() -> None:
    """The card text a seat resolves by hand is shown with the manual effect."""
    state, bolt = _action_game("Spend Order: Do something the engine cannot read.")
    offer = next(a for a in abilities_of(state) if a.card == bolt)
    out = apply(state, offer)
    assert any(isinstance(e, ManualEffect) and "cannot read" in e.text for e in out.events)
