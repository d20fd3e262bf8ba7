"""The Discord bot: a `commands.Bot` given its services, loading its cogs in `setup_hook`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, TypeVar

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import Judge
from bot.discord_render import NO_MENTIONS, Deferral, JudgeButton, send_reply
from bot.errors import reply_for_error
from bot.replies import Reply
from bot.store import GuildSettings

if TYPE_CHECKING:
    from bot.games import GameService
    from bot.games.notify_pacing import ReactPacing

log = logging.getLogger(__name__)

T = TypeVar("T")
DEFER_AFTER = 1.5  # seconds; Discord wants a response within 3


def intents(*, inline_refs: bool = True) -> discord.Intents:
    """Default intents, plus message content (privileged) when inline [[references]] are on."""
    chosen = discord.Intents.default()
    chosen.message_content = inline_refs
    return chosen


# What `bot.start` raises when Discord cannot be reached at all (aiohttp's connection errors are
# OSErrors or ClientConnectionErrors; timeouts are OSErrors too).
UNREACHABLE = (OSError, aiohttp.ClientConnectionError, discord.GatewayNotFound)


def quiet_voice_warnings() -> None:
    """The bot has no voice features: discord.py's "PyNaCl/davey is not installed" is noise."""
    discord.VoiceClient.warn_nacl = False
    if hasattr(discord.VoiceClient, "warn_dave"):
        discord.VoiceClient.warn_dave = False


class WarlordJudgeBot(commands.Bot):
    """The bot. `judge` answers; `executor` (one thread) runs it off the event loop.

    `judge` may be None only to describe the command tree without answering anything.
    `games` hosts play-by-post games (bot.cogs.games); without it the game commands say so.
    `deadline_seconds` is the period of the deadline loop (0: no loop, e.g. in tests);
    `react_pacing` the pause range of public game messages (bot.games.notify_pacing).
    """

    def __init__(
        self,
        judge: Judge | None,
        *,
        executor: Executor | None = None,
        guild_id: int | None = None,
        sync_commands: bool = True,
        inline_refs: bool = True,
        games: GameService | None = None,
        deadline_seconds: float = 60.0,
        react_pacing: ReactPacing | None = None,
    ) -> None:
        quiet_voice_warnings()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(inline_refs=inline_refs),
            allowed_mentions=NO_MENTIONS,
            help_command=None,
        )
        self._judge = judge
        self.executor = executor
        self.guild_id = guild_id
        self.sync_commands = sync_commands
        self.inline_refs = inline_refs
        self.games = games
        self.deadline_seconds = deadline_seconds
        self.react_pacing = react_pacing

    @property
    def judge(self) -> Judge:
        if self._judge is None:
            raise RuntimeError("this bot was built only to describe its commands")
        return self._judge

    async def setup_hook(self) -> None:
        from bot.cogs.cards import CardsCog
        from bot.cogs.games import GamesCog, kind_commands
        from bot.cogs.games_judge import GameJudgeCog
        from bot.cogs.rules import RulesCog
        from bot.cogs.settings import SettingsCog
        from bot.discord_games.items import ALL_ITEMS

        await self.add_cog(RulesCog(self))
        await self.add_cog(CardsCog(self))
        await self.add_cog(SettingsCog(self))
        await self.add_cog(GamesCog(self))
        await self.add_cog(GameJudgeCog(self))
        for command in kind_commands():
            self.tree.add_command(command)
        self.add_dynamic_items(JudgeButton, *ALL_ITEMS)
        if self.sync_commands:
            await self.sync_application_commands()

    async def sync_application_commands(self) -> None:
        """Sync to the test guild when one is given (instant), globally otherwise (slow)."""
        if self.guild_id is not None:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (may take a while to appear)", len(synced))

    async def on_ready(self) -> None:
        log.info("logged in as %s; serving %d servers", self.user, len(self.guilds))

    async def on_command_error(self, context: Any, exception: Exception, /) -> None:
        """The bot has no prefix commands; ignore mentions that look like them."""
        if not isinstance(exception, commands.CommandNotFound):
            log.error("prefix command failed", exc_info=exception)

    # -- running the judge ---------------------------------------------------------------------

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run judge work on its thread (SQLite objects stay on the thread that made them)."""
        if self.executor is None:
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, lambda: fn(*args, **kwargs))

    async def respond(
        self,
        interaction: discord.Interaction[Any],
        work: Callable[[int | None], Reply],
        *,
        edits: bool = False,
    ) -> None:
        """Compute a reply and send it, deferring first when it takes more than 1.5 seconds."""
        guild_id = interaction.guild_id
        started = time.perf_counter()
        deferred: Deferral = None
        # The server's visibility is read first (the judge thread takes work in order), so the
        # deferral can match it without waiting behind a slow answer.
        settings = asyncio.ensure_future(self.call(self.judge.settings, guild_id))
        task = asyncio.ensure_future(self.call(work, guild_id))
        try:
            done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
            if not done and not interaction.response.is_done():
                if edits:
                    await interaction.response.defer()
                    deferred = "update"
                else:
                    ephemeral = _ephemeral_setting(settings)
                    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
                    deferred = "ephemeral" if ephemeral else "public"
            reply = await task
        except Exception as exc:
            reply = reply_for_error(exc)
        finally:
            settings.cancel()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await settings
        computed = time.perf_counter()
        try:
            await send_reply(interaction, reply, deferred=deferred)
        except discord.HTTPException:
            log.exception("could not send a reply to interaction %s", interaction.id)
        log.debug(
            "interaction %s in guild %s: answered in %.0f ms, sent in %.0f ms",
            interaction.id,
            guild_id,
            (computed - started) * 1000,
            (time.perf_counter() - computed) * 1000,
        )

    async def answer_press(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """A JudgeButton was pressed."""
        is_page = custom_id.startswith("wj:s:")
        await self.respond(interaction, lambda gid: self.judge.press(custom_id, gid), edits=is_page)


def _ephemeral_setting(settings: asyncio.Future[GuildSettings]) -> bool:
    """The server's choice when already read; public otherwise (a private answer still goes
    privately: bot.discord_render replaces a public placeholder)."""
    if settings.done() and not settings.cancelled() and settings.exception() is None:
        return settings.result().ephemeral
    return False


def command_tree_json() -> list[dict[str, Any]]:
    """The application commands that would be synced, as Discord receives them (no connection)."""

    async def build() -> list[dict[str, Any]]:
        bot = WarlordJudgeBot(None, sync_commands=False)
        await bot.setup_hook()
        tree: app_commands.CommandTree[Any] = bot.tree
        return [command.to_dict(tree) for command in tree.get_commands()]

    return asyncio.run(build())


async def serve(bot: WarlordJudgeBot, token: str) -> int:
    """Run the bot until it stops or SIGINT/SIGTERM arrives; close cleanly. The exit code."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    async with bot:
        runner = asyncio.create_task(bot.start(token))
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("signal received: shutting down")
            await bot.close()
        else:
            stopper.cancel()
        try:
            await runner
        except discord.LoginFailure:
            log.error("Discord refused the token; check DISCORD_TOKEN or the config file.")
            return 1
        except discord.PrivilegedIntentsRequired:
            log.error(
                "The message content intent is not enabled for this application: enable it in "
                "the Developer Portal (Bot page), or run with --no-inline."
            )
            return 1
        except UNREACHABLE as exc:
            log.error("Could not reach Discord (%s): check the network.", _reason(exc))
            return 1
        except discord.HTTPException as exc:
            if exc.status >= 500:
                log.error("Could not reach Discord (%s): check the network.", _reason(exc))
            else:
                log.error(
                    "Discord refused a request (%s); with --guild, check the bot was invited "
                    "to that server with the applications.commands scope.",
                    _reason(exc),
                )
            return 1
    log.info("stopped")
    return 0


def _reason(exc: BaseException) -> str:
    """A short reason for a connection failure, on one line."""
    if isinstance(exc, discord.HTTPException):
        text = f"HTTP {exc.status} {exc.response.reason or ''}".rstrip()
        return f"{text}: {exc.text}" if exc.text else text
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:200]
