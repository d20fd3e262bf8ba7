"""The leak test: random games, every public message scanned for hidden cards (issue 7)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.game_text import menu
from bot.games.notify import Ping, PrivateUpdate, PublicLog, WaitingOn, plan
from bot.games.notify_leaks import leak_run, random_game, scan
from engine import DecisionKind, Decline, GameState, apply, legal_actions
from engine.actions import Adjust, PerformAbility, action_from_dict
from engine.position import load_position

PARRY_POSITION = Path(__file__).parents[2] / "engine" / "positions" / "react-two-seats.json"


def test_random_games_leak_no_hidden_card() -> None:
    run = leak_run(games=6, seed=100, max_actions=250)
    assert run.games == 6 and run.transitions > 600 and run.texts > 0
    assert run.leaks == ()


def test_the_scan_finds_a_hand_card_named_or_numbered_in_public() -> None:
    step = next(random_game(seed=1))
    state = step.after
    card = state.players[1].hand[0]
    name = state.card(card).name
    assert scan(None, state, [PublicLog((f"Seat 1 holds {name}.",))])
    assert scan(None, state, [WaitingOn((), (f"card #{card}",))])
    assert scan(None, state, [Ping(1, None, f"{name}!", private=False)])
    assert not scan(None, state, [Ping(1, None, f"{name}!", private=True)])


def test_the_deck_order_counts_as_hidden() -> None:
    step = next(random_game(seed=2))
    state = step.after
    top = state.players[0].deck[0]
    assert scan(None, state, [PublicLog((f"next: #{top}",))])


def test_a_name_shared_with_a_card_in_play_is_no_leak() -> None:
    step = next(random_game(seed=3))
    state = step.after
    in_play = {state.card(u).name for p in state.players for row in p.ranks for u in row}
    hand = {state.card(i).name: i for p in state.players for i in p.hand}
    shared = in_play & set(hand)
    name = next(iter(shared)) if shared else next(iter(in_play))
    assert not scan(None, state, [PublicLog((f"{name} attacks.",))])


def test_the_scan_finds_a_seat_named_while_asked_about_a_hidden_react() -> None:
    import dataclasses
    from enum import StrEnum

    from engine import Decision
    from engine.frames import ReactWindow

    class Kind(StrEnum):
        REACT = "react"

    state = next(random_game(seed=4)).after
    window = ReactWindow(seat=0, trigger="before_roll", to_answer=(1,))
    asked = Decision(1, Kind.REACT, "React or pass.", frame=len(state.stack))  # type: ignore[arg-type]
    waiting = dataclasses.replace(state, stack=(*state.stack, window), pending=(asked,))
    assert scan(state, waiting, [WaitingOn((1,), ("Waiting on seat 1",))])
    assert scan(state, waiting, [Ping(1, None, "React?", private=False)])
    assert not scan(state, waiting, [Ping(1, None, "React?", private=True)])


def _resolving_parry_by_hand() -> tuple[GameState, int]:
    """react-two-seats.json with Sudden Parry's text made manual: seat 0 plays it after its
    character is hit and resolves it by hand. (The state, Thornweaver in seat 0's deck.)"""
    position = json.loads(PARRY_POSITION.read_text(encoding="utf-8"))
    position["cards"]["sudden-parry"]["text"] = (
        "React: After one of your characters is hit: Something odd happens."
    )
    state = load_position(position)
    for move in ({"type": "attack", "seat": 1, "character": 6}, {"type": "choose", "seat": 1,
                 "option": 0}):  # fmt: skip
        state = apply(state, action_from_dict(move)).state
    state = apply(state, Decline(1)).state  # Ironhide Brute's React
    parry = next(a for a in legal_actions(state, 0) if isinstance(a, PerformAbility))
    state = apply(state, parry).state
    assert state.pending[0].kind is DecisionKind.MANUAL
    (thornweaver,) = [c for c in state.players[0].deck if state.card(c).name == "Thornweaver"]
    return state, thornweaver


def test_a_card_searched_from_the_deck_by_hand_is_not_named_in_public() -> None:
    """Taking a card from one's deck into one's hand (a `search` adjustment) and shuffling a
    card from one's hand into one's deck move a card between hidden zones: the public log says
    what was done, never which card; its owner is told privately and sees it in their hand."""
    state, thornweaver = _resolving_parry_by_hand()
    seating = {0: "ann", 1: "bo"}
    for adjustment in (Adjust(0, "search", thornweaver), Adjust(0, "shuffle_into_deck",
                       thornweaver)):  # fmt: skip
        t = apply(state, adjustment)
        messages = plan(state, t.state, t.events, seating, actor=0)
        assert scan(state, t.state, messages) == []
        log = [line for m in messages if isinstance(m, PublicLog) for line in m.lines]
        assert any("from the deck" in line or "into its owner's deck" in line for line in log)
        (own,) = [m for m in messages if isinstance(m, PrivateUpdate) and m.seat == 0]
        searched = adjustment.op == "search"
        assert ("Thornweaver" in [c.name for c in own.hand]) == searched
        assert (own.lines == ("You take Thornweaver from your deck.",)) == searched
        state = t.state


def test_a_menu_never_lists_a_deck_in_its_order() -> None:
    """Searching one's own deck may show its cards, never their order: however the options
    naming cards in the deck are listed, the menu shows them by name, in the same places."""
    state, _ = _resolving_parry_by_hand()
    deck = state.players[0].deck
    assert [state.card(c).name for c in deck[:2]] == ["Thornweaver", "Moonwell Initiate"]
    offered = legal_actions(state, 0)
    search = [Adjust(0, "search", c) for c in deck]
    as_dealt = menu(state, [offered[0], *search, *offered[1:]])
    reversed_ = menu(state, [offered[0], *reversed(search), *offered[1:]])
    assert as_dealt == reversed_
    taken = [line for line in as_dealt[1] if "from the deck" in line]
    names = [line.split("Take ")[1].split(" (#")[0] for line in taken]
    assert names == sorted(names) and len(names) == len(deck)


def test_a_deck_search_shows_its_seat_the_cards_by_name_and_the_table_nothing() -> None:
    """701.1, a search through a choose_card decision: its seat's menu lists the deck's items
    by name (the deck holds them in the other order), the card taken is named to its owner
    only, and no public text names a card of the deck."""
    path = PARRY_POSITION.with_name("choose-card.json")
    position = json.loads(path.read_text(encoding="utf-8"))
    position["seats"][0]["deck"] = ["Legionary Gladius", "Bone Shaman", "Hide Jerkin"]
    state = load_position(position)
    seating = {0: "ann", 1: "bo"}
    asked = apply(state, PerformAbility(0, 0, 0, 0))  # Deepdelver searches for an item
    messages = plan(state, asked.state, asked.events, seating, actor=0)
    assert scan(state, asked.state, messages) == []
    (own,) = [m for m in messages if isinstance(m, PrivateUpdate) and m.seat == 0]
    assert [re.sub(r" \(#\d+\)", "", m.text) for m in own.moves] == [
        "Take Hide Jerkin from your deck",
        "Take Legionary Gladius from your deck",
        "Find no card",
    ]
    gladius = next(m.action for m in own.moves if "Gladius" in m.text)
    taken = apply(asked.state, gladius)
    messages = plan(asked.state, taken.state, taken.events, seating, actor=0)
    assert scan(asked.state, taken.state, messages) == []
    (own,) = [m for m in messages if isinstance(m, PrivateUpdate) and m.seat == 0]
    assert own.lines == ("You take Legionary Gladius from your deck.",)
    log = [line for m in messages if isinstance(m, PublicLog) for line in m.lines]
    assert "Seat 0 puts a card from their deck into their hand." in log
