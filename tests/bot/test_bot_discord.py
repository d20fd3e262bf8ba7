"""The Discord adapter, offline: registered app commands, autocomplete, buttons, on_message."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any, TypeVar
from unittest.mock import AsyncMock, MagicMock, create_autospec

import discord
import pytest
from bot_fakes import FakeIndex

from bot.commands import Judge
from bot.discord_app import WarlordJudgeBot, command_tree_json
from bot.discord_render import JudgeButton, to_view
from bot.replies import Action, Button
from bot.store import GuildSettings, SettingsStore

GOLDEN = Path(__file__).with_name("command_tree.json")
T = TypeVar("T")


def run(scenario: Callable[[WarlordJudgeBot], Awaitable[T]], judge: Judge, **kw: Any) -> T:
    """Build the bot (cogs loaded, nothing synced, no connection) and run a scenario with it."""

    async def main() -> T:
        bot = WarlordJudgeBot(judge, sync_commands=False, **kw)
        await bot.setup_hook()
        return await scenario(bot)

    return asyncio.run(main())


def interaction(bot: WarlordJudgeBot, guild_id: int | None = 7, manage: bool = False) -> Any:
    inter = create_autospec(discord.Interaction, instance=True)
    inter.client = bot
    inter.guild_id = guild_id
    inter.id = 42
    inter.permissions = discord.Permissions(manage_guild=manage)
    inter.response = create_autospec(discord.InteractionResponse, instance=True)
    inter.followup = create_autospec(discord.Webhook, instance=True)
    inter.response.is_done.return_value = False
    inter.response.send_message = AsyncMock()
    inter.response.edit_message = AsyncMock()

    async def defer(**kwargs: Any) -> None:
        inter.response.is_done.return_value = True

    inter.response.defer = AsyncMock(side_effect=defer)
    inter.followup.send = AsyncMock()
    inter.edit_original_response = AsyncMock()
    return inter


async def invoke(bot: WarlordJudgeBot, name: str, inter: Any, *args: Any) -> None:
    """Call a registered application command's callback, as the tree would."""
    group, _, sub = name.partition(" ")
    command: Any = bot.tree.get_command(group)
    if sub:
        command = command.get_command(sub)
    await command.callback(command.binding, inter, *args)


def sent(inter: Any) -> dict[str, Any]:
    inter.response.send_message.assert_awaited_once()
    return dict(inter.response.send_message.await_args.kwargs)


def test_rule_command_answers_with_an_embed_and_pings_nobody(judge: Judge) -> None:
    async def scenario(bot: WarlordJudgeBot) -> Any:
        inter = interaction(bot)
        await invoke(bot, "rule", inter, "104.2")
        return sent(inter)

    kwargs = run(scenario, judge)
    (embed,) = kwargs["embeds"]
    assert embed.title == "Rule 104.2 — Wounds"
    assert embed.footer.text == "Warlord: Saga of the Storm Comprehensive Rules Tome 2.0.7 (cr)"
    assert embed.url == "https://example.org/cr.pdf"
    assert kwargs["ephemeral"] is False
    assert kwargs["allowed_mentions"].everyone is False
    assert kwargs["allowed_mentions"].users is False
    assert kwargs["allowed_mentions"].roles is False


def test_long_answer_is_split_over_follow_ups_within_discord_limits(judge: Judge) -> None:
    async def scenario(bot: WarlordJudgeBot) -> Any:
        inter = interaction(bot)
        await invoke(bot, "rule", inter, "110.9")
        return inter

    inter = run(scenario, judge)
    messages = [inter.response.send_message.await_args.kwargs] + [
        c.kwargs for c in inter.followup.send.await_args_list
    ]
    assert len(messages) >= 2
    for kwargs in messages:
        assert len(kwargs["embeds"]) <= 10
        assert sum(len(e) for e in kwargs["embeds"]) <= 6000
        assert all(len(e.description or "") <= 4096 for e in kwargs["embeds"])


def test_server_choosing_ephemeral_replies_gets_them(judge: Judge, store: SettingsStore) -> None:
    store.update(7, ephemeral=True)

    async def scenario(bot: WarlordJudgeBot) -> Any:
        inter = interaction(bot)
        await invoke(bot, "define", inter, "planar")
        return sent(inter)

    assert run(scenario, judge)["ephemeral"] is True


def test_search_has_persistent_buttons_and_next_page_edits_the_message(judge: Judge) -> None:
    async def scenario(bot: WarlordJudgeBot) -> tuple[Any, Any]:
        inter = interaction(bot)
        await invoke(bot, "search", inter, "strike")
        view = sent(inter)["view"]
        nxt = next(
            item
            for item in view.children
            if item.custom_id.startswith("wj:s:") and (item.item.label == "Next ▶")
        )
        press = interaction(bot)
        await nxt.callback(press)
        return view, press

    view, press = run(scenario, judge)
    assert view.timeout is None and all(isinstance(i, JudgeButton) for i in view.children)
    edited = press.response.edit_message.await_args.kwargs
    assert edited["embeds"][0].footer.text == "Page 2 of 4 · 17 results"
    press.response.send_message.assert_not_awaited()


def test_button_rebuilt_from_its_custom_id_after_a_restart(judge: Judge) -> None:
    custom_id = Action("rule", "104.2", "cr").to_custom_id()

    async def scenario(bot: WarlordJudgeBot) -> Any:
        item = discord.ui.Button(label="104.2", custom_id=custom_id)
        match = JudgeButton.__discord_ui_compiled_template__.match(custom_id)
        assert match is not None
        button = await JudgeButton.from_custom_id(interaction(bot), item, match)
        press = interaction(bot)
        await button.callback(press)
        return sent(press)

    assert run(scenario, judge)["embeds"][0].title == "Rule 104.2 — Wounds"


async def autocomplete(bot: WarlordJudgeBot, name: str, option: str, current: str) -> Any:
    """Run an option's autocomplete the way the tree does; the choices sent to Discord."""
    command: Any = bot.tree.get_command(name.split()[0])
    if " " in name:
        command = command.get_command(name.split()[1])
    inter = interaction(bot)
    inter.response.autocomplete = AsyncMock()
    await command._invoke_autocomplete(inter, option, SimpleNamespace(**{option: current}))
    return inter.response.autocomplete.await_args.args[0]


def test_autocomplete_callbacks_give_at_most_25_choices(judge: Judge) -> None:
    async def scenario(bot: WarlordJudgeBot) -> tuple[Any, ...]:
        return (
            await autocomplete(bot, "rule", "query", ""),
            await autocomplete(bot, "define", "term", "pla"),
            await autocomplete(bot, "search", "document", "4e"),
            await autocomplete(bot, "settings document", "name", "cr"),
        )

    rules, terms, documents, settings_documents = run(scenario, judge)
    assert len(rules) == 25
    assert rules[2] == discord.app_commands.Choice(name="104.2 — Wounds", value="104.2")
    assert terms == [discord.app_commands.Choice(name="Planar", value="Planar")]
    assert [c.value for c in documents] == ["4e-en"]
    assert [c.value for c in settings_documents] == ["cr"]


def test_autocomplete_never_raises(index: FakeIndex, store: SettingsStore) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("index gone")

    index.complete_refs = broken  # type: ignore[method-assign]
    index.documents = broken  # type: ignore[method-assign]

    async def scenario(bot: WarlordJudgeBot) -> tuple[Any, Any]:
        return (
            await autocomplete(bot, "rule", "query", "50"),
            await autocomplete(bot, "rule", "document", ""),
        )

    assert run(scenario, Judge(index, store)) == ([], [])


async def deliver(bot: WarlordJudgeBot, message: Any) -> None:
    """Hand a message to every registered on_message listener, as the gateway would."""
    listeners = bot.extra_events["on_message"]
    assert listeners
    for listener in listeners:
        await listener(message)


def fake_message(content: str, *, bot_author: bool = False, guild_id: int = 7) -> Any:
    message = MagicMock(spec=discord.Message)
    message.content = content
    message.author.bot = bot_author
    message.guild.id = guild_id
    message.reply = AsyncMock()
    message.channel.send = AsyncMock()
    return message


def test_inline_references_in_a_message_get_one_reply(judge: Judge) -> None:
    async def scenario(bot: WarlordJudgeBot) -> Any:
        message = fake_message("@everyone see [[104.2]] and [[planar]]")
        await deliver(bot, message)
        return message

    message = run(scenario, judge)
    message.reply.assert_awaited_once()
    kwargs = message.reply.await_args.kwargs
    assert [e.title for e in kwargs["embeds"]] == ["Rule 104.2 — Wounds", "Glossary: Planar"]
    assert kwargs["mention_author"] is False
    assert kwargs["allowed_mentions"].everyone is False


@pytest.mark.parametrize(
    ("content", "bot_author", "inline"),
    [("[[104.2]]", True, True), ("no references", False, True), ("[[104.2]]", False, False)],
)
def test_inline_stays_silent_for_bots_plain_text_and_when_turned_off(
    judge: Judge, store: SettingsStore, content: str, bot_author: bool, inline: bool
) -> None:
    store.update(7, inline_refs=inline)

    async def scenario(bot: WarlordJudgeBot) -> Any:
        message = fake_message(content, bot_author=bot_author)
        await deliver(bot, message)
        return message

    run(scenario, judge).reply.assert_not_awaited()


def test_settings_need_manage_server_and_are_stored(judge: Judge, store: SettingsStore) -> None:
    async def scenario(bot: WarlordJudgeBot) -> tuple[Any, Any]:
        member, moderator = interaction(bot), interaction(bot, manage=True)
        await invoke(bot, "settings visibility", member, "ephemeral")
        await invoke(bot, "settings visibility", moderator, "ephemeral")
        return sent(member), sent(moderator)

    refused, saved = run(scenario, judge)
    assert refused["content"] == "Only members with the Manage Server permission can do that."
    assert refused["ephemeral"] is True
    assert saved["embeds"][0].title == "Settings saved"
    assert store.get(7).ephemeral is True


def test_slow_answers_are_deferred_then_followed_up(
    index: FakeIndex, store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.discord_app.DEFER_AFTER", 0.05)
    real_get = index.get

    def slow_get(refs: str, doc: str | None = None) -> Any:
        time.sleep(0.3)
        return real_get(refs, doc)

    monkeypatch.setattr(index, "get", slow_get)

    async def scenario(bot: WarlordJudgeBot) -> Any:
        inter = interaction(bot)
        await invoke(bot, "rule", inter, "104.2")
        return inter

    with ThreadPoolExecutor(max_workers=1) as executor:
        inter = run(scenario, Judge(index, store), executor=executor)
    inter.response.defer.assert_awaited_once_with(ephemeral=False, thinking=True)
    inter.response.send_message.assert_not_awaited()
    assert inter.followup.send.await_args.kwargs["embeds"][0].title == "Rule 104.2 — Wounds"


def test_bot_never_pings_and_asks_for_message_content() -> None:
    bot = WarlordJudgeBot(None, sync_commands=False)
    assert bot.allowed_mentions is not None
    assert bot.allowed_mentions.to_dict() == {"parse": []}
    assert bot.intents.message_content
    assert not WarlordJudgeBot(None, inline_refs=False).intents.message_content


def test_command_tree_matches_the_golden_file() -> None:
    """Regenerate with: warlord-judge bot commands --json > tests/bot/command_tree.json"""
    assert command_tree_json() == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_command_tree_respects_discord_naming_limits() -> None:
    def walk(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for c in commands:
            out.append(c)
            out.extend(walk(c.get("options") or []))
        return out

    every = walk(command_tree_json())
    assert all(1 <= len(c["description"]) <= 100 for c in every)
    assert all(c["name"] == c["name"].lower() and len(c["name"]) <= 32 for c in every)
    autocompleted = {c["name"] for c in every if c.get("autocomplete")}
    assert autocompleted == {"query", "term", "document", "name", "move", "adjustment"}


def test_buttons_render_with_their_state_in_the_custom_id() -> None:
    button = JudgeButton(Button("Next ▶", Action("search", "ranged strike", "cr", 3)))
    assert button.custom_id == "wj:s:cr:3:ranged strike"
    assert button.item.style is discord.ButtonStyle.secondary


def test_slow_page_press_defers_then_edits_the_original(
    index: FakeIndex, store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.discord_app.DEFER_AFTER", 0.05)
    real_search = index.search

    def slow_search(query: str, doc: str | None = None, limit: int = 10) -> Any:
        time.sleep(0.3)
        return real_search(query, doc, limit)

    monkeypatch.setattr(index, "search", slow_search)
    custom_id = Action("search", "strike", "", 1).to_custom_id()

    async def scenario(bot: WarlordJudgeBot) -> Any:
        press = interaction(bot)
        await bot.answer_press(press, custom_id)
        return press

    with ThreadPoolExecutor(max_workers=1) as executor:
        press = run(scenario, Judge(index, store), executor=executor)
    press.response.defer.assert_awaited_once_with()
    edited = press.edit_original_response.await_args.kwargs
    assert edited["embeds"][0].footer.text == "Page 2 of 4 · 17 results"


def slow_index(index: FakeIndex, monkeypatch: pytest.MonkeyPatch, gate: threading.Event) -> None:
    """index.get waits (on the judge thread) until the interaction has been deferred."""
    real_get = index.get

    def slow_get(refs: str, doc: str | None = None) -> Any:
        assert gate.wait(5), "the interaction was not deferred while the answer was running"
        return real_get(refs, doc)

    monkeypatch.setattr(index, "get", slow_get)
    monkeypatch.setattr("bot.discord_app.DEFER_AFTER", 0.05)


def run_slow(judge: Judge, name: str, *args: Any, gate: threading.Event) -> Any:
    async def scenario(bot: WarlordJudgeBot) -> Any:
        inter = interaction(bot)
        deferred = inter.response.defer.side_effect

        async def defer(**kwargs: Any) -> None:
            await deferred(**kwargs)
            gate.set()

        inter.response.defer.side_effect = defer
        inter.delete_original_response = AsyncMock()
        await invoke(bot, name, inter, *args)
        return inter

    with ThreadPoolExecutor(max_workers=1) as executor:
        return run(scenario, judge, executor=executor)


def test_error_after_a_public_deferral_goes_to_the_asker_only(
    index: FakeIndex, store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()
    slow_index(index, monkeypatch, gate)
    inter = run_slow(Judge(index, store), "rule", "104.9", gate=gate)
    inter.response.defer.assert_awaited_once_with(ephemeral=False, thinking=True)
    inter.delete_original_response.assert_awaited_once()  # the public "thinking..." goes
    kwargs = inter.followup.send.await_args.kwargs
    assert kwargs["ephemeral"] is True
    assert kwargs["content"].startswith("There is no rule 104.9")


def test_private_server_deferral_keeps_every_follow_up_private(
    index: FakeIndex, store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.update(7, ephemeral=True)
    gate = threading.Event()
    slow_index(index, monkeypatch, gate)
    inter = run_slow(Judge(index, store), "rule", "110.9", gate=gate)
    inter.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    inter.delete_original_response.assert_not_awaited()
    sends = inter.followup.send.await_args_list
    assert len(sends) >= 2 and all(c.kwargs["ephemeral"] is True for c in sends)


def test_view_takes_25_buttons_in_five_rows() -> None:
    buttons = tuple(Button(f"b{i}", Action("rule", f"104.{i}")) for i in range(25))
    view = to_view(buttons)
    assert view is not None and len(view.children) == 25
    rows = [item._rendered_row for item in view.children]
    assert max(rows) == 4  # type: ignore[type-var]


def test_settings_changed_in_discord_are_kept_in_sqlite(index: FakeIndex, tmp_path: Path) -> None:
    path = tmp_path / "settings.db"

    async def scenario(bot: WarlordJudgeBot) -> Any:
        member, moderator = interaction(bot, guild_id=8), interaction(bot, manage=True)
        await invoke(bot, "settings inline", member, False)  # refused: guild 8 keeps defaults
        await invoke(bot, "settings document", moderator, "4e-en")
        await invoke(bot, "settings inline", interaction(bot, manage=True), False)
        await invoke(bot, "settings visibility", interaction(bot, manage=True), "ephemeral")
        shown = interaction(bot)
        await invoke(bot, "settings show", shown)
        return sent(member), sent(shown)

    refused, shown = run(scenario, Judge(index, SettingsStore.open(path)))
    assert refused["content"] == "Only members with the Manage Server permission can do that."
    assert SettingsStore.open(path).get(7) == GuildSettings(7, "4e-en", True, False)
    assert SettingsStore.open(path).get(8) == GuildSettings(8)
    assert shown["ephemeral"] is True
    assert [f.value for f in shown["embeds"][0].fields][1:] == [
        "ephemeral: only the asker sees them",
        "off",
    ]


def test_autocomplete_gives_up_quietly_while_the_judge_is_busy(
    index: FakeIndex, store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.cogs.rules.AUTOCOMPLETE_WAIT", 0.05)
    release = threading.Event()

    def busy(prefix: str, limit: int = 25) -> list[tuple[str, str]]:
        release.wait(5)
        return [("104.2", "")]

    monkeypatch.setattr(index, "complete_refs", busy)

    async def scenario(bot: WarlordJudgeBot) -> Any:
        try:
            return await autocomplete(bot, "rule", "query", "104")
        finally:
            release.set()

    with ThreadPoolExecutor(max_workers=1) as executor:
        assert run(scenario, Judge(index, store), executor=executor) == []


def test_page_press_error_after_deferral_goes_to_the_presser_only(
    index: FakeIndex, store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.discord_app.DEFER_AFTER", 0.05)
    real_search = index.search

    def slow_search(query: str, doc: str | None = None, limit: int = 10) -> Any:
        time.sleep(0.3)
        return real_search(query, doc, limit)

    monkeypatch.setattr(index, "search", slow_search)
    custom_id = Action("search", "strike", "gone", 1).to_custom_id()  # a document since removed

    async def scenario(bot: WarlordJudgeBot) -> Any:
        press = interaction(bot)
        press.delete_original_response = AsyncMock()
        await bot.answer_press(press, custom_id)
        return press

    with ThreadPoolExecutor(max_workers=1) as executor:
        press = run(scenario, Judge(index, store), executor=executor)
    press.response.defer.assert_awaited_once_with()
    press.edit_original_response.assert_not_awaited()  # the results page stays as it was
    press.delete_original_response.assert_not_awaited()
    kwargs = press.followup.send.await_args.kwargs
    assert kwargs["ephemeral"] is True and kwargs["content"] == "There is no document named gone."
