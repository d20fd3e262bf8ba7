"""`warlord-judge bot`, `warlord-judge console`, and plain `warlord-judge` (bot if configured)."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

from bot.commands import Judge
from bot.config import DATA_FILE, EXAMPLE, LOCAL_FILE, BotConfig, ConfigError, load_config
from bot.errors import BotError

log = logging.getLogger(__name__)

LEVELS = ["DEBUG", "INFO", "WARNING", "ERROR"]
NO_TOKEN = (
    "No Discord token found: set DISCORD_TOKEN, or write it in ./{local} or {data} as\n"
    "{example}\n"
    "(docs/bot.md explains how to create a Discord application and get a token.)"
)


def add_bot_parser(sub: Any) -> None:
    """Register `bot` (run it) and `bot commands` (describe its application commands)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "bot",
        help="run the Discord bot",
        description="Run the Discord bot. The token comes from DISCORD_TOKEN or the config file.",
    )
    p.add_argument("--guild", type=int, help="sync commands to this test server only (instant)")
    p.add_argument("--no-sync", action="store_true", help="do not sync application commands")
    p.add_argument(
        "--no-inline",
        action="store_true",
        help="run without the message content intent ([[references]] off)",
    )
    _common(p, "INFO")
    p.set_defaults(func=run_bot_command)
    bot_sub = p.add_subparsers(dest="bot_command", metavar="SUBCOMMAND")
    c = bot_sub.add_parser("commands", help="print the application commands that would be synced")
    c.add_argument("--json", action="store_true", help="the exact JSON Discord would receive")
    c.set_defaults(func=print_commands)


def add_console_parser(sub: Any) -> None:
    """Register `console`."""
    p: argparse.ArgumentParser = sub.add_parser(
        "console",
        help="the bot in a terminal, no Discord needed",
        description="Type bot commands (/rule 104.2, /define planar, [[509.5]]); "
        "reads piped input line by line too.",
    )
    _common(p, "WARNING")
    p.set_defaults(func=run_console_command)


def _common(p: argparse.ArgumentParser, level: str) -> None:
    p.add_argument("--log-level", default=level, choices=LEVELS, type=str.upper)
    p.add_argument("--index", type=Path, help="rules index file (default: in the data folder)")


def run_default() -> int:
    """Plain `warlord-judge`: the bot when a token is configured, else say what to set and
    start the console."""
    try:
        config = load_config()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 1
    if config.token:
        return _run_bot(argparse.Namespace(log_level="INFO", index=None), config)
    print(_no_token() + "\nStarting the console instead.\n", file=sys.stderr)
    return run_console_command(argparse.Namespace(log_level="WARNING", index=None))


def setup_logging(level: str) -> None:
    """Log to stderr at the chosen level."""
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
        force=True,
    )


def open_judge(index_path: Path | None = None) -> Judge:
    """The judge over the real rules index and the bot's database (settings, cards)."""
    from bot.card_store import CardStore
    from bot.commands.card_lookup import CardLookup
    from bot.store import SettingsStore
    from rules_index import RulesIndex

    index, settings = RulesIndex.open(index_path), SettingsStore.open()
    return Judge(index, settings, CardLookup(lambda: CardStore(settings.db), index))


def _judge_or_report(index_path: Path | None) -> Judge | None:
    """The judge, or None after saying on stderr why it cannot be opened."""
    from rules_index import RulesIndexError

    try:
        return open_judge(index_path)
    except (RulesIndexError, BotError) as exc:
        print(exc, file=sys.stderr)
        return None


def run_console_command(args: argparse.Namespace) -> int:
    from bot import console

    setup_logging(args.log_level)
    judge = _judge_or_report(args.index)
    if judge is None:
        return 1
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    lines = console.prompted_lines() if interactive else sys.stdin
    return console.run(judge, lines, sys.stdout, interactive=interactive)


def run_bot_command(args: argparse.Namespace) -> int:
    try:
        config = load_config()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 1
    if not config.token:
        print(_no_token(), file=sys.stderr)
        return 1
    return _run_bot(args, config)


def _run_bot(args: argparse.Namespace, config: BotConfig) -> int:
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from bot.discord_app import WarlordJudgeBot, serve
    from bot.games import GameService

    setup_logging(args.log_level)
    judge = _judge_or_report(args.index)
    if judge is None:
        return 1
    log.info("token from %s", config.source)
    executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="judge")
    bot = WarlordJudgeBot(
        judge,
        executor=executor,
        guild_id=getattr(args, "guild", None) or config.guild_id,
        sync_commands=not getattr(args, "no_sync", False),
        inline_refs=not getattr(args, "no_inline", False),
        games=GameService.open(),
    )
    try:
        return asyncio.run(serve(bot, config.token))
    finally:
        executor.shutdown(wait=False, cancel_futures=True)


def print_commands(args: argparse.Namespace) -> int:
    """`warlord-judge bot commands [--json]`: the command tree, without connecting."""
    from bot.discord_app import command_tree_json

    tree = command_tree_json()
    if args.json:
        print(json.dumps(tree, indent=2, ensure_ascii=False))
        return 0
    for command in tree:
        _print_command(command, prefix="/")
    print("(* autocompletes, [name] is optional)")
    return 0


def _print_command(command: dict[str, Any], prefix: str) -> None:
    options = command.get("options") or []
    subs = [o for o in options if o.get("type") in (1, 2)]
    if subs:
        for sub in subs:
            _print_command(sub, prefix=f"{prefix}{command['name']} ")
        return
    parts = []
    for o in options:
        name = o["name"] if o.get("required") else f"[{o['name']}]"
        parts.append(name + ("*" if o.get("autocomplete") else ""))
    print(f"{prefix}{command['name']} {' '.join(parts)}".rstrip() + f"  — {command['description']}")


def _no_token() -> str:
    from bot.paths import data_dir

    try:
        data = str(data_dir() / DATA_FILE)
    except OSError:  # the folder cannot be made; still say where it would be
        data = f"<data folder>/{DATA_FILE}"
    return NO_TOKEN.format(local=LOCAL_FILE, data=data, example=EXAMPLE)
