"""/settings: per-server choices a moderator (Manage Server) can change."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.rules import document_choices

if TYPE_CHECKING:
    from bot.discord_app import WarlordJudgeBot


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    return bool(interaction.permissions.manage_guild)


class SettingsCog(commands.Cog):
    """Show and change this server's settings; stored by bot.store."""

    settings = app_commands.Group(
        name="settings",
        description="This server's settings for the rules judge",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: WarlordJudgeBot) -> None:
        self.bot = bot

    @settings.command(name="show", description="Show this server's settings")
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.respond(interaction, self.bot.judge.show_settings)

    @settings.command(name="document", description="The rules document answers quote by default")
    @app_commands.describe(name="A document name, or 'default' for the index's default")
    @app_commands.autocomplete(name=document_choices)
    async def document(self, interaction: discord.Interaction[Any], name: str) -> None:
        await self._change(interaction, document=name)

    @settings.command(name="visibility", description="Whether answers are public or ephemeral")
    @app_commands.describe(mode="public: everyone sees answers; ephemeral: only the asker")
    async def visibility(
        self, interaction: discord.Interaction[Any], mode: Literal["public", "ephemeral"]
    ) -> None:
        await self._change(interaction, visibility=mode)

    @settings.command(name="inline", description="Whether [[references]] in messages are answered")
    @app_commands.describe(enabled="True to answer [[509.5]] in ordinary messages")
    async def inline(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        await self._change(interaction, inline="on" if enabled else "off")

    async def _change(self, interaction: discord.Interaction[Any], **change: str) -> None:
        allowed = can_manage(interaction)
        await self.bot.respond(
            interaction,
            lambda gid: self.bot.judge.change_settings(gid, can_manage=allowed, **change),
        )
