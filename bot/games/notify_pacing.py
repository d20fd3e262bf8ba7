"""React-window pacing: when public messages are released, so waiting reveals no hidden react.

The engine opens a react window (508) only when some seat may answer it after its standing
orders, and asks one seat at a time (engine.reacts). An open window therefore tells that
someone could react; when that react is hidden (an Action card in hand), the public must not
learn it, neither from a line nor from a delay. The policy (docs/hosting.md, "Notifications"):

1. **Hold.** While the game waits on a react decision whose possible reacts are hidden
   (`hidden_react_decision`), every message of the transitions is held back (public ones
   and the other seats' private updates alike), except the asked seat's private update and
   private ping, which go at once. When the window closes, everything held is released
   together (`merged`), as if no window had opened.
2. **Pause.** Whenever any seat could hold a hidden react (`hidden_reacts_possible`: a live
   seat with cards in hand; public facts only), every transition's messages wait one pause
   drawn uniformly from `ReactPacing` with an RNG the host injects, whether a window opened
   or not: a quick hidden pass and no window at all look alike. Without any possible hidden
   react there is no pause (and no draw). `MessageQueue` applies both, per game.
3. A react decision whose possible reacts are all public (cards in play or a discard pile)
   is shown like any decision: everyone can see those cards.

The engine's `engine.reacts.exposure(state, seat)` ("hidden"/"public") is read when the
engine has it; otherwise every react decision counts as hidden. What stays visible: a window
held for long (a player thinking about a hidden react) is a silence; the react decision's
timeout (default: pass) and standing orders keep it short (docs/hosting.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from engine import Decision, GameState

if TYPE_CHECKING:
    from bot.games.notify import Message

REACT_KIND = "react"  # DecisionKind.REACT's value


def _engine_exposure() -> Callable[[GameState, int], str | None] | None:
    try:
        from engine.reacts import exposure  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return None
    return exposure  # type: ignore[no-any-return,unused-ignore]


EXPOSURE = _engine_exposure()


@dataclass(frozen=True)
class ReactPacing:
    """The pause of every transition while hidden reacts are possible, in seconds."""

    low: float = 2.0
    high: float = 8.0

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high:
            raise ValueError("A react pause needs 0 <= low <= high.")


def is_react_decision(decision: Decision) -> bool:
    return decision.kind.value == REACT_KIND


def reacts_hidden(state: GameState, seat: int) -> bool:
    """Whether `seat` is asked about reacts others may not see (True when unsure)."""
    if EXPOSURE is None:
        return True
    return EXPOSURE(state, seat) != "public"


def hidden_react_decision(state: GameState, decision: Decision) -> bool:
    """A react decision whose possible reacts are hidden: never shown in public."""
    return is_react_decision(decision) and reacts_hidden(state, decision.seat)


def waits_on_hidden_react(state: GameState) -> bool:
    return any(hidden_react_decision(state, d) for d in state.pending)


def hidden_reacts_possible(state: GameState) -> bool:
    """Could any live seat hold a hidden react? Public facts only: a live seat holding cards."""
    return any(not p.eliminated and p.hand for p in state.players)


@dataclass(frozen=True)
class Release:
    """How a transition's messages go out. `asked`: the seats asked about hidden reacts, whose
    own messages go at once; everything else is held (`hold`: a hidden react window is
    open) or released, with all that was held before, `pause` seconds from now."""

    hold: bool
    pause: float
    asked: frozenset[int] = frozenset()


def release(
    before: GameState | None,
    after: GameState,
    rng: random.Random,
    pacing: ReactPacing = ReactPacing(),
) -> Release:
    """The pacing of one transition. The draw depends on public facts only (the hands'
    sizes before the move), never on whether a window opened."""
    reference = before if before is not None else after
    pause = rng.uniform(pacing.low, pacing.high) if hidden_reacts_possible(reference) else 0.0
    asked = frozenset(d.seat for d in after.pending if hidden_react_decision(after, d))
    return Release(bool(asked), pause, asked)


@dataclass(frozen=True)
class Outgoing:
    """Messages to send at `at`."""

    at: datetime
    messages: tuple[Message, ...]


@dataclass
class MessageQueue:
    """One game's messages waiting to go out (kept by the host per game, in memory; after a
    restart the game's current position is simply shown again).

    Every message waits for the transition's pause, except the private update and ping of a
    seat asked about a hidden react, which go at once; while such a window is open the rest
    is held, so neither the channel nor another seat (not even the one whose strike
    triggered it) can tell a window from no window."""

    held: list[Message] = field(default_factory=list)

    def push(self, messages: Sequence[Message], how: Release, now: datetime) -> list[Outgoing]:
        from bot.games.notify import GameOver, Ping, PrivateUpdate, PublicLog

        if any(isinstance(m, GameOver) for m in messages):
            # The game ended (perhaps by a resignation inside a hidden window): nobody is
            # waited on any more, so the held log lines go out with the result, nothing else.
            self.held = [m for m in self.held if isinstance(m, PublicLog)]
            how = replace(how, hold=False, asked=frozenset())
        direct = tuple(
            m for m in messages if isinstance(m, PrivateUpdate | Ping) and m.seat in how.asked
        )
        self.held.extend(m for m in messages if not any(m is d for d in direct))
        out = [Outgoing(now, direct)] if direct else []
        if not how.hold:
            out.append(Outgoing(now + timedelta(seconds=how.pause), merged(self.held)))
            self.held.clear()
        return out


def merged(messages: Sequence[Message]) -> tuple[Message, ...]:
    """Held messages as one batch: every log line in order; the last waiting line; per seat
    the last private update (with `news` if any had it) and the last ping."""
    from bot.games.notify import Ping, PrivateUpdate, WaitingOn

    last: dict[tuple[str, int], int] = {}
    news: dict[int, bool] = {}
    for i, m in enumerate(messages):
        if isinstance(m, WaitingOn):
            last[("waiting", 0)] = i
        elif isinstance(m, PrivateUpdate):
            last[("private", m.seat)] = i
            news[m.seat] = news.get(m.seat, False) or m.news
        elif isinstance(m, Ping):
            last[("ping", m.seat)] = i
    keep = set(last.values())
    out: list[Message] = []
    for i, m in enumerate(messages):
        if isinstance(m, WaitingOn | PrivateUpdate | Ping) and i not in keep:
            continue
        if isinstance(m, PrivateUpdate) and news[m.seat] != m.news:
            m = replace(m, news=news[m.seat])
        out.append(m)
    return tuple(out)
