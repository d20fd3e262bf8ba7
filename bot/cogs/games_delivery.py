"""Delivering a hosted game to Discord: the thread, the status message, private messages.

Everything sent is re-rendered from the game service (bot.games): a message deleted by a
moderator is sent again, a refused DM moves the player to a private thread, and a failed
send never touches the game. Edits are coalesced per message: while one edit of a message
is in flight, later requests only mark it dirty, and one more edit sends the latest state.
"""

from __future__ import annotations

import asyncio
import io
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, assert_never

import discord

from bot.discord_games.board import board_png
from bot.discord_games.items import moves_view
from bot.discord_games.links import Links, PublicLogStore
from bot.discord_games.render import (
    card_text_messages,
    chunks,
    game_title,
    private_text,
    status_text,
)
from bot.discord_render import NO_MENTIONS
from bot.escaping import neutralise
from bot.game_text import card_texts, render
from bot.games import GameService
from bot.games.model import GameInfo, GameTransition, Status
from bot.games.notify import (
    GameOver,
    Message,
    Ping,
    PrivateUpdate,
    PublicLog,
    WaitingOn,
    plan_transition,
    private_update,
    waiting_lines,
)
from bot.games.notify_pacing import MessageQueue, ReactPacing, release
from engine.view import view

if TYPE_CHECKING:
    from bot.discord_app import WarlordJudgeBot

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)
NO_THREAD = (
    "I cannot open game {game}'s thread in this channel: I need the permissions Create Public "
    "Threads and Send Messages in Threads here. The game is safe and goes on: play with `/move` "
    "(and `/game status`); once a moderator grants them, the thread follows at the next move."
)
SWITCH_BACK = (
    "Discord refused my direct message (your DMs are closed for this server), so your private "
    "messages for this game come to this private thread, which only you and I can see. To get "
    "them by DM again, allow direct messages from server members and run `/game dms`."
)


class Coalescer:
    """One edit in flight per key; requests during it collapse into one more edit."""

    def __init__(self) -> None:
        self._running: dict[str, asyncio.Task[None]] = {}
        self._dirty: set[str] = set()

    async def run(self, key: str, work: Callable[[], Awaitable[None]]) -> None:
        if key in self._running:
            self._dirty.add(key)
            return
        task = asyncio.ensure_future(self._loop(key, work))
        self._running[key] = task
        await asyncio.shield(task)

    async def _loop(self, key: str, work: Callable[[], Awaitable[None]]) -> None:
        try:
            while True:
                self._dirty.discard(key)
                try:
                    await work()
                except Exception:
                    log.exception("could not update %s", key)
                if key not in self._dirty:
                    return
        finally:
            self._running.pop(key, None)


class Delivery:
    """Sends and edits a game's messages; the service's state is the truth."""

    def __init__(self, bot: WarlordJudgeBot, service: GameService, links: Links) -> None:
        self.bot = bot
        self.service = service
        self.links = links
        self.public_log = PublicLogStore(links.db, links._lock)
        self.edits = Coalescer()
        # React pacing (bot.games.notify_pacing): per game, messages held while a hidden react
        # window is open, and each transition's public messages after a random pause.
        self.pacing: ReactPacing = getattr(bot, "react_pacing", None) or ReactPacing()
        self.rng = random.Random()
        self.queues: dict[int, MessageQueue] = {}
        self.notes: dict[int, list[str]] = {}
        self._later: set[asyncio.Task[None]] = set()
        self.board_due: set[int] = set()  # games whose next public batch posts the board

    async def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await self.bot.call(fn, *args, **kwargs)

    # -- channels -----------------------------------------------------------------------------
    async def channel(self, channel_id: int) -> Any:
        found = self.bot.get_channel(channel_id)
        if found is None:
            found = await self.bot.fetch_channel(channel_id)
        return found

    async def thread(self, game: GameInfo) -> Any:
        """The game's thread, created in the game's channel the first time."""
        thread_id = await self.call(self.links.get_int, f"thread:{game.id}")
        if thread_id is not None:
            try:
                thread = await self.channel(thread_id)
                reopen = game.status is Status.RUNNING and not getattr(thread, "locked", False)
                if isinstance(thread, discord.Thread) and thread.archived and reopen:
                    await thread.edit(archived=False)
                return thread
            except (discord.NotFound, discord.Forbidden):
                log.warning("the thread of game %s is gone; making a new one", game.id)
        parent = await self.channel(int(game.channel))
        thread = await parent.create_thread(
            name=game_title(game), type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
        )  # fmt: skip
        await self.call(self.links.set, f"thread:{game.id}", str(thread.id))
        await self.call(self.links.set, f"game_of:{thread.id}", str(game.id))
        await self.call(self.links.delete, f"nothread:{game.id}")
        return thread

    async def public_thread(self, game: GameInfo) -> Any | None:
        """The game's thread, or None when Discord refuses it (a missing permission): the
        game's channel is told once, and the game goes on (slash commands need no thread)."""
        try:
            return await self.thread(game)
        except discord.Forbidden as exc:
            log.warning("no thread for game %s: %s", game.id, exc)
        if await self.call(self.links.get, f"nothread:{game.id}"):
            return None
        await self.call(self.links.set, f"nothread:{game.id}", "1")
        try:
            parent = await self.channel(int(game.channel))
            await parent.send(NO_THREAD.format(game=game.id), allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            log.warning("could not tell game %s's channel: %s", game.id, exc)
        return None

    async def thread_link(self, game: GameInfo) -> str:
        thread_id = await self.call(self.links.get_int, f"thread:{game.id}")
        return f"<#{thread_id}>" if thread_id else f"game {game.id}"

    async def private_channel(self, game: GameInfo, user_id: str) -> Any:
        """Where `user_id` reads their private messages for `game`: their DMs, or a private
        thread in the game's channel once Discord refused a DM (remembered: no retrying)."""
        if await self.call(self.links.get, f"dms:{user_id}") == "closed":
            return await self.private_thread(game, user_id)
        user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
        return await user.create_dm()

    async def private_thread(self, game: GameInfo, user_id: str) -> Any:
        key = f"pthread:{game.id}:{user_id}"
        thread_id = await self.call(self.links.get_int, key)
        if thread_id is not None:
            try:
                return await self.channel(thread_id)
            except (discord.NotFound, discord.Forbidden):
                pass
        parent = await self.channel(int(game.channel))
        thread = await parent.create_thread(
            name=f"Game {game.id}: private to one player", type=discord.ChannelType.private_thread,
            invitable=False,
        )  # fmt: skip
        await thread.add_user(discord.Object(id=int(user_id)))
        await self.call(self.links.set, key, str(thread.id))
        await self.call(self.links.set, f"game_of:{thread.id}", str(game.id))
        await thread.send(SWITCH_BACK, allowed_mentions=NO_MENTIONS)
        return thread

    async def send_private(self, game: GameInfo, user_id: str, **kwargs: Any) -> discord.Message:
        """Send to the player's private channel; a refused DM (50007) moves them to a thread."""
        channel = await self.private_channel(game, user_id)
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        try:
            return await channel.send(**kwargs)  # type: ignore[no-any-return]
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED or isinstance(channel, discord.Thread):
                raise
        await self.call(self.links.set, f"dms:{user_id}", "closed")
        thread = await self.private_thread(game, user_id)
        return await thread.send(**kwargs)  # type: ignore[no-any-return]

    async def check_dm(self, game: GameInfo, user_id: str) -> None:
        """Before the game starts: tell the player where their private messages will come
        (a DM, or the private thread when Discord refuses it)."""
        key = f"dmcheck:{game.id}:{user_id}"
        if await self.call(self.links.get, key):
            return
        link = f"the game's channel <#{game.channel}>"
        await self.send_private(
            game, user_id,
            content=f"Game {game.id}: your hand and your moves will come here ({link}).",
        )  # fmt: skip
        await self.call(self.links.set, key, "1")

    # -- a transition -------------------------------------------------------------------------
    async def deliver(self, t: GameTransition) -> None:
        """Send what the notification planner says for one committed change, paced by the
        react policy: the asked seat's own messages at once, the rest held while a hidden
        react window is open, then released together after the transition's pause."""
        messages = await self.call(plan_transition, t)
        how = await self.call(release, t.before, t.after, self.rng, self.pacing)
        game_id = t.game.id
        if t.note:
            self.notes.setdefault(game_id, []).append(t.note)
        if t.before is None or t.before.turn != t.after.turn:
            self.board_due.add(game_id)
        now = datetime.now(UTC)
        for out in self.queues.setdefault(game_id, MessageQueue()).push(messages, how, now):
            public = not how.hold  # held: only the asked seat's own messages go (at once)
            delay = (out.at - now).total_seconds()
            if not public or delay <= 0:
                await self.deliver_messages(game_id, out.messages, public=public)
                continue
            task = asyncio.ensure_future(self._deliver_later(game_id, out.messages, delay))
            self._later.add(task)
            task.add_done_callback(self._later.discard)

    async def _deliver_later(self, game_id: int, messages: Sequence[Message], delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            await self.deliver_messages(game_id, messages, public=True)
        except Exception:
            log.exception("could not deliver game %s's messages", game_id)

    async def deliver_messages(
        self, game_id: int, messages: Sequence[Message], *, public: bool = True
    ) -> None:
        """Send one batch. `public` False: only the private messages of a seat asked about a
        hidden react (nothing in the thread, not even the status message, changes)."""
        game = await self.call(self.service.game, game_id)
        if not public:
            for m in messages:
                if isinstance(m, PrivateUpdate):
                    await self.refresh_private(game_id, m.seat, lines=m.lines)
                elif isinstance(m, Ping):
                    await self.ping(game, m)
            return
        thread = await self.public_thread(game)
        notes = self.notes.pop(game_id, [])
        public_lines: list[str] = [f"*{neutralise(n)}*" for n in notes]
        pings: list[Ping] = []
        private: list[PrivateUpdate] = []
        over: GameOver | None = None
        for m in messages:
            match m:
                case PublicLog(lines=lines):
                    public_lines += lines
                case WaitingOn():
                    pass  # part of the status message, re-rendered from the service
                case PrivateUpdate():
                    if m.news:
                        private.append(m)
                case Ping():
                    pings.append(m)
                case GameOver(winner=winner, user=user):
                    who = f"seat {winner} (<@{user}>)" if user else f"seat {winner}"
                    public_lines.append(
                        "Game over: a draw." if winner is None else f"Game over: {who} won."
                    )
                    over = m
                case _:
                    assert_never(m)
        ended = game.status in (Status.FINISHED, Status.ABANDONED)
        if over is None and ended:
            public_lines.append(f"Game over: {neutralise(game.result or game.status.value)}.")
        await self.call(self.public_log.add, game.id, public_lines)
        for text in chunks(public_lines) if thread is not None else ():
            await self._safe(thread.send(text, allowed_mentions=NO_MENTIONS))
        if game_id in self.board_due and game.status is Status.RUNNING and thread is not None:
            self.board_due.discard(game_id)
            await self._safe(self.post_board(game))
        await self.refresh_status(game.id)
        for update in private:
            await self.refresh_private(game.id, update.seat, lines=update.lines)
        for p in pings:
            await self.ping(game, p)
        if over is not None or ended:
            await self.finish(game.id)

    async def post_board(self, game: GameInfo) -> None:
        """The board picture in the game's thread (the text board without Pillow), then the
        text of the cards in play."""
        png, text, texts = await self.call(self._board, game.id)
        thread = await self.thread(game)
        if png is not None:
            picture = discord.File(io.BytesIO(png), filename=f"game-{game.id}-board.png")
            await thread.send(file=picture, allowed_mentions=NO_MENTIONS)
        else:
            await thread.send(f"```\n{text[:1990]}\n```", allowed_mentions=NO_MENTIONS)
        for message in card_text_messages(texts):
            await thread.send(message, allowed_mentions=NO_MENTIONS)

    def _board(self, game_id: int) -> tuple[bytes | None, str, list[str]]:
        state, _ = self.service.state(game_id)
        board = self._status_parts(game_id)[1]
        return board_png(view(state, None)), board, card_texts(state)

    async def ping(self, game: GameInfo, p: Ping) -> None:
        if p.user is None:
            return
        where = await self.call(self.links.message, f"hand:{game.id}:{p.seat}")
        closed = await self.call(self.links.get, f"dms:{p.user}") == "closed"
        place = game.guild if closed else "@me"
        link = f"https://discord.com/channels/{place}/{where[0]}/{where[1]}" if where else ""
        text = f"<@{p.user}>, game {game.id} waits on you: {p.prompt}" + (
            f" Your moves: {link}" if link else ""
        )
        if p.private:
            await self._safe(self.send_private(game, p.user, content=text))
            return
        thread = await self.public_thread(game)
        if thread is not None:
            await self._safe(thread.send(text[:2000], allowed_mentions=PINGS))

    async def finish(self, game_id: int) -> None:
        """Archive a finished game's thread (the server's active-thread limit)."""
        game = await self.call(self.service.game, game_id)
        thread = await self.public_thread(game)
        if isinstance(thread, discord.Thread):
            await self._safe(thread.edit(archived=True))

    # -- messages edited in place -------------------------------------------------------------
    async def refresh_status(self, game_id: int) -> None:
        await self.edits.run(f"status:{game_id}", lambda: self._status(game_id))

    async def _status(self, game_id: int) -> None:
        game, board, waiting = await self.call(self._status_parts, game_id)
        thread = await self.public_thread(game)
        if thread is None:
            return
        await self._edit_or_send(
            f"status:{game_id}", thread, content=status_text(game, board, waiting)
        )

    def _status_parts(self, game_id: int) -> tuple[GameInfo, str, tuple[str, ...]]:
        game = self.service.game(game_id)
        if game.status is Status.OPEN:
            return game, "", ()
        state, _ = self.service.state(game_id)
        names = {s.seat: s.name or f"seat {s.seat}" for s in game.seats}
        # The engine's render names every pending seat; the planner's waiting lines are the
        # public ones (a seat asked about a hidden react is never named).
        board = "\n".join(
            line for line in render(state, None).splitlines()
            if not line.startswith("Waiting on seat ")
        )  # fmt: skip
        return game, board, waiting_lines(state, names).lines

    async def refresh_private(
        self, game_id: int, seat: int, lines: Sequence[str] = (), page: int = 0
    ) -> None:
        key = f"hand:{game_id}:{seat}"
        await self.edits.run(key, lambda: self._private(game_id, seat, tuple(lines), page))

    def _private_parts(self, game_id: int, seat: int) -> tuple[GameInfo, int, PrivateUpdate]:
        game = self.service.game(game_id)
        state, version = self.service.state(game_id)
        seating = {s.seat: s.user_id for s in game.seats if s.user_id is not None}
        return game, version, private_update(None, state, (), seat, seating)

    async def _private(self, game_id: int, seat: int, lines: tuple[str, ...], page: int) -> None:
        game, version, pu = await self.call(self._private_parts, game_id, seat)
        user_id = game.user_at(seat)
        if user_id is None:
            return
        running = game.status is Status.RUNNING and bool(pu.moves)
        moves = [m.text for m in pu.moves] if running else []
        text = private_text(
            game, seat, [c.name for c in pu.hand], pu.prompt if running else None, lines,
            list(pu.menu) if running else [], await self.thread_link(game),
        )  # fmt: skip
        view = moves_view(game_id, seat, version, moves, page)
        key = f"hand:{game_id}:{seat}"
        where = await self.call(self.links.message, key)
        if where is not None:
            try:
                channel = await self.channel(where[0])
                await channel.get_partial_message(where[1]).edit(content=text, view=view)
                return
            except discord.HTTPException:
                log.info("private message of game %s seat %s is gone; sending again", game_id, seat)
        sent = await self.send_private(game, user_id, content=text, view=view)
        await self.call(self.links.set_message, key, sent.channel.id, sent.id)

    async def _edit_or_send(self, key: str, channel: Any, **kwargs: Any) -> None:
        where = await self.call(self.links.message, key)
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        if where is not None and where[0] == channel.id:
            try:
                await channel.get_partial_message(where[1]).edit(**kwargs)
                return
            except discord.HTTPException:
                log.info("%s is gone; sending it again", key)
        sent = await channel.send(**kwargs)
        await self.call(self.links.set_message, key, channel.id, sent.id)

    async def _safe(self, work: Awaitable[Any]) -> Any:
        """A Discord failure is logged and left: the game is unharmed, and re-rendered later."""
        try:
            return await work
        except discord.HTTPException as exc:
            log.warning("Discord refused a game message: %s", exc)
            return None
