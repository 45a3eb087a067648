"""Every CLI command is documented in docs/cli.md, and user mistakes never traceback."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from domdex.cli import build_parser, main

DOCS = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
SNAPSHOT = Path(__file__).parent / "fixtures" / "snapshots" / "dashboard.json"


def _commands() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(sub.choices)


def test_every_command_is_documented() -> None:
    text = DOCS.read_text(encoding="utf-8")
    missing = [c for c in _commands() if f"`domdex {c}" not in text]
    assert not missing, f"undocumented commands: {missing}"


def test_offline_views_from_a_saved_snapshot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", str(SNAPSHOT), "R2.Filters"]) == 0
    assert 'BUTTON "Apply Filters"' in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "says"), [
    (["expand", str(SNAPSHOT), "R9"], "No region 'R9'"),
    (["context", str(SNAPSHOT), "e99999"], "No element @e99999"),
    (["context", str(SNAPSHOT), "not-a-ref"], "is not a ref"),
])
def test_user_mistakes_are_one_sentence_and_exit_2(argv: list[str], says: str) -> None:
    run = subprocess.run([sys.executable, "-m", "domdex", *argv], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 2
    assert says in run.stderr
    assert "Traceback" not in run.stderr


def test_version_comes_from_the_one_source() -> None:
    from domdex import __version__

    run = subprocess.run([sys.executable, "-m", "domdex", "--version"], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == f"domdex {__version__}"


def test_a_reader_that_goes_away_is_no_traceback() -> None:
    """`domdex expand … | head -1` after head has gone: every write meets a closed pipe."""
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before domdex writes a byte
    try:
        run = subprocess.run([sys.executable, "-m", "domdex", "expand", str(SNAPSHOT), "R2"],
                             stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write_end)
    assert run.returncode == 141, run.stderr
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr, run.stderr
