"""The command layer (no Discord): parsing, index calls and the reply model."""

from __future__ import annotations

import pytest
from bot_fakes import LONG_TEXT, FakeIndex, Lookup

from bot.commands import Judge, is_ref_query
from bot.commands.judge import unique_buttons
from bot.commands.text import correction_note
from bot.replies import Action, Button, layout
from bot.store import SettingsStore
from rules_index.models import Hit


def titles(reply) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.title for c in reply.cards]


@pytest.mark.parametrize(
    "query", ["104.2", "rule 104.2", "104.2-104.4", "602.5, 603.9", "Rule 509.5.", "104.2 to 104.4"]
)
def test_rule_numbers_ranges_and_lists_are_recognised(query: str) -> None:
    assert is_ref_query(query)


@pytest.mark.parametrize("query", ["planar", "what is a ranged strike", "104 strikes", ""])
def test_questions_are_not_mistaken_for_numbers(query: str) -> None:
    assert not is_ref_query(query)


def test_rule_by_number_shows_text_path_document_and_link(judge: Judge) -> None:
    reply = judge.rule("104.2")
    (card,) = reply.cards
    assert card.title == "Rule 104.2 — Wounds"
    assert "wounds equal to its hit points" in card.description
    assert "**104.2.1** Wounds stay until healed." in card.description  # short sub-rules inline
    fields = {f.name: f.value for f in card.fields}
    assert fields["Part of"] == "Rule 104 — Wounds, Hit Points, & Dying"
    assert fields["Cites"] == "509.5"
    assert card.footer == ("Warlord: Saga of the Storm Comprehensive Rules Tome 2.0.7 (cr)")
    assert card.url == "https://example.org/cr.pdf"
    assert not reply.ephemeral


def test_rule_range_and_list_answer_every_rule(judge: Judge) -> None:
    assert titles(judge.rule("104.2-104.4")) == [
        "Rule 104.2 — Wounds",
        "Rule 104.2.1",
        "Rule 104.3",
        "Rule 104.4",
    ]
    assert titles(judge.rule("rule 104.1, 602.5")) == ["Rule 104.1", "Rule 602.5 — Planar"]


def test_rule_with_many_sub_rules_collapses_them_behind_a_button(judge: Judge) -> None:
    reply = judge.rule("509.5")
    (card,) = reply.cards
    sub = next(f for f in card.fields if f.name.startswith("Sub-rules (12"))
    assert sub.value.count("**509.5.") == 12
    show = reply.buttons[0]
    assert show.action == Action("rule", "509.5.1-509.5.12", "cr")
    assert len(judge.press(show.action.to_custom_id()).cards) == 12


def test_unknown_rule_number_says_so_and_offers_nearest(judge: Judge) -> None:
    reply = judge.rule("104.9")
    assert reply.content.startswith("There is no rule 104.9 in the Comprehensive Rules.")
    assert "Did you mean" in reply.content
    assert [b.label for b in reply.buttons] == ["104", "104.1", "104.2"]
    assert reply.ephemeral and not reply.cards


def test_ambiguous_question_gets_did_you_mean_never_a_confident_answer(judge: Judge) -> None:
    reply = judge.rule("strike")
    assert not reply.cards
    assert reply.content.startswith("I am not sure what you mean by “strike”. Did you mean:")
    assert len(reply.buttons) == 5
    assert reply.buttons[0].action.kind == "rule"


def test_confident_question_answers_directly(judge: Judge) -> None:
    assert titles(judge.rule("spirits")) == ["Glossary: Planar"]


def test_question_matching_nothing_says_so(judge: Judge) -> None:
    reply = judge.rule("xyzzy")
    assert reply.content == "Nothing in the rules matches “xyzzy”; try other words or /search."


@pytest.mark.parametrize("text", ["", "   ", None])
def test_empty_rule_query_gets_a_hint(judge: Judge, text: str | None) -> None:
    reply = judge.rule(text)
    assert reply.content == "Type a rule number such as 104.2, a range, or a question."
    assert reply.ephemeral


def test_four_thousand_characters_get_a_short_answer(judge: Judge, index: FakeIndex) -> None:
    reply = judge.rule("a" * 4000)
    assert reply.content == "That query is 4,000 characters long; keep it under 200."
    assert index.calls == []


def test_huge_range_is_refused_with_the_count(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.commands.judge.MAX_RULES", 10)
    reply = judge.rule("104-602.5")
    assert reply.content == "That holds 24 rules; ask for at most 10 at a time."


def test_long_rule_is_split_without_losing_text(judge: Judge) -> None:
    messages = layout(judge.rule("110.9"))
    cards = [c for m in messages for c in m.cards]
    assert len(cards) >= 3
    assert cards[1].title == "Rule 110.9 — Long Rule (continued)"
    joined = " ".join(c.description for c in cards)
    assert joined.split() == LONG_TEXT.split()


def test_define_term_and_typo_suggestions(judge: Judge) -> None:
    assert titles(judge.define("PLANAR")) == ["Glossary: Planar"]
    reply = judge.define("plnar")
    assert reply.content == "No glossary entry for plnar. Did you mean one of these?"
    assert reply.buttons[0].action == Action("define", "Planar", "")
    assert titles(judge.press(reply.buttons[0].action.to_custom_id())) == ["Glossary: Planar"]


def test_search_pages_with_buttons_that_edit_the_message(judge: Judge) -> None:
    reply = judge.search("strike")
    (card,) = reply.cards
    assert card.footer == "Page 1 of 4 · 17 results"
    prev, nxt = reply.buttons[:2]
    assert prev.disabled and not nxt.disabled and nxt.edits
    assert [b.label for b in reply.buttons[2:]][:1] == ["1. 110.9"]
    page2 = judge.press(nxt.action.to_custom_id())
    assert page2.edits
    assert page2.cards[0].footer == "Page 2 of 4 · 17 results"
    assert page2.cards[0].description.startswith("**6. ")


def test_search_that_matches_nothing(judge: Judge) -> None:
    assert judge.search("xyzzy").content == "No rule mentions “xyzzy”; try fewer or other words."


def test_search_words_too_long_for_paging_buttons_are_refused(judge: Judge) -> None:
    reply = judge.search("strike " * 20)
    assert "keep it under 80" in reply.content


def test_unknown_document_is_a_clear_error(judge: Judge) -> None:
    reply = judge.search("strike", doc="nope")
    assert reply.content == "There is no document named nope."


def test_markdown_and_mentions_in_echoed_text_are_neutralised(judge: Judge) -> None:
    reply = judge.define("@everyone **hi** <@123456789012345678>")
    assert "@everyone" not in reply.content
    assert "@\u200beveryone" in reply.content
    assert "\\*\\*hi\\*\\*" in reply.content
    assert "<@1234" not in reply.content


def test_inline_references_answered_in_one_reply(judge: Judge) -> None:
    reply = judge.inline("see [[509.5]] and [[ planar ]] and [[104.9]] and [[zzz]]", 7)
    assert reply is not None
    assert titles(reply) == ["Rule 509.5 — Steps of a Strike", "Glossary: Planar"]
    assert "[[104.9]]: There is no rule 104.9 in the Comprehensive Rules." in reply.content
    assert "[[zzz]]: nothing in the rules matches." in reply.content
    assert len(layout(reply)) == 1


def test_inline_ignores_messages_without_references(judge: Judge) -> None:
    assert judge.inline("just chatting about [rules] and [[]]", 7) is None


def test_inline_answers_at_most_five_and_says_how_many_were_skipped(judge: Judge) -> None:
    text = " ".join(f"[[104.{i}]]" for i in range(1, 5)) + " [[602.5]] [[509]] [[110]]"
    reply = judge.inline(text, 7)
    assert reply is not None
    assert len(reply.cards) == 5
    assert "I answer 5 references per message; 2 more skipped." in reply.content


def test_settings_need_manage_server(judge: Judge) -> None:
    reply = judge.change_settings(7, can_manage=False, visibility="ephemeral")
    assert reply.content == "Only members with the Manage Server permission can do that."


def test_settings_change_visibility_inline_and_document(judge: Judge, store: SettingsStore) -> None:
    reply = judge.change_settings(7, can_manage=True, visibility="ephemeral", inline="off")
    assert reply.ephemeral and reply.cards[0].title == "Settings saved"
    assert judge.rule("104.2", guild_id=7).ephemeral
    assert not judge.rule("104.2", guild_id=8).ephemeral
    assert judge.inline("[[104.2]]", 7) is None
    judge.change_settings(7, can_manage=True, document="4e-en")
    assert store.get(7).default_doc == "4e-en"
    fields = {f.name: f.value for f in judge.show_settings(7).cards[0].fields}
    assert fields == {
        "Default document": "Warlord 4th edition rulebook (4e-en)",
        "Replies": "ephemeral: only the asker sees them",
        "Inline [[references]]": "off",
    }


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"document": "nope"}, "There is no document “nope”; choose one of cr, 4e-en."),
        ({"visibility": "loud"}, "Visibility is public or ephemeral, not “loud”."),
        ({"inline": "maybe"}, "Inline references are on or off, not “maybe”."),
        ({}, "Say which setting to change: document, visibility or inline."),
    ],
)
def test_bad_settings_values_get_one_sentence(
    judge: Judge, kwargs: dict[str, str], message: str
) -> None:
    assert judge.change_settings(7, can_manage=True, **kwargs).content == message


def test_settings_outside_a_server(judge: Judge) -> None:
    assert "use this command in one" in judge.show_settings(None).content


def test_unexpected_error_is_logged_and_answered_politely(
    judge: Judge,
    index: FakeIndex,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(index, "get", broken)
    reply = judge.rule("104.2")
    assert reply.content.startswith("Sorry, something went wrong on my side")
    assert "disk on fire" not in reply.content
    assert "disk on fire" in caplog.text and "Traceback" in caplog.text


def test_autocomplete_respects_discord_limits(judge: Judge) -> None:
    choices = judge.complete_rule("")
    assert len(choices) == 25
    assert ("104.2 — Wounds", "104.2") in choices
    assert all(len(name) <= 100 and len(value) <= 100 for name, value in choices)
    assert judge.complete_term("pl") == [("Planar", "Planar")]
    assert judge.complete_document("4e") == [("Warlord 4th edition rulebook (4e-en)", "4e-en")]


def test_unknown_button_is_refused(judge: Judge) -> None:
    assert judge.press("something-else").content == "That button is not one of mine."


def test_settings_database_failure_still_gets_a_polite_answer(
    judge: Judge, store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(guild_id: int) -> None:
        raise OSError("database is locked")

    monkeypatch.setattr(store, "get", broken)
    assert judge.rule("104.2", guild_id=7).content.startswith("Sorry, something went wrong")
    inline = judge.inline("[[104.2]]", 7)
    assert inline is not None and inline.content.startswith("Sorry, something went wrong")


@pytest.mark.parametrize(
    "text",
    [
        "quoting `[[104.2]]` here",
        "``[[104.2]]`` double",
        "```\nsee [[104.2]]\n```",
        "```py\n[[104.2]]",  # a fence still open at the end of the message
        "spoiler: ||[[104.2]]||",
    ],
)
def test_inline_references_inside_code_are_not_expanded(judge: Judge, text: str) -> None:
    assert judge.inline(text, 7) is None


def test_inline_reference_beside_a_spoiler_is_expanded(judge: Judge) -> None:
    reply = judge.inline("||[[104.2]]|| and [[602.5]] || not closed [[509.5]]", 7)
    assert reply is not None
    assert titles(reply)[0] == "Rule 602.5 — Planar" and len(titles(reply)) == 2


def test_inline_reference_beside_code_is_expanded(judge: Judge) -> None:
    reply = judge.inline("`[[104.2]]` is how you write [[602.5]]", 7)
    assert reply is not None
    assert titles(reply) == ["Rule 602.5 — Planar"]


def test_define_says_when_a_typo_was_corrected(judge: Judge) -> None:
    reply = judge.define("plannar")
    assert reply.content == "Showing Planar (closest to “plannar”)."
    assert titles(reply) == ["Glossary: Planar"]
    assert judge.define("untap").content == "Showing Ready for “untap”."
    assert judge.define("Planar").content == ""
    assert correction_note("glossary: planar", "Planar") == ""
    assert correction_note("stunned characters", "Stunned") == ""


def test_rule_says_when_a_name_was_matched_loosely(judge: Judge) -> None:
    reply = judge.rule("plannar")
    assert reply.content == "Showing Planar (closest to “plannar”)."
    assert titles(reply) == ["Glossary: Planar"]
    assert judge.rule("planar").content == ""
    assert judge.rule("104.2").content == ""


def test_inline_typo_is_named_in_the_reply(judge: Judge) -> None:
    reply = judge.inline("[[plannar]]", 7)
    assert reply is not None
    assert reply.content == "[[plannar]]: showing Planar (closest to “plannar”)."


def test_also_buttons_skip_rules_the_answer_already_shows(
    judge: Judge, index: FakeIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    def hit(ref: str) -> Hit:
        return Hit(ref, "cr", "", "", 1.0, "rule", "fulltext")

    detail = index.detail(index.get("104.2")[0].entry)
    hits = tuple(map(hit, ["104.2", "104.2.1", "104", "104.3"]))
    found = Lookup("dying", "search", hits, (detail,), confident=True)
    monkeypatch.setattr(index, "lookup", lambda *a, **k: found)
    reply = judge.rule("dying")
    also = [b.label for b in reply.buttons if b.label.startswith("Also")]
    assert also == ["Also: 104.3"]  # 104.2.1 is shown in full, 104 is the Up button


def test_inline_suggestions_say_what_they_stand_in_for(judge: Judge) -> None:
    reply = judge.inline("[[104.9]] and [[104.2]]", 7)
    assert reply is not None
    labels = [b.label for b in reply.buttons]
    assert labels[:3] == ["104.9? → 104", "104.9? → 104.1", "104.9? → 104.2"]
    assert "Up: 104" in labels


def test_did_you_mean_lines_show_the_start_of_each_rule(judge: Judge) -> None:
    reply = judge.rule("strike")
    assert "**509.5.1** Step 1 of the strike: roll, compare" in reply.content


def test_sub_rule_list_shows_text_where_titles_are_inherited(judge: Judge) -> None:
    sub = next(f for f in judge.rule("509.5").cards[0].fields if f.name.startswith("Sub-rules"))
    assert sub.value.splitlines()[0].startswith("**509.5.1** Step 1 of the strike")


def test_search_words_leave_room_for_a_long_document_name(judge: Judge) -> None:
    doc = "d" * 40
    reply = judge.search("strike " * 9, doc=doc)
    assert reply.content == "That search is 62 characters long; keep it under 51."


def test_buttons_whose_custom_id_would_not_fit_are_left_out() -> None:
    short, long = Button("ok", Action("rule", "104.2")), Button("no", Action("rule", "9" * 100))
    assert unique_buttons([short, long, short]) == (short,)
