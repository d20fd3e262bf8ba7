"""The game service's errors: each a `BotError` whose message is one sentence for a person."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.errors import BotError, NotAllowedError

if TYPE_CHECKING:
    from engine.state import GameState


class GameError(BotError):
    """Base of the game service's errors."""


class NoSuchGameError(GameError):
    """No game has that id."""


class TableError(GameError):
    """The table cannot do that now (full, already started, not your table, ...)."""


class NotSeatedError(GameError, NotAllowedError):
    """The user holds no seat (or not that seat) in the game."""


class NotJudgeError(GameError, NotAllowedError):
    """Only a judge of this server may do that."""


class NotWaitingError(GameError):
    """The engine refused the move; the message is the engine's reason (with its rule)."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class GameMovedOnError(GameError):
    """The move was made against an older version: someone else moved first."""

    def __init__(self, game_id: int, version: int, state: GameState | None) -> None:
        super().__init__(
            f"Game {game_id} has moved on (it is now at move {version}); "
            "look at the new position and try again."
        )
        self.game_id = game_id
        self.version = version
        self.state = state


SHOWN_PROBLEMS = 10  # deck problems a front end lists before "and N more"
PROBLEM_CHARS = 200  # one listed problem is cut to this many characters


class DeckRejectedError(GameError):
    """A submitted deck cannot be read or is not legal; `problems` lists each one (all of
    them: a front end shows `listing()`, at most SHOWN_PROBLEMS and then "and N more")."""

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems

    def listing(self, limit: int = SHOWN_PROBLEMS, start: int = 0) -> tuple[str, ...]:
        """Problems `start` to `start + limit` (each cut short), then "and N more." when
        some are left: a page of the list for a front end."""
        page = [_cut(p) for p in self.problems[start : start + limit]]
        rest = len(self.problems) - start - len(page)
        if rest > 0:
            page.append(f"and {rest} more.")
        return tuple(page)


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= PROBLEM_CHARS else text[: PROBLEM_CHARS - 1] + "…"


class GamePinnedError(GameError):
    """The game was started with another rules or record version than this bot runs."""


class UndoError(GameError):
    """An undo that cannot be made (nothing to undo, past a die roll without consent, ...)."""


class GameOverError(GameError):
    """The game has finished or was abandoned."""


def one_sentence(exc: BaseException) -> str:
    """An exception's message as one plain sentence (for engine errors passed through)."""
    raw: Any = exc.args[0] if exc.args else str(exc)
    text = " ".join(str(raw).split())
    return text if text.endswith((".", "?", "!")) else text + "."
