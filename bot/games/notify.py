"""Whom the game waits on, as data: the notification planner (issue 7).

`plan(before, after, events, seating, actor)` is a pure function from one transition of a
game to the messages to send. It returns typed frozen values a front end switches on
exhaustively (`match` + `assert_never` over `Message`):

- `PublicLog`: the events as sentences for the game's channel (bot/game_text/'s words,
  full die rolls).
- `WaitingOn`: the public line saying whom the game now waits on, and for what.
- `PrivateUpdate`: one per seat, for its owner only: the hand, the legal moves, what that
  seat alone saw happen (the cards it drew).
- `Ping`: a nudge for a seat the game newly waits on, never for the seat's own move.
- `GameOver`: the result.

Hidden information only goes to its owner: public messages are built from `event_lines`
(which drops drawn cards) and from decisions' prompts, never from a hand, a deck or a
decision's private options. A react window whose possible reacts are hidden names no seat,
and `bot.games.notify_pacing` says when public messages go out (held while such a window is
open, after a random pause whenever hidden reacts are possible).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from bot.game_text import ENGLISH, Words, describe, event_lines, menu, prompt_line
from bot.games.model import EntryKind, GameTransition, Status
from bot.games.notify_pacing import hidden_react_decision
from engine import Action, Decision, Event, GameState, legal_actions
from engine.events import CardDrawn
from engine.events_abilities import CardToHand

UserId = str

# Words game_text has no template for yet (private lines and the public waiting line).
PRIVATE_WORDS: dict[str, str] = {
    "you_draw": "You draw {name}.",
    "you_take": "You take {name} from your deck.",
    "waiting_on": "Waiting on {who}: {prompt}",
    "who_seat": "seat {seat}",
    "who_seat_user": "seat {seat} ({user})",
}


@dataclass(frozen=True)
class CardRef:
    """A card in a hand: its instance id and name (private to the hand's owner)."""

    instance: int
    name: str


@dataclass(frozen=True)
class Move:
    """One legal move of a seat: its menu line and the opaque engine action."""

    text: str
    action: Action


@dataclass(frozen=True)
class PublicLog:
    """Event sentences for the game's channel (may be empty: nothing public happened)."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class WaitingOn:
    """Public: whom the game waits on now. A seat asked about hidden reacts is never named
    (`seats` and `lines` are empty while only such a decision waits)."""

    seats: tuple[int, ...]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class PrivateUpdate:
    """For `seat`'s owner only. `news` says whether anything changed for this seat (its
    hand, the decision it is asked, a private line): a front end sends only those, so no
    message tells a seat that others were asked something (a hidden react window)."""

    seat: int
    user: UserId | None
    hand: tuple[CardRef, ...]
    moves: tuple[Move, ...]
    menu: tuple[str, ...]
    prompt: str | None
    lines: tuple[str, ...]
    news: bool


@dataclass(frozen=True)
class Ping:
    """The game newly waits on `seat`. `private` is True when the wait must not be shown in
    public (a hidden react window): deliver it as a direct message, never a channel mention."""

    seat: int
    user: UserId | None
    prompt: str
    private: bool


@dataclass(frozen=True)
class GameOver:
    """The game ended: `winner` is None for a draw."""

    winner: int | None
    user: UserId | None


Message = PublicLog | WaitingOn | PrivateUpdate | Ping | GameOver
PUBLIC_TYPES = (PublicLog, WaitingOn, GameOver)


def is_public(message: Message) -> bool:
    """Whether a message goes to the game's channel (everyone can read it)."""
    match message:
        case PublicLog() | WaitingOn() | GameOver():
            return True
        case PrivateUpdate() | Ping():
            return False
        case _:
            assert_never(message)


def wait_key(decision: Decision) -> tuple[object, ...]:
    """What identifies one wait: the seat, the decision's kind, frame and subject. A seat
    discarding card after card stays in the same wait; a new Order decision is a new one."""
    return (decision.seat, decision.kind, decision.frame, decision.subject)


def new_waits(before: GameState | None, after: GameState, actor: int | None) -> list[Decision]:
    """Decisions of `after` whose wait is new (its key was not pending in `before`), except
    the actor's own: one per seat. A key can only stay pending across a transition when its
    seat did not answer, so an unchanged key is the same wait (no second ping)."""
    if after.is_over:
        return []
    old = {wait_key(d) for d in before.pending} if before is not None else set()
    out: list[Decision] = []
    seen: set[int] = set()
    for d in after.pending:
        if d.seat == actor or d.seat in seen or wait_key(d) in old:
            continue
        out.append(d)
        seen.add(d.seat)
    return out


def _who(seat: int, seating: Mapping[int, UserId], words: Mapping[str, str]) -> str:
    user = seating.get(seat)
    if user is None:
        return words["who_seat"].format(seat=seat)
    return words["who_seat_user"].format(seat=seat, user=user)


def waiting_lines(
    state: GameState,
    seating: Mapping[int, UserId],
    words: Words = ENGLISH,
    private_words: Mapping[str, str] = PRIVATE_WORDS,
) -> WaitingOn:
    """The public waiting line(s): seats with the same prompt share one line. A react
    decision whose reacts are hidden is left out (no line says a window is open; its
    transition's public messages are held, bot.games.notify_pacing)."""
    groups: dict[str, list[int]] = {}
    for d in state.pending:
        if not hidden_react_decision(state, d):
            groups.setdefault(prompt_line(state, d, words), []).append(d.seat)
    lines: list[str] = []
    seats: list[int] = []
    for prompt, group in groups.items():
        who = ", ".join(_who(s, seating, private_words) for s in group)
        lines.append(private_words["waiting_on"].format(who=who, prompt=prompt))
        seats.extend(group)
    return WaitingOn(tuple(seats), tuple(lines))


def hand_of(state: GameState, seat: int) -> tuple[CardRef, ...]:
    return tuple(CardRef(i, state.card(i).name) for i in state.players[seat].hand)


def private_update(
    before: GameState | None,
    after: GameState,
    events: Sequence[Event],
    seat: int,
    seating: Mapping[int, UserId],
    words: Words = ENGLISH,
    private_words: Mapping[str, str] = PRIVATE_WORDS,
) -> PrivateUpdate:
    """What `seat` alone is told: its hand, its legal moves (menu order), its private lines."""
    options = legal_actions(after, seat)
    ordered, lines = menu(after, options)
    moves = tuple(Move(describe(after, a), a) for a in ordered)
    decision = next((d for d in after.pending if d.seat == seat), None)
    prompt = prompt_line(after, decision, words) if decision is not None else None
    seen: list[str] = []  # cards only this seat saw come into its hand
    for e in events:
        if isinstance(e, CardDrawn) and e.seat == seat:
            seen.append(private_words["you_draw"].format(name=e.name))
        elif isinstance(e, CardToHand) and e.seat == seat and e.zone == "deck":
            seen.append(private_words["you_take"].format(name=e.name))
    drawn = tuple(seen)
    hand = hand_of(after, seat)
    old = next((d for d in before.pending if d.seat == seat), None) if before else None
    changed = before is None or bool(drawn) or hand != hand_of(before, seat) or old != decision
    return PrivateUpdate(seat, seating.get(seat), hand, moves, tuple(lines), prompt, drawn, changed)


def plan(
    before: GameState | None,
    after: GameState,
    events: Sequence[Event],
    seating: Mapping[int, UserId],
    actor: int | None = None,
    words: Words = ENGLISH,
    private_words: Mapping[str, str] = PRIVATE_WORDS,
) -> tuple[Message, ...]:
    """The messages one transition sends, public ones first.

    `before` is None for the game's start; `actor` is the seat whose own move this was (None
    when the host moved: a start, a timeout's default answer, a judge's rollback), so it is
    not pinged for a wait its own move caused."""
    out: list[Message] = [PublicLog(tuple(event_lines(events, words)))]
    if after.is_over:
        out.append(
            GameOver(after.winner, seating.get(after.winner) if after.winner is not None else None)
        )
    else:
        out.append(waiting_lines(after, seating, words, private_words))
    for p in after.players:
        out.append(private_update(before, after, events, p.seat, seating, words, private_words))
    for d in new_waits(before, after, actor):
        private = hidden_react_decision(after, d)
        out.append(Ping(d.seat, seating.get(d.seat), prompt_line(after, d, words), private))
    return tuple(out)


def plan_transition(t: GameTransition, words: Words = ENGLISH) -> tuple[Message, ...]:
    """`plan` for a change the game service made: its seating, and as the actor the seat of a
    player's own move (None for the host's and judges' entries: they ping every new wait).

    A change that ended the game outside the engine (the last opponent resigned or forfeited,
    a host abandoned it) gives its public lines and the result only: nobody is waited on, so
    no waiting line, private menu or ping."""
    seating = {s.seat: s.user_id for s in t.game.seats if s.user_id is not None}
    if t.game.status not in (Status.OPEN, Status.RUNNING) and not t.after.is_over:
        winner = t.game.winner
        user = seating.get(winner) if winner is not None else None
        return (PublicLog(tuple(event_lines(t.events, words))), GameOver(winner, user))
    own = [e.seat for e in t.entries if e.kind is EntryKind.ACTION]
    actor = own[-1] if own and len(t.entries) == len(own) else None
    return plan(t.before, t.after, t.events, seating, actor, words)
