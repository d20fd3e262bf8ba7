"""The notification planner: whom the game waits on, as data (issue 7)."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import assert_never

import pytest

from bot.games.notify import (
    GameOver,
    Message,
    Ping,
    PrivateUpdate,
    PublicLog,
    WaitingOn,
    is_public,
    new_waits,
    plan,
)
from bot.games.notify_pacing import (
    MessageQueue,
    ReactPacing,
    Release,
    hidden_reacts_possible,
    release,
)
from engine import (
    Decision,
    DecisionKind,
    GameConfig,
    GameState,
    Pass,
    Phase,
    apply,
    legal_actions,
    start_game,
)
from engine.cards.sample import sample_catalog, sample_decks
from engine.frames import ReactWindow

SEATING = {0: "ann", 1: "bob"}
START = datetime(2026, 1, 5, tzinfo=UTC)


def started() -> tuple[GameState, list[object]]:
    decks = sample_decks()
    t = start_game(
        GameConfig(seats=2), [decks["saga-elven"], decks["saga-nothrog"]], 7, sample_catalog()
    )
    return t.state, list(t.events)


def of_type(messages: tuple[Message, ...], kind: type) -> list:
    return [m for m in messages if isinstance(m, kind)]


def test_start_logs_the_rolls_names_the_seat_waited_on_and_pings_it() -> None:
    state, events = started()
    messages = plan(None, state, events, SEATING)  # type: ignore[arg-type]
    (log,) = of_type(messages, PublicLog)
    assert log.lines[0] == "A 2-player saga game starts."
    assert any(line.startswith("Lady Sylwen") and ": d20 " in line for line in log.lines)
    (waiting,) = of_type(messages, WaitingOn)
    assert waiting.seats == (0,)
    assert waiting.lines == ("Waiting on seat 0 (ann): Give an Order or pass.",)
    assert [(p.seat, p.user, p.private) for p in of_type(messages, Ping)] == [(0, "ann", False)]


def test_one_private_update_per_seat_with_its_own_hand_and_moves() -> None:
    state, events = started()
    updates = of_type(plan(None, state, events, SEATING), PrivateUpdate)  # type: ignore[arg-type]
    assert [u.seat for u in updates] == [0, 1]
    first, second = updates
    assert [c.instance for c in first.hand] == list(state.players[0].hand)
    assert [c.instance for c in second.hand] == list(state.players[1].hand)
    assert {m.action for m in first.moves} == set(legal_actions(state, 0))
    assert first.prompt == "Give an Order or pass."
    assert second.moves == () and second.prompt is None


def test_no_ping_for_ones_own_move() -> None:
    state, _ = started()
    # Seat 0 passes: seat 1 is newly waited on, seat 0 is not pinged.
    t = apply(state, Pass(seat=0))
    pings = of_type(plan(state, t.state, t.events, SEATING, actor=0), Ping)
    assert [p.seat for p in pings] == [1]
    # A follow-up decision of the actor's own (a position after its own maneuver): no ping.
    follow_ups = 0
    for action in legal_actions(t.state, 1):
        after = apply(t.state, action)
        if any(d.seat == 1 for d in after.state.pending):
            follow_ups += 1
            messages = plan(t.state, after.state, after.events, SEATING, actor=1)
            assert 1 not in [p.seat for p in of_type(messages, Ping)]
    assert follow_ups > 0


def test_a_wait_that_goes_on_is_not_pinged_again() -> None:
    """503.1: every seat discards at once; one seat's discard leaves the others' wait as is."""
    state, _ = started()
    state = apply(apply(state, Pass(seat=0)).state, Pass(seat=1)).state  # the turn ends
    discarding = [d.seat for d in state.pending if d.kind is DecisionKind.DISCARD]
    assert len(discarding) == 2
    choose = next(a for a in legal_actions(state, 0) if a.to_dict()["type"] == "choose")
    t = apply(state, choose)
    assert any(d.seat == 1 for d in t.state.pending)
    messages = plan(state, t.state, t.events, SEATING, actor=0)
    assert of_type(messages, Ping) == []
    news = {u.seat: u.news for u in of_type(messages, PrivateUpdate)}
    assert news == {0: True, 1: False}  # seat 1's hand and decision are as they were
    # The public waiting line for discards names no card.
    waiting = of_type(plan(state, t.state, t.events, SEATING, actor=0), WaitingOn)[0]
    hand_names = {t.state.card(i).name for p in t.state.players for i in p.hand}
    assert not any(n in line for line in waiting.lines for n in hand_names)


def test_drawn_cards_are_told_to_their_owner_only() -> None:
    state, _ = started()
    # Both seats pass, then discard (503.1) one card each and draw back up.
    state = apply(apply(state, Pass(seat=0)).state, Pass(seat=1)).state
    while True:
        seat = state.pending[0].seat
        options = legal_actions(state, seat)
        choose = [a for a in options if a.to_dict()["type"] == "choose"]
        t = apply(state, choose[0] if len(state.players[seat].hand) == 5 else options[-1])
        drawn = [e for e in t.events if e.kind == "card_drawn"]
        if drawn:
            break
        state = t.state
    messages = plan(state, t.state, t.events, SEATING, actor=seat)
    for update in of_type(messages, PrivateUpdate):
        mine = [e.name for e in drawn if e.seat == update.seat]  # type: ignore[attr-defined]
        assert update.lines == tuple(f"You draw {n}." for n in mine)
    public = [line for m in messages if isinstance(m, PublicLog) for line in m.lines]
    assert not any("draw" in line.lower() for line in public)


def test_game_over_is_public_and_nobody_is_pinged() -> None:
    state, _ = started()
    over = dataclasses.replace(state, winner=1, pending=(), phase=Phase.GAME_OVER)
    assert over.is_over
    messages = plan(state, over, [], SEATING, actor=0)
    assert of_type(messages, GameOver) == [GameOver(1, "bob")]
    assert of_type(messages, Ping) == [] and of_type(messages, WaitingOn) == []


class FakeKind(StrEnum):
    """The engine's react decision kind by its value, so this test does not depend on it."""

    REACT = "react"


def react_window_state(state: GameState) -> GameState:
    """A state waiting on seat 1 in a react window."""
    window = ReactWindow(seat=0, trigger="before_roll", to_answer=(1,))
    decision = Decision(1, FakeKind.REACT, "React or pass.", frame=len(state.stack))  # type: ignore[arg-type]
    return dataclasses.replace(state, stack=(*state.stack, window), pending=(decision,))


def test_a_hidden_react_window_names_nobody_in_public_and_pings_privately() -> None:
    state, _ = started()
    window = react_window_state(state)
    messages = plan(state, window, [], SEATING, actor=0)
    (waiting,) = of_type(messages, WaitingOn)
    assert waiting == WaitingOn((), ())
    assert [(p.seat, p.private) for p in of_type(messages, Ping)] == [(1, True)]
    assert [p.seat for p in of_type(messages, PrivateUpdate)] == [0, 1]


def test_the_pause_reads_public_facts_only() -> None:
    """Two games that differ in hidden cards alone (and one with a window open, one
    without) draw the same pause from the same RNG."""
    state, _ = started()
    swapped = dataclasses.replace(
        state,
        players=tuple(
            dataclasses.replace(p, hand=tuple(reversed(p.deck[: len(p.hand)])))
            for p in state.players
        ),
    )
    assert [p.hand for p in swapped.players] != [p.hand for p in state.players]
    pacing = ReactPacing(2.0, 8.0)
    quiet = release(state, apply(state, Pass(seat=0)).state, random.Random(9), pacing)
    held = release(swapped, react_window_state(swapped), random.Random(9), pacing)
    assert 2.0 <= quiet.pause <= 8.0 and quiet.pause == held.pause
    assert (quiet.hold, held.hold) == (False, True)
    assert hidden_reacts_possible(state)


def test_no_possible_hidden_react_no_pause_and_no_draw() -> None:
    state, _ = started()
    empty = dataclasses.replace(
        state, players=tuple(dataclasses.replace(p, hand=()) for p in state.players)
    )
    rng = random.Random(1)
    expected = random.Random(1).random()
    assert release(empty, empty, rng) == Release(False, 0.0)
    assert rng.random() == expected


def test_a_hidden_window_holds_all_but_the_asked_seats_messages() -> None:
    state, _ = started()
    queue = MessageQueue()
    window = react_window_state(state)
    opened = plan(state, window, [], SEATING, actor=0)
    how = release(state, window, random.Random(2), ReactPacing(3.0, 3.0))
    assert how == Release(True, 3.0, frozenset({1}))
    (now,) = queue.push(opened, how, START)
    assert now.at == START
    assert {(type(m), m.seat) for m in now.messages} == {(PrivateUpdate, 1), (Ping, 1)}
    closed = plan(window, state, [], SEATING, actor=1)
    (later,) = queue.push(closed, Release(False, 3.0), START)
    assert later.at == START + timedelta(seconds=3)
    kinds = [type(m) for m in later.messages]
    assert kinds == [PublicLog, PublicLog, WaitingOn, PrivateUpdate, PrivateUpdate, Ping]
    assert later.messages[2] == of_type(closed, WaitingOn)[0]
    seat0 = [m for m in later.messages if isinstance(m, PrivateUpdate) and m.seat == 0]
    assert seat0[0].news is True  # its decision came back: one update, with the news
    assert queue.held == []


def test_new_waits_skip_the_actor_and_keep_one_per_seat() -> None:
    state, _ = started()
    assert [d.seat for d in new_waits(None, state, None)] == [0]
    assert new_waits(None, state, 0) == []
    assert new_waits(state, state, None) == []


@pytest.mark.parametrize(
    "message, public",
    [
        (PublicLog(()), True),
        (WaitingOn((), ()), True),
        (GameOver(None, None), True),
        (PrivateUpdate(0, None, (), (), (), None, (), False), False),
        (Ping(0, None, "", False), False),
    ],
)
def test_front_ends_switch_on_every_message_type(message: Message, public: bool) -> None:
    assert is_public(message) is public
    match message:
        case PublicLog() | WaitingOn() | GameOver() | PrivateUpdate() | Ping():
            pass
        case _:
            assert_never(message)


def test_a_service_transition_is_planned_with_its_seating_and_actor(tmp_path: Path) -> None:
    from games_fakes import play, service, started_game

    from bot.games.notify import plan_transition

    svc = service(tmp_path / "bot.db")
    start = started_game(svc)
    messages = plan_transition(start)
    users = {s.seat: s.user_id for s in start.game.seats}
    assert [(p.seat, p.user) for p in of_type(messages, Ping)] == [
        (s, users[s]) for s in start.after.waiting_on()
    ]
    (move,) = play(svc, start.game.id, 1)
    mover = move.entries[0].seat
    assert mover not in [p.seat for p in of_type(plan_transition(move), Ping)]


def test_a_resignation_that_ends_the_game_waits_on_nobody(tmp_path: Path) -> None:
    """The last opponent resigns: the result only, no waiting line, menu or ping; with three
    seats one resignation ends nothing and the game still says whom it waits on."""
    from games_fakes import USERS, service, started_game

    from bot.games.notify import plan_transition

    svc = service(tmp_path / "bot.db")
    start = started_game(svc)
    ended = svc.resign(start.game.id, USERS[1])
    messages = plan_transition(ended)
    assert [type(m) for m in messages] == [PublicLog, GameOver]
    assert messages[1] == GameOver(0, USERS[0].id)
    three = started_game(svc, seats=3)
    going_on = plan_transition(svc.resign(three.game.id, USERS[2]))
    assert of_type(going_on, GameOver) == [] and of_type(going_on, WaitingOn)[0].lines


def test_a_game_ended_inside_a_hidden_window_releases_the_log_and_the_result_only() -> None:
    state, _ = started()
    queue = MessageQueue()
    window = react_window_state(state)
    opened = plan(state, window, [], SEATING, actor=0)
    queue.push(opened, release(state, window, random.Random(2), ReactPacing(0, 0)), START)
    assert queue.held
    over = (PublicLog(("Bob resigns.",)), GameOver(0, "ann"))
    how = release(window, window, random.Random(2), ReactPacing(0, 0))
    assert how.hold  # the state is unchanged: the window is still open in it
    (out,) = queue.push(over, how, START)
    assert [type(m) for m in out.messages] == [PublicLog, PublicLog, GameOver]
    assert out.messages[-1] == GameOver(0, "ann") and queue.held == []
