"""Persistent buttons and selects for hosted games (`discord.ui.DynamicItem`).

Every `custom_id` carries what the click needs, so a button sent before a restart still
works: `wg:m:<game>:<seat>:<version>:<n>` plays move n of the menu at that version (a stale
version is refused with "the game has moved on" and a fresh menu), `wg:s:...:<page>` is a
select over one page of moves, `wg:p:...:<page>` shows another page, and the lobby's
`wg:j:<game>` (accept) and `wg:d:<game>` (submit a deck). All under 100 characters.
The work is the games cog's (bot.cogs.games): these only parse and forward.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ui

if TYPE_CHECKING:
    from bot.cogs.games import GamesCog

MOVE = r"wg:m:(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+):(?P<n>\d+)"
SELECT = r"wg:s:(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+):(?P<page>\d+)"
PAGE = r"wg:p:(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+):(?P<page>\d+)"
LOBBY = r"wg:(?P<what>[jd]):(?P<game>\d+)"


def move_id(game: int, seat: int, version: int, n: int) -> str:
    return f"wg:m:{game}:{seat}:{version}:{n}"


def select_id(game: int, seat: int, version: int, page: int) -> str:
    return f"wg:s:{game}:{seat}:{version}:{page}"


def page_id(game: int, seat: int, version: int, page: int) -> str:
    return f"wg:p:{game}:{seat}:{version}:{page}"


def lobby_id(what: str, game: int) -> str:
    return f"wg:{what}:{game}"


def _cog(interaction: discord.Interaction[Any]) -> GamesCog:
    client = cast(Any, interaction.client)
    cog = client.get_cog("GamesCog")
    if cog is None:
        raise RuntimeError("the games cog is not loaded")
    return cast("GamesCog", cog)


def _ints(match: re.Match[str], *names: str) -> tuple[int, ...]:
    return tuple(int(match[name]) for name in names)


class MoveButton(ui.DynamicItem[ui.Button[Any]], template=MOVE):
    def __init__(self, game: int, seat: int, version: int, n: int, label: str = "") -> None:
        super().__init__(
            ui.Button(
                label=label or str(n),
                style=discord.ButtonStyle.primary,
                custom_id=move_id(game, seat, version, n),
            )
        )
        self.game, self.seat, self.version, self.n = game, seat, version, n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        game, seat, version, n = _ints(match, "game", "seat", "version", "n")
        return cls(game, seat, version, n)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).press_move(interaction, self.game, self.seat, self.version, self.n)


class MoveSelect(ui.DynamicItem[ui.Select[Any]], template=SELECT):
    def __init__(
        self, game: int, seat: int, version: int, page: int,
        options: list[discord.SelectOption] | None = None,
    ) -> None:  # fmt: skip
        super().__init__(
            ui.Select(
                custom_id=select_id(game, seat, version, page),
                placeholder="Choose a move",
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.game, self.seat, self.version, self.page = game, seat, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> MoveSelect:
        game, seat, version, page = _ints(match, "game", "seat", "version", "page")
        return cls(game, seat, version, page)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = data.get("values") or []
        n = int(values[0]) if values and str(values[0]).isdigit() else 0
        await _cog(interaction).press_move(interaction, self.game, self.seat, self.version, n)


class PageButton(ui.DynamicItem[ui.Button[Any]], template=PAGE):
    def __init__(self, game: int, seat: int, version: int, page: int, label: str = "") -> None:
        super().__init__(
            ui.Button(
                label=label or f"Page {page + 1}",
                style=discord.ButtonStyle.secondary,
                custom_id=page_id(game, seat, version, page),
            )
        )
        self.game, self.seat, self.version, self.page = game, seat, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        game, seat, version, page = _ints(match, "game", "seat", "version", "page")
        return cls(game, seat, version, page)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).press_page(
            interaction, self.game, self.seat, self.version, self.page
        )


class LobbyButton(ui.DynamicItem[ui.Button[Any]], template=LOBBY):
    def __init__(self, what: str, game: int) -> None:
        label = "Accept" if what == "j" else "Submit deck"
        style = discord.ButtonStyle.success if what == "j" else discord.ButtonStyle.primary
        super().__init__(ui.Button(label=label, style=style, custom_id=lobby_id(what, game)))
        self.what, self.game = what, game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(match["what"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if self.what == "j":
            await cog.press_accept(interaction, self.game)
        else:
            await interaction.response.send_modal(DeckModal(self.game))


class DeckModal(ui.Modal, title="Submit your deck"):
    """The deck list, pasted (or a sample deck's name); only the service reads it."""

    deck: ui.TextInput[Any] = ui.TextInput(
        label="Deck list or sample deck name", style=discord.TextStyle.paragraph,
        max_length=4000, placeholder="saga-elven", custom_id="deck",
    )  # fmt: skip

    def __init__(self, game: int) -> None:
        super().__init__(custom_id=f"wg:deckmodal:{game}")
        self.game = game

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await _cog(interaction).submit_deck(interaction, self.game, str(self.deck.value))


def lobby_view(game: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(LobbyButton("j", game))
    view.add_item(LobbyButton("d", game))
    return view


def moves_view(game: int, seat: int, version: int, menu: list[str], page: int) -> ui.View | None:
    """Buttons for up to 5 moves, else a select of one page (20) with page buttons."""
    from bot.discord_games.render import MAX_OPTION, PER_PAGE, clip, pages

    if not menu:
        return None
    view = ui.View(timeout=None)
    if len(menu) <= 5:
        for i, line in enumerate(menu, start=1):
            view.add_item(MoveButton(game, seat, version, i, clip(f"{i}. {line}", 80)))
        return view
    first = page * PER_PAGE
    options = [
        discord.SelectOption(
            label=clip(f"{first + i + 1}. {line}", MAX_OPTION), value=str(first + i + 1)
        )
        for i, line in enumerate(menu[first : first + PER_PAGE])
    ]
    view.add_item(MoveSelect(game, seat, version, page, options))
    total = pages(len(menu))
    if total > 1:
        if page > 0:
            view.add_item(PageButton(game, seat, version, page - 1, "Previous"))
        if page + 1 < total:
            view.add_item(PageButton(game, seat, version, page + 1, "Next"))
    return view


ALL_ITEMS = (MoveButton, MoveSelect, PageButton, LobbyButton)
