"""Answers of the game commands (bot.cogs.games, bot.cogs.games_judge): private replies,
and errors turned into one plain sentence (a refused deck lists its problems)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord_games.render import MAX_MESSAGE, chunks, clip
from bot.discord_render import NO_MENTIONS
from bot.errors import BotError
from bot.escaping import neutralise
from bot.games import User
from bot.games.errors import SHOWN_PROBLEMS, DeckRejectedError

log = logging.getLogger(__name__)

NOT_HOSTING = "Hosted games are not set up on this bot."
UNEXPECTED = "Something went wrong; the game is unharmed. Please try again."
FORBIDDEN = (
    "Discord refused: I lack a permission here (threads, messages or files); the game is "
    "unharmed. A moderator can check my permissions (docs/bot.md lists them)."
)
MOVED_ON = "The game has moved on: here is a fresh menu."
NOT_YOURS = "These moves are not yours."
MAX_DECK_FILE = 20_000  # bytes of a deck or card pool file


def user_of(who: discord.abc.User | discord.Member) -> User:
    roles = frozenset(str(r.id) for r in getattr(who, "roles", ()) or ())
    return User(str(who.id), who.display_name, roles)


def _sentence(exc: BaseException) -> str:
    if isinstance(exc, DeckRejectedError) and exc.problems:
        shown = exc.listing()  # the service's page of problems: each cut short, then a count
        more = len(exc.problems) > SHOWN_PROBLEMS  # then the last line is "and N more."
        tail = [f"({shown[-1]})"] if more else []
        items = shown[:-1] if more else shown
        room = max(40, (MAX_MESSAGE - len(str(exc)) - len("".join(tail))) // len(items) - 4)
        lines = [f"- {clip(neutralise(p), room)}" for p in items]  # all fits one message
        return "\n".join([str(exc), *lines, *tail])
    if isinstance(exc, BotError):
        return str(exc)
    if isinstance(exc, discord.Forbidden):
        log.warning("Discord refused a game command: %s", exc)
        return FORBIDDEN
    log.error("unexpected error in a game command", exc_info=exc)
    return UNEXPECTED


async def say(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """A private answer, whether or not the interaction was answered already."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    text = chunks([text])[0]
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


async def read_attachment(
    interaction: discord.Interaction[Any], file: discord.Attachment, what: str
) -> str | None:
    """The text of an attached deck or pool file, or None once a refusal is said."""
    if file.size > MAX_DECK_FILE:
        await say(interaction, f"A {what} file has at most {MAX_DECK_FILE} bytes.")
        return None
    try:
        return (await file.read()).decode("utf-8")
    except (discord.HTTPException, UnicodeDecodeError):
        await say(interaction, "That file could not be read as text (UTF-8).")
        return None
