"""`warlord-judge`: the one command line. Each area registers its own sub-commands."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import metadata

from bot import cards_cli, game_cli, runner
from rules_index import cli as rules_cli


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser: rules, game, cards, bot and console."""
    parser = argparse.ArgumentParser(
        prog="warlord-judge",
        description="Rules judge and game host for Warlord: Saga of the Storm.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    rules_cli.add_rules_parser(sub)
    game_cli.add_game_parser(sub)
    cards_cli.add_cards_parser(sub)
    runner.add_bot_parser(sub)
    runner.add_console_parser(sub)
    return parser


def package_version() -> str:
    """The installed package's version (from its metadata), "unknown" when not installed."""
    try:
        return metadata.version("warlord-judge")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return runner.run_default()
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
