"""Judges' tools for hosted games: `/judge log|rollback|adjust|rule|ruling|role`.

The service checks who judges (a role set by a server moderator with `/judge role`); this
cog maps Discord to its calls and has the results delivered like any move.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.games import Choices, GamesCog
from bot.cogs.games_answers import _sentence, say, user_of
from bot.discord_games.render import chunks, clip
from bot.discord_render import NO_MENTIONS
from bot.game_text import describe, event_lines
from bot.games.errors import GameError
from bot.games.model import GameTransition
from bot.render_text import render_reply
from engine.game import legal_actions

if TYPE_CHECKING:
    from bot.discord_app import WarlordJudgeBot

log = logging.getLogger(__name__)
PER_PAGE = 15
ADJUSTING = frozenset({"Adjust", "DoneResolving"})


class GameJudgeCog(commands.Cog):
    judge = app_commands.Group(name="judge", description="Judge tools for hosted games")

    def __init__(self, bot: WarlordJudgeBot) -> None:
        self.bot = bot

    @property
    def games(self) -> GamesCog:
        return cast(GamesCog, self.bot.get_cog("GamesCog"))

    async def _delivered(self, interaction: discord.Interaction[Any], t: GameTransition) -> None:
        await say(interaction, f"Done: game {t.game.id} is at version {t.version}.")
        await self.games.delivery.deliver(t)

    @judge.command(name="role", description="Set the judge role of this server (moderators)")
    @app_commands.default_permissions(manage_guild=True)
    async def role(self, interaction: discord.Interaction[Any], role: discord.Role) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # the 3 seconds
        perms = getattr(interaction, "permissions", None)
        if interaction.guild_id is None or perms is None or not perms.manage_guild:
            await say(
                interaction, "Only a server moderator (Manage Server) may set the judge role."
            )
            return
        service = self.games.service
        await self.games.call(service.set_judges, str(interaction.guild_id), (), (str(role.id),))
        await say(interaction, f"Judges of this server: members with the role {role.mention}.")

    @judge.command(name="log", description="The full log of a game, rolls included (judges)")
    @app_commands.describe(game="Game number", page="Page (default: the last)")
    async def log_(
        self, interaction: discord.Interaction[Any], game: int | None = None, page: int = 0
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            game_id = await self.games.game_for(interaction, game)
            lines = await self.games.call(self._log_lines, game_id, user_of(interaction.user))
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        pages = max(1, (len(lines) + PER_PAGE - 1) // PER_PAGE)
        shown = min(page or pages, pages)
        part = lines[(shown - 1) * PER_PAGE : shown * PER_PAGE]
        await say(interaction, f"Game {game_id}, log page {shown} of {pages}:\n" + "\n".join(part))

    def _log_lines(self, game_id: int, judge: Any) -> list[str]:
        out = []
        for line in self.games.service.judge_log(game_id, judge):
            e = line.entry
            mark = "" if line.applied else " (rolled back)"
            who = f"seat {e.seat}" if e.seat is not None else e.user_id
            text = "; ".join(event_lines(line.events)) if line.events else e.data_json()
            out.append(clip(f"{e.n}. {e.kind.value} by {who}{mark}: {text}", 300))
        return out

    @judge.command(name="rollback", description="Take a game back to just after action N (judges)")
    @app_commands.describe(to_action="The last action kept (0: the start)", reason="Why")
    async def rollback(
        self, interaction: discord.Interaction[Any], to_action: int, reason: str,
        game: int | None = None,
    ) -> None:  # fmt: skip
        info = await self.games.defer_game(interaction, game)
        if info is None:
            return
        try:
            t = await self.games.call(
                self.games.service.rollback, info.id, user_of(interaction.user), to_action,
                reason, info.version,
            )  # fmt: skip
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await self._delivered(interaction, t)
        for seat in info.seats:
            await self.games.delivery.refresh_private(info.id, seat.seat)

    def _judged_state(self, game_id: int, judge: Any) -> tuple[Any, int] | None:
        """The game's state for a judge of its server (None for anyone else: adjustments name
        cards in hands)."""
        service = self.games.service
        if not service.is_judge(service.game(game_id).guild, judge):
            return None
        return service.state(game_id)  # type: ignore[no-any-return]

    async def _adjustments(self, interaction: discord.Interaction[Any], current: str) -> Choices:
        try:
            game_id = await self.games.game_for(
                interaction, getattr(interaction.namespace, "game", None)
            )
            judged = await self.games.call(self._judged_state, game_id, user_of(interaction.user))
        except Exception:
            return []
        if judged is None:
            return []
        state, version = judged
        out: Choices = []
        for seat in state.waiting_on():
            for i, action in enumerate(legal_actions(state, seat)):
                if type(action).__name__ not in ADJUSTING:
                    continue
                label = f"seat {seat}: {describe(state, action)}"
                if current.casefold() in label.casefold():
                    out.append(
                        app_commands.Choice(name=clip(label, 100), value=f"{version}:{seat}:{i}")
                    )
        return out[:25]

    @judge.command(name="adjust", description="Make a manual adjustment for a seat (judges)")
    @app_commands.describe(adjustment="The adjustment (legal ones only)", game="Game number")
    @app_commands.autocomplete(adjustment=_adjustments)
    async def adjust(
        self, interaction: discord.Interaction[Any], adjustment: str, game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = self.games.service
        try:
            game_id = await self.games.game_for(interaction, game)
            parts = adjustment.split(":")
            if len(parts) != 3 or not all(p.isdigit() for p in parts):
                raise GameError("Choose an adjustment the list offers.")
            version, seat, index = (int(p) for p in parts)
            state, _ = await self.games.call(service.state, game_id)
            actions = legal_actions(state, seat) if seat in state.waiting_on() else []
            if not 0 <= index < len(actions):
                raise GameError("That adjustment is no longer offered: the game has moved on.")
            t = await self.games.call(
                service.adjust, game_id, user_of(interaction.user), actions[index], version
            )
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await self._delivered(interaction, t)

    @judge.command(name="rule", description="Cite a rule into the game's thread and record it")
    @app_commands.describe(rule="A rule number, e.g. 509.5", text="The ruling, in a sentence")
    async def rule(
        self, interaction: discord.Interaction[Any], rule: str, text: str,
        game: int | None = None,
    ) -> None:  # fmt: skip
        info = await self.games.defer_game(interaction, game)
        if info is None:
            return
        try:
            await self.games.call(
                self.games.service.rule, info.id, user_of(interaction.user), rule, text
            )
            cited = await self.bot.call(self.bot.judge.rule, rule, None, interaction.guild_id)
            thread = await self.games.delivery.thread(info)
            body = f"**Ruling** by {interaction.user.mention}: {text}\n{render_reply(cited)}"
            for part in chunks(body.splitlines()):
                await thread.send(part, allowed_mentions=NO_MENTIONS)
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await say(interaction, "The ruling is recorded and cited in the game's thread.")

    @judge.command(name="ruling", description="The rulings recorded in a game")
    async def ruling(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # the 3 seconds
        try:
            game_id = await self.games.game_for(interaction, game)
            rulings = await self.games.call(self.games.service.rulings, game_id)
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        lines = [f"{r.id}. (version {r.version}, {r.rule}) {r.text}" for r in rulings]
        await say(interaction, "\n".join(lines) or f"No ruling recorded in game {game_id}.")
