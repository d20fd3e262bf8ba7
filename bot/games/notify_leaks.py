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

from bot.games.notify import GameOver, Message, Ping, PublicLog, WaitingOn, plan
from engine import Event, GameConfig, GameState, apply, legal_actions, start_game
from engine.cards.formats import GameFormat
from engine.cards.sample import sample_catalog, sample_decks_for
from engine.frames import DestroyingItem, PerformingOrder, PlacingCharacter
from engine.view import hidden_from


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
    """Cards being played: named by a frame (the character being placed, the item being
    equipped, the cards of an Order being performed). Giving the Order revealed them."""
    out: set[int] = set()
    for frame in state.stack:
        if isinstance(frame, PlacingCharacter):
            out.add(frame.card)
        elif isinstance(frame, DestroyingItem):
            out.add(frame.new_item)
        elif isinstance(frame, PerformingOrder):
            order = frame.order.to_dict()
            out.update(v for k, v in order.items() if k in ("card", "item") and type(v) is int)
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


def scan(before: GameState | None, after: GameState, messages: Sequence[Message]) -> list[Leak]:
    """The hidden cards named (or numbered) in the public messages of one transition."""
    hidden = hidden_during(before, after)
    shown = {after.card(i).name for i in range(len(after.instances)) if i not in hidden}
    hidden_names: dict[str, int] = {}
    for i in hidden:
        hidden_names.setdefault(after.card(i).name, i)
    secret = _words(set(hidden_names) - shown)
    clear = _words(shown)
    leaks: list[Leak] = []
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
    step (the start, then every action) until it ends or `max_actions` were applied."""
    chooser = random.Random(seed)
    pool = sorted(sample_decks_for(fmt).items())
    decks = [pool[chooser.randrange(len(pool))][1] for _ in range(seats)]
    seating: Mapping[int, str] = {s: f"player{s}" for s in range(seats)}
    start = start_game(GameConfig(seats=seats, format=fmt), decks, seed, sample_catalog())
    state = start.state
    yield Step(None, state, tuple(start.events), plan(None, state, start.events, seating))
    for _ in range(max_actions):
        if state.is_over:
            return
        seat = state.pending[chooser.randrange(len(state.pending))].seat
        options = legal_actions(state, seat)
        t = apply(state, options[chooser.randrange(len(options))])
        messages = plan(state, t.state, t.events, seating, actor=seat)
        yield Step(state, t.state, tuple(t.events), messages)
        state = t.state


@dataclass(frozen=True)
class LeakRun:
    games: int
    transitions: int
    messages: int
    texts: int
    leaks: tuple[Leak, ...]


def leak_run(games: int, seed: int = 0, max_actions: int = 400) -> LeakRun:
    """`games` random games (two to four seats, Saga and Alliance), every public text scanned."""
    transitions = messages = texts = 0
    leaks: list[Leak] = []
    for g in range(games):
        seats = 2 + g % 3
        fmt = GameFormat.ALLIANCE if g % 5 == 4 else GameFormat.SAGA
        for step in random_game(seed + g, seats, fmt, max_actions):
            transitions += 1
            messages += len(step.messages)
            texts += len(public_texts(step.messages))
            leaks.extend(scan(step.before, step.after, step.messages))
    return LeakRun(games, transitions, messages, texts, tuple(leaks))
