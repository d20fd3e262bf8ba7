"""The game service: tables (create, invite, join, decks, start, resign, abandon), moves with
a version check, and what each player waits on. Judging, undo and export are in
`bot.games.judging`; loading and committing in `bot.games.core`.

Every method takes the acting `User` and returns a `GameInfo` or a `GameTransition` (for the
notification planner); every refusal is a `GameError` with one sentence.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.core import HOST, deck_json, seed_hash
from bot.games.errors import (
    DeckRejectedError,
    GameMovedOnError,
    GameOverError,
    NotSeatedError,
    NotWaitingError,
    TableError,
    one_sentence,
)
from bot.games.history import action_data
from bot.games.judging import Judging
from bot.games.limited import Pool, no_pool_refusal, pool_problems, read_pool
from bot.games.model import EntryKind, GameInfo, GameTransition, Status, TableOptions, User
from bot.games.store import VersionConflictError
from engine.actions import Action, action_from_dict
from engine.cards.decklist import parse_decklist
from engine.cards.errors import CardError
from engine.cards.model import Deck
from engine.cards.validation import validate_deck
from engine.errors import EngineError, SetupError
from engine.game import apply, default_action, legal_actions
from engine.record import RECORD_VERSION, RULES, new_record
from engine.state import Format, GameConfig, GameState
from engine.view import view

MAX_DECK_TEXT = 20_000


@dataclass(frozen=True)
class DeckResult:
    """A deck taken: the table afterwards, and the game's start when that deck was the last."""

    game: GameInfo
    deck_name: str
    cards: int
    started: GameTransition | None = None


@dataclass(frozen=True)
class Menu:
    """A seat's numbered moves at one version: `lines` as shown, `actions` in that order."""

    game_id: int
    version: int
    seat: int
    actions: tuple[Action, ...]
    lines: tuple[str, ...]


class GameService(Judging):
    """Hosted games over the bot database; see the package docstring for a tour."""

    # -- tables -------------------------------------------------------------------------------
    def create_game(
        self,
        guild: str,
        host: User,
        options: TableOptions | None = None,
        *,
        channel: str = "",
        seat_host: bool = True,
    ) -> GameInfo:
        """A new table; the host takes seat 0 unless `seat_host` is False."""
        options = options or TableOptions()
        if not 2 <= options.seats <= 8:
            raise TableError("A game has from 2 to 8 seats.")
        if options.reminder_hours < 0 or options.timeout_hours <= 0:
            raise TableError("Reminder and timeout times must be positive numbers of hours.")
        if options.seed is not None and not 0 <= options.seed < 2**63:
            raise TableError("A fixed dice seed is a whole number from 0 to 2**63 - 1.")
        game_id = self.store.create_game(guild, channel, host.id, options, self.now())
        if seat_host:
            self.store.update_seat(game_id, 0, user_id=host.id, name=host.label)
        return self.info(game_id)

    def invite(self, game_id: int, host: User, user: User, seat: int | None = None) -> GameInfo:
        """Keep a seat (the first free one, or `seat`) for `user`."""
        with self.locked(game_id):
            self._open_table(game_id)
            self._host_only(game_id, host)
            free = self._free_seats(game_id, user)
            if seat is not None:
                free = [s for s in free if s == seat]
            if not free:
                raise TableError(f"Game {game_id} has no free seat to invite {user.label} to.")
            self.store.update_seat(game_id, free[0], invited=user.id, name=user.label)
            return self.info(game_id)

    def join(self, game_id: int, user: User) -> GameInfo:
        """Take the seat kept for `user`, else the first open seat."""
        with self.locked(game_id):
            self._open_table(game_id)
            seats = self.store.seats(game_id)
            if any(s["user_id"] == user.id for s in seats):
                raise TableError(f"You already have a seat in game {game_id}.")
            kept = [s["seat"] for s in seats if s["invited"] == user.id and s["user_id"] is None]
            free = kept or self._free_seats(game_id, user)
            if not free:
                raise TableError(f"Game {game_id} has no open seat.")
            self.store.update_seat(game_id, free[0], user_id=user.id, name=user.label)
            return self.info(game_id)

    def leave(self, game_id: int, user: User) -> GameInfo:
        """Give up one's seat before the game starts (resign once it runs)."""
        with self.locked(game_id):
            self._open_table(game_id)
            for seat in self._seats_or_refuse(game_id, user):
                self.store.update_seat(
                    game_id, seat, user_id=None, name="", invited=None, deck=None, deck_name=""
                )
            return self.info(game_id)

    def submit_deck(
        self, game_id: int, user: User, text: str, seat: int | None = None
    ) -> DeckResult:
        """Take a deck list (docs/cards.md) or a sample deck's name for the user's seat;
        checked against the imported cards (else the sample cards) and, with deck rules on,
        the format's rules. The game starts when the last deck is in."""
        with self.locked(game_id):
            info = self._open_table(game_id)
            seats = self._seats_or_refuse(game_id, user)
            if seat is not None and seat not in seats:
                raise NotSeatedError(f"Seat {seat} of game {game_id} is not yours.")
            target = seat if seat is not None else seats[0]
            options = info.options
            pool = None
            if options.format is Format.LIMITED and options.deck_rules:
                row = next(s for s in self.store.seats(game_id) if s["seat"] == target)
                pool = Pool.from_json(row["pool"])
                if pool is None:
                    raise no_pool_refusal(game_id, target, options.sealed)
            deck = self.read_deck(text, options, pool)
            self.store.update_seat(
                game_id, target, deck=deck_json(deck.name, deck.starting_army, deck.cards),
                deck_name=deck.name,
            )  # fmt: skip
            info = self.info(game_id)
            started = None
            if all(s.user_id is not None and s.has_deck for s in info.seats):
                started = self._start(game_id)
                info = started.game
            return DeckResult(info, deck.name, len(deck.all_cards), started)

    def submit_pool(self, game_id: int, user: User, text: str, seat: int | None = None) -> GameInfo:
        """Give a seat of a Limited table its card pool (801.6.3, 801.7.3): the host or a
        judge for any seat, a player for their own seat unless the host gave it. A new pool
        takes back the seat's deck, which is then checked again against it."""
        with self.locked(game_id):
            info = self._open_table(game_id)
            if info.options.format is not Format.LIMITED:
                raise TableError(
                    f"Game {game_id} is a {info.options.format.value} game; card pools belong "
                    "to Limited games (rules 801.6 and 801.7)."
                )
            organiser = user.id == info.host or self.is_judge(info.guild, user)
            if seat is None:
                seat = self._seats_or_refuse(game_id, user)[0]
            if not 0 <= seat < len(info.seats):
                raise TableError(f"Game {game_id} has no seat {seat}.")
            row = self.store.seats(game_id)[seat]
            old = Pool.from_json(row["pool"])
            if not organiser:
                if row["user_id"] != user.id:
                    raise NotSeatedError(f"Seat {seat} of game {game_id} is not yours.")
                if old is not None and old.given_by != user.id:
                    raise NotSeatedError(
                        f"The host gave seat {seat} its pool; only the host or a judge may "
                        "change it."
                    )
            pool = read_pool(text, self.catalog(), user.id)
            self.store.update_seat(game_id, seat, pool=pool.to_json(), deck=None, deck_name="")
            return self.info(game_id)

    def read_deck(self, text: str, options: TableOptions, pool: Pool | None = None) -> Deck:
        """A deck from its list or a sample deck's name; DeckRejectedError itemises problems
        (with `pool`, those against the seat's Limited pool too)."""
        from engine.cards.sample import sample_decks

        if not isinstance(text, str) or not text.strip():
            raise DeckRejectedError("The deck list is empty.")
        if len(text) > MAX_DECK_TEXT:
            raise DeckRejectedError(f"The deck list is longer than {MAX_DECK_TEXT} characters.")
        catalog = self.catalog()
        samples = sample_decks()
        if text.strip() in samples:
            deck = samples[text.strip()]
        else:
            try:
                deck = parse_decklist(text, catalog)
            except CardError as exc:
                unknown = tuple(u.describe() for u in getattr(exc, "unknown", ()))
                malformed = tuple(getattr(exc, "malformed", ()))
                raise DeckRejectedError(one_sentence(exc), unknown + malformed) from None
        if options.deck_rules:
            problems = validate_deck(deck, catalog, options.format)
            if pool is not None:
                problems += pool_problems(
                    deck, catalog, pool, sealed=options.sealed,
                    fixed_warlord=options.fixed_warlord,
                )  # fmt: skip
            if problems:
                items = tuple(p.text for p in problems)
                count = "1 problem" if len(items) == 1 else f"{len(items)} problems"
                name = deck.name or "The deck"
                raise DeckRejectedError(
                    f"{name} is not a legal {options.format.value} deck ({count}); "
                    f"first: {items[0].rstrip('.')}.",
                    items,
                )
        return deck

    def start(self, game_id: int, user: User) -> GameTransition:
        """Start the game now (the host); every seat needs a player and a deck."""
        with self.locked(game_id):
            self._open_table(game_id)
            self._host_only(game_id, user)
            info = self.info(game_id)
            missing = [s.seat for s in info.seats if s.user_id is None or not s.has_deck]
            if missing:
                raise TableError(
                    f"Game {game_id} cannot start: seat {missing[0]} has no player or no deck."
                )
            return self._start(game_id)

    def _start(self, game_id: int) -> GameTransition:
        info = self.info(game_id)
        decks = [_deck(row["deck"]) for row in self.store.seats(game_id)]
        config = GameConfig(
            seats=info.options.seats, format=info.options.format,
            validate_decks=info.options.deck_rules,
        )  # fmt: skip
        fixed = info.options.seed
        seed = secrets.randbits(63) if fixed is None else fixed
        try:
            record, _ = new_record(config, decks, seed, self.catalog())
            begin = record.begin()
        except SetupError as exc:
            problems = tuple(str(p) for p in exc.problems)
            raise TableError(one_sentence(exc) if not problems else problems[0]) from None
        except EngineError as exc:
            raise TableError(one_sentence(exc)) from None
        header = record.to_json()
        try:
            self.store.set_started(
                game_id, self.now(), seed=seed, seed_hash=seed_hash(seed),
                rules_version=RULES, record_version=RECORD_VERSION, header=header,
            )  # fmt: skip
        except VersionConflictError:
            raise TableError(f"Game {game_id} has already started.") from None
        live = self.load(game_id)
        return GameTransition(
            self.info(game_id), None, live.state, tuple(begin.events), started=True
        )

    def resign(self, game_id: int, user: User, seat: int | None = None) -> GameTransition:
        """The user's seat leaves the game; with one seat left it has won."""
        with self.locked(game_id):
            live = self._running(game_id)
            seats = [s for s in self._seats_or_refuse(game_id, user) if s not in live.folded.out]
            if seat is not None:
                seats = [s for s in seats if s == seat]
            if not seats:
                raise NotSeatedError(f"You have no seat still playing in game {game_id}.")
            entry = self.entry(live, 0, EntryKind.RESIGN, seats[0], user.id, {})
            return self.commit(live, [entry], live.state, [], note=f"{user.label} resigned")

    def abandon(self, game_id: int, user: User, reason: str = "") -> GameInfo:
        """End the game without a winner (the host or a judge); its seed is published."""
        with self.locked(game_id):
            info = self.info(game_id)
            if info.status in (Status.FINISHED, Status.ABANDONED):
                raise GameOverError(f"Game {game_id} is already over.")
            if user.id != info.host and not self.is_judge(info.guild, user):
                raise NotSeatedError("Only the game's host or a judge may abandon it.")
            result = f"abandoned by {user.label}" + (f": {reason}" if reason else "")
            if info.status is Status.OPEN:
                self.store.end_open_game(game_id, self.now(), result)
                return self.info(game_id)
            live = self.load(game_id)
            entry = self.entry(live, 0, EntryKind.ABANDON, None, user.id, {"reason": reason})
            self.commit(live, [entry], live.state, [], ended=(Status.ABANDONED, None, result))
            return self.info(game_id)

    # -- moves --------------------------------------------------------------------------------
    def submit(
        self, game_id: int, user: User, action: Action | Mapping[str, Any], expected_version: int
    ) -> GameTransition:
        """Play `action` for one of the user's seats if the game is still at
        `expected_version`; logged before this returns. Raises GameMovedOnError (with the new
        state) when someone moved first, NotWaitingError with the engine's reason."""
        with self.locked(game_id):
            live = self._running(game_id)
            if expected_version != live.version:
                raise GameMovedOnError(game_id, live.version, live.state)
            act = _action(action)
            seats = self.seats_of(game_id, user)
            if act.seat not in seats or act.seat in live.folded.out:
                raise NotSeatedError(f"Seat {act.seat} of game {game_id} is not yours to play.")
            if act.seat not in live.state.waiting_on():
                raise NotWaitingError(self._not_waiting(game_id, f"seat {act.seat}"))
            transition = _apply(live.state, act)
            entry = self.entry(live, 0, EntryKind.ACTION, act.seat, user.id, action_data(act))
            return self.commit(live, [entry], transition.state, list(transition.events))

    def apply_default(
        self, game_id: int, seat: int, expected_version: int, reason: str = "timeout"
    ) -> GameTransition:
        """Answer `seat`'s decision with its default (the timeout policy), logged as the host's."""
        with self.locked(game_id):
            live = self._running(game_id)
            if expected_version != live.version:
                raise GameMovedOnError(game_id, live.version, live.state)
            try:
                act = default_action(live.state, seat)
            except EngineError as exc:
                raise NotWaitingError(one_sentence(exc)) from None
            t = apply(live.state, act)
            data = action_data(act, reason=reason)
            entry = self.entry(live, 0, EntryKind.DEFAULT, seat, HOST, data)
            return self.commit(live, [entry], t.state, list(t.events), note=reason)

    def forfeit(
        self, game_id: int, seat: int, expected_version: int, reason: str = "timeout"
    ) -> GameTransition:
        """`seat` forfeits (the timeout policy), logged as the host's."""
        with self.locked(game_id):
            live = self._running(game_id)
            if expected_version != live.version:
                raise GameMovedOnError(game_id, live.version, live.state)
            if seat in live.folded.out or not 0 <= seat < len(live.state.players):
                raise TableError(f"Seat {seat} is not playing in game {game_id}.")
            entry = self.entry(live, 0, EntryKind.FORFEIT, seat, HOST, {"reason": reason})
            return self.commit(live, [entry], live.state, [], note=reason)

    def menu(self, game_id: int, user: User, seat: int | None = None) -> Menu:
        """The numbered moves (bot.game_text.menu) of the user's seat the game waits on, for
        line-based front ends: "/move 3" is `submit_number(game, user, 3, menu.version)`."""
        from bot.game_text import menu

        with self.locked(game_id):
            state, version = self.state(game_id)
            moves = self.legal_moves(game_id, user)
            if seat is not None:
                moves = {s: m for s, m in moves.items() if s == seat}
            if not moves:
                raise NotWaitingError(self._not_waiting(game_id, "you"))
            chosen = min(moves)
            ordered, lines = menu(state, moves[chosen])
            return Menu(game_id, version, chosen, tuple(ordered), tuple(lines))

    def submit_number(
        self, game_id: int, user: User, number: int, expected_version: int, seat: int | None = None
    ) -> GameTransition:
        """Play the move numbered `number` (from 1) in `menu(game_id, user, seat)`."""
        with self.locked(game_id):
            state, version = self.state(game_id)
            if version != expected_version:
                raise GameMovedOnError(game_id, version, state)
            shown = self.menu(game_id, user, seat)
            if not 1 <= number <= len(shown.actions):
                raise NotWaitingError(f"Choose a move from 1 to {len(shown.actions)}.")
            return self.submit(game_id, user, shown.actions[number - 1], expected_version)

    # -- reading ------------------------------------------------------------------------------
    def game(self, game_id: int) -> GameInfo:
        return self.info(game_id)

    def state(self, game_id: int) -> tuple[GameState, int]:
        """The game's current state and version (what `submit` expects)."""
        with self.locked(game_id):
            live = self._running(game_id, allow_over=True)
            return live.state, live.version

    def legal_moves(self, game_id: int, user: User) -> dict[int, list[Action]]:
        """Per seat of the user's that the game waits on, every legal action."""
        state, _ = self.state(game_id)
        out = self.load(game_id).folded.out
        return {
            seat: legal_actions(state, seat)
            for seat in self.seats_of(game_id, user)
            if seat in state.waiting_on() and seat not in out
        }

    def view_for(self, game_id: int, user: User, seat: int | None = None) -> dict[str, Any]:
        """The engine's view for the user's (first) seat: their hand only."""
        seats = self._seats_or_refuse(game_id, user)
        state, _ = self.state(game_id)
        return view(state, seat if seat in seats else seats[0])

    def games_for(
        self, user_id: str, guild: str | None = None, *, include_over: bool = False
    ) -> list[GameInfo]:
        """A player's games (seated or invited), each with whom it waits on."""
        games = [self.info(g) for g in self.store.games_of_user(user_id)]
        return [
            g for g in games
            if (guild is None or g.guild == guild)
            and (include_over or g.status in (Status.OPEN, Status.RUNNING))
        ]  # fmt: skip

    def active_games(self) -> list[GameInfo]:
        """Every running game (for the deadline scheduler)."""
        return [self.info(g) for g in self.store.game_ids([Status.RUNNING])]

    def resume_all(self) -> dict[int, str]:
        """Load every running game from its log; returns {game id: why it failed} (empty: all
        resumed). A pinned game is reported, not resumed."""
        failed: dict[int, str] = {}
        for game_id in self.store.game_ids([Status.RUNNING]):
            try:
                with self.locked(game_id):
                    self.load(game_id)
            except Exception as exc:  # reported per game, so one bad game stops no other
                failed[game_id] = one_sentence(exc)
        return failed

    # -- helpers ------------------------------------------------------------------------------
    def _open_table(self, game_id: int) -> GameInfo:
        info = self.info(game_id)
        if info.status is not Status.OPEN:
            raise TableError(f"Game {game_id} has already started or ended.")
        return info

    def _running(self, game_id: int, allow_over: bool = False) -> Any:
        info_row = self.store.game(game_id)
        status = Status(info_row["status"])
        if status is Status.OPEN:
            raise TableError(f"Game {game_id} has not started yet.")
        if status is not Status.RUNNING and not allow_over:
            raise GameOverError(f"Game {game_id} is over ({info_row['result']}).")
        return self.load(game_id)

    def _not_waiting(self, game_id: int, whom: str) -> str:
        """The refusal of a move the game does not wait for: it names only the seats the
        public may know it waits on, never one asked about a hidden react (508)."""
        info = self.info(game_id)
        who = ", ".join(f"seat {s} ({info.seats[s].name or '?'})" for s in info.public_waiting_on)
        tail = f" (it waits on {who})" if who else ""
        return f"Game {game_id} is not waiting on {whom}{tail}."

    def _host_only(self, game_id: int, user: User) -> None:
        if self.store.game(game_id)["host"] != user.id:
            raise NotSeatedError(f"Only the host of game {game_id} may do that.")

    def _free_seats(self, game_id: int, user: User) -> list[int]:
        return [
            s["seat"] for s in self.store.seats(game_id)
            if s["user_id"] is None and s["invited"] in (None, user.id)
        ]  # fmt: skip

    def _seats_or_refuse(self, game_id: int, user: User) -> tuple[int, ...]:
        seats = self.seats_of(game_id, user)
        if not seats:
            raise NotSeatedError(f"You have no seat in game {game_id}.")
        return seats


def _deck(text: str) -> Deck:
    data = json.loads(text)
    return Deck(data["name"], tuple(data["starting_army"]), tuple(data["cards"]))


def _action(action: Action | Mapping[str, Any]) -> Action:
    if isinstance(action, Mapping):
        try:
            return action_from_dict(dict(action))
        except EngineError as exc:
            raise NotWaitingError(one_sentence(exc)) from None
        except (TypeError, ValueError, KeyError, AttributeError):
            raise NotWaitingError("That move is not one the game understands.") from None
    return action


def _apply(state: GameState, action: Action) -> Any:
    try:
        return apply(state, action)
    except EngineError as exc:
        raise NotWaitingError(one_sentence(exc), getattr(exc, "rule", "")) from None
    except (TypeError, ValueError, AttributeError, IndexError, KeyError):
        raise NotWaitingError("That move is not one the game understands.") from None
