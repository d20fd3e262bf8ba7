"""React windows (508, engine/reacts.py), driven by tests/engine/positions/react-*.json."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine import DecisionKind, Decline, GameState, apply, events_for, legal_actions
from engine.actions import Action, PerformAbility, action_from_dict
from engine.frames import ReactWindow
from engine.game import default_action
from engine.position import load_position

POSITIONS = Path(__file__).parent / "positions"


def load(name: str) -> GameState:
    data: dict[str, Any] = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    return load_position(data)


def play(state: GameState, *actions: dict[str, Any] | Action) -> tuple[GameState, list[str]]:
    kinds: list[str] = []
    for raw in actions:
        action = raw if isinstance(raw, Action) else action_from_dict(raw)
        transition = apply(state, action)
        kinds += [e.kind for e in transition.events]
        state = transition.state
    return state, kinds


def attack(seat: int, attacker: int, target: int) -> list[dict[str, Any]]:
    return [
        {"type": "attack", "seat": seat, "character": attacker},
        {"type": "choose", "seat": seat, "option": target},
    ]


def react_decision(state: GameState) -> Any:
    return next((d for d in state.pending if d.kind is DecisionKind.REACT), None)


def reacts(state: GameState, seat: int) -> list[PerformAbility]:
    return [a for a in legal_actions(state, seat) if isinstance(a, PerformAbility)]


def test_rule_509_5_6a_a_react_before_wounds_opens_a_window_and_returns_to_the_strike() -> None:
    """509.5 step 6a: "Reactions or effects that happen 'before wounds' take place directly
    before this step." 508.3: "After each React has been performed, the sequence of play
    returns to the original trigger event"."""
    state, kinds = play(load("react-before-wounds.json"), *attack(1, 5, 0))
    decision = react_decision(state)
    assert decision is not None and decision.seat == 0 and decision.rule == "509.5"
    assert decision.options == (0,)  # Greenwood Warden, the card holding the React
    assert "wounds_inflicted" not in kinds  # not yet: the window comes first
    window = state.stack[decision.frame]
    assert isinstance(window, ReactWindow) and window.trigger.startswith("before_wounds")
    assert [(a.card, a.character) for a in reacts(state, 0)] == [(0, 0)]
    # Quick Step in hand needs a Rogue: seat 0 has none, so it is not offered (508.4).
    state, kinds = play(state, Decline(0))
    assert kinds[0] == "wounds_inflicted"  # back at the strike, which goes on
    assert not any(isinstance(f, ReactWindow) for f in state.stack)


def test_rule_508_2_a_react_is_performed_once_per_trigger() -> None:
    """508.2: "Each individual React may only be performed once in response to a single
    trigger"."""
    state, _ = play(load("react-before-wounds.json"), *attack(1, 5, 0))
    (react,) = reacts(state, 0)
    state, kinds = play(state, react)
    assert "react_performed" in kinds
    while state.pending[0].kind is DecisionKind.MANUAL:  # resolved by hand: declare it done
        state, kinds = play(state, default_action(state, 0))
    # Back in the window: the Warden's React was used for this trigger, nobody else can
    # answer, so the window closed; the strike's one wound was reduced to none (509.5 5).
    assert "wounds_inflicted" not in kinds and state.units[0].wounds == 0
    assert react_decision(state) is None


def test_rule_508_3_reacts_in_initiative_order_and_others_before_the_same_seat_again() -> None:
    """508.3: "start with the player who won initiative ... If a player wants to perform more
    than one React in response to a single trigger, they must give the other players an
    opportunity to perform a React after each of their own."."""
    state, _ = play(load("react-two-seats.json"), *attack(1, 6, 0))
    first = react_decision(state)
    assert first is not None and first.seat == 1  # seat 1 won initiative: Ironhide Brute
    assert [(a.card, a.character) for a in reacts(state, 1)] == [(6, 6)]
    state, _ = play(state, Decline(1))
    second = react_decision(state)
    assert second is not None and second.seat == 0
    (parry,) = [a for a in reacts(state, 0) if a.character == 0]  # Sudden Parry, from hand
    state, kinds = play(state, parry)
    while state.pending[0].kind is DecisionKind.MANUAL:
        state, more = play(state, default_action(state, 0))
        kinds += more
    assert "react_performed" in kinds and 3 in state.players[0].discard  # 303.5
    again = react_decision(state)
    assert again is not None and again.seat == 1  # the other seat is asked again first


def test_rule_508_6_1_a_death_react_comes_before_the_discard_pile() -> None:
    """508.6.1: a Death React "is performed after it is determined that the character is
    dying but before the character is placed in the discard pile"."""
    state, kinds = play(load("react-death-and-kill.json"), *attack(1, 4, 0))
    decision = react_decision(state)
    assert decision is not None and decision.seat == 0 and decision.rule == "508.6.1"
    assert 0 in state.units and state.units[0].wounds == 1  # dying, still in play
    assert "character_died" not in kinds
    state, kinds = play(state, Decline(0))
    assert "character_died" in kinds and 0 in state.players[0].discard


def test_rule_508_6_2_a_kill_react_comes_after_the_killed_character_left_play() -> None:
    """508.6.2: a Kill React "is performed after the killed character has left play and hits
    the discard pile"."""
    state, _ = play(load("react-death-and-kill.json"), *attack(1, 4, 0), Decline(0))
    decision = react_decision(state)
    assert decision is not None and decision.seat == 1 and decision.rule == "508.6.2"
    assert 0 not in state.units and 0 in state.players[0].discard
    assert [(a.card, a.character) for a in reacts(state, 1)] == [(4, 4)]  # Blood Howler


def test_rule_508_6_3_an_enter_react_after_the_character_enters_play() -> None:
    """508.6.3: "an Enter React is performed directly after a character enters play"."""
    state = load("react-death-and-kill.json")
    card = state.players[1].hand[0]  # War Drummer: "Enter React: Draw a card."
    state, kinds = play(state, {"type": "play_character", "seat": 1, "card": card})
    while state.pending[0].kind is DecisionKind.POSITION:
        state, more = play(state, default_action(state, 1))
        kinds += more
    decision = react_decision(state)
    assert decision is not None and decision.seat == 1 and decision.rule == "508.6.3"
    assert card in state.units and "character_played" in kinds


def test_rule_401_6_1_1_a_react_to_falling_forward_comes_before_other_illegal_ranks() -> None:
    """401.6.1.1: "when falling forward triggers a React (see rule 508), you perform the React
    before fixing any other illegal ranks."."""
    state, kinds = play(load("react-fall-forward.json"), *attack(1, 4, 0))
    assert "fell_forward" in kinds
    decision = react_decision(state)
    assert decision is not None and decision.seat == 0 and decision.rule == "401.6.1.1"
    ranks = state.players[0].ranks
    assert ranks[0] == (1,) and ranks[2] == (2,)  # Lady Sylwen waits in her illegal rank
    state, kinds = play(state, Decline(0))
    assert "fell_forward" in kinds  # then the other illegal rank is fixed


def test_rule_508_1_no_window_and_no_pause_where_nobody_can_react() -> None:
    """508.1 / issue 10: a window is a decision only for seats holding a React able to answer
    it; an attack where nobody can react never waits on a react window."""
    state, _ = play(load("planar-strike.json"), *attack(1, 6, 0))
    for _ in range(20):
        if state.is_over or state.pending[0].kind is DecisionKind.ORDER:
            break
        assert react_decision(state) is None
        assert not any(isinstance(f, ReactWindow) for f in state.stack)
        state, _ = play(state, default_action(state, state.pending[0].seat))


def test_rule_508_3_passing_is_the_default_answer_of_a_react_window() -> None:
    """508.3: a player may perform a React or not; a host's timeout passes (Decline)."""
    state, _ = play(load("react-before-wounds.json"), *attack(1, 5, 0))
    assert default_action(state, 0) == Decline(0)


def test_rule_508_a_declined_hidden_react_leaves_no_trace_in_public_views_or_events() -> None:
    """Issue 10 section 3: two games identical except that one seat holds a React it declines
    produce identical public views and public events (the pause tells nothing)."""
    from engine.view import view

    data = json.loads((POSITIONS / "react-two-seats.json").read_text(encoding="utf-8"))
    with_react = load_position(data)
    data["seats"][0]["hand"] = ["Glade Sentinel"]  # same hand size, no React
    without = load_position(data)

    def run(state: GameState) -> tuple[list[Any], list[Any]]:
        views, events = [], []
        script = [*attack(1, 6, 0), {"type": "pass", "seat": 0}]
        for raw in script:
            transition = apply(state, action_from_dict(raw))
            state, evs = transition.state, list(transition.events)
            while (d := react_decision(state)) is not None:
                transition = apply(state, Decline(d.seat))  # every React declined
                state, evs = transition.state, evs + list(transition.events)
            for seat in (1, None):  # the other seat and a spectator
                views.append(view(state, seat))
                events.append(events_for(evs, seat))
        return views, events

    assert run(with_react) == run(without)


def test_rule_508_the_public_view_never_shows_who_may_react() -> None:
    """DESIGN 4 / issue 10: the public view never shows who holds a possible React; the
    engine tells the host whether the seat's possible Reacts are public or hidden."""
    from engine.view import react_exposure, view

    state, _ = play(load("react-two-seats.json"), *attack(1, 6, 0))
    assert react_decision(state) is not None
    assert view(state, 0)["pending"] == [] and view(state, 0)["waiting_on"] == []
    assert view(state, None)["waiting_on"] == []
    assert view(state, 1)["waiting_on"] == [1]
    assert react_exposure(state, 1) == "public"  # Ironhide Brute, in play
    assert react_exposure(state, 0) is None  # not asked now
    state, _ = play(state, Decline(1))
    assert react_exposure(state, 0) == "hidden"  # Sudden Parry, in hand
    assert view(state, 1)["waiting_on"] == []


def test_rule_508_declining_every_window_plays_like_a_game_without_windows() -> None:
    """Property over random games: a game where every react window is declined shows the other
    seats and spectators exactly what the same game shows when nobody is ever asked (every seat
    with the standing order "pass every window"): the same events and the same views."""
    from engine.actions import SetStandingOrder
    from engine.cards.sample import sample_catalog, sample_decks
    from engine.record import new_record
    from engine.rng import Rng
    from engine.state import GameConfig
    from engine.view import view

    decks = sample_decks()
    names = ["saga-deverenian", "saga-nothrog", "saga-elven", "saga-dwarven"]
    windows_seen = 0
    for seed in (1, 2, 3, 4):
        pair = [decks[names[seed % 4]], decks[names[(seed + 1) % 4]]]
        _, asked = new_record(GameConfig(), pair, seed, sample_catalog())
        _, quiet = new_record(GameConfig(), pair, seed, sample_catalog())
        for seat in (0, 1):
            quiet = apply(quiet, SetStandingOrder(seat, "pass_all")).state
        chooser = Rng(seed)
        for _ in range(250):
            if asked.is_over:
                break
            seat = asked.pending[0].seat
            options = [a for a in legal_actions(asked, seat) if not isinstance(a, PerformAbility)]
            if asked.pending[0].kind is DecisionKind.MANUAL:
                options = options[:1]
            k, chooser = chooser.below(len(options))
            seen_a = apply(asked, options[k])
            seen_b = apply(quiet, options[k])
            asked, events_a = seen_a.state, list(seen_a.events)
            quiet, events_b = seen_b.state, list(seen_b.events)
            while (d := react_decision(asked)) is not None:
                windows_seen += 1
                declined = apply(asked, Decline(d.seat))
                asked, events_a = declined.state, events_a + list(declined.events)
            for who in (0, 1, None):
                shown_a, shown_b = view(asked, who), view(quiet, who)
                shown_a.pop("standing_orders")
                shown_b.pop("standing_orders")
                assert shown_a == shown_b
                assert events_for(events_a, who) == events_for(events_b, who)
    assert windows_seen > 0  # the games did meet react windows


def test_rule_509_5_5_a_react_changes_the_wounds_of_the_strike_it_answers() -> None:
    """509.5 step 5: "If the strike hits, determine how many wounds are inflicted." A React
    before wounds that reduces them changes the strike under its window (the helper an
    ability's effect calls), and the strike then inflicts what is left."""
    from engine.frames import Striking
    from engine.react_perform import change_strike
    from engine.tx import Tx

    state, _ = play(load("react-before-wounds.json"), *attack(1, 5, 0))
    tx = Tx(state)
    assert change_strike(tx, len(tx.stack), "extra_wounds", 2)
    assert change_strike(tx, len(tx.stack), "reduce_wounds", 1)
    strike = next(f for f in tx.stack if isinstance(f, Striking))
    assert strike.wounds == 2
    state, _ = play(tx.freeze(), Decline(0))
    assert state.players[0].discard == (0,)  # two wounds kill the 2 HP Warden
    assert change_strike(Tx(state), 0, "cancel") is False  # no strike under a window now


def test_records_written_before_react_windows_replay_with_every_window_passed() -> None:
    """A record of version 2 never answers a react window: `pass_new_windows` passes each one
    it meets, and the game and its public events stay the same."""
    from engine.react_upgrade import pass_new_windows
    from engine.record import GameRecord, replay

    path = Path(__file__).parent / "records" / "scenario-deverenian-vs-nothrog.json"
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    old = replace(record, actions=tuple(a for a in record.actions if not isinstance(a, Decline)))
    assert len(old.actions) < len(record.actions)
    upgraded = pass_new_windows(old)
    assert upgraded.actions == record.actions
    assert events_for(replay(upgraded).events, None) == events_for(replay(record).events, None)
