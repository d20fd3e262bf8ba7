"""Plain-text rendering of a reply: exactly the messages the bot would post, one after another."""

from __future__ import annotations

from bot.replies import Button, Card, Message, Reply, layout

EPHEMERAL_NOTE = "(only you can see this)"


def render_card(card: Card) -> list[str]:
    lines = [f"== {card.title} =="]
    if card.url:
        lines.append(f"<{card.url}>")
    if card.description:
        lines.append(card.description)
    for field in card.fields:
        lines.append("")
        lines.append(f"{field.name}:")
        lines.append(field.value)
    if card.footer:
        lines.append(f"-- {card.footer}")
    return lines


def render_buttons(buttons: tuple[Button, ...], first: int = 1) -> str:
    labels = []
    for i, button in enumerate(buttons, start=first):
        state = " (disabled)" if button.disabled else ""
        labels.append(f"[{i}: {button.label}{state}]")
    return "Buttons: " + " ".join(labels)


def render_message(message: Message) -> str:
    lines: list[str] = []
    if message.content:
        lines.append(message.content)
    for card in message.cards:
        if lines:
            lines.append("")
        lines.extend(render_card(card))
    if message.buttons:
        lines.append(render_buttons(message.buttons))
    return "\n".join(lines)


def render_reply(reply: Reply) -> str:
    """The whole reply as text; several Discord messages are separated by a blank line."""
    blocks = [render_message(m) for m in layout(reply)]
    text = "\n\n".join(blocks)
    if reply.edits:
        text = "(replaces the previous message)\n" + text
    if reply.ephemeral:
        text = f"{EPHEMERAL_NOTE}\n{text}"
    return text
