"""Engine errors: one base class; malformed input apart from forbidden moves (DESIGN.md 5)."""

from __future__ import annotations

from engine.problems import Problem


class EngineError(Exception):
    """Base of every error the engine raises; the message is one player-readable sentence."""


class InvalidActionError(EngineError):
    """The action is malformed: unknown kind, wrong field types, a card that does not exist."""


class IllegalActionError(EngineError):
    """The action is well formed but the rules forbid it now; the message cites the rule and
    `.rule` holds its number ("507.1.2"; "" when no rule of the CR applies)."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule

    @classmethod
    def of(cls, problem: Problem) -> IllegalActionError:
        """The error for a `Problem` found by a check."""
        return cls(problem.text, problem.rule)


class NotYourTurnError(IllegalActionError):
    """The game is not waiting on this seat for this kind of decision."""


class SetupError(EngineError):
    """A game cannot start: an illegal deck or starting army, or a bad configuration;
    `problems` lists every problem found, each with its rule."""

    def __init__(self, message: str, problems: tuple[Problem, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


class RecordError(EngineError):
    """A game record cannot be read or does not replay."""
