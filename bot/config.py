"""The bot's configuration: environment variables first, then a TOML file git ignores."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.errors import BotError

LOCAL_FILE = "warlord-judge.toml"  # in the working directory
DATA_FILE = "config.toml"  # in bot.paths.data_dir()
EXAMPLE = '[discord]\ntoken = "YOUR-BOT-TOKEN"\nguild = 123456789012345678  # optional test server'


class ConfigError(BotError):
    """The configuration file cannot be used."""


@dataclass(frozen=True)
class BotConfig:
    token: str = ""
    guild_id: int | None = None
    source: str = ""  # where the token came from, for log messages (never the token itself)


def config_files(cwd: Path | None = None) -> list[Path]:
    """The files looked at, in order: ./warlord-judge.toml, then <data dir>/config.toml."""
    from bot.paths import data_dir

    try:
        folder = data_dir()
    except OSError as exc:
        raise ConfigError(f"The data folder cannot be used: {exc}.") from exc
    return [(cwd or Path.cwd()) / LOCAL_FILE, folder / DATA_FILE]


def load_config(cwd: Path | None = None, env: Mapping[str, str] | None = None) -> BotConfig:
    """DISCORD_TOKEN / WARLORD_JUDGE_GUILD win over the first config file found."""
    env = os.environ if env is None else env
    token, guild, source = "", None, ""
    for path in config_files(cwd):
        if path.is_file():
            table = _read(path).get("discord", {})
            if not isinstance(table, dict):
                raise ConfigError(f"In {path.name}, [discord] must be a table; see docs/bot.md.")
            token = str(table.get("token", "") or "")
            guild = _guild(table.get("guild"), path.name)
            source = str(path)
            break
    if env.get("DISCORD_TOKEN", "").strip():
        token, source = env["DISCORD_TOKEN"].strip(), "DISCORD_TOKEN"
    if env.get("WARLORD_JUDGE_GUILD", "").strip():
        guild = _guild(env["WARLORD_JUDGE_GUILD"].strip(), "WARLORD_JUDGE_GUILD")
    return BotConfig(token=token.strip(), guild_id=guild, source=source)


def _read(path: Path) -> dict[str, object]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} cannot be read: {exc}.") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML ({exc}).") from exc


def _guild(value: object, where: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        guild = int(str(value))
    except ValueError:
        raise ConfigError(f"The guild in {where} must be a server id (a number).") from None
    if guild <= 0:
        raise ConfigError(f"The guild in {where} must be a server id (a number).")
    return guild
