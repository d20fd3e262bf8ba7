"""Hosted play-by-post games (issue 7): a library with no Discord in it.

    from bot.games import GameService, TableOptions, User
    service = GameService.open(path, clock=...)          # or GameService(db, clock=...)
    game = service.create_game(guild, host, TableOptions(seats=2))
    service.join(game.id, alice); service.submit_deck(game.id, alice, "saga-elven")
    t = service.submit(game.id, alice, action, expected_version)   # -> GameTransition
    service.games_for(user_id)                            # each with whom it waits on

Modules: `model` (values), `errors` (one-sentence BotErrors), `store` (SQL, the
version-checked append), `history` (the log folded into actions; undo points),
`service` (tables, moves, judging, resume), `notify*` and `deadlines*` (notifications and
timeouts, built on the service).
"""

from bot.games.errors import (
    DeckRejectedError,
    GameError,
    GameMovedOnError,
    GameOverError,
    GamePinnedError,
    NoSuchGameError,
    NotJudgeError,
    NotSeatedError,
    NotWaitingError,
    TableError,
    UndoError,
)
from bot.games.model import (
    EntryKind,
    GameInfo,
    GameTransition,
    JudgeLogLine,
    LogEntry,
    Ruling,
    Seat,
    Status,
    TableOptions,
    TimeoutPolicy,
    User,
)
from bot.games.service import GameService

__all__ = [
    "DeckRejectedError",
    "EntryKind",
    "GameError",
    "GameInfo",
    "GameMovedOnError",
    "GameOverError",
    "GamePinnedError",
    "GameService",
    "GameTransition",
    "JudgeLogLine",
    "LogEntry",
    "NoSuchGameError",
    "NotJudgeError",
    "NotSeatedError",
    "NotWaitingError",
    "Ruling",
    "Seat",
    "Status",
    "TableError",
    "TableOptions",
    "TimeoutPolicy",
    "UndoError",
    "User",
]
