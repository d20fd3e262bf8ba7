"""`warlord-judge game`: placeholder until its issue lands."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_game_parser(sub: Any) -> None:
    """Register `game`."""
    p: argparse.ArgumentParser = sub.add_parser("game", help="game (not yet available)")
    p.set_defaults(func=_unavailable)


def _unavailable(args: argparse.Namespace) -> int:
    print("warlord-judge game is not available yet.", file=sys.stderr)
    return 2
