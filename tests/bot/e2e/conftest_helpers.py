"""Helpers for the simcord scenarios: a server, two players, a started game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from simcord.backend.errors import SetupError


@dataclass
class World:
    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    users: dict[int, Any]
    game_id: int = 0

    def thread(self) -> Any:
        for t in self.channel.threads:
            if (t.name or "").startswith(f"Game {self.game_id}: ") and "private" not in t.name:
                return t
        raise AssertionError("no game thread")

    def private_threads(self) -> list[Any]:
        return [t for t in self.channel.threads if "private" in (t.name or "")]

    def private_messages(self, who: Any) -> list[discord.Message]:
        """The bot's messages in `who`'s DMs and private threads."""
        out = list(self.users[who.id].dm_channel.history())
        for t in self.private_threads():
            try:
                out += t.history(viewer=who)
            except SetupError:  # another player's private thread: not readable (as it should)
                continue
        return out

    def hand_message(self, who: Any) -> discord.Message:
        """The private message naming this game whose moves `who` has (edited in place)."""
        found = [m for m in self.private_messages(who) if f"**Game {self.game_id}**" in m.content]
        assert found, f"no private game message for {who.name}"
        return found[-1]

    def waiting(self) -> Any:
        """Whoever of alice and bob has moves to make (a move button or select)."""
        for who in (self.alice, self.bob):
            if move_ids(self.hand_message(who)):
                return who
        raise AssertionError("nobody has moves")


def move_ids(message: discord.Message) -> list[str]:
    out = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            cid = getattr(child, "custom_id", None) or ""
            if cid.startswith(("wg:m:", "wg:s:")):
                out.append(cid)
    return out


def public_texts(world: World) -> list[str]:
    """Every message the bot posted where more than one player can read it."""
    texts = [m.content for m in world.channel.history()]
    texts += [m.content for m in world.thread().history()]
    return texts


async def start_game(
    env: Any,
    *,
    decks: tuple[str, str] = ("saga-elven", "saga-dwarven"),
    close_dms: bool = False,
    bob_by_file: bool = False,
    bot_denied: discord.Permissions | None = None,
) -> World:
    """alice opens a game against bob; bob accepts; both submit decks by the modal.
    `bot_denied`: permissions the game's channel denies the bot."""
    guild = env.create_guild()
    overwrites = {}
    if bot_denied is not None:
        deny = discord.PermissionOverwrite.from_pair(discord.Permissions.none(), bot_denied)
        overwrites[env.bot.user] = deny
    channel = guild.create_text_channel("games", overwrites=overwrites or None)
    users = {}
    for name in ("alice", "bob"):
        handle = env.create_user(name)
        users[handle.id] = handle
    alice, bob = (guild.add_member(u) for u in users.values())
    world = World(env, guild, channel, alice, bob, users)
    opened = await alice.slash(channel, "game new", opponent=bob)
    lobby = opened.response.message
    world.game_id = int(lobby.content.split("**Game ")[1].split("**")[0])
    await bob.click(lobby, label="Accept")
    if close_dms:
        env.inject_error(
            "POST", f"/channels/{users[bob.id].dm_channel.id}/messages", status=403, code=50007,
            message="Cannot send messages to this user", times=None,
        )  # fmt: skip
    for who, deck in ((alice, decks[0]), (bob, decks[1])):
        if who is bob and bob_by_file:  # attached in a DM to the bot
            file = ("deck.txt", deck.encode())
            sent = await users[bob.id].slash("game deck", deck_file=file, game=world.game_id)
            assert "Deck taken" in answer(sent), answer(sent)
            continue
        shown = await who.click(lobby, label="Submit deck")
        await who.submit_modal(shown, {"deck": deck})
    return world


async def press(world: World, who: Any, message: discord.Message, number: int = 1) -> Any:
    """`who` picks move `number` on `message` (a button or the select), wherever it is."""
    actor = world.users[who.id] if message.guild is None else who
    ids = move_ids(message)
    assert ids, "no moves on that message"
    if ids[0].startswith("wg:s:"):
        return await actor.select(message, [str(number)], custom_id=ids[0])
    return await actor.click(message, custom_id=ids[number - 1])


async def play_first(world: World, who: Any, number: int = 1) -> Any:
    """`who` picks move `number` from their private message."""
    return await press(world, who, world.hand_message(who), number)


def hidden_names(state: Any, seat: int | None = None) -> set[str]:
    """Names of cards hidden from `seat` now (None: from everyone) that no card it may see
    shares (two copies of a card: the one in play may be named)."""
    from engine.view import hidden_from

    secret = hidden_from(state, seat)
    hidden = {state.card(i).name for i in secret}
    shown = {state.card(i).name for i in range(len(state.instances)) if i not in secret}
    return hidden - shown


def answer(result: Any) -> str:
    """The text a user saw last in answer to an interaction (response or follow-up)."""
    if result.followups:
        return str(result.followups[-1].content)
    return str(result.response.content) if result.response is not None else ""


def member(world: World, user_id: str) -> Any:
    return world.alice if str(world.alice.id) == user_id else world.bob


def waiting_member(world: World) -> Any:
    """The player the game waits on (from the service, not from the messages)."""
    games = world.env.bot.games
    state, _ = games.state(world.game_id)  # waiting_users leaves out a hidden react's seat
    return member(world, games.game(world.game_id).user_at(state.pending[0].seat))


def moves(world: World, who: Any) -> tuple[int, int, list[tuple[int, frozenset[str], str]]]:
    """(version, seat, [(number, commands, line)]) of `who`'s waiting seat, as the bot has them."""
    cog = world.env.bot.get_cog("GamesCog")
    return cog.moves_of(world.game_id, str(who.id))  # type: ignore[no-any-return]


def components(message: discord.Message) -> list[Any]:
    out = []
    for row in message.components:
        out += list(getattr(row, "children", [row]))
    return out


def hand_message_in(channel: Any, who: Any, game_id: int) -> discord.Message:
    """The private game message in `channel` (a DM channel or a private thread) read by `who`."""
    try:
        history = channel.history(viewer=who)
    except TypeError:  # a DM channel: only its user reads it
        history = channel.history()
    found = [m for m in history if f"**Game {game_id}**" in m.content]
    assert found, f"no private message of game {game_id}"
    return found[-1]


def last_reply(result: Any) -> Any:
    """The message a user saw last in answer to an interaction (a deferred answer's first
    follow-up replaces the "thinking" response)."""
    return result.followups[-1] if result.followups else result.response
