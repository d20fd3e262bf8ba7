"""`warlord-judge game`: simulate random games, replay a record, play at one keyboard."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.commands.hotseat import HostedTable, HotSeat, play_deck_texts, pool_texts
from bot.commands.simulate import simulate
from bot.errors import BotError
from bot.game_text import HELP, HINT, card_texts, event_lines, prompt_line, render
from bot.position_cli import add_position_parser
from engine import (
    EngineError,
    Event,
    GameRecord,
    GameState,
    events_for,
    replay,
    view,
)
from engine.events import CardDrawn
from engine.playout import DEFAULT_TURN_CAP
from engine.state import Format


def add_game_parser(sub: Any) -> None:
    """Register `game simulate`, `game replay`, `game play` and `game position`."""
    game: argparse.ArgumentParser = sub.add_parser(
        "game", help="play, simulate and replay games of Warlord"
    )
    game.set_defaults(func=lambda args: _usage(game))
    gsub = game.add_subparsers(dest="game_command", metavar="ACTION")

    sim = gsub.add_parser("simulate", help="games between random legal players")
    sim.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    sim.add_argument("--cards", type=Path, help="community card JSON file: random decks from it")
    sim.add_argument("--save", type=Path, help="folder to write each game's record into")
    sim.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP, help="turn cap per game")
    sim.add_argument("--seats", type=int, default=2, help="players per game (default 2)")
    sim.add_argument(
        "--format",
        dest="fmt",
        choices=[f.value for f in Format],
        default=Format.SAGA.value,
        help="game format (default saga; alliance: two Warlords per player, 801.5)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(func=run_simulate)

    rep = gsub.add_parser("replay", help="replay a game record and show the final position")
    rep.add_argument("record", type=Path, help="a game record (JSON)")
    rep.add_argument("--as", dest="seat", type=int, help="show that seat's view")
    rep.add_argument("--json", action="store_true", help="print JSON")
    rep.add_argument(
        "--log", action="store_true", help="also print every event, setting up included"
    )
    rep.set_defaults(func=run_replay)

    play = gsub.add_parser(
        "play",
        help="a hot-seat game in this terminal, saved after every move",
        description="A hot-seat game hosted like any other: every move is saved in the bot "
        "database (the data folder) and the game can be resumed with --resume.",
    )
    play.add_argument(
        "--seed",
        type=int,
        help="fix the dice seed, to play a game again (default: a secure seed, published at "
        "the end; a fixed seed is no secret)",
    )
    play.add_argument(
        "--decks",
        nargs="*",
        help="one deck per seat: a sample deck's name or a deck-list file (default: the "
        "format's sample decks); decks are checked against the imported cards",
    )
    play.add_argument(
        "--seats", type=int, help="players (2 to 8; default: one per named deck, else 2)"
    )
    play.add_argument(
        "--format",
        dest="fmt",
        choices=[f.value for f in Format],
        help="game format (default: the one the named decks are built for, else saga)",
    )
    play.add_argument(
        "--pools",
        nargs="*",
        help="Limited: one card pool per seat (a sample deck's name or a card-list file); "
        "without it each deck is its own pool",
    )
    play.add_argument("--no-deck-rules", action="store_true", help="skip the deck rules")
    play.add_argument("--save", type=Path, help="write the game record here when it stops")
    play.add_argument("--resume", type=int, metavar="GAME", help="go on with a saved game")
    play.add_argument(
        "--hide", action="store_true", help="hide each player's hand until they press Enter"
    )
    play.add_argument("--db", type=Path, help="the bot database (default: the data folder's)")
    play.set_defaults(func=run_play)

    add_position_parser(gsub)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _fail(message: str) -> int:
    """A user error: one sentence on stderr, exit code 1 (every `game` command)."""
    print(f"error: {message}", file=sys.stderr)
    return 1


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise EngineError(f"Cannot read {path}: {exc.strerror}.") from None


# simulate ---------------------------------------------------------------------------------


def run_simulate(args: argparse.Namespace) -> int:
    if args.games < 0 or not 2 <= args.seats <= 8 or args.turn_cap < 1:
        return _fail("--games must be >= 0, --seats from 2 to 8 and --turn-cap >= 1.")
    try:
        summary = simulate(
            args.games,
            args.seed,
            args.cards,
            args.save,
            args.turn_cap,
            args.seats,
            Format(args.fmt),
        )
    except Exception as exc:  # engine errors, and card import errors from the cards package
        return _fail(str(exc))
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"{summary['games']} games: {summary['finished']} won, {summary['capped']} capped, "
            f"{summary['errors']} errors, {summary['actions']} actions in "
            f"{summary['seconds']} s (digest {summary['digest']})"
        )
        for message in summary["error_messages"]:
            print("  " + message)
    return 1 if summary["errors"] else 0


# replay -----------------------------------------------------------------------------------


def load_record(path: Path) -> GameRecord:
    return GameRecord.from_json(_read_text(path))


def run_replay(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.record)
        result = replay(record)
    except EngineError as exc:
        return _fail(str(exc))
    state = result.state
    if args.seat is not None and not 0 <= args.seat < len(state.players):
        return _fail(f"There is no seat {args.seat} in this game.")
    shown = view(state, args.seat)
    shown["actions"] = len(record.actions)
    shown["events"] = len(result.events)
    if args.log:
        shown["log"] = events_for(result.events, args.seat)
    if args.json:
        print(json.dumps(shown))
    else:
        if args.log:
            for line in event_lines(_visible(result.events, args.seat)):
                print("  > " + line)
        print(render(state, args.seat))
    return 0


def _visible(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The events `seat` may read: others' drawn cards are left out (events_for)."""
    return [e for e in events if not (isinstance(e, CardDrawn) and e.seat != seat)]


# play -------------------------------------------------------------------------------------


def play_loop(
    state: GameState,
    record: GameRecord,
    stdin: TextIO,
    out: TextIO,
    opening: Sequence[Event] = (),
) -> GameRecord:
    """The hot-seat screen over a game held in memory (a record or a position), until the
    game ends, the end of input, or `q` (confirmed); returns the record with the moves made.
    `game play` runs the same screen over a hosted game (`play_hosted`)."""
    from bot.commands.hotseat import EngineTable

    table = EngineTable(state, record, tuple(opening))
    screen(table, stdin, out)
    return table.record


def menu_number(text: str, size: int) -> int | None:
    """The menu number typed (ASCII digits, 1 to `size`), else None; never raises."""
    text = text.strip()
    if not re.fullmatch(r"[0-9]{1,6}", text) or not 1 <= int(text) <= size:
        return None
    return int(text)


def run_play(args: argparse.Namespace) -> int:
    from bot.games import DeckRejectedError, GameService

    try:
        if args.save is not None:
            check_writable(args.save)
        service = GameService.open(args.db)
        table = HotSeat(service)
        if args.resume is not None:
            game_id = table.resume(args.resume).id
        else:
            fmt, decks = play_deck_texts(args.decks, args.seats, args.fmt)
            pools = None if args.pools is None else pool_texts(args.pools)
            game_id = table.create(
                fmt, decks, deck_rules=not args.no_deck_rules, seed=args.seed, pools=pools
            )
    except (BotError, EngineError) as exc:
        listing = exc.listing() if isinstance(exc, DeckRejectedError) else ()
        return _fail(_with_format_hint(str(exc), args) + "".join(f"\n  - {p}" for p in listing))
    return play_hosted(table, game_id, sys.stdin, sys.stdout, hide=args.hide, save=args.save)


def play_hosted(
    table: HotSeat,
    game_id: int,
    stdin: TextIO,
    out: TextIO,
    *,
    hide: bool = False,
    save: Path | None = None,
) -> int:
    """The hot-seat screen over a hosted game: every move is saved before it is shown; `q`
    asks before leaving, Ctrl-C and the end of input leave with the game saved."""
    try:
        screen(HostedTable(table, game_id), stdin, out, hide)
    except KeyboardInterrupt:
        print("\nInterrupted.", file=out)
    info = table.service.game(game_id)
    if info.status.value == "running":
        print(f"Game {game_id} is saved; go on with `game play --resume {game_id}`.", file=out)
    if save is not None:
        try:
            save.write_text(table.record(game_id), encoding="utf-8")
        except OSError as exc:
            return _fail(f"Cannot write {save}: {exc.strerror}.")
        print(f"Record written to {save}.", file=out)
    return 0


def _ask(stdin: TextIO, out: TextIO, interactive: bool, question: str) -> str | None:
    print(question, end="", file=out)
    out.flush()
    line = stdin.readline()
    if not line:
        print("\nEnd of input: stopping.", file=out)
        return None
    if not interactive:
        print(line.strip(), file=out)
    return line.strip()


def screen(table: Any, stdin: TextIO, out: TextIO, hide: bool = False) -> None:
    """The hot-seat screen over a table (bot.commands.hotseat: `asked`, `current`, `move`,
    `opening`, `result`): parsing and printing only.

    The whole board is shown when the turn, the phase or the seat asked changes, or on `b`;
    otherwise only the new events and the choices. With piped input the answer read is echoed
    after the prompt, so every event starts on a line of its own. `hide` asks the next player
    to press Enter before their hand is shown."""
    interactive = stdin.isatty()
    shown: tuple[int, str, int] | None = None
    show_board, show_choices, asked, last_seat = False, True, "", None
    print(HINT, file=out)
    for line in table.opening():
        print("  > " + line, file=out)
    while (now := table.asked()) is not None:
        seat, menu_ = now
        state = table.current()
        if hide and seat != last_seat:
            print("\n" * 3 + f"Seat {seat}'s turn: pass the keyboard.", file=out)
            if (
                _ask(stdin, out, interactive, f"Seat {seat}, press Enter to see your hand: ")
                is None
            ):
                return
            show_board = True
        last_seat = seat
        moment = (state.turn, state.phase.value, seat)
        prompt = prompt_line(state, state.pending[0])
        if show_board or moment != shown:
            print("\n" + render(state, seat), file=out)
            shown, show_board, show_choices = moment, False, True
        elif show_choices and prompt != asked:
            print(f"Seat {seat}: {prompt}", file=out)
        asked = prompt
        if show_choices:
            print("\n".join(menu_.lines), file=out)
        show_choices = False
        size = len(menu_.actions)
        text = _ask(stdin, out, interactive,
                    f"Seat {seat}, choose 1-{size} (b board, h help, q quit): ")  # fmt: skip
        if text is None:
            return
        command = text.lower()
        if command in ("q", "quit", "exit"):
            sure = _ask(stdin, out, interactive, "Leave the game? (y/n): ")
            if sure is None or sure.lower() in ("y", "yes"):
                return
            continue
        if command in ("b", "board"):
            show_board = True
            continue
        if command in ("t", "text") or command.startswith(("t ", "text ")):
            wanted = command.split()[1].lstrip("#") if " " in command else ""
            only = int(wanted) if wanted.isdigit() else None
            print("\n".join(card_texts(state, only) or ["No card in play has text."]), file=out)
            continue
        if command in ("h", "?", "help"):
            print(HELP, file=out)
            continue
        number = menu_number(text, size)
        if number is None:
            print(f"Please type a number from 1 to {size} (h for help).", file=out)
            continue
        try:
            events = table.move(seat, number, menu_.version)
        except (BotError, EngineError) as exc:
            print(f"Not allowed: {exc}", file=out)
            continue
        show_choices = True
        for line in event_lines(list(events)):
            print("  > " + line, file=out)
    print("\n" + render(table.current(), None), file=out)
    result = table.result()
    if result:
        print(result, file=out)


def check_writable(path: Path) -> None:
    """Refuse a --save path that cannot be written, before any move is played."""
    if path.is_dir():
        raise EngineError(f"{path} is a folder; --save needs a file name.")
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise EngineError(f"Cannot write {path}: {exc.strerror}.") from None
    if not existed:
        path.unlink(missing_ok=True)


def _with_format_hint(message: str, args: argparse.Namespace) -> str:
    """Deck-format refusals say which --format plays the named sample decks as built."""
    from engine.cards.sample import sample_deck_formats

    built_for = sample_deck_formats()
    names = [d for d in args.decks or () if d in built_for]
    if not names or args.fmt is None or ("not a legal" not in message and "Warlord" not in message):
        return message
    formats = {built_for[d].value for d in names}
    if len(formats) == 1 and args.fmt not in formats:
        return f"{message} Add --format {formats.pop()} to play these decks as built."
    return message
