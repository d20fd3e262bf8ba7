"""Events: what happened, in order, as frozen values. A judge reads these to check a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DieRoll:
    """One resolved d20 roll (105): every natural die, what was kept, modifiers and outcome."""

    purpose: str  # "strike", "initiative"
    roller: int  # instance id of the rolling character
    naturals: tuple[int, ...]
    kept: int
    advantage: str  # "none", "advantage", "disadvantage", "cancelled"
    modifiers: tuple[tuple[str, int], ...]
    total: int
    target: int | None  # the number to reach (AC, DC) or None for opposed rolls
    outcome: str  # "hit", "miss", "critical success", "critical failure", ...

    def to_dict(self) -> dict[str, Any]:
        return {
            "purpose": self.purpose,
            "roller": self.roller,
            "naturals": list(self.naturals),
            "kept": self.kept,
            "advantage": self.advantage,
            "modifiers": [[name, value] for name, value in self.modifiers],
            "total": self.total,
            "target": self.target,
            "outcome": self.outcome,
        }


@dataclass(frozen=True)
class Event:
    """One thing that happened. `kind` names it; `data` holds its facts as (key, value) pairs.

    Kinds include: turn_started, phase_started, card_drawn, card_discarded, initiative,
    roll, order_given, passed, character_played, orientation_changed, moved, fell_forward,
    item_equipped, item_destroyed, strike_declared, target_chosen, wounds_inflicted,
    character_died, card_to_discard, player_defeated, game_won, manual_effect, effect_expired.
    """

    kind: str
    seat: int | None = None
    data: tuple[tuple[str, Any], ...] = ()
    text: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        for k, v in self.data:
            out[k] = _plain(v)
        if self.text:
            out["text"] = self.text
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, DieRoll):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value
