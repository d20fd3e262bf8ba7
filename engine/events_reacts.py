"""Events of react windows (508). Facts only; bot/game_text/ words them.

A window that opens, a seat asked and a seat passing make no event: the public record of a
game must not tell who could have reacted (engine.reacts). Only a React performed is told.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.events import BaseEvent


@dataclass(frozen=True, kw_only=True)
class ReactPerformed(BaseEvent):
    """508: `performer` performs React number `ability` of `card` in answer to `window` (a
    `Window` value) about `subject`; `automated` says whether the engine runs its effect;
    `subject_level` is, after a death, the level the subject had when it died (508.9)."""

    KIND: ClassVar[str] = "react_performed"
    card: int
    name: str
    ability: int
    performer: int
    performer_name: str
    window: str
    text: str
    automated: bool
    subject: int | None = None
    subject_name: str | None = None
    subject_level: int | None = None
