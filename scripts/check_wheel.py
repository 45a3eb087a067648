"""Build domdex's wheel, install it into a fresh virtual environment, and use it.

Why: a user installs a wheel (``pipx install``, ``uv tool install``, ``pip install``),
not a clone. This checks what such a user gets, outside the source tree:

- the wheel carries the LICENSE, the in-page scripts and the version from its one source;
- ``domdex --version`` and ``domdex regions URL`` work from the installed entry point;
- ``domdex mcp`` (and ``python -m domdex mcp``) speaks MCP over stdio: it lists its tools
  and opens a real page, driven with plain JSON-RPC so that no client library's version
  is in the way;
- with ``--lowest``, the dependencies with a lower bound that the code is sensitive to
  (the MCP SDK) are installed at that bound, so the pin in pyproject.toml is tested.

The page is one of the suite's own, served on 127.0.0.1. Run by ``.ci/run``; by hand::

    .venv/bin/python scripts/check_wheel.py [--lowest] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: Lower bounds worth testing: the code imports ``mcp.server.mcpserver`` (SDK 2.x).
LOWEST = ["mcp==2.0.0", "tiktoken==0.7.0"]
PAGE = "checkout.html"


def run(cmd: list[str], **kw: Any) -> str:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    done = subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=900, **kw)
    return done.stdout


def build_wheel(out: Path) -> Path:
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)])
    (wheel,) = out.glob("domdex-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("LICENSE", "domdex/capture/capture.js", "domdex/text/extract.js",
                   "domdex/ui_glossary.json.gz"):
        assert any(n.endswith(needed) for n in names), f"the wheel lacks {needed}"
    return wheel


def install(wheel: Path, venv: Path, lowest: bool) -> Path:
    run([sys.executable, "-m", "venv", str(venv)])
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q"]
    run([*pip, str(wheel), *(LOWEST if lowest else [])])
    return venv / "bin"


def mcp_session(command: list[str], url: str, cwd: Path) -> dict[str, Any]:
    """initialize, tools/list and open over stdio, as an MCP client does."""
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                    "clientInfo": {"name": "check_wheel", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
         "params": {"name": "open", "arguments": {"url": url}}},
    ]
    proc = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=_env(cwd))
    assert proc.stdin and proc.stdout
    answers: dict[int, Any] = {}
    try:
        for message in messages:
            proc.stdin.write(json.dumps(message) + "\n")
            proc.stdin.flush()
            if "id" not in message:
                continue
            while message["id"] not in answers:
                line = proc.stdout.readline()
                if not line:
                    said = proc.stderr.read() if proc.stderr else ""
                    raise SystemExit(f"domdex mcp exited: {said}")
                answer = json.loads(line)
                if "id" in answer:
                    answers[answer["id"]] = answer
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    return answers


def _env(cwd: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["XDG_CACHE_HOME"] = str(cwd / "cache")  # the knowledge store stays in the scratch dir
    return env


def check(bin_dir: Path, scratch: Path) -> None:
    from domdex import __version__
    from domdex.localsite import LocalSite

    version = run([str(bin_dir / "domdex"), "--version"], cwd=scratch, env=_env(scratch))
    assert version.strip() == f"domdex {__version__}", version
    with LocalSite(ROOT / "tests" / "pages") as site:
        url = f"{site.url}/{PAGE}"
        regions = run([str(bin_dir / "domdex"), "regions", url], cwd=scratch, env=_env(scratch))
        assert "REGIONS" in regions or "[R0]" in regions, regions
        for command in ([str(bin_dir / "domdex"), "mcp"],
                        [str(bin_dir / "python"), "-m", "domdex", "mcp"]):
            answers = mcp_session(command, url, scratch)
            tools = [t["name"] for t in answers[2]["result"]["tools"]]
            assert {"open", "regions", "find", "click", "read"} <= set(tools), tools
            opened = answers[3]["result"]
            text = " ".join(c.get("text", "") for c in opened["content"])
            assert not opened.get("isError") and "checkout" in text.lower(), opened
            print(f"ok: {' '.join(command[-2:])}: {len(tools)} tools; open answered "
                  f"{len(text)} characters", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lowest", action="store_true",
                        help=f"install the tested lower bounds too: {' '.join(LOWEST)}")
    parser.add_argument("--keep", type=Path, help="work in DIR and leave it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="domdex-wheel-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        wheel = build_wheel(work / "dist")
        bin_dir = install(wheel, work / "venv", args.lowest)
        (work / "scratch").mkdir(exist_ok=True)
        check(bin_dir, work / "scratch")
    print(f"ok: {wheel.name} installs and runs" + (" at the lowest bounds" if args.lowest else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
