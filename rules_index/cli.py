"""`warlord-judge rules`: placeholder until its issue lands."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_rules_parser(sub: Any) -> None:
    """Register `rules`."""
    p: argparse.ArgumentParser = sub.add_parser("rules", help="rules (not yet available)")
    p.set_defaults(func=_unavailable)


def _unavailable(args: argparse.Namespace) -> int:
    print("warlord-judge rules is not available yet.", file=sys.stderr)
    return 2
