"""Fitting replies into Discord's limits: splitting and paging, never silent truncation."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.replies import (
    BUTTON_LABEL,
    BUTTONS_PER_MESSAGE,
    CUSTOM_ID,
    EMBED_DESCRIPTION,
    EMBED_FIELDS,
    EMBED_FOOTER,
    EMBED_TITLE,
    EMBED_TOTAL,
    EMBEDS_PER_MESSAGE,
    FIELD_NAME,
    FIELD_VALUE,
    MESSAGE_CHARS,
    Action,
    Button,
    Card,
    Field,
    Message,
    Reply,
    layout,
    split_text,
)


def assert_within_limits(messages: list[Message]) -> None:
    for m in messages:
        assert len(m.content) <= MESSAGE_CHARS
        assert len(m.cards) <= EMBEDS_PER_MESSAGE
        assert sum(c.size() for c in m.cards) <= EMBED_TOTAL
        for c in m.cards:
            assert len(c.title) <= EMBED_TITLE
            assert len(c.description) <= EMBED_DESCRIPTION
            assert len(c.fields) <= EMBED_FIELDS
            assert all(
                len(f.name) <= FIELD_NAME and 0 < len(f.value) <= FIELD_VALUE for f in c.fields
            )
            assert len(c.footer) <= EMBED_FOOTER
        assert len(m.buttons) <= BUTTONS_PER_MESSAGE
        assert all(0 < len(b.label) <= BUTTON_LABEL for b in m.buttons)
        ids = [b.action.to_custom_id() for b in m.buttons]
        assert all(len(i) <= CUSTOM_ID for i in ids) and len(set(ids)) == len(ids)


words = st.text(alphabet="abcdefghij \n.", min_size=0, max_size=9000)


@settings(max_examples=40, deadline=None)
@given(
    content=words,
    descriptions=st.lists(words, max_size=4),
    field_values=st.lists(st.text(alphabet="xyz \n", min_size=1, max_size=3000), max_size=30),
)
def test_layout_respects_every_limit_and_keeps_every_word(
    content: str, descriptions: list[str], field_values: list[str]
) -> None:
    cards = tuple(Card(title=f"Rule {i}", description=d) for i, d in enumerate(descriptions))
    if field_values:
        fields = tuple(Field(f"f{i}", v if v.strip() else "v") for i, v in enumerate(field_values))
        cards += (Card(title="Fields", fields=fields),)
    messages = layout(Reply(content=content, cards=cards))
    assert_within_limits(messages)
    sent = " ".join(m.content for m in messages if m.content != "\u200b")
    assert sent.split() == content.split()
    out_cards = [c for m in messages for c in m.cards]
    for i, d in enumerate(descriptions):
        mine = [c for c in out_cards if c.title in (f"Rule {i}", f"Rule {i} (continued)")]
        assert " ".join(c.description for c in mine).split() == d.split()
    if field_values:
        got = [f.value for c in out_cards for f in c.fields]
        want = [v if v.strip() else "v" for v in field_values]
        assert " ".join(got).split() == " ".join(want).split()


def test_split_text_prefers_paragraph_then_line_then_word_boundaries() -> None:
    text = "first paragraph.\n\nsecond paragraph is here."
    assert split_text(text, 30) == ["first paragraph.", "second paragraph is here."]
    assert split_text("a" * 25, 10) == ["a" * 10, "a" * 10, "a" * 5]


def test_buttons_ride_on_the_last_message_with_short_labels() -> None:
    button = Button("x" * 200, Action("rule", "104.2"))
    messages = layout(Reply(content="y " * 1500, buttons=(button,)))
    assert len(messages) == 2 and not messages[0].buttons
    assert messages[1].buttons[0].label == "x" * 79 + "…"


def test_long_title_is_kept_whole_in_the_description() -> None:
    (message,) = layout(Reply(cards=(Card(title="T" * 300, description="body"),)))
    card = message.cards[0]
    assert len(card.title) == EMBED_TITLE
    assert card.description == f"**{'T' * 300}**\nbody"


def test_custom_ids_round_trip_and_reject_others() -> None:
    action = Action("search", "ranged: strike", "cr", 2)
    assert Action.from_custom_id(action.to_custom_id()) == action
    assert Action.from_custom_id("persistent_view:1") is None
    assert not Action("rule", "x" * 100).fits()


def test_mentions_are_broken_before_splitting_so_messages_stay_within_2000() -> None:
    messages = layout(Reply(content="@everyone " * 400))
    assert_within_limits(messages)
    assert all("@everyone" not in m.content for m in messages)
    assert sum(m.content.count("@\u200beveryone") for m in messages) == 400
