"""The console front end: the same replies as Discord, as plain text, piped or interactive."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest

from bot import console
from bot.commands import Judge
from bot.replies import Reply, notice


def run_piped(judge: Judge, *lines: str) -> str:
    out = io.StringIO()
    code = console.run(judge, [f"{line}\n" for line in lines], out, interactive=False)
    assert code == 0
    return out.getvalue()


def test_piped_input_prints_one_block_per_line(judge: Judge) -> None:
    c = console.Console(judge)
    lines = ["/rule 104.2", "/define planar", "hello", "/search strike", "see [[602.5]]"]
    expected = "".join(c.block(line) + "\n\n" for line in lines)
    assert run_piped(judge, *lines) == expected


def test_rule_prints_what_the_bot_posts(judge: Judge) -> None:
    text = console.Console(judge).block("/rule 104.2")
    assert text.startswith("== Rule 104.2 — Wounds ==\n<https://example.org/cr.pdf>\n")
    assert "Part of:\nRule 104 — Wounds, Hit Points, & Dying" in text
    assert text.splitlines()[-1] == "Buttons: [1: Up: 104]"


def test_plain_text_without_references_gets_no_reply(judge: Judge) -> None:
    assert console.Console(judge).block("good game everyone") == console.NO_REPLY


def test_press_follows_the_last_replys_buttons(judge: Judge) -> None:
    c = console.Console(judge)
    assert "Buttons: [1: ◀ Previous (disabled)] [2: Next ▶]" in c.block("/search strike")
    page2 = c.block("/press 2")
    assert page2.startswith("(replaces the previous message)\n== Search: “strike” ==")
    assert "Page 2 of 4" in page2
    assert c.block("/press 1").count("Page 1 of 4") == 1
    assert c.block("/press 99") == "(only you can see this)\nPress a button by its number, 1 to 7."


def test_press_without_buttons(judge: Judge) -> None:
    reply = console.Console(judge).block("/press 1")
    assert reply == "(only you can see this)\nThe last reply has no buttons to press."


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("/rule", "Type a rule number such as 104.2, a range, or a question."),
        (
            "/frobnicate 3",
            "There is no command /frobnicate; try /rule, /define, /search, /card or /settings.",
        ),
        ("/rule " + "x" * 4000, "That query is 4,000 characters long; keep it under 200."),
    ],
)
def test_bad_input_gets_one_clear_sentence(judge: Judge, line: str, expected: str) -> None:
    assert console.Console(judge).block(line) == f"(only you can see this)\n{expected}"


def test_doc_option_and_settings(judge: Judge) -> None:
    c = console.Console(judge)
    assert c.block("/search strike doc:nope").endswith("There is no document named nope.")
    saved = c.block("/settings visibility ephemeral")
    assert "Settings saved" in saved and "ephemeral: only the asker sees them" in saved
    assert c.block("/rule 104.1").startswith("(only you can see this)\n== Rule 104.1 ==")


def test_interactive_mode_knows_help_and_quit(judge: Judge) -> None:
    out = io.StringIO()
    lines = ["help\n", "\n", "/rule 104.1\n", "quit\n", "/rule 104.2\n"]
    assert console.run(judge, lines, out, interactive=True) == 0
    text = out.getvalue()
    assert "/define planar" in text and "== Rule 104.1 ==" in text
    assert "Rule 104.2 " not in text


@pytest.mark.parametrize("word", ["quit", "exit", "QUIT", "/exit", "  quit  "])
def test_quit_ends_piped_input_too(judge: Judge, word: str) -> None:
    assert run_piped(judge, "/rule 104.1", word, "help", "/rule 104.2") == (
        console.Console(judge).block("/rule 104.1") + "\n\n"
    )


def test_interactive_start_names_settings_that_differ_from_the_defaults(judge: Judge) -> None:
    def start() -> list[str]:
        out = io.StringIO()
        assert console.run(judge, ["quit\n"], out, interactive=True) == 0
        return out.getvalue().splitlines()

    assert len(start()) == 1  # the defaults: only the greeting
    judge.store.update(console.CONSOLE_GUILD, ephemeral=True)
    assert start()[1] == (
        "Console settings: replies ephemeral (kept in the data folder; "
        "change with /settings document|visibility|inline VALUE)."
    )
    judge.store.update(console.CONSOLE_GUILD, default_doc="4e-en", inline_refs=False)
    assert start()[1].startswith(
        "Console settings: document 4e-en, replies ephemeral, [[references]] off ("
    )


def test_console_settings_persist_between_sessions_in_the_data_folder() -> None:
    from bot_fakes import FakeIndex

    from bot.store import SettingsStore

    first = Judge(FakeIndex(), SettingsStore.open())
    run_piped(first, "/settings visibility ephemeral")
    out = io.StringIO()
    console.run(Judge(FakeIndex(), SettingsStore.open()), [], out, interactive=True)
    assert "Console settings: replies ephemeral" in out.getvalue()


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("/rule 104.2 4e-en", ("rule", "104.2", "4e-en")),
        ("/rule 104.2-104.4 cr", ("rule", "104.2-104.4", "cr")),
        ("/rule 602.5, 603.9 cr", ("rule", "602.5, 603.9", "cr")),
        ("/search 104.2 cr", ("search", "104.2", "cr")),
        ("/rule 104.2 doc:4e-en", ("rule", "104.2", "4e-en")),
        # Only an exact document name after rule numbers is a document; questions stay whole.
        ("/rule what is cr", ("rule", "what is cr", None)),
        ("/rule 104.2 nope", ("rule", "104.2 nope", None)),
        ("/rule 104.2 CR", ("rule", "104.2 CR", None)),
        ("/rule cr", ("rule", "cr", None)),
        ("/search ranged strike cr", ("search", "ranged strike cr", None)),
        ("/define planar cr", ("define", "planar cr", None)),
    ],
)
def test_a_trailing_document_name_after_rule_numbers_picks_the_document(
    judge: Judge, monkeypatch: pytest.MonkeyPatch, line: str, expected: tuple[object, ...]
) -> None:
    calls: list[tuple[object, ...]] = []

    def recorder(name: str) -> Callable[..., Reply]:
        def record(query: str, doc: str | None = None, guild_id: int | None = None) -> Reply:
            calls.append((name, query, doc))
            return notice("ok")

        return record

    for name in ("rule", "search", "define"):
        monkeypatch.setattr(judge, name, recorder(name))
    console.Console(judge).answer(line)
    assert calls == [expected]
