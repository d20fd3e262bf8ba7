"""Hot-seat games at one keyboard, hosted by the game service (issue 7): every move is in the
bot database before it is shown, so a game can be left and resumed (`game play --resume N`).

    table = HotSeat(GameService.open(path))
    game_id = table.create(Format.SAGA, ["saga-elven", deck_list_text])
    seat, menu = table.asked(game_id)            # the seat to move and its numbered moves
    t = table.move(game_id, seat, 3, menu.version)   # a GameTransition

No printing here: `bot/game_cli.py` parses and prints. Decks are sample decks' names or deck
lists (docs/cards.md) checked against the imported cards, as any hosted table's.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot.errors import BotError
from bot.game_text import event_lines, menu
from bot.games import GameService, TableOptions, User
from bot.games.model import GameInfo, GameTransition, Status
from bot.games.service import Menu
from engine import EngineError, Event, GameRecord, GameState, apply, legal_actions
from engine.cards.model import Deck
from engine.state import Format

GUILD = "hot-seat"
HOST = User("hot-seat-host", "this keyboard")


class HotSeatError(BotError):
    """A hot-seat game cannot be set up or resumed as asked."""


def seat_user(seat: int) -> User:
    return User(f"hot-seat-{seat}", f"Seat {seat}")


@dataclass
class HotSeat:
    """Hot-seat games in a game service: one user per seat, the keyboard a judge (export)."""

    service: GameService

    def __post_init__(self) -> None:
        self.service.set_judges(GUILD, users=[HOST.id])

    def create(
        self,
        fmt: Format,
        decks: list[str],
        deck_rules: bool = True,
        seed: int | None = None,
        pools: list[str] | None = None,
    ) -> int:
        """A started game with one deck (name or list) per seat; DeckRejectedError says why.
        `seed` fixes the dice (a local game: not a secret); None draws a secure one. A
        Limited game checks each deck against its seat's pool (`pools`, names or lists);
        without pools each deck is its own pool, so only the format's rules apply."""
        if not 2 <= len(decks) <= 8:
            raise HotSeatError("A game has from 2 to 8 seats.")
        if pools is not None and (fmt is not Format.LIMITED or len(pools) != len(decks)):
            raise HotSeatError("Card pools are for Limited games: name one pool per deck.")
        if fmt is Format.LIMITED and pools is None:
            pools = list(decks)
        options = TableOptions(format=fmt, seats=len(decks), deck_rules=deck_rules,
                               reminder_hours=0, seed=seed)  # fmt: skip
        info = self.service.create_game(GUILD, HOST, options, seat_host=False)
        try:
            for seat, deck in enumerate(decks):
                self.service.join(info.id, seat_user(seat))
                if pools is not None:
                    self.service.submit_pool(info.id, HOST, pools[seat], seat)
                self.service.submit_deck(info.id, seat_user(seat), deck)
        except BotError:
            self.service.abandon(info.id, HOST, "a deck was refused")
            raise
        return info.id

    def game(self, game_id: int) -> GameInfo:
        info = self.service.game(game_id)
        if info.guild != GUILD:
            raise HotSeatError(f"Game {game_id} is not a hot-seat game of this keyboard.")
        return info

    def resumable(self) -> list[GameInfo]:
        return [g for g in (self.service.game(i) for i in self.service.store.game_ids(
            [Status.RUNNING])) if g.guild == GUILD]  # fmt: skip

    def resume(self, game_id: int) -> GameInfo:
        """The game to go on with, or a sentence naming the games that can be resumed."""
        try:
            info = self.game(game_id)
        except BotError:
            info = None
        if info is None or info.status is not Status.RUNNING:
            ids = [str(g.id) for g in self.resumable()]
            close = difflib.get_close_matches(str(game_id), ids, n=1)
            known = f"; games to resume: {', '.join(ids[-10:])}" if ids else ""
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise HotSeatError(f"There is no running hot-seat game {game_id}{known}{hint}.")
        return info

    def asked(self, game_id: int) -> tuple[int, Menu] | None:
        """The seat the game asks first and its numbered moves; None when it is over."""
        state, _ = self.service.state(game_id)
        if state.is_over or self.game(game_id).status is not Status.RUNNING:
            return None
        seat = state.pending[0].seat
        return seat, self.service.menu(game_id, seat_user(seat), seat)

    def move(self, game_id: int, seat: int, number: int, version: int) -> GameTransition:
        return self.service.submit_number(game_id, seat_user(seat), number, version, seat)

    def resign(self, game_id: int, seat: int) -> GameTransition:
        return self.service.resign(game_id, seat_user(seat), seat)

    def record(self, game_id: int) -> str:
        """The record file (`game replay` plays it)."""
        return self.service.export_record(game_id, HOST)


@dataclass
class HostedTable:
    """One hosted hot-seat game as the screen of `game play` sees it."""

    table: HotSeat
    game_id: int

    def opening(self) -> list[str]:
        """The setting-up events (the first initiative roll) when no move was made yet."""
        if self.table.service.game(self.game_id).version:
            return []
        return event_lines(self.table.service.load(self.game_id).base.begin().events)

    def asked(self) -> tuple[int, Menu] | None:
        return self.table.asked(self.game_id)

    def current(self) -> GameState:
        return self.table.service.state(self.game_id)[0]

    def move(self, seat: int, number: int, version: int) -> Sequence[Event]:
        return self.table.move(self.game_id, seat, number, version).events

    def result(self) -> str:
        info = self.table.service.game(self.game_id)
        return f"Game {self.game_id}: {info.result or 'over'}." if info.result else ""


@dataclass
class EngineTable:
    """A game held in memory (a record, or a position), for the same screen: nothing saved."""

    state: GameState
    record: GameRecord
    opening_events: tuple[Event, ...] = ()
    _menu: Menu | None = field(default=None, repr=False)

    def opening(self) -> list[str]:
        return event_lines(self.opening_events)

    def asked(self) -> tuple[int, Menu] | None:
        if self.state.is_over:
            return None
        seat = self.state.pending[0].seat
        ordered, lines = menu(self.state, legal_actions(self.state, seat))
        self._menu = Menu(0, self.state.actions_applied, seat, tuple(ordered), tuple(lines))
        return seat, self._menu

    def current(self) -> GameState:
        return self.state

    def move(self, seat: int, number: int, version: int) -> Sequence[Event]:
        shown = self._menu
        if shown is None or shown.version != version or not 1 <= number <= len(shown.actions):
            raise EngineError("That move is not on the menu any more.")
        action = shown.actions[number - 1]
        t = apply(self.state, action)
        self.state, self.record = t.state, self.record.with_action(action)
        return t.events

    def result(self) -> str:
        return ""


def read_deck_file(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or "it is not a UTF-8 text file"
        raise HotSeatError(f"Cannot read {path}: {reason}.") from None


def pool_texts(items: list[str]) -> list[str]:
    """Limited pools as named: a file's text, else the name (a sample deck's) as it is."""
    return [read_deck_file(Path(item)) if Path(item).is_file() else item for item in items]


def play_deck_texts(
    items: list[str] | None, seats: int | None, fmt_name: str | None
) -> tuple[Format, list[str]]:
    """The format and one deck per seat (a sample deck's name or a deck file's text)."""
    if items and any(Path(item).is_file() for item in items):
        texts = [read_deck_file(Path(item)) if Path(item).is_file() else item for item in items]
        if len(texts) < 2 or (seats is not None and seats != len(texts)):
            raise EngineError("Name one deck per seat, at least two.")
        return Format(fmt_name or Format.SAGA.value), texts
    fmt, decks = play_decks(items, seats, fmt_name)
    return fmt, [d.name for d in decks]


def play_decks(
    names: list[str] | None, seats: int | None, fmt_name: str | None
) -> tuple[Format, list[Deck]]:
    """The format and the sample decks of a `game play`, or an EngineError saying what is wrong.

    Without --format the format is the one every named deck is built for (else Saga); without
    --decks the seats take the format's sample decks in turn, as `simulate` does.
    """
    from engine.cards.sample import sample_deck_formats, sample_decks, sample_decks_for

    decks, built_for = sample_decks(), sample_deck_formats()
    unknown = [name for name in names or () if name not in decks]
    if unknown:
        quoted = ", ".join(f"'{name}'" for name in unknown[:-1])
        quoted = f"{quoted} and '{unknown[-1]}'" if quoted else f"'{unknown[0]}'"
        verb = "is not a sample deck" if len(unknown) == 1 else "are not sample decks"
        close = [
            f"'{match[0]}' for '{name}'"
            for name in unknown
            if (match := difflib.get_close_matches(name, list(decks), n=1))
        ]
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        known = ", ".join(decks)
        raise EngineError(f"{quoted} {verb}; known decks: {known}.{hint}")
    if names is not None and len(names) == 1:
        raise EngineError("Name one sample deck per seat, at least two.")
    if names and seats is not None and seats != len(names):
        raise EngineError(f"--seats {seats} needs {seats} decks, but {len(names)} are named.")
    if seats is not None and not 2 <= seats <= 8:
        raise EngineError("--seats must be from 2 to 8.")
    if fmt_name is not None:
        fmt = Format(fmt_name)
    else:
        formats = {built_for[name] for name in names or ()}
        fmt = formats.pop() if len(formats) == 1 else Format.SAGA
    if names:
        return fmt, [decks[name] for name in names]
    if fmt is Format.SAGA and seats in (None, 2):
        return fmt, [decks["saga-deverenian"], decks["saga-nothrog"]]
    pool = list(sample_decks_for(fmt).values())
    if not pool:
        raise EngineError(f"There is no sample deck for the {fmt.value} format.")
    return fmt, [pool[i % len(pool)] for i in range(seats or 2)]
