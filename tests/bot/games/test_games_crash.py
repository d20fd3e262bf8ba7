"""Crash test (a handful of kills; benchmarks/crash_hosting.py runs hundreds): SIGKILL a
hosting process while scripted players submit; 0 acknowledged moves lost, 0 games that fail
to resume."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "crash_hosting.py"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_sigkill_loses_no_acknowledged_move(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("crash_hosting", SCRIPT)
    assert spec and spec.loader
    crash = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(crash)
    result = crash.run(tmp_path / "crash.db", kills=4, games=2, seed=3, max_delay=0.5)
    assert result["kills"] == 4
    assert result["acknowledged"] > 0
    assert result["lost"] == 0 and result["failed"] == 0
