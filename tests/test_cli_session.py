"""The CLI that keeps its browser: a background session per --session NAME."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser


def _run(env: dict[str, str], *args: str,
         cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "domdex", *args], env=env, text=True,
                          capture_output=True, timeout=120, cwd=cwd)


def test_cli_session_round_trip(server: str, tmp_path: Path) -> None:
    env = {**os.environ, "XDG_RUNTIME_DIR": str(tmp_path)}
    try:
        r = _run(env, "open", f"{server}/product.html")
        assert r.returncode == 0, r.stderr
        assert "OK open" in r.stdout
        state = tmp_path / "domdex" / "default.json"
        assert state.exists() and oct(state.stat().st_mode & 0o777) == "0o600"
        r = _run(env, "session", "find", "add to cart button", "--intent", "click")
        assert "BEST MATCH" in r.stdout, r.stderr
        ref = r.stdout.split("→ @", 1)[1].split()[0]
        r = _run(env, "click", ref, "--diff")
        assert '"Cart (3)" → "Cart (4)"' in r.stdout, r.stderr
        r = _run(env, "session", "regions")
        assert "[R0] HEADER" in r.stdout
        r = _run(env, "fill", "-q", "Search products", "garden gloves", "--diff")
        assert r.returncode == 0, r.stderr
        assert '[value: "garden gloves"]' in r.stdout
        r = _run(env, "click", "e99999")
        assert r.returncode == 2 and "No element @e99999" in r.stderr
        # a second, independent session side by side
        r = _run(env, "open", f"{server}/spa.html", "--session", "two")
        assert r.returncode == 0, r.stderr
        r = _run(env, "sessions")
        assert "default" in r.stdout and "two" in r.stdout
        r = _run(env, "tabs")
        assert "product.html" in r.stdout and "spa.html" not in r.stdout
        r = _run(env, "screenshot", "-o", str(tmp_path / "shot.png"))
        assert (tmp_path / "shot.png").read_bytes()[:4] == b"\x89PNG"
    finally:
        _run(env, "close")
        _run(env, "close", "--session", "two")
    r = _run(env, "sessions")
    assert "No sessions are running." in r.stdout
    r = _run(env, "click", "e1")
    assert r.returncode == 2 and "No session 'default' is running" in r.stderr


def test_idle_daemon_stops_itself(server: str, tmp_path: Path) -> None:
    import time

    env = {**os.environ, "XDG_RUNTIME_DIR": str(tmp_path), "DOMDEX_IDLE_TIMEOUT": "1"}
    r = _run(env, "open", f"{server}/spa.html", "--session", "brief")
    assert r.returncode == 0, r.stderr
    state = tmp_path / "domdex" / "brief.json"
    deadline = time.monotonic() + 30
    while state.exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not state.exists()
    r = _run(env, "sessions")
    assert "No sessions are running." in r.stdout


def test_a_failed_open_says_where_it_left_the_session(server: str, tmp_path: Path) -> None:
    """Issue 11: an open that fails no longer leaves a session on Chromium's error page
    without a word: one it started is closed again, one that was running says where its
    tab is and how to get back."""
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        refused = f"http://127.0.0.1:{s.getsockname()[1]}/"
    env = {**os.environ, "XDG_RUNTIME_DIR": str(tmp_path)}
    try:
        r = _run(env, "open", refused)
        assert r.returncode == 2 and "connection refused." in r.stderr
        assert "Session 'default' was closed again: this open started it." in r.stderr
        assert "Traceback" not in r.stderr
        assert "No sessions are running." in _run(env, "sessions").stdout

        assert _run(env, "open", f"{server}/spa.html").returncode == 0
        r = _run(env, "open", refused)
        assert r.returncode == 2 and "connection refused." in r.stderr
        assert (f"The tab shows the browser's error page now; go back to return to "
                f"{server}/spa.html.") in r.stderr
        r = _run(env, "back")
        assert r.returncode == 0 and "spa.html" in r.stdout, r.stderr
    finally:
        _run(env, "close")


def test_upload_names_a_missing_file_and_reads_paths_from_the_callers_directory(
        server: str, tmp_path: Path) -> None:
    env = {**os.environ, "XDG_RUNTIME_DIR": str(tmp_path)}
    started, later = tmp_path / "started-here", tmp_path / "later-here"
    started.mkdir()
    later.mkdir()
    (later / "cv.txt").write_text("a CV")
    try:
        r = _run(env, "open", f"{server}/forms/apply.html", cwd=started)
        assert r.returncode == 0, r.stderr
        r = _run(env, "upload", "-q", "Résumé", "missing.pdf", cwd=later)
        assert r.returncode == 2 and "Traceback" not in r.stderr
        assert f"Cannot upload {later / 'missing.pdf'}: no such file." in r.stderr
        # a relative path is the shell's, not the directory the session started in
        r = _run(env, "upload", "-q", "Résumé", "cv.txt", cwd=later)
        assert r.returncode == 0, r.stderr
    finally:
        _run(env, "close")


def test_page_commands_made_from_the_operations(server: str, tmp_path: Path) -> None:
    """The page operations' commands: their options as the table types them, the CLI's
    own spellings (--plain, --next, -o, save-state FILE) and paths from the caller's
    directory."""
    env = {**os.environ, "XDG_RUNTIME_DIR": str(tmp_path)}
    try:
        assert _run(env, "open", f"{server}/login.html").returncode == 0
        r = _run(env, "type", "-q", "Email", "ana@example.org")
        assert r.returncode == 0, r.stderr
        r = _run(env, "press", "Escape")
        assert r.returncode == 0, r.stderr
        r = _run(env, "wait", "--text", "Remember me", "--state", "attached")
        assert r.returncode == 0 and "WAITED" in r.stdout, r.stderr
        r = _run(env, "dialogs", "--next", "dismiss")
        assert "The next dialog will be dismissed." in r.stdout, r.stderr
        r = _run(env, "resize", "0", "600")
        assert r.returncode == 2 and "0 is not from 1 to 10000" in r.stderr
        r = _run(env, "console", "--limit", "5")
        assert r.returncode == 0, r.stderr
        r = _run(env, "network", "--type", "document", "--all")
        assert r.returncode == 0 and "login.html" in r.stdout, r.stderr
        r = _run(env, "pdf", "-o", "page.pdf", cwd=tmp_path)
        assert (tmp_path / "page.pdf").read_bytes().startswith(b"%PDF"), r.stderr
        r = _run(env, "session", "save-state", "state.json", cwd=tmp_path)
        assert (tmp_path / "state.json").exists(), r.stderr
        r = _run(env, "screenshot", "--plain", "-o", str(tmp_path / "plain.png"))
        assert (tmp_path / "plain.png").read_bytes()[:4] == b"\x89PNG", r.stderr
        assert _run(env, "tabs", "new", f"{server}/product.html").returncode == 0
        assert "t2 closed" in _run(env, "tabs", "close", "t2").stdout
        r = _run(env, "reload")
        assert r.returncode == 0 and "login.html" in r.stdout, r.stderr
    finally:
        _run(env, "close")
