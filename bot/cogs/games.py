"""Hosted games in Discord (issue 8): a thin adapter over the game service (bot.games).

Lobby (`/game new`, accept and deck buttons), moves by persistent buttons and selects
(bot.discord_games.items) or slash commands with autocomplete of the legal moves only, and
the player's commands (`/game ...`, `/vacation`). Every decision is the service's: a cog only
maps Discord users to `User`s, calls the service, and hands the committed result to
`bot.cogs.games_delivery`, which re-renders messages from the service's state. A move is
acknowledged only after the service committed it; a Discord failure never touches a game.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.cogs.games_answers import (
    MOVED_ON,
    NOT_HOSTING,
    NOT_YOURS,
    _sentence,
    read_attachment,
    say,
    user_of,
)
from bot.cogs.games_delivery import Delivery
from bot.discord_games.items import lobby_view, moves_view
from bot.discord_games.kinds import COMMANDS, Listed, commands_for, decision_kind, pick_move
from bot.discord_games.links import Links
from bot.discord_games.render import clip, lobby_text
from bot.discord_render import NO_MENTIONS
from bot.escaping import neutralise
from bot.games import GameService, TableOptions
from bot.games.deadlines import Reminder, TimedOut, VacationNotice
from bot.games.deadlines_scheduler import DeadlineScheduler, for_service
from bot.games.errors import GameError, GameMovedOnError
from bot.games.model import GameInfo, Status, TimeoutPolicy
from bot.games.notify import private_update
from engine.state import Format

if TYPE_CHECKING:
    from bot.discord_app import WarlordJudgeBot

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]
# `/game new`'s formats: Limited is chosen as its event, Draft (801.6) or Sealed (801.7).
FORMATS = [f.value for f in Format if f is not Format.LIMITED] + ["draft", "sealed"]


class GamesCog(commands.Cog):
    """Tables, moves and the deadline loop; the judges' commands are in games_judge."""

    game = app_commands.Group(name="game", description="Play-by-post games in threads")

    def __init__(self, bot: WarlordJudgeBot) -> None:
        self.bot = bot
        self._service: GameService | None = bot.games
        self._delivery: Delivery | None = None
        self._scheduler: DeadlineScheduler | None = None

    # -- wiring -------------------------------------------------------------------------------
    @property
    def service(self) -> GameService:
        if self._service is None:
            raise GameError(NOT_HOSTING)
        return self._service

    @property
    def delivery(self) -> Delivery:
        if self._delivery is None:
            links = Links(self.service.db, self.service.store.lock)
            self._delivery = Delivery(self.bot, self.service, links)
        return self._delivery

    @property
    def scheduler(self) -> DeadlineScheduler:
        if self._scheduler is None:
            self._scheduler = for_service(self.service)
        return self._scheduler

    async def cog_load(self) -> None:
        if self._service is None:
            return
        await self.bot.call(lambda: self.delivery)  # its tables, made on the service's thread
        failed = await self.bot.call(self.service.resume_all)
        for game_id, why in failed.items():
            log.error("game %s could not be resumed: %s", game_id, why)
        if self.bot.deadline_seconds > 0:
            self.deadlines.change_interval(seconds=self.bot.deadline_seconds)
            self.deadlines.start()

    async def cog_unload(self) -> None:
        self.deadlines.cancel()

    async def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await self.bot.call(fn, *args, **kwargs)

    async def game_for(self, interaction: discord.Interaction[Any], game: int | None) -> int:
        """The game named, else the thread's game, else the user's only running game."""
        if game is not None:
            return game
        if interaction.channel_id is not None:
            found = await self.call(
                self.delivery.links.get_int, f"game_of:{interaction.channel_id}"
            )
            if found is not None:
                return int(found)
        games = await self.call(self.service.games_for, str(interaction.user.id))
        running = [g for g in games if g.status is Status.RUNNING]
        waiting = [g for g in running if str(interaction.user.id) in g.waiting_users]
        for pick in (waiting, running):
            if len(pick) == 1:
                return int(pick[0].id)
        raise GameError("Name the game (its number), or use the command in its thread.")

    async def defer_game(
        self, interaction: discord.Interaction[Any], game: int | None, *,
        seat: int | None = None, edit: bool = False,
    ) -> GameInfo | None:  # fmt: skip
        """Defer within Discord's 3 seconds (privately, or `edit` to answer by editing the
        message pressed), find the game (`game_for`) and fetch it; with `seat`, refuse anyone
        but that seat's player. None once a refusal is said (privately, whoever asked)."""
        if edit:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            info: GameInfo = await self.call(
                self.service.game, await self.game_for(interaction, game)
            )
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return None
        if seat is not None and info.user_at(seat) != str(interaction.user.id):
            await say(interaction, NOT_YOURS)
            return None
        return info

    # -- lobby --------------------------------------------------------------------------------
    @game.command(name="new", description="Open a game with the players you name")
    @app_commands.describe(
        opponent="A player to invite", opponent2="Another player", opponent3="Another player",
        format="The format (draft and sealed: each seat needs its card pool, /game pool)",
        reminder_hours="Remind a waiting player after this many hours",
        timeout_hours="Apply the timeout after this many hours", timeout="What a timeout does",
        fixed_warlord="Sealed: the product gives a fixed Warlord (801.7.4.1)",
    )  # fmt: skip
    @app_commands.choices(
        format=[app_commands.Choice(name=f, value=f) for f in FORMATS],
        timeout=[app_commands.Choice(name=p.value, value=p.value) for p in TimeoutPolicy],
    )
    async def new(
        self, interaction: discord.Interaction[Any], opponent: discord.User,
        opponent2: discord.User | None = None, opponent3: discord.User | None = None,
        format: str = Format.SAGA.value, reminder_hours: float = 24.0,
        timeout_hours: float = 72.0, timeout: str = TimeoutPolicy.REMIND.value,
        fixed_warlord: bool = False,
    ) -> None:  # fmt: skip
        if interaction.guild_id is None or interaction.channel_id is None:
            await say(interaction, "Open games in a server's channel.")
            return
        others = [u for u in (opponent, opponent2, opponent3) if u is not None]
        host = user_of(interaction.user)
        options = TableOptions(
            format=Format.parse(format), seats=1 + len(others), reminder_hours=reminder_hours,
            timeout_hours=timeout_hours, timeout_policy=TimeoutPolicy(timeout),
            sealed=format == "sealed", fixed_warlord=fixed_warlord and format == "sealed",
        )  # fmt: skip

        def create() -> GameInfo:
            info = self.service.create_game(
                str(interaction.guild_id), host, options, channel=str(interaction.channel_id)
            )
            for other in others:
                info = self.service.invite(info.id, host, user_of(other))
            return info

        try:
            info = await self.call(create)
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        mentions = discord.AllowedMentions(users=[discord.Object(u.id) for u in others])
        await interaction.response.send_message(
            lobby_text(info), view=lobby_view(info.id), allowed_mentions=mentions
        )
        sent = await interaction.original_response()
        await self.call(
            self.delivery.links.set_message, f"lobby:{info.id}", sent.channel.id, sent.id
        )

    async def press_accept(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await interaction.response.defer()  # the lobby is edited once the seat is taken
        try:
            info = await self.call(self.service.join, game_id, user_of(interaction.user))
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await interaction.edit_original_response(content=lobby_text(info), view=lobby_view(game_id))

    async def submit_deck(
        self, interaction: discord.Interaction[Any], game_id: int, text: str
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = user_of(interaction.user)
        try:
            info = await self.call(self.service.game, game_id)
            if not info.seat_of(user.id):
                raise GameError(f"You have no seat in game {game_id}: accept the invitation first.")
            try:  # before the game can start; a closed DM moves the player to a thread
                await self.delivery.check_dm(info, user.id)
            except discord.HTTPException as exc:  # Discord trouble: the deck still counts
                log.warning("could not check the DMs of %s: %s", user.id, exc)
            result = await self.call(self.service.submit_deck, game_id, user, text)
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await say(
            interaction, f"Deck taken: {neutralise(result.deck_name)} ({result.cards} cards)."
        )
        await self._edit_lobby(result.game)
        if result.started is not None:
            await self.delivery.deliver(result.started)

    @game.command(name="deck", description="Submit your deck as a file (it stays private)")
    @app_commands.describe(deck_file="A deck list file (docs/cards.md)", game="Game number")
    async def deck(
        self, interaction: discord.Interaction[Any], deck_file: discord.Attachment, game: int
    ) -> None:
        text = await read_attachment(interaction, deck_file, "deck")
        if text is not None:
            await self.submit_deck(interaction, game, text)

    @game.command(name="pool", description="Give a draft or sealed seat its card pool as a file")
    @app_commands.describe(
        pool_file="The card pool: a card list (docs/cards.md)", game="Game number",
        seat="The seat (the host or a judge: any seat; default: yours)",
    )  # fmt: skip
    async def pool(
        self, interaction: discord.Interaction[Any], pool_file: discord.Attachment, game: int,
        seat: int | None = None,
    ) -> None:  # fmt: skip
        text = await read_attachment(interaction, pool_file, "card pool")
        if text is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            info = await self.call(
                self.service.submit_pool, game, user_of(interaction.user), text, seat
            )
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        given = seat if seat is not None else info.seat_of(str(interaction.user.id))[0]
        size = info.seats[given].pool_size
        await say(interaction, f"Seat {given} of game {game} has its card pool ({size} cards).")
        await self._edit_lobby(info)

    async def _edit_lobby(self, info: GameInfo) -> None:
        where = await self.call(self.delivery.links.message, f"lobby:{info.id}")
        if where is None:
            return
        view = lobby_view(info.id) if info.status is Status.OPEN else None
        try:
            channel = await self.delivery.channel(where[0])
            await channel.get_partial_message(where[1]).edit(content=lobby_text(info), view=view)
        except discord.HTTPException:
            log.info("the lobby message of game %s is gone", info.id)

    @game.command(name="dms", description="Get your private game messages by DM again")
    async def dms(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # the 3 seconds
        await self.call(self.delivery.links.delete, f"dms:{interaction.user.id}")
        await say(interaction, "Your next games send private messages by DM again.")

    # -- moves --------------------------------------------------------------------------------
    async def press_move(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int, version: int, n: int
    ) -> None:
        """A move button or select: checked, then played with the version it was shown at.
        Deferred first (privately): the answer may wait behind other work past Discord's
        3 seconds, and a refusal is private whoever pressed."""
        info = await self.defer_game(interaction, game_id, seat=seat)
        if info is None:
            return
        if info.version != version:
            await self._moved_on(interaction, game_id, seat)
            return
        await self._play(interaction, game_id, seat, version, n)

    async def _play(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int, version: int, n: int
    ) -> None:
        user = user_of(interaction.user)
        try:
            t = await self.call(self.service.submit_number, game_id, user, n, version, seat)
        except GameMovedOnError:
            await self._moved_on(interaction, game_id, seat)
            return
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await say(interaction, f"Done (game {game_id}, move {n}).")  # committed: acknowledge
        await self.delivery.deliver(t)

    async def _moved_on(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int
    ) -> None:
        game, version, pu = await self.call(self.delivery._private_parts, game_id, seat)
        moves = [m.text for m in pu.moves] if game.status is Status.RUNNING else []
        view = moves_view(game_id, seat, version, moves, 0)
        lines = [MOVED_ON] + [f"{i}. {line}" for i, line in enumerate(moves[:20], 1)]
        await say(interaction, "\n".join(lines), **({"view": view} if view else {}))
        await self.delivery.refresh_private(game_id, seat)

    async def press_page(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seat: int,
        version: int,
        page: int,
    ) -> None:
        if await self.defer_game(interaction, game_id, seat=seat, edit=True) is None:
            return  # the page is shown by editing the message
        await self.delivery.refresh_private(game_id, seat, page=page)

    def moves_of(self, game_id: int, user_id: str) -> tuple[int, int, list[Listed]]:
        """(version, seat, [(number, commands, text)]): the user's waiting seat's numbered
        moves, numbered as the service's menu (`submit_number`) numbers them, each with the
        slash commands that list it (bot.discord_games.kinds)."""
        info = self.service.game(game_id)
        seats = [s for s in info.seat_of(user_id) if s in info.waiting_on]
        if not seats:
            who = ", ".join(f"<@{u}>" for u in info.waiting_users) or "nobody"
            raise GameError(f"Game {game_id} is not waiting on you (it waits on {who}).")
        state, version = self.service.state(game_id)
        seat = seats[0]
        pu = private_update(None, state, (), seat, {})
        kind = decision_kind(state, seat)
        listed = [(n, commands_for(kind, m.action), m.text) for n, m in enumerate(pu.moves, 1)]
        return version, seat, listed

    async def complete_moves(
        self, interaction: discord.Interaction[Any], current: str, command: str | None
    ) -> Choices:
        """The legal moves of the user's waiting seat (only those `command` lists)."""
        try:
            game_id = await self.game_for(interaction, getattr(interaction.namespace, "game", None))
            version, seat, moves = await self.call(self.moves_of, game_id, str(interaction.user.id))
        except Exception:
            return []
        needle = current.casefold().strip()
        out: Choices = []
        for n, listing, line in moves:
            if command is not None and command not in listing:
                continue
            label = f"{n}. {line}"
            if needle and needle not in label.casefold():
                continue
            out.append(app_commands.Choice(name=clip(label, 100), value=f"{version}:{seat}:{n}"))
        return out[:25]

    async def slash_move(
        self, interaction: discord.Interaction[Any], move: str, game: int | None,
        command: str | None,
    ) -> None:  # fmt: skip
        """A move by slash command: a value from the autocomplete ("version:seat:n"), a move's
        number or words of its line; `command` (e.g. "attack") limits it to that kind."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            game_id = await self.game_for(interaction, game)
            version, seat, n = await self.call(
                self._pick, game_id, str(interaction.user.id), move, command
            )
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await self._play(interaction, game_id, seat, version, n)

    def _pick(
        self, game_id: int, user_id: str, move: str, command: str | None
    ) -> tuple[int, int, int]:
        """(version, seat, number) of the move meant; on the service's thread."""
        version, seat, moves = self.moves_of(game_id, user_id)
        return pick_move(version, seat, moves, move, command)

    async def _complete_all(self, i: discord.Interaction[Any], current: str) -> Choices:
        return await self.complete_moves(i, current, None)

    @app_commands.command(name="move", description="Make any legal move in your game")
    @app_commands.describe(move="The move (the list shows only legal ones)", game="Game number")
    @app_commands.autocomplete(move=_complete_all)
    async def move(
        self, interaction: discord.Interaction[Any], move: str, game: int | None = None
    ) -> None:
        await self.slash_move(interaction, move, game, None)

    @app_commands.command(name="pass", description="Pass (or decline) in your game")
    @app_commands.describe(game="Game number")
    async def pass_(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await self.slash_move(interaction, "", game, "pass")

    # -- reading and leaving ------------------------------------------------------------------
    @game.command(name="list", description="Your games and whom each waits on")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # the 3 seconds
        try:
            games = await self.call(self.service.games_for, str(interaction.user.id))
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        if not games:
            await say(interaction, "You have no open or running game.")
            return
        lines = []
        for g in games:
            waits = ", ".join(f"<@{u}>" for u in g.waiting_users) or "nobody"
            lines.append(
                f"Game {g.id} ({g.options.format.value}, {g.status.value}): waits on {waits}"
            )
        await say(interaction, "\n".join(lines))

    @game.command(name="status", description="Show (and refresh) the game's status message")
    async def status(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        info = await self.defer_game(interaction, game)
        if info is None:
            return
        game_id = info.id
        try:
            await self.delivery.refresh_status(game_id)
            for s in info.seats:
                if s.user_id == str(interaction.user.id):
                    await self.delivery.refresh_private(game_id, s.seat)
            link = await self.delivery.thread_link(info)
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await say(interaction, f"Game {game_id} ({info.status.value}): the status is in {link}.")

    @game.command(name="board", description="Post the board picture in the game's thread")
    async def board(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        info = await self.defer_game(interaction, game)
        if info is None:
            return
        try:
            if info.status is Status.OPEN:
                raise GameError(f"Game {info.id} has not started yet.")
            await self.delivery.post_board(info)
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await say(interaction, "The board is in the game's thread.")

    @game.command(name="log", description="The game's public log, a page at a time")
    @app_commands.describe(page="Page number (default: the last)")
    async def log_(
        self, interaction: discord.Interaction[Any], game: int | None = None, page: int = 0
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # the 3 seconds
        try:
            game_id = await self.game_for(interaction, game)
            lines, pages = await self.call(
                self.delivery.public_log.page, game_id, page - 1 if page else -1
            )
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        shown = page if page else pages
        await say(
            interaction,
            f"Game {game_id}, page {min(shown, pages)} of {pages}:\n" + "\n".join(lines),
        )

    @game.command(name="export", description="The game's record file (after the game, or judges)")
    async def export(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # the 3 seconds
        try:
            game_id = await self.game_for(interaction, game)
            text = await self.call(self.service.export_record, game_id, user_of(interaction.user))
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        data = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"game-{game_id}.json")
        await interaction.followup.send(f"Game {game_id}'s record.", file=data, ephemeral=True)

    @game.command(name="resign", description="Resign from a game")
    async def resign(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            game_id = await self.game_for(interaction, game)
            t = await self.call(self.service.resign, game_id, user_of(interaction.user))
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await say(interaction, f"You resigned from game {game_id}.")
        await self.delivery.deliver(t)

    @app_commands.command(
        name="vacation", description="Pause reminders and timeouts in all your games"
    )
    @app_commands.describe(away="True while you are away, False when you are back")
    async def vacation(self, interaction: discord.Interaction[Any], away: bool) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await self.call(self.scheduler.set_vacation, str(interaction.user.id), away)
        except Exception as exc:
            await say(interaction, _sentence(exc))
            return
        await say(interaction, "Enjoy your time away." if away else "Welcome back.")
        await self.run_deadlines()

    # -- deadlines ----------------------------------------------------------------------------
    @tasks.loop(seconds=60)
    async def deadlines(self) -> None:
        try:
            await self.run_deadlines()
        except Exception:
            log.exception("the deadline loop failed; trying again at the next tick")

    async def run_deadlines(self) -> None:
        """One tick of the service's scheduler, its notices and timeouts delivered. A notice
        Discord refuses for good (Forbidden, NotFound) is recorded as undeliverable and logged
        once; one it refuses for now (a 5xx, a rate limit) is offered again at the next tick."""
        result = await self.call(self.scheduler.tick)
        done = []
        for notice in result.notices:
            try:
                await self._notice(notice)
                done.append(notice)
            except (discord.Forbidden, discord.NotFound) as exc:
                log.warning("deadline notice %s refused for good: %s", notice.notice_id, exc)
                await self.call(self.scheduler.undeliverable, (notice,), str(exc))
            except discord.HTTPException as exc:
                log.warning("could not deliver a deadline notice (will retry): %s", exc)
        if done:
            await self.call(self.scheduler.delivered, tuple(done))
        for t in result.transitions:
            await self.delivery.deliver(t)

    async def _notice(self, notice: Reminder | TimedOut | VacationNotice) -> None:
        info = await self.call(self.service.game, notice.game_id)
        match notice:
            case Reminder():
                link = await self.delivery.thread_link(info)
                await self.delivery.send_private(
                    info, notice.user,
                    content=f"Reminder {notice.number}: game {info.id} ({link}) waits on you.",
                )  # fmt: skip
            case TimedOut():
                thread = await self.delivery.thread(info)
                await thread.send(
                    f"Seat {notice.seat} (<@{notice.user}>) ran out of time "
                    f"({notice.hours:g} hours): {notice.policy.value}.",
                    allowed_mentions=NO_MENTIONS,
                )
            case VacationNotice():
                thread = await self.delivery.thread(info)
                state = "is away: reminders and timeouts are paused" if notice.away else "is back"
                await thread.send(f"<@{notice.user}> {state}.", allowed_mentions=NO_MENTIONS)


def _kind_command(name: str, description: str) -> app_commands.Command[Any, Any, None]:
    async def complete(interaction: discord.Interaction[Any], current: str) -> Choices:
        cog: Any = interaction.client.get_cog("GamesCog")
        choices: Choices = await cog.complete_moves(interaction, current, name)
        return choices

    @app_commands.command(name=name, description=description)
    @app_commands.describe(move="The move (the list shows only legal ones)", game="Game number")
    @app_commands.autocomplete(move=complete)
    async def command(
        interaction: discord.Interaction[Any], move: str, game: int | None = None
    ) -> None:
        cog: Any = interaction.client.get_cog("GamesCog")
        await cog.slash_move(interaction, move, game, name)

    return command


def kind_commands() -> list[app_commands.Command[Any, Any, None]]:
    """`/play`, `/attack`, ... (`/pass` and `/move` are the cog's own)."""
    return [_kind_command(name, text) for name, text in COMMANDS.items()]
