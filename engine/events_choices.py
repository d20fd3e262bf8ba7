"""The event of a choice an effect left to its performer (engine.choices): facts only, worded
by bot/game_text/. It joins the `Event` union in engine.events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.events import BaseEvent


@dataclass(frozen=True, kw_only=True)
class EffectChosen(BaseEvent):
    """`seat` chose how `what` (a feat or keyword printed on `card`) applies: `choice` is the
    option's code (`advantage`, `roll_bonus`, `target`, `gain_control`, `forward`...; a
    Survey's is `survey`, with `kept` cards put back on top and the rest at the bottom, none
    named: they are hidden). `about_name` names the card the choice is about (the roller,
    the item, the new target), when there is one."""

    KIND: ClassVar[str] = "effect_chosen"
    card: int
    name: str
    what: str
    choice: str
    about: int | None = None
    about_name: str | None = None
    kept: int = 0
    bottom: int = 0


@dataclass(frozen=True, kw_only=True)
class StrikeRedirected(BaseEvent):
    """511.6: the strike of `card` (its performer) now targets `target`, redirected by the
    effect of `source` (the card whose React did it); `what` is "action" when it is an
    action (`card`: the card it is printed on) that was redirected."""

    KIND: ClassVar[str] = "strike_redirected"
    card: int
    name: str
    target: int
    target_name: str
    source: int
    source_name: str
    what: str = "strike"
