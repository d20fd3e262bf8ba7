"""Rules lookup in Discord: /rule, /define, /search with autocomplete, and inline [[references]]."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import Judge
from bot.discord_render import send_to_channel

if TYPE_CHECKING:
    from bot.discord_app import WarlordJudgeBot

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]
AUTOCOMPLETE_WAIT = 2.0  # seconds; Discord drops an autocomplete answered after 3


async def _choices(
    interaction: discord.Interaction[Any],
    complete: Callable[[Judge, str], list[tuple[str, str]]],
    current: str,
) -> Choices:
    """Autocomplete choices from the judge; none (never an error) when anything fails."""
    bot = cast("WarlordJudgeBot", interaction.client)
    try:
        pairs = await asyncio.wait_for(bot.call(complete, bot.judge, current), AUTOCOMPLETE_WAIT)
    except TimeoutError:
        log.debug("autocomplete for %r gave up: the judge is busy", current)
        return []
    except Exception:
        log.exception("autocomplete failed for %r", current)
        return []
    return [app_commands.Choice(name=name, value=value) for name, value in pairs]


async def rule_choices(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _choices(interaction, Judge.complete_rule, current)


async def term_choices(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _choices(interaction, Judge.complete_term, current)


async def document_choices(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _choices(interaction, Judge.complete_document, current)


class RulesCog(commands.Cog):
    """Looks rules up for anyone; every answer comes from bot.commands.Judge."""

    def __init__(self, bot: WarlordJudgeBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="rule", description="Look up a rule by number, range or list, or ask"
    )
    @app_commands.describe(
        query="A rule number (104.2), a range (104.2-104.4), a list (602.5, 603.9) or a question",
        document="Which rules document (default: this server's)",
    )
    @app_commands.autocomplete(query=rule_choices, document=document_choices)
    async def rule(
        self, interaction: discord.Interaction[Any], query: str, document: str | None = None
    ) -> None:
        await self.bot.respond(interaction, lambda gid: self.bot.judge.rule(query, document, gid))

    @app_commands.command(
        name="define", description="Define a glossary term, keyword, feat or trait"
    )
    @app_commands.describe(term="The term, e.g. planar", document="Which rules document")
    @app_commands.autocomplete(term=term_choices, document=document_choices)
    async def define(
        self, interaction: discord.Interaction[Any], term: str, document: str | None = None
    ) -> None:
        await self.bot.respond(interaction, lambda gid: self.bot.judge.define(term, document, gid))

    @app_commands.command(name="search", description="Search the rules text; ranked, with pages")
    @app_commands.describe(words="Words to look for", document="Which rules document")
    @app_commands.autocomplete(document=document_choices)
    async def search(
        self, interaction: discord.Interaction[Any], words: str, document: str | None = None
    ) -> None:
        await self.bot.respond(
            interaction, lambda gid: self.bot.judge.search(words, document, 0, gid)
        )

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Expand [[509.5]], [[planar]] in ordinary messages, in one reply."""
        if message.author.bot or "[[" not in (message.content or ""):
            return
        guild_id = message.guild.id if message.guild else None
        reply = await self.bot.call(self.bot.judge.inline, message.content, guild_id)
        if reply is None:
            return
        try:
            await send_to_channel(message, reply)
        except discord.HTTPException:
            log.warning("could not answer inline references in channel %s", message.channel.id)
