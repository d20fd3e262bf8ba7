"""`warlord-judge cards`: placeholder until its issue lands."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_cards_parser(sub: Any) -> None:
    """Register `cards`."""
    p: argparse.ArgumentParser = sub.add_parser("cards", help="cards (not yet available)")
    p.set_defaults(func=_unavailable)


def _unavailable(args: argparse.Namespace) -> int:
    print("warlord-judge cards is not available yet.", file=sys.stderr)
    return 2
