"""Card lookup in Discord: /card with autocomplete of card names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.rules import Choices, _choices
from bot.commands import Judge

if TYPE_CHECKING:
    from bot.discord_app import WarlordJudgeBot


async def card_choices(interaction: discord.Interaction[Any], current: str) -> Choices:
    return await _choices(interaction, Judge.complete_card, current)


class CardsCog(commands.Cog):
    """Shows cards to anyone; every answer comes from bot.commands.Judge. `[[card name]]` in
    messages is answered by the rules cog's inline references."""

    def __init__(self, bot: WarlordJudgeBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="card", description="Show a card: stats, text, errata, engine status, its rules"
    )
    @app_commands.describe(name="The card's name (typos are forgiven)")
    @app_commands.autocomplete(name=card_choices)
    async def card(self, interaction: discord.Interaction[Any], name: str) -> None:
        await self.bot.respond(interaction, lambda gid: self.bot.judge.card(name, gid))
