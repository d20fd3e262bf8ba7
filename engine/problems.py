"""Why a move is illegal: the rule it breaks and one sentence about this game.

The same shape as deck validation's `DeckProblem` (engine/cards/validation.py): `rule` is a
Comprehensive Rules number a front end can look up ("show rule 507.1.2"), `message` the
sentence without it, and `str()` the full sentence players read today.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One reason an action is illegal now."""

    rule: str
    message: str

    @property
    def text(self) -> str:
        """The full sentence, e.g. "Rule 107.3: Grunt Raider is not ready, so it cannot be
        spent."."""
        return f"Rule {self.rule}: {self.message}" if self.rule else self.message

    def __str__(self) -> str:
        return self.text
