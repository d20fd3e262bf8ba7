"""The README's examples work as written after its set-up command (issue 9)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from bot.cli import main, package_version

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```sh\n(.*?)```", README, re.DOTALL)
BARE = re.compile(r"(?<![\w./-])warlord-judge(?![\w.-])")


def _commands(block: str) -> list[str]:
    """The command part of each line (its trailing comment removed)."""
    out = []
    for line in block.splitlines():
        code = line.split(" #")[0].strip()
        if code and not code.startswith("#"):
            out.append(code)
    return out


def test_every_readme_example_runs_the_installed_command() -> None:
    """`warlord-judge` alone is "command not found" until the environment is activated."""
    commands = [c for block in BLOCKS for c in _commands(block)]
    assert any(".venv/bin/warlord-judge" in c for c in commands)
    bare = [c for c in commands if BARE.search(c)]
    assert not bare, f"examples that need an activated virtual environment: {bare}"


def test_version_comes_from_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"warlord-judge {package_version()}"
    assert "--version" in README


def test_the_rules_examples_run_as_written(tmp_path: Path) -> None:
    """Each command of the "Rules, from the command line" block, run from a folder holding
    the virtual environment, exits 0."""
    if not (ROOT / ".venv" / "bin" / "warlord-judge").exists():
        pytest.skip("no .venv with the package installed")
    block = README.split("### Rules, from the command line", 1)[1]
    (code,) = re.findall(r"```sh\n(.*?)```", block, re.DOTALL)[:1]
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    env = {**os.environ, "WARLORD_JUDGE_HOME": str(tmp_path / "home")}
    for command in _commands(code):
        assert shlex.split(command)  # plain shell words
        proc = subprocess.run(
            ["sh", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True
        )
        assert proc.returncode == 0, f"{command}: {proc.stderr[-400:]}"
