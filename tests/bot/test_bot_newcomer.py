"""What a newcomer tripped over (issue 9), in the bot: French default, settings, long references."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands import Judge
from bot.console import Console
from bot.store import SettingsStore
from rules_index import RulesIndex

GUILD = 42


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> RulesIndex:
    path: Path = tmp_path_factory.mktemp("rules-index") / "rules-index.sqlite"
    return RulesIndex.open(path)


@pytest.fixture
def french(rules: RulesIndex) -> Judge:
    """A server whose default document is the French rulebook."""
    judge = Judge(rules, SettingsStore.in_memory())
    judge.store.update(GUILD, default_doc="4e-fr")
    return judge


def test_a_french_default_still_answers_rule_numbers(french: Judge) -> None:
    (card,) = french.rule("104.3", guild_id=GUILD).cards
    assert card.title.startswith("Rule 104.3") and card.footer.endswith("(cr)")
    reply = french.inline("see [[104.3]]", GUILD)
    assert reply is not None and reply.cards[0].title.startswith("Rule 104.3")


def test_inline_references_turned_off_say_so_in_the_console(judge: Judge) -> None:
    console = Console(judge)
    console.answer("/settings inline off")
    block = console.block("see [[104.3]]")
    assert "off on this server" in block and "/settings inline on" in block
    assert "answers /commands" in console.block("just chatting")


def test_settings_document_without_a_value_asks_for_one(judge: Judge) -> None:
    console = Console(judge)
    console.answer("/settings document 4e-en")
    block = console.block("/settings document")
    assert "which document" in block.lower() and "default" in block
    assert judge.settings(console.guild_id).default_doc == "4e-en"  # unchanged


def test_settings_document_default_says_it_was_reset(judge: Judge) -> None:
    judge.change_settings(GUILD, can_manage=True, document="4e-en")
    reply = judge.change_settings(GUILD, can_manage=True, document="default")
    assert "reset" in reply.cards[0].title.lower() or "reset" in reply.content.lower()
    assert judge.settings(GUILD).default_doc == ""


def test_a_very_long_inline_reference_gets_the_same_answer_as_rule(judge: Judge) -> None:
    long = "stunned " * 625
    ruled = judge.rule(long)
    inline = judge.inline(f"what about [[{long.strip()}]]?", GUILD)
    assert "keep it under 200" in ruled.content
    assert inline is not None and "keep it under 200" in inline.content
    assert "5,000 characters" in ruled.content or "4,999 characters" in ruled.content


def test_a_removed_default_document_falls_back_to_the_index_default(judge: Judge) -> None:
    judge.store.update(GUILD, default_doc="faq")  # removed with `rules remove faq` since
    reply = judge.rule("104.2", guild_id=GUILD)
    assert reply.cards and reply.cards[0].title.startswith("Rule 104.2")
    inline = judge.inline("see [[104.2]]", GUILD)
    assert inline is not None and inline.cards
