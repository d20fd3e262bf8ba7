"""Effects that choose a card through a `choose_card` decision: a deck searched (701.1), a
card retrieved from the discard pile, cards discarded from the hand, a strike redirected
(511.6); and no hidden card leaks to the other seat. Driven by choose-card.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import DecisionKind, Decline, GameState, apply, default_action, legal_actions
from engine.actions import Action, Attack, Choose, PerformAbility
from engine.view import events_for, view

POSITIONS = Path(__file__).parent / "positions"
DEEPDELVER, RAIDER, MAZRUK, GRAVE_ROBBING, SECOND_THOUGHTS = 0, 1, 2, 3, 4
JERKIN, SHAMAN, GLADIUS, HEXER, HOWLER, BATTLE_CRY = 5, 6, 7, 8, 9, 10
SENTINEL, SHIELDMATE, THORNWEAVER = 11, 12, 13


def position() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(
        (POSITIONS / "choose-card.json").read_text(encoding="utf-8")
    )
    return loaded


def start(data: dict[str, Any] | None = None) -> GameState:
    from engine.position import load_position

    return load_position(position() if data is None else data)


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Any]]:
    events: list[Any] = []
    for action in actions:
        transition = apply(state, action)
        events += transition.events
        state = transition.state
    return state, events


def test_rule_701_1_a_search_lets_its_seat_choose_a_matching_card_then_shuffles() -> None:
    """701.1: "If an action instructs you to search your deck ... then you must shuffle your
    deck afterwards." Deepdelver searches for an item: the seat chooses among the deck's
    items (or none), the card goes to its hand and the deck is shuffled."""
    asked, _ = play(start(), PerformAbility(0, DEEPDELVER, 0, DEEPDELVER))
    decision = asked.pending[0]
    assert (decision.seat, decision.kind, decision.rule) == (0, DecisionKind.CHOOSE_CARD, "701.1")
    assert decision.options == (JERKIN, GLADIUS) and decision.may_decline
    assert default_action(asked, 0) == Decline(0)  # finding nothing, whatever the deck holds
    done, events = play(asked, Choose(0, GLADIUS))
    assert GLADIUS in done.players[0].hand and GLADIUS not in done.players[0].deck
    kinds = [e.kind for e in events]
    assert kinds.index("card_to_hand") < kinds.index("deck_shuffled")


def test_rule_701_1_a_search_that_finds_nothing_still_shuffles() -> None:
    asked, _ = play(start(), PerformAbility(0, DEEPDELVER, 0, DEEPDELVER))
    done, events = play(asked, Decline(0))
    kinds = [e.kind for e in events]
    assert "deck_shuffled" in kinds and "card_to_hand" not in kinds
    assert [e.why for e in events if e.kind == "effect_skipped"] == ["not_found"]
    assert len(done.players[0].hand) == 2


def test_rule_701_1_a_search_shows_the_other_seat_nothing_of_the_deck() -> None:
    """Issue 10: hidden cards never reach the other seat's view. Two games identical but for
    the item in seat 0's deck: seat 1 sees the same decision (no options, the same prompt
    and default) and the same events after seat 0 takes the first item it finds."""
    other = position()
    other["seats"][0]["deck"] = ["Hide Jerkin", "Bone Shaman", "Oaken Buckler", "Swamp Hexer"]

    def seen(state: GameState) -> tuple[Any, ...]:
        asked, _ = play(state, PerformAbility(0, DEEPDELVER, 0, DEEPDELVER))
        found = next(o for o in asked.pending[0].options if o != JERKIN)
        done, events = play(asked, Choose(0, found))
        return view(asked, 1), view(done, 1), events_for(events, 1), events_for(events, None)

    first, second = seen(start()), seen(start(other))
    assert first == second
    assert (
        first[0]["pending"][0]["options"] == [] and first[0]["pending"][0]["default"] == "decline"
    )
    assert {"kind": "card_to_hand", "seat": 0} in first[2]


def test_rule_510_5_a_card_retrieved_from_the_discard_pile() -> None:
    """Grave Robbing returns a character card from the discard pile: only Blood Howler is one
    (Battle Cry is an Action); the discard pile is public (405.4), so the event names it."""
    asked, _ = play(start(), PerformAbility(0, GRAVE_ROBBING, 0, RAIDER))
    assert asked.pending[0].options == (HOWLER,)
    done, events = play(asked, Choose(0, HOWLER))
    assert HOWLER in done.players[0].hand and HOWLER not in done.players[0].discard
    moved = next(e for e in events if e.kind == "card_to_hand")
    assert (moved.name, moved.zone) == ("Blood Howler", "discard")
    assert events_for(events, 1)[0]["name"] == "Blood Howler"


def test_rule_510_5_cards_discarded_from_the_hand_are_chosen_one_at_a_time() -> None:
    """ "Draw a card, then discard two cards": the seat chooses each card (the other seat sees
    neither the options nor the hand), and the default is the first card."""
    asked, _ = play(start(), PerformAbility(0, SECOND_THOUGHTS, 0, RAIDER))
    assert asked.pending[0].kind is DecisionKind.CHOOSE_CARD
    assert set(asked.pending[0].options) == {GRAVE_ROBBING, JERKIN}
    assert view(asked, 1)["pending"][0]["options"] == []
    assert not asked.pending[0].may_decline and default_action(asked, 0) == Choose(0, GRAVE_ROBBING)
    once, _ = play(asked, Choose(0, JERKIN))
    assert once.pending[0].options == (GRAVE_ROBBING,)
    done, _ = play(once, default_action(once, 0))
    assert done.players[0].hand == () and {JERKIN, GRAVE_ROBBING} <= set(done.players[0].discard)


def test_rule_511_6_a_react_redirects_the_strike_to_an_adjacent_character() -> None:
    """511.6: "Redirection is defined as causing the target of a strike or action to be
    changed." Shieldmate, targeted by Grunt Raider's strike, redirects it to an adjacent
    character of its controller's choice; the strike is rolled against that one."""
    state, _ = play(start(), Attack(0, RAIDER), Choose(0, SHIELDMATE))
    react = next(a for a in legal_actions(state, 1) if isinstance(a, PerformAbility))
    asked, _ = play(state, react)
    decision = asked.pending[0]
    assert (decision.seat, decision.kind, decision.rule) == (1, DecisionKind.CHOOSE_CARD, "511.6")
    assert decision.options == (SENTINEL, THORNWEAVER)
    _, events = play(asked, Choose(1, THORNWEAVER))
    redirected = next(e for e in events if e.kind == "strike_redirected")
    assert (redirected.card, redirected.target) == (RAIDER, THORNWEAVER)
    roll = next(e for e in events if e.kind == "roll")
    assert roll.target == THORNWEAVER


def test_random_players_answer_card_choices() -> None:
    """engine.playout's random players draw an answer among `legal_actions`: each card, and
    declining where allowed, is listed and legal."""
    asked, _ = play(start(), PerformAbility(0, DEEPDELVER, 0, DEEPDELVER))
    options = legal_actions(asked, 0)
    assert options == [Choose(0, JERKIN), Choose(0, GLADIUS), Decline(0)]
    for action in options:
        assert apply(asked, action).state.pending[0].kind is DecisionKind.ORDER
