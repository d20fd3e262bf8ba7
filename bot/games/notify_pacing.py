"""React-window pacing: how long a react window waits, so waiting reveals no hidden react.

The policy (docs/hosting.md, "Notifications"):

- Whenever any seat *could* hold a hidden react (`hidden_reacts_possible`, which reads only
  public facts), every react window the game passes through, even one nobody is asked in
  and the engine closes at once, holds the transition's public messages for one pause drawn
  uniformly from `ReactPacing`, from an RNG the host injects. The number of draws is the
  number of windows (their trigger points are public), so the pause depends on public
  information only: an automatic pass looks like a quick human one.
- The engine's standing orders decide who is asked. A window that asks a seat whose possible
  reacts are hidden is shown in public as "a react window is open", naming nobody; the asked
  seat is pinged privately (`Ping.private`). The host releases the window's outcome no sooner
  than the drawn pause after it opened (`release_at`), however fast the answer.

Adoption points for the engine's react windows (being added): `REACT_KIND` (the decision
kind's value), `WINDOW_EVENT_KINDS` (the event kinds that open a window) and `reacts_hidden`
(today conservatively True for every seat; it will read the engine's per-seat
"possible reacts public/hidden" signal).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from engine import Decision, Event, GameState
from engine.frames import ReactWindow

REACT_KIND = "react"
WINDOW_EVENT_KINDS = frozenset({"react_window_opened"})


@dataclass(frozen=True)
class ReactPacing:
    """The pause each react window waits while hidden reacts are possible, in seconds."""

    low: float = 3.0
    high: float = 12.0

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high:
            raise ValueError("A react pause needs 0 <= low <= high.")


def in_react_window(state: GameState, decision: Decision) -> bool:
    """Whether a decision answers a react window (by its kind or by the frame it belongs to)."""
    if decision.kind.value == REACT_KIND:
        return True
    frame = decision.frame
    return (
        frame is not None
        and frame < len(state.stack)
        and isinstance(state.stack[frame], ReactWindow)
    )


def reacts_hidden(state: GameState, seat: int) -> bool:
    """Whether `seat`'s possible reacts are hidden information. Conservative until the
    engine's per-seat signal lands: every seat's are."""
    return True


def hidden_react_decision(state: GameState, decision: Decision) -> bool:
    """A react-window decision whose seat's possible reacts are hidden: never shown in public."""
    return in_react_window(state, decision) and reacts_hidden(state, decision.seat)


def hidden_reacts_possible(state: GameState) -> bool:
    """Could any live seat hold a hidden react? Only public facts are read: a seat whose
    reacts are hidden and who holds cards (a react may be on any card in hand)."""
    return any(not p.eliminated and p.hand and reacts_hidden(state, p.seat) for p in state.players)


def windows_opened(before: GameState | None, after: GameState, events: Sequence[Event]) -> int:
    """How many react windows a transition went through (a public fact): the window events,
    or one when the game now waits in a window it was not in before."""
    count = sum(1 for e in events if e.kind in WINDOW_EVENT_KINDS)
    if count:
        return count
    frames_before = set(before.stack) if before is not None else set()
    waits_new = any(
        in_react_window(after, d) and (d.frame is None or after.stack[d.frame] not in frames_before)
        for d in after.pending
    )
    return 1 if waits_new else 0


def window_pause(
    before: GameState | None,
    after: GameState,
    events: Sequence[Event],
    rng: random.Random,
    pacing: ReactPacing = ReactPacing(),
) -> float:
    """Seconds to hold this transition's public messages: one draw per window opened while
    hidden reacts were possible, else 0 (and no draw)."""
    windows = windows_opened(before, after, events)
    reference = before if before is not None else after
    if windows == 0 or not hidden_reacts_possible(reference):
        return 0.0
    return sum(rng.uniform(pacing.low, pacing.high) for _ in range(windows))


def release_at(opened: datetime, pause: float) -> datetime:
    """When a window's outcome may be published: not before its drawn pause has passed."""
    return opened + timedelta(seconds=pause)
