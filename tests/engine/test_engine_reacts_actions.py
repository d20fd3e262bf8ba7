"""React windows at the steps of an action (510.5), reacts to reacts, canceling (510.10-510.12)
and windows inside a manual resolution (508.6, 508.12), driven by position files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from position_play import play

from engine import DecisionKind, Decline, GameState, apply, events_for, legal_actions
from engine.actions import Action, Adjust, DoneResolving, PerformAbility, action_from_dict
from engine.frames import PerformingAction, ReactWindow
from engine.position import load_position

POSITIONS = Path(__file__).parent / "positions"
# action-windows.json: instance ids
RAIDER, SAGE, RALLY, SEER, SENTINEL, DISPEL = 0, 1, 3, 7, 8, 10


def data(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    return loaded


def asked(state: GameState) -> tuple[int, str, str] | None:
    """(seat, window, rule) of the react decision the game waits on, if any."""
    d = next((d for d in state.pending if d.kind is DecisionKind.REACT), None)
    if d is None:
        return None
    frame = state.stack[d.frame or 0]
    assert isinstance(frame, ReactWindow)
    return d.seat, frame.trigger, d.rule


def react(state: GameState, seat: int, card: int) -> PerformAbility:
    return next(
        a for a in legal_actions(state, seat) if isinstance(a, PerformAbility) and a.card == card
    )


def rally(seat: int = 0, character: int = RAIDER) -> PerformAbility:
    return PerformAbility(seat, RALLY, 0, character)


def test_rule_510_5_2b_a_react_after_the_costs_are_paid_is_offered() -> None:
    """510.5 step 2b: "Reacts or effects that happen 'after paying the cost' take place
    directly after this step and before proceeding to the next step." The costs are paid
    (the performer is spent, 510.6) and the effect waits for the window."""
    state, events = play(load_position(data("action-windows.json")), rally())
    assert asked(state) == (1, "after_cost,action_effect", "510.5")
    assert state.units[RAIDER].orientation.value == "spent"
    assert "card_drawn" not in [e.kind for e in events]
    state, events = play(state, Decline(1))
    assert [e.kind for e in events].count("card_drawn") == 2  # then the effect (step 3)


def test_rule_510_5_4a_a_react_after_an_order_is_performed() -> None:
    """510.5 step 4a: "Reacts that happen 'after performing' a particular type of action take
    place directly after this step." Watchful Seer reacts after an opposing Order, once it is
    resolved (its Action card is in the discard pile, 303.5)."""
    state, _ = play(load_position(data("action-windows.json")), rally(), Decline(1))
    assert asked(state) == (1, "after_action", "510.5")
    assert RALLY in state.players[0].discard
    assert [(a.card, a.character) for a in legal_actions(state, 1)[:1]] == [(SEER, SEER)]
    state, events = play(state, react(state, 1, SEER))
    assert "card_drawn" in [e.kind for e in events]
    assert asked(state) == (0, "after_action", "510.5")  # Echo Sage, after Seer's React
    state, _ = play(state, Decline(0))
    assert state.pending[0].kind is DecisionKind.ORDER and state.pending[0].seat == 1


def test_rule_510_5_4a_standard_orders_have_windows_too() -> None:
    """510.1: "An action is an Order or a React": a standard Order (an attack, 507.3) opens the
    "after performing" window once complete, and Watchful Seer may react to it."""
    state, _ = play(
        load_position(data("action-windows.json")),
        {"type": "attack", "seat": 0, "character": RAIDER},
        {"type": "choose", "seat": 0, "option": SENTINEL},
    )
    while asked(state) is not None and asked(state) != (1, "after_action", "510.5"):
        state, _ = play(state, Decline(state.pending[0].seat))
    assert asked(state) == (1, "after_action", "510.5")


def test_rule_510_10_a_react_cancels_an_action_and_its_costs_stay_paid() -> None:
    """510.10: "When a strike or action is canceled, its effect immediately stops. ... Its
    costs remain paid". Dispel Order cancels Rally Cry: Grunt Raider stays spent, no card is
    drawn, Rally Cry goes to the discard pile, and no "after performing" window follows."""
    state, _ = play(load_position(data("action-windows.json")), rally())
    state, events = play(state, react(state, 1, DISPEL))
    kinds = [e.kind for e in events]
    assert "action_canceled" in kinds
    canceled = next(e for e in events if e.kind == "action_canceled")
    assert (canceled.card, canceled.why, canceled.rule) == (RALLY, "canceled", "510.10")
    while asked(state) is not None:
        state, more = play(state, Decline(state.pending[0].seat))
        kinds += [e.kind for e in more]
    assert "card_drawn" not in kinds
    assert state.units[RAIDER].orientation.value == "spent"
    assert RALLY in state.players[0].discard and DISPEL in state.players[1].discard
    assert state.pending[0].kind is DecisionKind.ORDER and state.pending[0].seat == 1


def test_rule_508_3_a_react_to_a_react_nests_and_returns_to_its_trigger() -> None:
    """508.3: "After each React has been performed, the sequence of play returns to the
    original trigger event". A React is an action (510.1): Echo Sage reacts after Dispel
    Order is performed, in a window nested above the one Dispel answered; then play returns
    to that window, then to Rally Cry."""
    state, _ = play(load_position(data("action-windows.json")), rally())
    state, _ = play(state, react(state, 1, DISPEL))
    assert asked(state) == (0, "after_action", "510.5")
    windows = [f.trigger for f in state.stack if isinstance(f, ReactWindow)]
    assert windows == ["after_cost,action_effect", "after_action"]
    assert isinstance(state.stack[1], PerformingAction) and state.stack[1].card == RALLY
    state, events = play(state, react(state, 0, SAGE))
    assert "card_drawn" in [e.kind for e in events]
    # Echo Sage's own React is a new trigger (508.2 counts per trigger): asked again.
    assert asked(state) == (0, "after_action", "510.5")
    assert len([f for f in state.stack if isinstance(f, ReactWindow)]) == 3
    state, _ = play(state, Decline(0))
    assert asked(state) is None and not state.stack  # back to each trigger, then done
    # Watchful Seer answers Orders only: it was not asked about the React (510.1).


def test_rule_510_5_1a_a_react_before_performing_cancels_before_the_costs() -> None:
    """510.5 step 1a: "Reacts or effects that happen 'before performing' an action take place
    directly after this step [declaring]". Canceled then, a Spend Order's cost is not paid
    (510.10: only steps already taken stand)."""
    position = data("action-windows.json")
    position["cards"]["dispel-order"]["text"] = (
        "React: Before an opposing character performs an action: Cancel the action."
    )
    state, _ = play(load_position(position), rally())
    assert asked(state) == (1, "before_action,before_cost", "510.5")
    state, events = play(state, react(state, 1, DISPEL))
    while asked(state) is not None:
        state, more = play(state, Decline(state.pending[0].seat))
        events += more
    assert state.units[RAIDER].orientation.value == "ready"
    assert "card_drawn" not in [e.kind for e in events]


def test_rule_510_10_canceling_a_standard_order_to_play_a_character_discards_it() -> None:
    """510.10: "Canceling an action that would put a character into play also discards that
    character." """
    position = data("action-windows.json")
    position["cards"]["dispel-order"]["text"] = (
        "React: Before an opposing player performs an Order: Cancel the action."
    )
    position["seats"][0]["hand"] = ["Swamp Hexer"]
    state = load_position(position)
    hexer = state.players[0].hand[0]
    state, _ = play(state, {"type": "play_character", "seat": 0, "card": hexer})
    assert asked(state) == (1, "before_action,before_cost", "510.5")
    state, _ = play(state, react(state, 1, DISPEL))
    while asked(state) is not None:
        state, _ = play(state, Decline(state.pending[0].seat))
    assert hexer not in state.units and hexer in state.players[0].discard


def _manual_react(position: dict[str, Any]) -> dict[str, Any]:
    position["cards"]["dispel-order"]["text"] = (
        "React: Before an opposing character performs an action: Something happens to it."
    )
    return position


def test_rule_510_12_an_action_whose_performer_left_play_is_canceled() -> None:
    """510.12: "If the character performing a strike or action leaves play for any reason
    other than the strike or action itself ... then the strike or action is canceled." A
    React resolved by hand kills Grunt Raider before Rally Cry's costs are paid."""
    state, _ = play(load_position(_manual_react(data("action-windows.json"))), rally())
    state, _ = play(state, react(state, 1, DISPEL))
    assert state.pending[0].kind is DecisionKind.MANUAL
    state, events = play(state, Adjust(1, "kill", RAIDER), DoneResolving(1))
    while asked(state) is not None:
        state, more = play(state, Decline(state.pending[0].seat))
        events += more
    canceled = next(e for e in events if e.kind == "action_canceled")
    assert (canceled.card, canceled.why, canceled.rule) == (RALLY, "performer_left_play", "510.12")
    assert "card_drawn" not in [e.kind for e in events] and RALLY in state.players[0].discard


def test_rule_510_11_a_cost_that_can_no_longer_be_paid_cancels_the_action() -> None:
    """510.11: "If the cost of an action is prevented (... killing a character before they
    are spent, etc.), then the cost is not paid and the action is canceled." Grunt Raider is
    spent by hand before Rally Cry's Spend cost is paid."""
    state, _ = play(load_position(_manual_react(data("action-windows.json"))), rally())
    state, _ = play(state, react(state, 1, DISPEL), Adjust(1, "spend", RAIDER), DoneResolving(1))
    events: list[Any] = []
    while asked(state) is not None:
        state, more = play(state, Decline(state.pending[0].seat))
        events += more
    canceled = next(e for e in events if e.kind == "action_canceled")
    assert (canceled.why, canceled.rule) == ("cost_prevented", "510.11")
    assert "card_drawn" not in [e.kind for e in events]


def test_rule_510_10_a_react_resolved_by_hand_may_cancel_what_it_answers() -> None:
    """510.10 by hand: the `cancel` adjustment cancels the action the React's window answers."""
    state, _ = play(load_position(_manual_react(data("action-windows.json"))), rally())
    state, events = play(state, react(state, 1, DISPEL), Adjust(1, "cancel"), DoneResolving(1))
    assert [e.why for e in events if e.kind == "action_canceled"] == ["canceled"]
    while asked(state) is not None:
        state, more = play(state, Decline(state.pending[0].seat))
        events += more
    assert state.units[RAIDER].orientation.value == "ready"  # canceled before its cost
    assert "card_drawn" not in [e.kind for e in events]


def test_rule_510_10_cancel_by_hand_needs_something_to_cancel() -> None:
    """An adjustment `cancel` outside a React answering a strike or an action is refused."""
    import pytest

    from engine import IllegalActionError

    state, _ = play(load_position(data("manual-kill-windows.json")), PerformAbility(0, 3, 0, 0))
    with pytest.raises(IllegalActionError, match=r"510\.10"):
        apply(state, Adjust(0, "cancel"))


def test_rule_510_5_a_declined_hidden_react_to_an_action_leaves_no_trace() -> None:
    """Issue 10 section 3: a seat holding a React in hand for an action's window that it
    declines shows the others exactly what a seat without it shows."""
    from engine.view import view

    position = data("action-windows.json")
    with_react = load_position(position)
    position["seats"][1]["hand"] = ["Thornweaver"]
    position["seats"][1]["deck"] = ["Dispel Order", "Moonwell Initiate"]
    without = load_position(position)

    def run(state: GameState) -> tuple[list[Any], list[Any]]:
        views, events = [], []
        for action in (rally(), {"type": "pass", "seat": 1}):
            state, evs = play(state, action)
            while (d := asked(state)) is not None and d[0] == 1:
                state, more = play(state, Decline(1))
                evs += more
            views.append(view(state, 0))
            events.append(events_for(evs, 0))
            events.append(events_for(evs, None))
        return views, events

    assert run(with_react) == run(without)


# --- windows inside a manual resolution (manual-kill-windows.json) ---------------------------
HOWLER, CALLER = 0, 6


def _rite() -> GameState:
    state, _ = play(load_position(data("manual-kill-windows.json")), PerformAbility(0, 3, 0, 0))
    assert state.pending[0].kind is DecisionKind.MANUAL
    return state


def test_rule_508_6_1_a_kill_made_by_hand_opens_the_death_react_window() -> None:
    """508.6.1: a Death React "is performed after it is determined that the character is dying
    but before the character is placed in the discard pile". A kill adjustment (a manual
    effect, 508.12: during the effect step) opens Grave Caller's Death React window at once."""
    state, events = play(_rite(), Adjust(0, "kill", CALLER))
    assert asked(state) == (1, "death", "508.6.1")
    assert CALLER in state.units and "character_died" not in [e.kind for e in events]
    state, events = play(state, Decline(1))
    assert "character_died" in [e.kind for e in events] and CALLER not in state.units


def test_rule_508_6_2_a_death_by_an_adjustment_opens_the_performers_kill_react() -> None:
    """508.6.2: a Kill React "is performed directly after the character performing a strike
    or action kills another character": Blood Howler performs Strange Rite, whose manual
    wounds kill Grave Caller, so its Kill React is offered; then the resolution goes on."""
    state, _ = play(_rite(), Adjust(0, "wound", CALLER), Decline(1))
    assert asked(state) == (0, "kill,after_death", "508.6.2")
    assert [(a.card, a.character) for a in legal_actions(state, 0)[:1]] == [(HOWLER, HOWLER)]
    state, _ = play(state, Decline(0))
    assert state.pending[0].kind is DecisionKind.MANUAL  # back to the manual resolution


def test_rule_508_9_death_reacts_see_the_stats_at_the_moment_of_death() -> None:
    """508.9: "Any Reacts performed in response to a character's death that reference the
    character's game stats refer to the game stats of the character at the moment it died,
    not their printed values." Grave Caller (printed level 2) had +1 level when it died."""
    position = data("manual-kill-windows.json")
    position["seats"][1]["ranks"][0][0] = {
        "card": "Grave Caller",
        "modifiers": [{"stat": "level", "amount": 1}],
    }
    state, _ = play(load_position(position), PerformAbility(0, 3, 0, 0))
    state, events = play(state, Adjust(0, "kill", CALLER), Decline(1))
    died = next(e for e in events if e.kind == "character_died")
    assert died.level == 3
    window = state.stack[-1]
    assert isinstance(window, ReactWindow) and window.level == 3
    state, events = play(state, react(state, 0, HOWLER))
    performed = next(e for e in events if e.kind == "react_performed")
    assert performed.subject_level == 3
    from bot import game_text

    line = game_text.event_line(performed)
    assert line is not None and "Grave Caller, level 3 when it died" in line


# --- records written before these windows (version 3, docs/record-format.md) ---------------


def _version_3(actions: list[Action]) -> dict[str, Any]:
    from engine.record import new_record_from_position

    record, _ = new_record_from_position(data("action-windows.json"))
    for action in actions:
        record = record.with_action(action)
    old = record.to_dict()
    old["version"] = 3
    return old


def test_version_3_records_replay_with_the_new_windows_passed() -> None:
    """A version 3 record never answers an action's windows (510.5): it is read with each of
    them passed, so it replays to the same game (declining makes no event)."""
    from engine.record import GameRecord, replay

    record = GameRecord.from_dict(
        _version_3([rally(), action_from_dict({"type": "pass", "seat": 1})])
    )
    assert [a.TYPE for a in record.actions] == ["perform_ability", "decline", "decline", "pass"]
    state = replay(record).state
    assert state.units[RAIDER].orientation.value == "spent"
    assert len(state.players[0].hand) == 2 and state.pending[0].seat == 0


def test_version_3_records_that_no_longer_line_up_are_refused_with_a_sentence() -> None:
    """A version 3 record whose actions do not fit this engine is refused, saying why."""
    import pytest

    from engine.errors import RecordError
    from engine.record import GameRecord

    old = _version_3([rally(), action_from_dict({"type": "pass", "seat": 1})])
    old["actions"].append({"type": "done_resolving", "seat": 0})
    with pytest.raises(RecordError, match="Record version 3 was written by an older engine"):
        GameRecord.from_dict(old)


def test_rule_508_2_1_a_react_shuffled_into_the_deck_is_forgotten() -> None:
    """508.2.1: "the game does not 'remember' that a React has already been used if it has
    been shuffled into your deck. So, if, during the same react window, you are able to use
    a React, shuffle it into your deck, and then retrieve it and play it again, that would be
    acceptable." Sudden Parry, resolved by hand, shuffles itself in and is searched back."""
    position = data("react-two-seats.json")
    position["cards"]["sudden-parry"]["text"] = (
        "React: After one of your characters is hit: Something odd happens."
    )
    parry = 3
    state, _ = play(
        load_position(position),
        {"type": "attack", "seat": 1, "character": 6},
        {"type": "choose", "seat": 1, "option": 0},
        Decline(1),  # Ironhide Brute's React
    )
    assert asked(state) == (0, "after_hit", "509.5")
    state, _ = play(state, react(state, 0, parry))
    window = next(f for f in state.stack if isinstance(f, ReactWindow))
    assert parry in window.used  # 508.2: remembered for this trigger
    state, _ = play(
        state,
        Adjust(0, "shuffle_into_deck", parry),
        Adjust(0, "search", parry),
        DoneResolving(0),
    )
    window = next(f for f in state.stack if isinstance(f, ReactWindow))
    assert parry not in window.used and parry in state.players[0].hand
    state, _ = play(state, Decline(1))  # the other seat first (508.3), then seat 0 again
    assert asked(state) == (0, "after_hit", "509.5")
    assert react(state, 0, parry).card == parry


# --- 512.3: static texts set off by the same trigger as Reacts ------------------------------
RAIDER_0, BELL = 1, 8


def _bell() -> GameState:
    position = data("manual-kill-windows.json")
    position["cards"]["mourning-bell"] = {
        "name": "Mourning Bell", "type": "Character", "level": 1, "attack": [0],
        "armor_class": 10, "skill": 0, "hit_points": 2, "factions": ["Mercenary Guilds"],
        "text": "Whenever a character dies, each opponent of its controller draws a card.",
    }  # fmt: skip
    position["seats"][1]["ranks"][0].append("Mourning Bell")
    state = load_position(position)
    assert state.card(BELL).name == "Mourning Bell"
    state, _ = play(state, PerformAbility(0, 3, 0, 0))
    return state


def test_rule_512_3_reacts_first_then_static_texts_set_off_by_the_same_event() -> None:
    """512.3: "When this occurs, all actions are performed first, then the ongoing and static
    effects are handled at the same time ... resolving in initiative order and rechecking the
    validity of the trigger". Grunt Raider is killed by hand: Mazruk's React and Blood
    Howler's Kill React are offered first; Mourning Bell's text is resolved after them, by
    its controller, then the manual resolution that killed goes on."""
    state, events = play(_bell(), Adjust(0, "kill", RAIDER_0))
    assert asked(state) == (0, "kill,after_death", "508.6.2")
    assert "manual_effect" not in [e.kind for e in events]
    state, events = play(state, Decline(0))
    bell = next(e for e in events if e.kind == "manual_effect")
    assert (bell.seat, bell.card) == (1, BELL)
    decision = state.pending[0]
    assert (decision.seat, decision.kind) == (1, DecisionKind.MANUAL)
    assert getattr(state.stack[decision.frame or 0], "static", False)
    state, _ = play(state, DoneResolving(1))
    assert (state.pending[0].seat, state.pending[0].kind) == (0, DecisionKind.MANUAL)


def test_rule_512_3_a_static_text_alone_makes_no_react_pause() -> None:
    """512.3 with no React able to answer: nobody is asked to react; the static text is
    resolved at once by its controller."""
    from engine.actions import SetStandingOrder

    state, _ = play(_bell(), SetStandingOrder(0, "pass_all"), Adjust(0, "kill", RAIDER_0))
    assert asked(state) is None
    assert (state.pending[0].seat, state.pending[0].kind) == (1, DecisionKind.MANUAL)


def test_a_position_dumped_in_an_actions_window_loads_back() -> None:
    """docs/position-format.md: a dump of a live game is a position; the frames of 510.5
    (`performing_action`, the window's new fields) read back to the same state."""
    from engine.position_write import position_to_dict

    state, _ = play(load_position(data("action-windows.json")), rally())
    dumped = json.loads(json.dumps(position_to_dict(state)))
    assert [f["kind"] for f in dumped["stack"]] == [
        "performing_order",
        "performing_action",
        "react_window",
    ]
    again = load_position(dumped)
    assert again.stack == state.stack and again.pending == state.pending
