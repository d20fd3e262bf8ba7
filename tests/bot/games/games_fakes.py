"""Helpers for the game service tests: a fake clock, services over a file database, games
started with sample decks and played by seeded random players."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.db import open_database
from bot.games import GameService, GameTransition, TableOptions, User

SAGA_DECKS = ("saga-deverenian", "saga-nothrog", "saga-elven", "saga-dwarven")
USERS = tuple(User(f"u{i}", name) for i, name in enumerate(("Ann", "Bo", "Cy", "Di", "Ed")))


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


def service(path: Path, clock: Clock | None = None) -> GameService:
    return GameService(open_database(path), clock=clock or Clock())


def started_game(svc: GameService, seats: int = 2, guild: str = "g1") -> GameTransition:
    host = USERS[0]
    game = svc.create_game(guild, host, TableOptions(seats=seats))
    for user in USERS[1:seats]:
        svc.join(game.id, user)
    started = None
    for seat in range(seats):
        result = svc.submit_deck(game.id, USERS[seat], SAGA_DECKS[seat % len(SAGA_DECKS)])
        started = result.started or started
    assert started is not None
    return started


def user_at(svc: GameService, game_id: int, seat: int) -> User:
    uid = svc.game(game_id).seats[seat].user_id
    return next(u for u in USERS if u.id == uid)


def play(svc: GameService, game_id: int, moves: int, seed: int = 0) -> list[GameTransition]:
    """Up to `moves` random legal moves, each by the seat the game waits on."""
    rng = random.Random(seed)
    done = []
    for _ in range(moves):
        _, version = svc.state(game_id)
        info = svc.game(game_id)
        if not info.waiting_on:
            break
        seat = info.waiting_on[0]
        user = user_at(svc, game_id, seat)
        choice = rng.choice(svc.legal_moves(game_id, user)[seat])
        done.append(svc.submit(game_id, user, choice, version))
    return done


def hidden_react_game(svc: GameService, options: TableOptions | None = None) -> int:
    """A hosted game (`options` with the fixed seed 22, Deverenian against Nothrog) played
    by a seeded random player until it waits on seat 0 (Ann) alone, asked about a hidden
    react (509.5)."""
    import random

    from bot.games.notify_pacing import waits_on_hidden_react

    game = svc.create_game("g1", USERS[0], options or TableOptions(seed=22))
    svc.join(game.id, USERS[1])
    svc.submit_deck(game.id, USERS[0], "saga-deverenian")
    svc.submit_deck(game.id, USERS[1], "saga-nothrog")
    rng = random.Random(1)
    for _ in range(20):
        state, version = svc.state(game.id)
        if waits_on_hidden_react(state):
            assert state.waiting_on() == (0,)
            return game.id
        seat = state.waiting_on()[0]
        user = user_at(svc, game.id, seat)
        svc.submit(game.id, user, rng.choice(svc.legal_moves(game.id, user)[seat]), version)
    raise AssertionError("the game never waited on a hidden react")
