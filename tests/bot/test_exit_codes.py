"""One exit-code policy for `warlord-judge`: 0 on success, 1 for every user error (one
sentence on stderr, no traceback), 2 only for argparse's own usage errors and a bare group."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main

USER_ERRORS = [
    ["cards", "check-deck", "{missing}"],
    ["cards", "check-deck", "{folder}"],
    ["cards", "check-deck", "{missing}", "--json"],
    ["cards", "import", "{missing}"],
    ["cards", "import", "{folder}"],
    ["cards", "coverage", "{missing}"],
    ["cards", "show", "zzqx"],
    ["cards", "list", "--type", "Nope"],
    ["cards", "sample-deck", "nope"],
    ["game", "replay", "{missing}"],
    ["game", "simulate", "--games", "-1"],
    ["game", "position", "{missing}"],
]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WARLORD_JUDGE_HOME", str(tmp_path / "home"))


@pytest.mark.parametrize("argv", USER_ERRORS, ids=" ".join)
def test_user_errors_exit_1_with_one_sentence(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = {"missing": str(tmp_path / "none.txt"), "folder": str(tmp_path)}
    assert main([a.format(**paths) for a in argv]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err


def test_usage_errors_stay_argparse_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["cards", "show", "x", "--bogus"])
    assert stop.value.code == 2
    assert main(["cards"]) == 2 and main(["game"]) == 2
    assert "usage:" in capsys.readouterr().out
