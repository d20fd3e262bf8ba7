"""Message text for hosted games, within Discord's limits (2,000 characters a message, 25
components a message, 25 options a select, 100-character labels and option names).

Pure functions over the game service's values; public text is built only from public values
(the engine's public render, the planner's public lines), never from a hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.escaping import neutralise
from bot.games.model import GameInfo, Status
from engine.state import Format

MAX_MESSAGE = 2000
MAX_LABEL = 80  # a button's label
MAX_OPTION = 100  # a select option's label
PER_PAGE = 20  # moves per select page (25 is Discord's limit; room for paging)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def chunks(lines: Iterable[str], limit: int = MAX_MESSAGE) -> list[str]:
    """Lines packed into as few messages as fit; an overlong line is cut into pieces."""
    out: list[str] = []
    current = ""
    for raw in lines:
        line = raw
        while len(line) > limit:
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            out.append(current)
            current = line
        else:
            current = candidate
    if current:
        out.append(current)
    return out


def game_title(game: GameInfo) -> str:
    """A thread's name: the players and the format (Discord allows 100 characters)."""
    names = " vs ".join(s.name or f"seat {s.seat}" for s in game.seats)
    return clip(f"Game {game.id}: {names} ({game.options.format.value})", 100)


def lobby_text(game: GameInfo) -> str:
    options = game.options
    limited = options.format is Format.LIMITED
    kind = ("sealed" if options.sealed else "draft") if limited else options.format.value
    kind += ", fixed Warlord" if options.fixed_warlord else ""
    lines = [f"**Game {game.id}** ({kind}, {options.seats} seats)"]
    for s in game.seats:
        if s.user_id is not None:
            who = f"<@{s.user_id}>"
        elif s.invited is not None:
            who = f"<@{s.invited}> (invited)"
        else:
            who = "open"
        deck = "deck in" if s.has_deck else "no deck yet"
        if limited:
            deck += f", pool of {s.pool_size} cards" if s.pool_size else ", no pool yet"
        lines.append(f"Seat {s.seat}: {who}, {deck}")
    if game.status is Status.OPEN and limited:
        lines.append(
            "Accept to take your seat; once your seat has its card pool (/game pool), submit "
            "your deck (it stays private)."
        )
    elif game.status is Status.OPEN:
        lines.append("Accept to take your seat, then submit your deck (it stays private).")
    else:
        lines.append(f"The game is {game.status.value}.")
    return clip("\n".join(lines), MAX_MESSAGE)


def status_text(game: GameInfo, board: str, waiting: Sequence[str]) -> str:
    """The status message: the public board and whom the game waits on (edited in place)."""
    head = f"**{neutralise(game_title(game))}** (version {game.version})"
    if game.status is Status.RUNNING:
        tail = "\n".join(waiting) or "Waiting on: nobody you can see."
    else:
        tail = f"The game is over: {game.result or game.status.value}."
    body = f"```\n{board}\n```" if board else ""
    text = f"{head}\n{body}\n{tail}"
    if len(text) > MAX_MESSAGE:
        room = MAX_MESSAGE - len(head) - len(tail) - 12
        text = f"{head}\n```\n{clip(board, max(room, 0))}\n```\n{tail}"
    return text


def private_text(
    game: GameInfo, seat: int, hand: Sequence[str], prompt: str | None, lines: Sequence[str],
    menu: Sequence[str], thread_link: str,
) -> str:  # fmt: skip
    """A player's private message: the game, their hand, what they alone saw, their moves
    (`menu`: the service's numbered menu as displayed; cut to fit, the select pages it all)."""
    out = [f"**Game {game.id}**, seat {seat} ({thread_link})"]
    out.append("Hand: " + (neutralise(", ".join(hand)) if hand else "empty"))
    out += [neutralise(x) for x in lines]
    if prompt:
        out.append(f"**{neutralise(prompt)}**")
        out += [f"`{x}`" for x in menu]
    else:
        out.append("Nothing to do for you right now.")
    text = "\n".join(out)
    if len(text) > MAX_MESSAGE:
        tail = "\n… (every move is in the menu below)"
        text = text[: MAX_MESSAGE - len(tail)].rsplit("\n", 1)[0] + tail
    return text


def card_text_messages(lines: Sequence[str]) -> list[str]:
    """The text of the cards in play (`bot.game_text.card_texts`, public: cards in play are
    face up) as thread messages, after the board picture."""
    if not lines:
        return []
    return chunks(["**Cards in play**", *(neutralise(x) for x in lines)])


def pages(count: int) -> int:
    return max(1, (count + PER_PAGE - 1) // PER_PAGE)
