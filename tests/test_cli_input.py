"""Bad CLI input ends in one sentence and exit status 2 (issue 13 §7), with no network."""

from __future__ import annotations

from pathlib import Path

import pytest

from domdex.cli import main

LOGIN = str(Path(__file__).parent / "fixtures" / "snapshots" / "login.json")


@pytest.mark.parametrize("target", ["nonexist.json", "notes.yaml", "page.html", "./nope",
                                    "/no/such/dir/page"])
def test_a_missing_file_is_no_such_file_not_a_host_name(
        target: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["regions", target]) == 2
    err = capsys.readouterr().err
    assert f"No such file: {target}." in err and "https://" + target not in err


@pytest.mark.parametrize("budget", ["-5", "0", "lots"])
def test_max_tokens_must_be_a_positive_whole_number(
        budget: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["regions", LOGIN, "--max-tokens", budget])
    assert exit_.value.code == 2
    assert "argument --max-tokens" in capsys.readouterr().err


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf", "soon"])
@pytest.mark.parametrize("command", ["regions", "read"])
def test_timeout_must_be_some_seconds(
        command: str, seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    """0 meant no timeout at all to Playwright, nan and inf failed in its JSON, and -1
    said 'took longer than -1 s'."""
    with pytest.raises(SystemExit) as exit_:
        main([command, LOGIN, "--timeout", seconds])
    assert exit_.value.code == 2
    assert "argument --timeout" in capsys.readouterr().err


def test_a_positive_budget_and_an_existing_file_still_work(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["regions", LOGIN, "--max-tokens", "40"]) in (0, None)
    assert "Sign in" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "usage"), [
    (["grep", LOGIN, "Sign", "--regions", "R1"], "usage: domdex grep "),
    (["session", "find", "Sign in", "--bogus"], "usage: domdex session find "),
    (["session", "--bogus", "find", "Sign in"], "usage: domdex session "),
    (["--bogus", "grep", LOGIN, "Sign"], "usage: domdex [-h] [--version] COMMAND"),
])
def test_an_unknown_flag_shows_the_usage_of_the_command_it_was_given_to(
        argv: list[str], usage: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage)
    prog = usage.removeprefix("usage: ").split(" [")[0].strip()
    flag = next(a for a in argv if a.startswith("--"))
    assert f"{prog}: error: unrecognized arguments: {flag}" in err
    assert "Traceback" not in err
