"""The leak test: random games, every public message scanned for hidden cards (issue 7)."""

from __future__ import annotations

from bot.games.notify import Ping, PublicLog, WaitingOn
from bot.games.notify_leaks import leak_run, random_game, scan


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
