"""The browser options and tools of issue 8 through every front end: the MCP server
started with the options as flags and a config file, the HTTP API, and the CLI's
config handling (a file's browser options and its command settings, flags winning).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import anyio
import pytest

from domdex.cli import build_parser
from domdex.cli.common import apply_config, browser_options
from domdex.errors import ConfigError

from .conftest import mcp_http_server


def _text(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


@pytest.mark.browser
def test_mcp_tools_with_options_from_flags_and_config(server: str, tmp_path: Path) -> None:
    from mcp import Client, StdioServerParameters

    out = tmp_path / "out"
    config = tmp_path / "domdex.toml"
    config.write_text(f'output-dir = "{out}"\nlocale = "fr-FR"\n')
    env = {"XDG_CACHE_HOME": os.environ["XDG_CACHE_HOME"], "PATH": os.environ["PATH"]}
    params = StdioServerParameters(
        command=sys.executable, env=env,
        args=["-m", "domdex", "mcp", "--config", str(config), "--device", "Pixel 7"])

    async def main() -> dict[str, Any]:
        said: dict[str, Any] = {}
        async with Client(params) as client:
            async def call(tool: str, **args: Any) -> str:
                r = await client.call_tool(tool, args)
                said[f"{tool}_error"] = r.is_error
                return _text(r)
            await call("open", url=f"{server}/browser/layout.html")
            said["facts"] = await call("find", query="open menu")
            await call("open", url=f"{server}/browser/noisy.html")
            await call("click", query="Save")
            await call("wait", text="Error 501")  # the page's fetch answered and logged
            said["console"] = await call("console", level="error")
            said["network"] = await call("network", failed=True, all=True)
            said["pdf"] = await call("pdf", name="noisy.pdf")
            said["outside"] = await call("pdf", name="/tmp/elsewhere.pdf")
            said["outside_error"] = said.pop("pdf_error")
            await call("open", url=f"{server}/browser/files.html")
            said["download"] = await call("click", query="Download the monthly report")
            said["downloads"] = await call("downloads")
            await call("open", url=f"{server}/browser/reorder.html")
            said["press"] = await call("press", key="Control+k")
            said["search"] = await call("grep", pattern="Search")
            said["resize"] = await call("resize", width=900, height=700)
        return said

    said = anyio.run(main)
    assert 'BUTTON "Open menu"' in said["facts"]  # the phone layout
    assert said["console"].startswith("<<<page content")  # the page's words, fenced
    assert "save failed with 501" in said["console"]
    assert "api/save.json → 501 [fetch]" in said["network"]
    assert (out / "noisy.pdf").read_bytes().startswith(b"%PDF")
    assert said["outside_error"] and "only into its output directory" in said["outside"]
    assert not Path("/tmp/elsewhere.pdf").exists()
    assert f"saved to {out / 'monthly report.csv'}" in said["download"]
    assert "DOWNLOADS: 1 in" in said["downloads"]
    assert not said["press_error"] and 'TEXTBOX "Search"' in said["search"]
    assert "VIEWPORT: 900x700" in said["resize"]


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        return dict(json.loads(resp.read()))


@pytest.mark.browser
def test_http_routes_for_logs_files_and_gestures(server: str, tmp_path: Path) -> None:
    with mcp_http_server("--output-dir", str(tmp_path)) as api:
        _post(api, "/tabs", {"url": f"{server}/browser/noisy.html"})
        _post(api, "/tabs/current/click", {"query": "Save"})
        _post(api, "/tabs/current/wait", {"text": "Error 501"})  # the fetch answered
        console = _post(api, "/tabs/current/console", {"level": "error"})
        assert any("save failed" in e["text"] for e in console["data"]["entries"])
        network = _post(api, "/tabs/current/network", {"all": True, "types": ["fetch"]})
        assert [(e["method"], e["status"]) for e in network["data"]["entries"]] == \
            [("POST", 501)]
        _post(api, "/tabs/current/open", {"url": f"{server}/browser/reorder.html"})
        found = _post(api, "/tabs/current/find", {"query": "Call Bob"})
        first = _post(api, "/tabs/current/find", {"query": "Write report"})
        dragged = _post(api, "/tabs/current/drag", {"ref": found["data"]["ref"],
                                                    "to": first["data"]["ref"]})
        assert dragged["ok"] and "DROPPED ON" in dragged["text"]
        state = _post(api, "/tabs/current/save_state", {"name": "login.json"})
        assert (tmp_path / "login.json").exists(), state


def test_config_file_sets_browser_options_and_command_settings(tmp_path: Path,
                                                               monkeypatch: Any) -> None:
    monkeypatch.delenv("DOMDEX_CONFIG", raising=False)
    config = tmp_path / "domdex.toml"
    config.write_text('device = "Pixel 7"\nport = 9123\nallowed-origins = ["http://a.test"]\n'
                      'headed = true\n')
    parser = build_parser()
    argv = ["mcp", "--config", str(config), "--port", "9000"]
    args = apply_config(parser, argv, parser.parse_args(argv))
    assert args.port == 9000  # the flag wins over the file
    assert args.allowed_origins == ["http://a.test"]
    opts = browser_options(args)
    assert (opts.device, opts.headless) == ("Pixel 7", False)
    monkeypatch.setenv("DOMDEX_CONFIG", str(config))  # the variable finds it too
    argv = ["mcp"]
    assert apply_config(parser, argv, parser.parse_args(argv)).port == 9123
    config.write_text('prot = 9000\n')
    with pytest.raises(ConfigError, match="sets 'prot', which `domdex mcp` does not have"):
        apply_config(parser, argv, parser.parse_args(argv))


def test_cli_refuses_a_bad_option_in_one_sentence(tmp_path: Path) -> None:
    bad = subprocess.run([sys.executable, "-m", "domdex", "regions", "https://example.test",
                          "--device", "Nokia 3310"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.startswith("domdex: Unknown device 'Nokia 3310'.")


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "domdex", *args, "--session", "opts"],
                          env=env, text=True, capture_output=True, timeout=120,
                          cwd=env["XDG_RUNTIME_DIR"])


@pytest.mark.browser
def test_cli_session_with_options_logs_keys_and_a_saved_login(server: str,
                                                              tmp_path: Path) -> None:
    env = {**os.environ, "XDG_RUNTIME_DIR": str(tmp_path), "DOMDEX_FENCE": "never",
           "DOMDEX_LOCALE": "de-DE"}
    out = tmp_path / "out"
    try:
        r = _cli(env, "open", f"{server}/browser/noisy.html", "--output-dir", str(out),
                 "--viewport-size", "500x700")
        assert r.returncode == 0, r.stderr
        r = _cli(env, "open", f"{server}/browser/layout.html", "--device", "Pixel 7")
        assert "already running; browser options apply when a session starts" in r.stderr
        r = _cli(env, "session", "find", "open menu")
        assert 'BUTTON "Open menu"' in r.stdout, r.stderr  # 500 px wide: the phone layout
        r = _cli(env, "console", "--all", "--level", "warning")
        assert "[warning] deprecated option used" in r.stdout and "app started" not in r.stdout
        r = _cli(env, "network", "--all", "--failed")
        assert "logo-missing.png → 404 [image]" in r.stdout
        _cli(env, "open", f"{server}/browser/reorder.html")
        r = _cli(env, "press", "Control+k")
        assert r.returncode == 0 and "OK press" in r.stdout, r.stderr
        assert 'TEXTBOX "Search"' in _cli(env, "session", "grep", "Search").stdout
        first = _cli(env, "session", "find", "Write report").stdout.split("→ @", 1)[1].split()[0]
        r = _cli(env, "drag", "-q", "Buy milk", first)
        assert 'DROPPED ON: LISTITEM "Write report"' in r.stdout, r.stderr
        _cli(env, "open", f"{server}/browser/account.html")
        _cli(env, "fill", "-q", "User name", "eve")
        _cli(env, "click", "-q", "Log in")
        r = _cli(env, "session", "save-state", "login.json")  # where the command runs
        saved = json.loads((tmp_path / "login.json").read_text())
        assert [c["value"] for c in saved["cookies"]] == ["eve"], r.stderr
        r = _cli(env, "pdf")
        assert r.returncode == 0 and str(out) in r.stdout, r.stderr
    finally:
        _cli(env, "close")


def test_a_proxy_password_never_reaches_the_daemons_command_line() -> None:
    from domdex.cli.common import profile_flags

    argv = ["open", "https://example.test", "--proxy-server", "http://127.0.0.1:3128",
            "--proxy-password", "s3cret", "--device", "Pixel 7"]
    flags = profile_flags(build_parser().parse_args(argv))
    assert "s3cret" not in flags and "--proxy-password" not in flags
    assert flags == ["--device", "Pixel 7", "--proxy-server", "http://127.0.0.1:3128"]
