"""The layering of DESIGN.md section 1, enforced by reading every module's imports."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)


def imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", modules("engine"), ids=str)
def test_engine_imports_only_stdlib_and_itself(path: Path) -> None:
    foreign = {n for n in imported_top_levels(path) if n not in STDLIB and n != "engine"}
    assert not foreign, f"{path.relative_to(ROOT)} imports {sorted(foreign)}"


@pytest.mark.parametrize("path", modules("engine"), ids=str)
def test_engine_uses_no_clock_or_global_random(path: Path) -> None:
    banned = {"random", "time", "datetime", "sqlite3", "asyncio", "socket", "subprocess"}
    used = imported_top_levels(path) & banned
    assert not used, f"{path.relative_to(ROOT)} imports {sorted(used)}"


@pytest.mark.parametrize("path", modules("rules_index"), ids=str)
def test_rules_index_knows_nothing_of_discord_bot_or_engine(path: Path) -> None:
    used = imported_top_levels(path) & {"discord", "bot", "engine"}
    assert not used, f"{path.relative_to(ROOT)} imports {sorted(used)}"


@pytest.mark.parametrize("path", modules("bot/games"), ids=str)
def test_the_game_service_knows_nothing_of_discord(path: Path) -> None:
    """bot/games is a library with no Discord in it (DESIGN.md 4b): front ends adapt to it."""
    used = imported_top_levels(path) & {"discord"}
    assert not used, f"{path.relative_to(ROOT)} imports {sorted(used)}"
