"""Race test: many threads (over two services on one database file, as two processes would
be) submit on one game at once: exactly one winner per version, no duplicate or lost move."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path

from games_fakes import USERS, service, started_game

from bot.games import GameMovedOnError, GameOverError, NotWaitingError
from engine.record import GameRecord, replay

THREADS = 8
ROUNDS = 25


def test_one_winner_per_version_and_nothing_lost(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    services = [service(path), service(path)]
    game = started_game(services[0]).game.id
    wins: list[tuple[int, dict]] = []
    losses: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(THREADS)

    def racer(number: int) -> None:
        svc = services[number % 2]
        rng = random.Random(number)
        start.wait()
        for _ in range(ROUNDS):
            state, version = svc.state(game)
            waiting = [s for s in state.waiting_on()]
            if not waiting:
                return
            seat = waiting[0]
            moves = svc.legal_moves(game, USERS[seat]).get(seat, [])
            if not moves:
                continue
            action = rng.choice(moves)
            try:
                svc.submit(game, USERS[seat], action, version)
            except GameMovedOnError as exc:
                assert exc.version > version and exc.state is not None
                with lock:
                    losses.append(version)
            except (NotWaitingError, GameOverError):
                continue  # read a state another thread had already left
            else:
                with lock:
                    wins.append((version, action.to_dict()))

    threads = [threading.Thread(target=racer, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    log = services[0].store.log(game)
    versions = sorted(v for v, _ in wins)
    assert versions == list(range(len(wins))), "two winners for one version, or a gap"
    assert [e.n for e in log] == list(range(1, len(wins) + 1))
    logged = {(e.n - 1, json.dumps(e.data["action"], sort_keys=True)) for e in log}
    assert logged == {(v, json.dumps(a, sort_keys=True)) for v, a in wins}
    assert losses, "the threads never raced"
    record = GameRecord.from_json(services[1].export_record(game, _judge(services[1])))
    assert replay(record).state == services[1].state(game)[0]


def _judge(svc):  # type: ignore[no-untyped-def]
    from bot.games import User

    judge = User("judge", "Judge")
    svc.set_judges("g1", users=[judge.id])
    return judge
