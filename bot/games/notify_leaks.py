"""The leak check: public messages scanned for every card hidden at that moment.

A card is hidden during a transition when it is in a hand or a deck both before and after it
(`engine.view.hidden_from` with no seat). Public text is first cleared of the names of every
card that is not hidden (two copies of one card: the one in play may be named), then searched
for a hidden card's name (as whole words) or its instance id (`#12`). Used by the test suite
and `benchmarks/leaks.py`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.games.notify import GameOver, Message, Ping, PrivateUpdate, PublicLog, WaitingOn, plan
from bot.games.notify_pacing import (
    MessageQueue,
    hidden_react_decision,
    release,
    waits_on_hidden_react,
)
from engine import Action, Event, GameConfig, GameState, apply, start_game
from engine.cards.formats import GameFormat
from engine.cards.sample import sample_catalog, sample_decks_for
from engine.view import hidden_from

# Frame and action fields that name a card being played, resolved or acting: a frame is made
# by a public act, so its cards are known (an attacker a judge's adjustment put back into a
# hand is still named when its attack ends, 510.12).
STACK_FIELDS = frozenset(
    {"card", "new_item", "item", "attacker", "performer", "target", "equipper", "subject"}
)


@dataclass(frozen=True)
class Leak:
    """A hidden card found in public text."""

    text: str
    instance: int
    name: str


def public_texts(messages: Sequence[Message]) -> list[str]:
    """Every text a channel could show: logs, waiting lines, results and public pings."""
    out: list[str] = []
    for m in messages:
        if isinstance(m, PublicLog | WaitingOn):
            out.extend(m.lines)
        elif isinstance(m, GameOver):
            out.append(f"{m.winner} {m.user}")
        elif isinstance(m, Ping) and not m.private:
            out.append(m.prompt)
    return out


def on_the_stack(state: GameState) -> set[int]:
    """Cards named by a frame: being played or resolved (the character being placed, the
    item being equipped, the card whose text is resolved, the cards of an Order being
    performed) or acting (an attacker, a strike's performer and target). Known to all."""
    out: set[int] = set()
    for frame in state.stack:
        for name, value in vars(frame).items():
            if name in STACK_FIELDS and type(value) is int:
                out.add(value)
            elif isinstance(value, Action):
                order = value.to_dict()
                out.update(v for k, v in order.items() if k in STACK_FIELDS and type(v) is int)
    return out


def hidden_during(before: GameState | None, after: GameState) -> set[int]:
    """Cards in a hand or deck both before and after a transition, unless being played."""
    hidden = hidden_from(after, None) - on_the_stack(after)
    if before is not None:
        hidden &= hidden_from(before, None) - on_the_stack(before)
    return hidden


def _words(names: set[str]) -> re.Pattern[str] | None:
    if not names:
        return None
    ordered = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in ordered) + r")(?!\w)")


def react_leaks(after: GameState, messages: Sequence[Message]) -> list[Leak]:
    """A seat asked about hidden reacts named in a public waiting line (or a public ping)."""
    asked = {d.seat for d in after.pending if hidden_react_decision(after, d)}
    leaks: list[Leak] = []
    for m in messages:
        named = m.seats if isinstance(m, WaitingOn) else ()
        if isinstance(m, Ping) and not m.private:
            named = (m.seat,)
        leaks.extend(Leak(f"seat {s} named while asked about a hidden react", -1, "")
                     for s in asked.intersection(named))  # fmt: skip
    return leaks


def scan(before: GameState | None, after: GameState, messages: Sequence[Message]) -> list[Leak]:
    """The hidden cards named (or numbered) in the public messages of one transition, and
    seats asked about hidden reacts named in public."""
    hidden = hidden_during(before, after)
    shown = {after.card(i).name for i in range(len(after.instances)) if i not in hidden}
    hidden_names: dict[str, int] = {}
    for i in hidden:
        hidden_names.setdefault(after.card(i).name, i)
    secret = _words(set(hidden_names) - shown)
    clear = _words(shown)
    leaks = react_leaks(after, messages)
    for text in public_texts(messages):
        rest = clear.sub(" ", text) if clear is not None else text
        if secret is not None:
            for found in secret.finditer(rest):
                leaks.append(Leak(text, hidden_names[found.group(0)], found.group(0)))
        for number in re.findall(r"#(\d+)", text):
            if int(number) in hidden:
                leaks.append(Leak(text, int(number), after.card(int(number)).name))
    return leaks


@dataclass(frozen=True)
class Step:
    before: GameState | None
    after: GameState
    events: tuple[Event, ...]
    messages: tuple[Message, ...]


def random_game(
    seed: int, seats: int = 2, fmt: GameFormat = GameFormat.SAGA, max_actions: int = 400
) -> Iterator[Step]:
    """A game between uniform random players on the format's sample decks, planned step by
    step (the start, then every action) until it ends or `max_actions` were applied. Each
    player picks among the moves of its private update, so those are played as offered."""
    chooser = random.Random(seed)
    pool = sorted(sample_decks_for(fmt).items())
    decks = [pool[chooser.randrange(len(pool))][1] for _ in range(seats)]
    seating: Mapping[int, str] = {s: f"player{s}" for s in range(seats)}
    start = start_game(GameConfig(seats=seats, format=fmt), decks, seed, sample_catalog())
    state = start.state
    messages = plan(None, state, start.events, seating)
    yield Step(None, state, tuple(start.events), messages)
    for _ in range(max_actions):
        if state.is_over:
            return
        seat = state.pending[chooser.randrange(len(state.pending))].seat
        # The seat plays one of the moves its private update offered (they must be legal).
        (update,) = [m for m in messages if isinstance(m, PrivateUpdate) and m.seat == seat]
        t = apply(state, update.moves[chooser.randrange(len(update.moves))].action)
        messages = plan(state, t.state, t.events, seating, actor=seat)
        yield Step(state, t.state, tuple(t.events), messages)
        state = t.state


@dataclass(frozen=True)
class LeakRun:
    """`transitions` planned, `messages` planned, public `texts` scanned; `react_waits`
    transitions that left the game waiting on a hidden react, `held` transitions whose
    messages were held, `released_in_window` transitions that sent anything but the asked
    seat's own messages while a hidden react window was open (must be 0), and the leaks."""

    games: int
    transitions: int
    messages: int
    texts: int
    react_waits: int
    held: int
    released_in_window: int
    leaks: tuple[Leak, ...]


def leak_run(games: int, seed: int = 0, max_actions: int = 400, first: int = 0) -> LeakRun:
    """`games` random games (two to four seats, Saga and Alliance), every public text scanned,
    every transition paced through a `MessageQueue` (held while a hidden react window waits).
    Game g (from `first`) has seed `seed + g`, so a run can be split into chunks."""
    transitions = messages = texts = react_waits = held = in_window = 0
    leaks: list[Leak] = []
    pause_rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for g in range(first, first + games):
        seats = 2 + g % 3
        fmt = GameFormat.ALLIANCE if g % 5 == 4 else GameFormat.SAGA
        queue = MessageQueue()
        for step in random_game(seed + g, seats, fmt, max_actions):
            transitions += 1
            messages += len(step.messages)
            texts += len(public_texts(step.messages))
            leaks.extend(scan(step.before, step.after, step.messages))
            waiting = waits_on_hidden_react(step.after)
            react_waits += waiting
            how = release(step.before, step.after, pause_rng)
            sent = queue.push(step.messages, how, start)
            held += how.hold
            # Only the asked seats' own messages may go out while a hidden window waits.
            in_window += waiting and any(
                not isinstance(m, PrivateUpdate | Ping) or m.seat not in how.asked
                for batch in sent
                for m in batch.messages
            )
    return LeakRun(games, transitions, messages, texts, react_waits, held, in_window, tuple(leaks))


def merge(runs: Sequence[LeakRun]) -> LeakRun:
    """The totals of several runs (chunks of one run done in parallel)."""
    return LeakRun(
        sum(r.games for r in runs),
        sum(r.transitions for r in runs),
        sum(r.messages for r in runs),
        sum(r.texts for r in runs),
        sum(r.react_waits for r in runs),
        sum(r.held for r in runs),
        sum(r.released_in_window for r in runs),
        tuple(leak for r in runs for leak in r.leaks),
    )
