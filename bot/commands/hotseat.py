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
from dataclasses import dataclass

from bot.errors import BotError
from bot.games import GameService, TableOptions, User
from bot.games.model import GameInfo, GameTransition, Status
from bot.games.service import Menu
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

    def create(self, fmt: Format, decks: list[str], deck_rules: bool = True) -> int:
        """A started game with one deck (name or list) per seat; DeckRejectedError says why."""
        if not 2 <= len(decks) <= 8:
            raise HotSeatError("A game has from 2 to 8 seats.")
        options = TableOptions(format=fmt, seats=len(decks), deck_rules=deck_rules,
                               reminder_hours=0)  # fmt: skip
        info = self.service.create_game(GUILD, HOST, options, seat_host=False)
        try:
            for seat, deck in enumerate(decks):
                self.service.join(info.id, seat_user(seat))
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
