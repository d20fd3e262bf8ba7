"""The reply model: what the bot posts, as plain values. Discord and the console both render it.

The command layer builds a `Reply` of any size; `layout()` then fits it into Discord's limits by
splitting text into continuation embeds and extra messages, never by dropping text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

from bot.escaping import break_mentions

# Discord's limits (https://discord.com/developers/docs/resources/message).
MESSAGE_CHARS = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_TOTAL = 6000
EMBEDS_PER_MESSAGE = 10
BUTTONS_PER_MESSAGE = 25
BUTTON_LABEL = 80
CUSTOM_ID = 100
AUTOCOMPLETE_CHOICES = 25
CHOICE_NAME = 100

ActionKind = Literal["rule", "define", "search", "card"]
_KIND_CODES: dict[str, ActionKind] = {"r": "rule", "d": "define", "s": "search", "c": "card"}
_CODES = {kind: code for code, kind in _KIND_CODES.items()}
CUSTOM_ID_PATTERN = r"wj:(?P<kind>[rdsc]):(?P<doc>[^:]*):(?P<page>[0-9]+):(?P<arg>.+)"
_CUSTOM_ID_RE = re.compile(CUSTOM_ID_PATTERN, re.DOTALL)


@dataclass(frozen=True)
class Action:
    """What pressing a button does: look up a rule, define a term, show a page of a search,
    or show a card."""

    kind: ActionKind
    arg: str
    doc: str = ""
    page: int = 0

    def to_custom_id(self) -> str:
        """Encode as a Discord `custom_id` (state lives in the id, so buttons survive restarts)."""
        return f"wj:{_CODES[self.kind]}:{self.doc}:{self.page}:{self.arg}"

    def fits(self) -> bool:
        return len(self.to_custom_id()) <= CUSTOM_ID and ":" not in self.doc

    @classmethod
    def from_custom_id(cls, custom_id: str) -> Action | None:
        """Decode a `custom_id`; None when it is not one of ours."""
        match = _CUSTOM_ID_RE.fullmatch(custom_id)
        if match is None:
            return None
        return cls(
            kind=_KIND_CODES[match["kind"]],
            arg=match["arg"],
            doc=match["doc"],
            page=int(match["page"]),
        )


@dataclass(frozen=True)
class Button:
    """A button under a reply. `edits` replaces the message (paging) instead of answering anew."""

    label: str
    action: Action
    primary: bool = False
    disabled: bool = False
    edits: bool = False


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Card:
    """One embed: a rule, a definition, a page of search results, a notice."""

    title: str
    description: str = ""
    fields: tuple[Field, ...] = ()
    footer: str = ""
    url: str = ""
    tone: Literal["answer", "notice", "error"] = "answer"

    def size(self) -> int:
        """Characters Discord counts towards the 6,000 per message."""
        return (
            len(self.title)
            + len(self.description)
            + len(self.footer)
            + sum(len(f.name) + len(f.value) for f in self.fields)
        )


@dataclass(frozen=True)
class Reply:
    """Everything the bot says in answer to one command, message or button press."""

    content: str = ""
    cards: tuple[Card, ...] = ()
    buttons: tuple[Button, ...] = ()
    ephemeral: bool = False
    edits: bool = False  # replace the message the pressed button sits on

    def with_visibility(self, ephemeral: bool) -> Reply:
        return replace(self, ephemeral=ephemeral)


@dataclass(frozen=True)
class Message:
    """One Discord message after layout: within every limit."""

    content: str = ""
    cards: tuple[Card, ...] = ()
    buttons: tuple[Button, ...] = field(default=())


def notice(text: str, *, buttons: tuple[Button, ...] = (), error: bool = False) -> Reply:
    """A short text answer (errors, confirmations)."""
    return Reply(content=text, buttons=buttons, ephemeral=error)


# ---------------------------------------------------------------------------------------------
# Layout: fitting a reply into Discord's limits.


def split_text(text: str, limit: int) -> list[str]:
    """Split text into chunks of at most `limit` characters at the gentlest boundary available."""
    chunks: list[str] = []
    rest = text.strip()
    while len(rest) > limit:
        cut = -1
        for sep in ("\n\n", "\n", ". ", " "):
            cut = rest.rfind(sep, 0, limit - len(sep) + 1)
            if cut > limit // 3:
                cut += len(sep)
                break
            cut = -1
        if cut <= 0:
            cut = limit
        chunks.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        chunks.append(rest)
    return chunks or [""]


def shorten(text: str, limit: int) -> str:
    """One line of at most `limit` characters, ending with an ellipsis when cut (for previews)."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    return flat[: limit - 1].rstrip() + "…"


def _split_fields(fields: tuple[Field, ...]) -> list[Field]:
    out: list[Field] = []
    for f in fields:
        name = f.name if len(f.name) <= FIELD_NAME else shorten(f.name, FIELD_NAME)
        parts = split_text(f.value, FIELD_VALUE)
        for i, part in enumerate(parts):
            label = name if i == 0 else shorten(f"{name} (continued)", FIELD_NAME)
            out.append(Field(label, part or "\u200b", f.inline and len(parts) == 1))
    return out


def _split_card(card: Card) -> list[Card]:
    """A card within the per-embed limits, continued over several cards when needed."""
    title, description = card.title, card.description
    if len(title) > EMBED_TITLE:
        description = f"**{title}**\n{description}"
        title = shorten(title, EMBED_TITLE)
    footer = card.footer if len(card.footer) <= EMBED_FOOTER else shorten(card.footer, EMBED_FOOTER)
    budget = EMBED_TOTAL - len(title) - len(footer) - 64
    chunks = split_text(description, min(EMBED_DESCRIPTION, budget)) if description else [""]
    fields = _split_fields(card.fields)
    cards: list[Card] = []
    cont = shorten(f"{card.title} (continued)", EMBED_TITLE)
    for i, chunk in enumerate(chunks):
        cards.append(replace(card, title=title if i == 0 else cont, description=chunk, fields=()))
    # Fields go on the last card, spilling into continuation cards when too many or too large.
    current = cards.pop()
    pending: list[Field] = []
    for f in fields:
        size = current.size() + sum(len(p.name) + len(p.value) for p in pending)
        if len(pending) == EMBED_FIELDS or size + len(f.name) + len(f.value) > budget:
            cards.append(replace(current, fields=tuple(pending)))
            current = replace(card, title=cont, description="", fields=())
            pending = []
        pending.append(f)
    cards.append(replace(current, fields=tuple(pending)))
    return [replace(c, footer=footer if i == len(cards) - 1 else "") for i, c in enumerate(cards)]


def layout(reply: Reply) -> list[Message]:
    """The messages Discord would receive for `reply`, each within every limit."""
    if len(reply.buttons) > BUTTONS_PER_MESSAGE:
        raise ValueError("a reply carries at most 25 buttons")
    messages: list[Message] = []
    content = break_mentions(reply.content)  # before splitting: the spaces count too
    for chunk in split_text(content, MESSAGE_CHARS) if content.strip() else []:
        messages.append(Message(content=chunk))
    cards: list[Card] = [part for card in reply.cards for part in _split_card(card)]
    batch: list[Card] = []
    for card in cards:
        if len(batch) == EMBEDS_PER_MESSAGE or sum(c.size() for c in batch) + card.size() > (
            EMBED_TOTAL
        ):
            messages.append(Message(cards=tuple(batch)))
            batch = []
        batch.append(card)
    if batch:
        # The first batch of cards joins the last text chunk when there is one.
        if messages and not messages[-1].cards:
            messages[-1] = replace(messages[-1], cards=tuple(batch))
        else:
            messages.append(Message(cards=tuple(batch)))
    if not messages:
        messages.append(Message(content="\u200b"))
    buttons = tuple(replace(b, label=shorten(b.label, BUTTON_LABEL)) for b in reply.buttons)
    messages[-1] = replace(messages[-1], buttons=buttons)
    return messages
