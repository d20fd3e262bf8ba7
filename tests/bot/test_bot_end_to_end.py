"""End to end over the real rules index (built once into tmp) and the real command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_bot_layout import assert_within_limits

from bot.commands import Judge
from bot.discord_render import to_embed
from bot.replies import layout
from bot.store import SettingsStore
from rules_index import RulesIndex

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def index_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules-index") / "rules-index.sqlite"
    RulesIndex.open(path).close()
    return path


@pytest.fixture(scope="session")
def real_index(index_path: Path) -> RulesIndex:
    return RulesIndex.open(index_path)


@pytest.fixture
def real(real_index: RulesIndex) -> Judge:
    return Judge(real_index, SettingsStore.in_memory())


def test_rule_509_5_steps_of_a_strike(real: Judge) -> None:
    (card,) = real.rule("509.5").cards
    assert card.title == "Rule 509.5 — Steps of a Strike"
    assert "Make the strike roll" in card.description
    assert card.footer.endswith("2.0.7 (cr)")
    assert any(f.name == "Part of" and "509" in f.value for f in card.fields)


def test_rule_range_answers_each_rule_in_order(real: Judge) -> None:
    titles = [c.title for c in real.rule("rule 104.2-104.4").cards]
    assert titles[0] == "Rule 104.2"
    assert titles[-1].startswith("Rule 104.4")


def test_define_planar_quotes_the_keyword(real: Judge) -> None:
    reply = real.define("planar")
    assert "Planar" in reply.cards[0].title
    assert "odd" in reply.cards[0].description.lower()


def test_unknown_rule_number_offers_nearest_rules(real: Judge) -> None:
    reply = real.rule("999.9")
    assert not reply.cards and reply.buttons
    assert "999.9" in reply.content


def test_search_ranks_ranged_strikes_first(real: Judge) -> None:
    reply = real.search("ranged strike")
    assert reply.cards[0].description.startswith("**1. 509.4**")
    assert reply.buttons[1].label == "Next ▶"


def test_inline_references_with_the_real_index(real: Judge) -> None:
    reply = real.inline("Does [[509.5]] apply to [[planar]] characters? See [[rule 104.2]].", 3)
    assert reply is not None
    assert reply.cards[0].title == "Rule 509.5 — Steps of a Strike"
    assert len(reply.cards) == 3
    assert len(layout(reply)) == 1


def test_every_rule_of_the_comprehensive_rules_fits_discords_limits(
    real: Judge, real_index: RulesIndex
) -> None:
    refs = [ref for digit in "12345678" for ref, _ in real_index.complete_refs(digit, 2000)]
    assert len(refs) > 500
    for ref in refs:
        reply = real.rule(ref)
        assert reply.cards, f"{ref}: {reply.content}"
        messages = layout(reply)
        assert_within_limits(messages)
        for message in messages:  # discord.py counts the embeds the way layout() does
            assert sum(len(to_embed(card)) for card in message.cards) <= 6000


@pytest.mark.parametrize(
    ("prefix", "first"),
    [
        ("50", ["500", "501", "502", "503", "504", "505", "506", "507", "508", "509"]),
        ("509.", ["509", "509.1", "509.2", "509.3", "509.4", "509.5"]),
        ("104.2", ["104.2", "104.2.1", "104.2.2"]),
    ],
)
def test_autocomplete_numbers_as_you_type(real: Judge, prefix: str, first: list[str]) -> None:
    choices = real.complete_rule(prefix)
    assert 0 < len(choices) <= 25
    assert [value for _, value in choices[: len(first)]] == first
    assert all(value.startswith(prefix.rstrip(".")) for _, value in choices)
    assert all(name.startswith(value) for name, value in choices)


def test_autocomplete_titles_as_you_type(real: Judge) -> None:
    values = [value for _, value in real.complete_rule("stri")]
    assert "509" in values  # section 509 is "Strikes"
    assert "Planar" in [value for _, value in real.complete_term("plan")]


@pytest.mark.parametrize(
    "prefix", ["", " ", "x" * 500, "[[", "\x00\n", "@everyone", "9" * 200, "Glossary:", "é", "**"]
)
def test_autocomplete_stays_within_discords_limits_on_odd_input(real: Judge, prefix: str) -> None:
    for complete in (real.complete_rule, real.complete_term, real.complete_document):
        choices = complete(prefix)
        assert len(choices) <= 25
        assert all(0 < len(n) <= 100 and 0 < len(v) <= 100 for n, v in choices)


@pytest.mark.parametrize("question", ["ranged strike", "melee strike", "planar", "plannar"])
def test_also_buttons_never_repeat_what_the_answer_shows(
    real: Judge, real_index: RulesIndex, question: str
) -> None:
    reply = real.rule(question)
    shown = {
        entry.ref
        for card in reply.cards
        for detail in real_index.get(card.title.removeprefix("Rule ").split(" — ")[0])
        for entry in (detail.entry, *detail.children, *detail.parents)
    }
    also = [b.action.arg for b in reply.buttons if b.label.startswith("Also: ")]
    assert not shown & set(also)


def test_define_plannar_says_which_term_it_shows(real: Judge) -> None:
    reply = real.define("plannar")
    assert reply.content == "Showing Planar (closest to “plannar”)."
    assert real.define("planar").content == ""


def test_a_rule_with_only_its_sections_title_is_named_by_number(real: Judge) -> None:
    """107.2 has no title of its own ("Readying, Spending, & Stunning" is section 107's), so
    the note names the rule rather than repeating the section's title."""
    reply = real.define("Incliné")
    assert reply.content == "Showing rule 107.2 for “Incliné”."


def test_inline_code_is_not_expanded_with_the_real_index(real: Judge) -> None:
    reply = real.inline("type `[[509.5]]` like this:\n```\n[[planar]]\n```\nor [[104.2]]", 3)
    assert reply is not None
    assert [c.title for c in reply.cards] == ["Rule 104.2"]


def test_inline_miss_labels_its_suggestions(real: Judge) -> None:
    reply = real.inline("[[rule 999]] and [[104.2]]", 3)
    assert reply is not None
    suggestions = [b.label for b in reply.buttons if not b.label.startswith("Up:")]
    assert suggestions and all(label.startswith("rule 999? → ") for label in suggestions)


def cli(
    *args: str, stdin: str = "", home: Path, cwd: Path | None = None, token: str = ""
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "WARLORD_JUDGE_GUILD")}
    env["WARLORD_JUDGE_HOME"] = str(home)
    env["PYTHONPATH"] = str(ROOT)
    if token:
        env["DISCORD_TOKEN"] = token
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd or home,
        timeout=120,
    )


def test_console_piped_prints_one_block_per_line(tmp_path: Path, index_path: Path) -> None:
    lines = "/rule 509.5\n/define planar\nhello there\n/rule\n"
    done = cli("console", "--index", str(index_path), stdin=lines, home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("== Rule 509.5 — Steps of a Strike ==\n")
    assert "(no reply: the bot answers /commands and [[references]] in messages)" in done.stdout
    assert done.stdout.endswith(
        "(only you can see this)\nType a rule number such as 104.2, a range, or a question.\n\n"
    )
    assert "judge>" not in done.stdout


def test_no_token_says_what_to_set_and_starts_the_console(tmp_path: Path) -> None:
    done = cli(stdin="/rule 104.1\n", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "DISCORD_TOKEN" in done.stderr and "warlord-judge.toml" in done.stderr
    assert "Starting the console instead." in done.stderr
    assert done.stdout.startswith("== Rule 104.1")


def test_bot_without_token_exits_with_what_to_set(tmp_path: Path) -> None:
    done = cli("bot", home=tmp_path)
    assert done.returncode == 1
    assert "No Discord token found: set DISCORD_TOKEN" in done.stderr


def test_bad_config_file_is_one_clear_sentence(tmp_path: Path) -> None:
    (tmp_path / "warlord-judge.toml").write_text("[discord\ntoken=", encoding="utf-8")
    done = cli("bot", home=tmp_path)
    assert done.returncode == 1
    assert "warlord-judge.toml is not valid TOML" in done.stderr
    assert "Traceback" not in done.stderr


def test_bot_commands_json_is_the_golden_tree(tmp_path: Path) -> None:
    done = cli("bot", "commands", "--json", home=tmp_path)
    assert done.returncode == 0, done.stderr
    golden = json.loads((Path(__file__).with_name("command_tree.json")).read_text("utf-8"))
    assert json.loads(done.stdout) == golden
    listing = cli("bot", "commands", home=tmp_path).stdout
    assert "/rule query* [document]*" in listing
    assert "/settings visibility mode" in listing


def test_unusable_data_folder_is_one_clear_sentence(tmp_path: Path, index_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("", encoding="utf-8")
    done = cli(
        "console",
        "--index",
        str(index_path),
        stdin="/rule 104.1\n",
        home=not_a_folder,
        cwd=tmp_path,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("The bot's database cannot be opened")
    assert "Traceback" not in done.stderr
    plain = cli(stdin="/rule 104.1\n", home=not_a_folder, cwd=tmp_path)
    assert plain.returncode == 1
    assert plain.stderr.startswith("The data folder cannot be used")


@pytest.mark.parametrize("command", [(), ("console",)], ids=["plain", "console"])
def test_quit_ends_a_piped_console(
    tmp_path: Path, index_path: Path, command: tuple[str, ...]
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "rules-index.sqlite").write_bytes(index_path.read_bytes())
    done = cli(*command, stdin="/rule 104.1\nquit\nhelp\n/rule 104.2\n", home=home)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("== Rule 104.1") and done.stdout.endswith("\n\n")
    assert "no reply" not in done.stdout and "/define planar" not in done.stdout
    assert "Rule 104.2" not in done.stdout
    if not command:
        assert f"or {home / 'config.toml'} as\n" in done.stderr
