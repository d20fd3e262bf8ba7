"""`warlord-judge bot` and `warlord-judge console`: placeholder until the bot issue lands."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_bot_parser(sub: Any) -> None:
    """Register `bot`."""
    p: argparse.ArgumentParser = sub.add_parser("bot", help="run the Discord bot")
    p.set_defaults(func=_unavailable)


def add_console_parser(sub: Any) -> None:
    """Register `console`."""
    p: argparse.ArgumentParser = sub.add_parser("console", help="the bot in a terminal")
    p.set_defaults(func=_unavailable)


def run_default() -> int:
    """No sub-command given."""
    return _unavailable(argparse.Namespace())


def _unavailable(args: argparse.Namespace) -> int:
    print("not available yet", file=sys.stderr)
    return 2
