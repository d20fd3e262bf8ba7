"""Rendering the reply model for Discord: embeds, persistent buttons, and sending it out."""

from __future__ import annotations

import logging
import re
from typing import Any, Literal

import discord
from discord import ui

from bot.replies import CUSTOM_ID_PATTERN, Action, Button, Card, Message, Reply, layout

log = logging.getLogger(__name__)

COLOURS = {"answer": 0x8B1A1A, "notice": 0x5865F2, "error": 0xE67E22}
NO_MENTIONS = discord.AllowedMentions.none()
# How an interaction was deferred: not at all, publicly or privately ("thinking"), or as an
# update of the message a pressed button sits on.
Deferral = Literal["public", "ephemeral", "update"] | None


class JudgeButton(ui.DynamicItem[ui.Button[Any]], template=CUSTOM_ID_PATTERN):
    """A button whose action lives in its custom_id, so it keeps working after a restart."""

    def __init__(self, button: Button) -> None:
        super().__init__(
            ui.Button(
                label=button.label,
                style=discord.ButtonStyle.primary
                if button.primary
                else discord.ButtonStyle.secondary,
                custom_id=button.action.to_custom_id(),
                disabled=button.disabled,
            )
        )
        self.action = button.action

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> JudgeButton:
        custom_id = str(getattr(item, "custom_id", "") or "")
        action = Action.from_custom_id(custom_id)
        if action is None:  # the template matched, so this cannot happen
            raise ValueError(f"not a judge button: {custom_id!r}")
        return cls(Button(str(getattr(item, "label", "") or action.arg), action))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        client: Any = interaction.client
        await client.answer_press(interaction, self.custom_id)


def to_embed(card: Card) -> discord.Embed:
    embed = discord.Embed(
        title=card.title,
        description=card.description or None,
        url=card.url or None,
        colour=COLOURS.get(card.tone, COLOURS["answer"]),
    )
    for field in card.fields:
        embed.add_field(name=field.name, value=field.value, inline=field.inline)
    if card.footer:
        embed.set_footer(text=card.footer)
    return embed


def to_view(buttons: tuple[Button, ...]) -> ui.View | None:
    if not buttons:
        return None
    view = ui.View(timeout=None)
    for button in buttons:
        view.add_item(JudgeButton(button))
    return view


def message_kwargs(message: Message) -> dict[str, Any]:
    """Keyword arguments for send/edit: content, embeds, view; never any mention."""
    kwargs: dict[str, Any] = {
        "content": discord.utils.escape_mentions(message.content) or None,
        "embeds": [to_embed(c) for c in message.cards],
        "allowed_mentions": NO_MENTIONS,
    }
    view = to_view(message.buttons)
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def send_reply(
    interaction: discord.Interaction[Any], reply: Reply, *, deferred: Deferral = None
) -> None:
    """Answer an interaction with a reply: the first message responds, the rest follow up.

    `deferred` says how the interaction was deferred, if it was. Discord's first follow-up
    after a deferral fills the "thinking" placeholder with the placeholder's visibility, so a
    private reply (an error) after a public deferral deletes the placeholder and follows up
    privately; an answer after a private deferral stays private in every message.
    """
    messages = layout(reply)
    first = message_kwargs(messages[0])
    ephemeral = reply.ephemeral or deferred == "ephemeral"
    if reply.edits:
        first.setdefault("view", None)  # a page without buttons removes the old ones
        if not interaction.response.is_done():
            await interaction.response.edit_message(**first)
        else:
            await interaction.edit_original_response(**first)
    elif not interaction.response.is_done():
        await interaction.response.send_message(**first, ephemeral=ephemeral)
    else:
        if reply.ephemeral and deferred == "public":
            try:
                await interaction.delete_original_response()
            except discord.HTTPException:
                log.warning("could not remove the public placeholder of %s", interaction.id)
        await interaction.followup.send(**_followup(first), ephemeral=ephemeral)
    for message in messages[1:]:
        await interaction.followup.send(**_followup(message_kwargs(message)), ephemeral=ephemeral)


def _followup(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Webhook sends reject content=None; leave it out instead."""
    return {k: v for k, v in kwargs.items() if not (k == "content" and v is None)}


async def send_to_channel(message: discord.Message, reply: Reply) -> None:
    """Answer an ordinary message (inline references): reply to it, without pinging its author."""
    for i, part in enumerate(layout(reply)):
        kwargs = message_kwargs(part)
        if i == 0:
            await message.reply(**kwargs, mention_author=False)
        else:
            await message.channel.send(**kwargs)
