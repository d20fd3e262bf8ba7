"""Configuration, the settings store and a clean shutdown on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.config import ConfigError, load_config
from bot.discord_app import WarlordJudgeBot, serve
from bot.runner import print_commands
from bot.store import GuildSettings, SettingsStore


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_environment_wins_over_the_config_file(tmp_path: Path) -> None:
    write(tmp_path / "warlord-judge.toml", '[discord]\ntoken = "from-file"\nguild = 123\n')
    from_file = load_config(tmp_path, env={})
    assert (from_file.token, from_file.guild_id) == ("from-file", 123)
    assert from_file.source.endswith("warlord-judge.toml")
    env = {"DISCORD_TOKEN": " from-env ", "WARLORD_JUDGE_GUILD": "456"}
    from_env = load_config(tmp_path, env=env)
    assert (from_env.token, from_env.guild_id, from_env.source) == (
        "from-env",
        456,
        "DISCORD_TOKEN",
    )


def test_config_in_the_data_folder_is_read_when_no_local_file(tmp_path: Path, _home: Path) -> None:
    write(_home / "config.toml", '[discord]\ntoken = "data"\n')
    assert load_config(tmp_path, env={}).token == "data"
    assert load_config(tmp_path, env={}).guild_id is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[discord]\nguild = 'abc'\n", "The guild in warlord-judge.toml must be a server id"),
        ("discord = 3\n", "In warlord-judge.toml, [discord] must be a table"),
        ("[discord\n", "is not valid TOML"),
    ],
)
def test_bad_config_gives_one_sentence(tmp_path: Path, text: str, message: str) -> None:
    write(tmp_path / "warlord-judge.toml", text)
    with pytest.raises(ConfigError, match=message.replace("[", r"\[")):
        load_config(tmp_path, env={})


def test_no_config_means_no_token(tmp_path: Path) -> None:
    assert load_config(tmp_path, env={}).token == ""


def test_settings_persist_in_the_bot_database(_home: Path) -> None:
    store = SettingsStore.open()
    assert store.get(5) == GuildSettings(5)
    store.update(5, default_doc="4e-en", inline_refs=False)
    again = SettingsStore.open()
    assert again.get(5) == GuildSettings(5, default_doc="4e-en", ephemeral=False, inline_refs=False)
    assert (_home / "warlord-judge.db").exists()
    assert again.db["guild_settings"].count == 1


class IdleBot(WarlordJudgeBot):
    """Connects nowhere: start() waits until close() is called."""

    def __init__(self) -> None:
        super().__init__(None, sync_commands=False)
        self.closed = asyncio.Event()

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        await self.closed.wait()

    async def close(self) -> None:
        self.closed.set()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_shuts_the_bot_down_cleanly() -> None:
    async def main() -> int:
        bot = IdleBot()
        loop = asyncio.get_running_loop()
        loop.call_later(0.1, os.kill, os.getpid(), signal.SIGTERM)
        code = await asyncio.wait_for(serve(bot, "token"), timeout=10)
        assert bot.closed.is_set()
        return code

    assert asyncio.run(main()) == 0


def test_refused_token_is_reported_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    class RefusedBot(IdleBot):
        async def start(self, token: str, *, reconnect: bool = True) -> None:
            raise discord.LoginFailure("Improper token has been passed.")

    assert asyncio.run(serve(RefusedBot(), "bad")) == 1
    assert "Discord refused the token" in caplog.text


def test_commands_listing_marks_autocomplete(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    assert print_commands(argparse.Namespace(json=False)) == 0
    out = capsys.readouterr().out
    assert "/define term* [document]*  — Define a glossary term, keyword, feat or trait" in out


def test_docs_invite_permissions_and_commands_match_the_code() -> None:
    import re

    from bot.discord_app import command_tree_json

    docs = (Path(__file__).resolve().parents[2] / "docs" / "bot.md").read_text(encoding="utf-8")
    needed = discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        embed_links=True,
        read_message_history=True,
    )
    assert re.search(r"permissions=(\d+)", docs).group(1) == str(needed.value)  # type: ignore[union-attr]
    assert "bot+applications.commands" in docs
    for command in command_tree_json():
        subs = [o["name"] for o in command.get("options", []) if o.get("type") == 1]
        for name in subs or [""]:
            assert f"`/{command['name']} {name}".rstrip() in docs


def test_docs_command_table_lists_no_command_the_bot_lacks() -> None:
    import re

    from bot.discord_app import command_tree_json

    docs = (Path(__file__).resolve().parents[2] / "docs" / "bot.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `/([a-z]+)(?: ([a-z]+))?", docs, re.MULTILINE)
    tree = {c["name"]: c for c in command_tree_json()}
    for name, sub in rows:
        assert name in tree, name
        subs = [o["name"] for o in tree[name].get("options", []) if o.get("type") == 1]
        if subs:
            assert sub in subs, f"/{name} {sub}"


# Hosted games (bot/cogs/games.py, bot/cogs/games_judge.py).
GAME_COMMANDS = ("game", "judge", "move", "pass", "vacation", "play", "attack", "equip")
GAME_COMMANDS += ("maneuver", "order", "react", "choose", "adjust")


@pytest.mark.parametrize("guild", [None, 1234])
def test_commands_sync_to_the_test_server_or_globally(guild: int | None) -> None:
    from unittest.mock import AsyncMock

    async def main() -> Any:
        bot = WarlordJudgeBot(None, guild_id=guild)
        bot.tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
        await bot.setup_hook()
        return bot.tree

    tree = asyncio.run(main())
    (call,) = tree.sync.await_args_list
    if guild is None:
        assert call.kwargs == {}
    else:
        assert call.kwargs["guild"].id == guild
        assert {c.name for c in tree.get_commands(guild=call.kwargs["guild"])} == {
            "rule",
            "define",
            "search",
            "settings",
            "card",
            *GAME_COMMANDS,
        }


def _dns_error() -> Exception:
    import aiohttp
    from aiohttp.client_reqrep import ConnectionKey

    key = ConnectionKey("discord.com", 443, True, True, None, None, None)
    return aiohttp.ClientConnectorDNSError(key, OSError(-2, "Name or service not known"))


def _http_error(status: int, reason: str, text: str) -> Exception:
    from types import SimpleNamespace

    response: Any = SimpleNamespace(status=status, reason=reason)
    return discord.HTTPException(response, text)


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (
            _dns_error,
            "Cannot connect to host discord.com:443 ssl:default [Name or service not known]",
        ),
        (lambda: OSError(101, "Network is unreachable"), "[Errno 101] Network is unreachable"),
        (lambda: TimeoutError(), "TimeoutError"),
        (discord.GatewayNotFound, "The gateway to connect to discord was not found."),
        (
            lambda: _http_error(503, "Service Unavailable", "upstream down"),
            "HTTP 503 Service Unavailable: upstream down",
        ),
    ],
)
def test_unreachable_discord_is_one_sentence_not_a_traceback(
    caplog: pytest.LogCaptureFixture, error: Any, reason: str
) -> None:
    class OfflineBot(IdleBot):
        async def start(self, token: str, *, reconnect: bool = True) -> None:
            raise error()

    assert asyncio.run(serve(OfflineBot(), "token")) == 1
    (record,) = [r for r in caplog.records if r.levelname == "ERROR"]
    assert record.getMessage() == f"Could not reach Discord ({reason}): check the network."
    assert record.exc_info is None and "Traceback" not in caplog.text


def test_refused_request_at_startup_is_one_sentence(caplog: pytest.LogCaptureFixture) -> None:
    class ForbiddenBot(IdleBot):
        async def start(self, token: str, *, reconnect: bool = True) -> None:
            raise _http_error(403, "Forbidden", "Missing Access")

    assert asyncio.run(serve(ForbiddenBot(), "token")) == 1
    (record,) = [r for r in caplog.records if r.levelname == "ERROR"]
    assert record.getMessage().startswith(
        "Discord refused a request (HTTP 403 Forbidden: Missing Access); with --guild"
    )


def test_no_voice_warnings_at_startup(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True, raising=False)
    WarlordJudgeBot(None, sync_commands=False)
    assert "voice will NOT be supported" not in caplog.text


def test_no_token_message_names_the_real_config_file(_home: Path) -> None:
    from bot.runner import _no_token

    assert f"or {_home / 'config.toml'} as\n" in _no_token()


def test_docs_name_the_xdg_data_folder_and_the_console_settings() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "bot.md").read_text(encoding="utf-8")
    assert "`$WARLORD_JUDGE_HOME`, else `$XDG_DATA_HOME/warlord-judge`" in docs
    assert "`Console settings: replies ephemeral" in docs
