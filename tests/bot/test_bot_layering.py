"""The command layer and the console never import discord: only the adapter modules do."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parents[2] / "bot"
PLAIN = [
    *sorted((BOT / "commands").glob("*.py")),
    *(BOT / name for name in ("replies.py", "errors.py", "escaping.py", "store.py", "config.py")),
    *(BOT / name for name in ("console.py", "render_text.py", "runner.py")),
]


def top_level_imports(path: Path) -> set[str]:
    """Imports at module level (runner.py imports the Discord adapter lazily, inside functions)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
            if node.module.startswith("bot.") and node.module.split(".")[1] in (
                "discord_app",
                "discord_render",
                "cogs",
            ):
                names.add("discord")
    return names


@pytest.mark.parametrize("path", PLAIN, ids=lambda p: p.name)
def test_plain_python_modules_do_not_import_discord(path: Path) -> None:
    assert "discord" not in top_level_imports(path), f"{path.name} imports discord"


def test_console_runs_without_loading_discord_at_all() -> None:
    import subprocess
    import sys

    code = "import sys, bot.commands, bot.console, bot.runner; print('discord' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=BOT.parent, timeout=60
    )
    assert done.stdout.strip() == "False", done.stderr
