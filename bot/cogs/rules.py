"""Rules lookup in Discord: /rule, /define, /search with autocomplete, and inline [[references]]."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_render import send_to_channel

if TYPE_CHECKING:
    from bot.discord_app import WarlordJudgeBot

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]


class RulesCog(commands.Cog):
    """Looks rules up for anyone; every answer comes from bot.commands.Judge."""

    def __init__(self, bot: WarlordJudgeBot) -> None:
        self.bot = bot

    async def _choices(self, fn: Any, current: str) -> Choices:
        pairs = await self.bot.call(fn, current)
        return [app_commands.Choice(name=name, value=value) for name, value in pairs]

    @app_commands.command(
        name="rule", description="Look up a rule by number, range or list, or ask"
    )
    @app_commands.describe(
        query="A rule number (104.2), a range (104.2-104.4), a list (602.5, 603.9) or a question",
        document="Which rules document (default: this server's)",
    )
    async def rule(
        self, interaction: discord.Interaction[Any], query: str, document: str | None = None
    ) -> None:
        await self.bot.respond(interaction, lambda gid: self.bot.judge.rule(query, document, gid))

    @rule.autocomplete("query")
    async def rule_query_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> Choices:
        return await self._choices(self.bot.judge.complete_rule, current)

    @rule.autocomplete("document")
    async def rule_document_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> Choices:
        return await self._choices(self.bot.judge.complete_document, current)

    @app_commands.command(
        name="define", description="Define a glossary term, keyword, feat or trait"
    )
    @app_commands.describe(term="The term, e.g. planar", document="Which rules document")
    async def define(
        self, interaction: discord.Interaction[Any], term: str, document: str | None = None
    ) -> None:
        await self.bot.respond(interaction, lambda gid: self.bot.judge.define(term, document, gid))

    @define.autocomplete("term")
    async def define_term_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> Choices:
        return await self._choices(self.bot.judge.complete_term, current)

    @define.autocomplete("document")
    async def define_document_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> Choices:
        return await self._choices(self.bot.judge.complete_document, current)

    @app_commands.command(name="search", description="Search the rules text; ranked, with pages")
    @app_commands.describe(words="Words to look for", document="Which rules document")
    async def search(
        self, interaction: discord.Interaction[Any], words: str, document: str | None = None
    ) -> None:
        await self.bot.respond(
            interaction, lambda gid: self.bot.judge.search(words, document, 0, gid)
        )

    @search.autocomplete("document")
    async def search_document_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> Choices:
        return await self._choices(self.bot.judge.complete_document, current)

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
