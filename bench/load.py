"""Load-and-fault benchmark: ``domdex mcp --http`` under concurrent clients, and faults.

Everything runs on loopback and is bounded in time. The script serves ``tests/pages``
on 127.0.0.1 (a free port), starts ``python -m domdex mcp --http --port P --token T
--no-store`` as a subprocess, and measures, phase by phase:

- **views**: ``--clients`` HTTP clients for ``--seconds``, each opening a tab of its own
  (``POST /tabs``) and then looping ``regions``, ``find "add to cart button"``,
  ``grep``, ``overview`` on it;
- **actions**: the same with ``click "Add to Cart"`` (with and without a diff) and
  ``fill`` of the search box mixed in;
- **mcp**: ``--clients`` clients of the official ``mcp`` SDK over streamable HTTP at
  ``/mcp`` calling ``find`` and ``regions`` (on the shared current tab);

for each: requests, req/s, p50 / p95 / p99 latency, errors (non-2xx, tool errors or
exceptions), per route as well, and the RSS of the server process and of its
descendants (Playwright's node driver + Chromium: RSS summed, so shared pages count
more than once, and PSS, which splits them) sampled every second from /proc (psutil is
not needed): start, max, end. Then the faults:

- **body**: clients that send a body slowly (1 byte a second on several connections)
  and huge bodies (declared and chunked), with a normal request in the middle and after
  them: the server must stay up and answer;
- **kill**: SIGKILL of every Chromium process under the server, then what the next 5
  ``POST /tabs {"url"}`` + ``POST /tabs/current/regions`` return (status, content type,
  the first 120 characters of the message) and whether any call succeeds within 30 s
  of the kill. This only measures: a browser that comes back is a valid outcome.

The server is stopped in a ``finally`` and any process it left behind is reported (and
killed). Run: ``.venv/bin/python bench/load.py [--clients 8] [--seconds 30]
[--phases views,actions,mcp,body,kill] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx2

from domdex.localsite import LocalSite

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "tests" / "pages"
PHASES = ("views", "actions", "mcp", "body", "kill")
#: Seconds one request may take before the client gives up on it.
CALL_TIMEOUT = 30.0
#: Process names of Chromium under Playwright (/proc comm, at most 15 characters).
CHROMIUM = ("chromium", "chrome", "headless_shell", "chrome-headless")

VIEW_OPS: list[tuple[str, dict[str, Any]]] = [
    ("regions", {}), ("find", {"query": "add to cart button"}),
    ("grep", {"pattern": "cart"}), ("overview", {})]
ACTION_OPS: list[tuple[str, dict[str, Any]]] = [
    ("regions", {}), ("click", {"query": "Add to Cart"}),
    ("find", {"query": "add to cart button"}),
    ("fill", {"query": "Search products", "value": "trowel"}),
    ("grep", {"pattern": "cart"}), ("click", {"query": "Add to Cart", "diff": True}),
    ("overview", {})]
MCP_OPS: list[tuple[str, dict[str, Any]]] = [
    ("find", {"query": "add to cart button"}), ("regions", {})]


# Pages and server ----------------------------------------------------------------------
def serve_pages() -> LocalSite:
    return LocalSite(PAGES)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, token: str, log: Any, cache: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "XDG_CACHE_HOME": cache}
    proc = subprocess.Popen([sys.executable, "-m", "domdex", "mcp", "--http", "--host",
                             "127.0.0.1", "--port", str(port), "--token", token,
                             "--no-store"], stdout=log, stderr=subprocess.STDOUT, env=env,
                            cwd=ROOT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not listen within 30 s")


# /proc ---------------------------------------------------------------------------------
def _stat(pid: int) -> tuple[str, str, int, int] | None:
    """(comm, state, ppid, starttime) of a process, None when it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    comm = raw[raw.index("(") + 1:raw.rindex(")")]
    rest = raw[raw.rindex(")") + 2:].split()
    return comm, rest[0], int(rest[1]), int(rest[19])


def descendants(root: int) -> list[tuple[int, str, str, int]]:
    """(pid, comm, state, starttime) of every process under ``root``."""
    kids: dict[int, list[tuple[int, str, str, int]]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(int(entry))
            if st:
                kids.setdefault(st[2], []).append((int(entry), st[0], st[1], st[3]))
    out, todo = [], [root]
    while todo:
        for child in kids.get(todo.pop(), []):
            out.append(child)
            todo.append(child[0])
    return out


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def pss_mb(pid: int) -> float:
    """Proportional set size: shared pages split between the processes that map them."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


def is_chromium(comm: str) -> bool:
    return comm.lower().startswith(CHROMIUM)


class Sampler(threading.Thread):
    """RSS of the server and of its descendants, once a second; every pid seen."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        #: t, server RSS, descendants' RSS, descendants' PSS, Chromium processes
        self.samples: list[tuple[float, float, float, float, int]] = []
        self.seen: dict[tuple[int, int], str] = {}
        self.stop = threading.Event()

    def take(self) -> None:
        kids = descendants(self.pid)
        for pid, comm, _state, start in kids:
            self.seen[(pid, start)] = comm
        self.samples.append((time.monotonic(), rss_mb(self.pid),
                             sum(rss_mb(k[0]) for k in kids), sum(pss_mb(k[0]) for k in kids),
                             sum(1 for k in kids if is_chromium(k[1]))))

    def run(self) -> None:
        while not self.stop.is_set():
            self.take()
            self.stop.wait(1.0)

    def window(self, t0: float, t1: float) -> dict[str, Any]:
        rows = [s for s in self.samples if t0 - 1.0 <= s[0] <= t1 + 1.0] or self.samples[-1:]
        if not rows:
            return {}
        return {"server_mb": [rows[0][1], max(r[1] for r in rows), rows[-1][1]],
                "children_mb": [rows[0][2], max(r[2] for r in rows), rows[-1][2]],
                "children_pss_mb": [rows[0][3], max(r[3] for r in rows), rows[-1][3]],
                "chromium_procs": [rows[0][4], max(r[4] for r in rows), rows[-1][4]]}


# Recording -----------------------------------------------------------------------------
@dataclass
class Record:
    calls: list[tuple[str, float, bool]] = field(default_factory=list)  # route, ms, ok
    errors: dict[str, int] = field(default_factory=dict)

    def add(self, route: str, ms: float, ok: bool, why: str = "") -> None:
        self.calls.append((route, ms, ok))
        if not ok:
            key = f"{route}: {why[:120]}"
            self.errors[key] = self.errors.get(key, 0) + 1


def pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile of ``values`` (q in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def summary(name: str, rec: Record, elapsed: float, clients: int,
            memory: dict[str, Any]) -> dict[str, Any]:
    def stats(calls: list[tuple[str, float, bool]]) -> dict[str, Any]:
        ms = [c[1] for c in calls]
        return {"requests": len(calls), "req_s": len(calls) / elapsed if elapsed else 0.0,
                "p50_ms": pct(ms, 50), "p95_ms": pct(ms, 95), "p99_ms": pct(ms, 99),
                "max_ms": max(ms, default=float("nan")),
                "errors": sum(1 for c in calls if not c[2])}

    routes = sorted({c[0] for c in rec.calls})
    return {"phase": name, "clients": clients, "seconds": elapsed, **stats(rec.calls),
            "routes": {r: stats([c for c in rec.calls if c[0] == r]) for r in routes},
            "error_messages": rec.errors, "memory": memory}


def _message(resp: httpx2.Response) -> str:
    """The answer's text or error message (first 120 characters)."""
    try:
        body = resp.json()
    except ValueError:
        return resp.text[:120].replace("\n", " ")
    text = body.get("text") or body.get("message") or json.dumps(body)
    return str(text)[:120].replace("\n", " ")


# HTTP load -----------------------------------------------------------------------------
def http_client(base: str, token: str) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(base_url=base, headers={"Authorization": f"Bearer {token}"},
                              timeout=CALL_TIMEOUT, trust_env=False)


async def timed(client: httpx2.AsyncClient, rec: Record, route: str, path: str,
                body: dict[str, Any] | None) -> httpx2.Response | None:
    t0 = time.perf_counter()
    try:
        resp = await client.post(path, json=body or {})
    except Exception as exc:  # a refused connection or a timeout is a result here
        rec.add(route, (time.perf_counter() - t0) * 1000, False, type(exc).__name__)
        await anyio.sleep(0.1)  # a dead server must not turn the loop into a spin
        return None
    ok = resp.is_success
    rec.add(route, (time.perf_counter() - t0) * 1000, ok,
            "" if ok else f"{resp.status_code} {_message(resp)}")
    return resp


async def tab_of(client: httpx2.AsyncClient, url: str) -> str | None:
    resp = await client.get("/tabs")
    for tab in resp.json().get("tabs", []) if resp.is_success else []:
        if tab.get("url") == url:
            return str(tab["id"])
    return None


async def http_user(base: str, token: str, url: str, ops: list[tuple[str, dict[str, Any]]],
                    deadline: float, rec: Record) -> None:
    async with http_client(base, token) as client:
        opened = await timed(client, rec, "open (POST /tabs)", "/tabs", {"url": url})
        tab = await tab_of(client, url) if opened is not None and opened.is_success else None
        if tab is None:
            rec.add("open (POST /tabs)", 0.0, False, "no tab with the URL in GET /tabs")
            return
        k = 0
        while time.monotonic() < deadline:
            route, body = ops[k % len(ops)]
            k += 1
            await timed(client, rec, route, f"/tabs/{tab}/{route}", body)
        with contextlib.suppress(Exception):
            await client.post(f"/tabs/{tab}/close", json={})


async def http_phase(base: str, token: str, pages: str, name: str, clients: int,
                     seconds: float, ops: list[tuple[str, dict[str, Any]]]) -> Record:
    rec = Record()
    deadline = time.monotonic() + seconds
    with anyio.move_on_after(seconds + CALL_TIMEOUT + 30):
        async with anyio.create_task_group() as tg:
            for i in range(clients):
                url = f"{pages}/product.html?phase={name}&client={i}"
                tg.start_soon(http_user, base, token, url, ops, deadline, rec)
    return rec


# MCP load ------------------------------------------------------------------------------
async def mcp_user(url: str, token: str, deadline: float, rec: Record,
                   first: tuple[str, dict[str, Any]] | None = None) -> None:
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    t0 = time.perf_counter()
    step = "connect + initialize"
    try:
        # each call has its own timeout; this bounds the connect and the close as well
        with anyio.fail_after(max(0.0, deadline - time.monotonic()) + 3 * CALL_TIMEOUT):
            http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
            async with http, Client(streamable_http_client(url, http_client=http)) as client:
                rec.add(step, (time.perf_counter() - t0) * 1000, True)
                step = "session"
                if first:
                    await mcp_call(client, rec, *first)
                    return
                k = 0
                while time.monotonic() < deadline:
                    tool, args = MCP_OPS[k % len(MCP_OPS)]
                    k += 1
                    await mcp_call(client, rec, tool, args)
    except Exception as exc:
        rec.add(step, (time.perf_counter() - t0) * 1000, False, f"{type(exc).__name__}: {exc}")


async def mcp_call(client: Any, rec: Record, tool: str, args: dict[str, Any]) -> None:
    t0 = time.perf_counter()
    try:
        with anyio.fail_after(CALL_TIMEOUT):
            result = await client.call_tool(tool, args)
    except Exception as exc:
        rec.add(tool, (time.perf_counter() - t0) * 1000, False, type(exc).__name__)
        await anyio.sleep(0.1)
        return
    why = " ".join(getattr(c, "text", "") for c in result.content)
    rec.add(tool, (time.perf_counter() - t0) * 1000, not result.is_error, why)


async def mcp_phase(base: str, token: str, pages: str, clients: int,
                    seconds: float) -> Record:
    url = f"{base}/mcp"
    setup = Record()  # make product.html the current tab the tools work on
    await mcp_user(url, token, 0.0, setup, ("open", {"url": f"{pages}/product.html?mcp"}))
    rec = Record()
    for key, n in setup.errors.items():
        rec.errors[f"setup {key}"] = n
    deadline = time.monotonic() + seconds
    # the per-call timeouts bound it already; this is the last resort
    with anyio.move_on_after(seconds + 2 * CALL_TIMEOUT + 30):
        async with anyio.create_task_group() as tg:
            for _ in range(clients):
                tg.start_soon(mcp_user, url, token, deadline, rec)
    return rec


# Faults: bodies --------------------------------------------------------------------------
def _head(port: int, token: str, path: str, extra: str) -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
            f"{extra}\r\n").encode()


def _status_of(sock: socket.socket, timeout: float) -> str:
    """The status line the server sent, or what happened instead."""
    sock.settimeout(timeout)
    try:
        data = sock.recv(4096)
    except TimeoutError:
        return "no answer"
    except OSError as exc:
        return type(exc).__name__
    if not data:
        return "closed without an answer"
    line = data.split(b"\r\n", 1)[0].decode(errors="replace")
    body = data.split(b"\r\n\r\n", 1)[-1][:80].decode(errors="replace")
    return f"{line} {body}".strip()


def follow_up(base: str, token: str) -> tuple[int | str, float, str]:
    """A normal request (GET /tabs): status, ms, message."""
    t0 = time.perf_counter()
    try:
        with httpx2.Client(base_url=base, headers={"Authorization": f"Bearer {token}"},
                           timeout=CALL_TIMEOUT, trust_env=False) as c:
            r = c.get("/tabs")
            return r.status_code, (time.perf_counter() - t0) * 1000, r.text[:60]
    except Exception as exc:
        return type(exc).__name__, (time.perf_counter() - t0) * 1000, str(exc)[:60]


def body_faults(base: str, port: int, token: str, slow_seconds: float = 12.0,
                slow_clients: int = 20) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    path = "/tabs/current/find"
    # slow bodies: Content-Length 64, one byte a second on each connection
    socks = []
    t0 = time.monotonic()
    for _ in range(slow_clients):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(_head(port, token, path, "Content-Length: 64\r\n") + b'{"query": ')
        socks.append(s)
    mid: tuple[int | str, float, str] | None = None
    closed_at: dict[int, float] = {}
    while time.monotonic() - t0 < slow_seconds:
        for i, s in enumerate(socks):
            if i in closed_at:
                continue
            try:
                s.sendall(b" ")
            except OSError:
                closed_at[i] = time.monotonic() - t0
        if mid is None and time.monotonic() - t0 > slow_seconds / 2:
            mid = follow_up(base, token)
        time.sleep(1.0)
    still_open = 0
    for i, s in enumerate(socks):
        if i not in closed_at:
            answer = _status_of(s, 0.2)
            still_open += answer == "no answer"
        s.close()
    held = f"{still_open} of {slow_clients} still open after {slow_seconds:g} s"
    if closed_at:
        held += f", the first closed after {min(closed_at.values()):.1f} s"
    rows.append({"fault": f"slow body: {slow_clients} connections, 1 byte/s, "
                 "Content-Length 64", "answer": held})
    if mid is not None:
        rows.append({"fault": "GET /tabs while they trickle",
                     "answer": f"{mid[0]} in {mid[1]:.0f} ms"})
    # a huge body, declared
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        t1 = time.perf_counter()
        s.sendall(_head(port, token, path, "Content-Length: 50000000\r\n") + b"{" * 65536)
        answer = _status_of(s, 10)
        rows.append({"fault": "huge body, Content-Length 50,000,000 (64 KB sent)",
                     "answer": f"{answer[:90]} ({(time.perf_counter() - t1) * 1000:.0f} ms)"})
    # a huge body, chunked (no length known in advance)
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        t1 = time.perf_counter()
        sent, broke = 0, ""
        try:
            s.sendall(_head(port, token, path, "Transfer-Encoding: chunked\r\n"))
            chunk = b"a" * 65536
            while sent < 5_000_000:
                s.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                sent += len(chunk)
            s.sendall(b"0\r\n\r\n")
        except OSError as exc:
            broke = f", the server stopped reading after {sent:,} bytes ({type(exc).__name__})"
        answer = _status_of(s, 10)
        rows.append({"fault": "huge body, chunked, 5 MB",
                     "answer": f"{answer[:90]}{broke} "
                               f"({(time.perf_counter() - t1) * 1000:.0f} ms)"})
    status, ms, _ = follow_up(base, token)
    rows.append({"fault": "GET /tabs afterwards", "answer": f"{status} in {ms:.0f} ms"})
    return rows


# Faults: a killed browser ----------------------------------------------------------------
def kill_chromium(pid: int) -> list[int]:
    killed = []
    for child, comm, _state, _start in descendants(pid):
        if is_chromium(comm):
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
                killed.append(child)
    return killed


def kill_fault(base: str, pages: str, token: str, server_pid: int,
               rounds: int = 5, within: float = 30.0) -> dict[str, Any]:
    with httpx2.Client(base_url=base, headers={"Authorization": f"Bearer {token}"},
                       timeout=CALL_TIMEOUT, trust_env=False) as client:
        # the browser starts on the first call: make sure there is one to kill
        client.post("/tabs", json={"url": f"{pages}/product.html?before-kill=1"})
    before = [d for d in descendants(server_pid) if is_chromium(d[1])]
    killed = kill_chromium(server_pid)
    t0 = time.monotonic()
    rows: list[dict[str, Any]] = []
    first_ok: float | None = None
    with httpx2.Client(base_url=base, headers={"Authorization": f"Bearer {token}"},
                       timeout=CALL_TIMEOUT, trust_env=False) as client:
        k = 0
        while k < rounds or (first_ok is None and time.monotonic() - t0 < within):
            k += 1
            for route, path, body in (
                    ("POST /tabs", "/tabs", {"url": f"{pages}/product.html?after-kill={k}"}),
                    ("regions", "/tabs/current/regions", {})):
                t1 = time.perf_counter()
                row: dict[str, Any]
                try:
                    r = client.post(path, json=body)
                    row = {"status": r.status_code,
                           "type": r.headers.get("content-type", "").split(";")[0],
                           "message": _message(r), "ok": r.is_success}
                except Exception as exc:
                    row = {"status": type(exc).__name__, "type": "", "ok": False,
                           "message": str(exc)[:120]}
                row.update(call=k, route=route, after_s=round(time.monotonic() - t0, 2),
                           ms=round((time.perf_counter() - t1) * 1000))
                if row["ok"] and first_ok is None:
                    first_ok = row["after_s"]
                if k <= rounds:
                    rows.append(row)
            if k >= rounds and first_ok is None:
                time.sleep(1.0)  # past the 5: one try a second until the 30 s are up
    after = descendants(server_pid)
    return {"chromium_before": len(before), "killed": len(killed), "rows": rows,
            "first_success_s": first_ok if first_ok is not None and first_ok <= within
            else None,
            "chromium_after": sum(1 for d in after if is_chromium(d[1])),
            "zombies_after": sum(1 for d in after if d[2] == "Z")}


# Report ----------------------------------------------------------------------------------
def _mem(m: dict[str, Any], key: str) -> str:
    return "/".join(f"{v:.0f}" for v in m.get(key, [])) or "–"


def print_load(results: list[dict[str, Any]]) -> None:
    print("\n| phase | clients | requests | req/s | p50 ms | p95 ms | p99 ms | errors | "
          "server RSS MB start/max/end | children RSS MB start/max/end | "
          "children PSS MB start/max/end |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|")
    for r in results:
        print(f"| {r['phase']} | {r['clients']} | {r['requests']} | {r['req_s']:.1f} | "
              f"{r['p50_ms']:.0f} | {r['p95_ms']:.0f} | {r['p99_ms']:.0f} | {r['errors']} | "
              f"{_mem(r['memory'], 'server_mb')} | {_mem(r['memory'], 'children_mb')} | "
              f"{_mem(r['memory'], 'children_pss_mb')} |")
    print("\n| phase | route | requests | p50 ms | p95 ms | max ms | errors |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for r in results:
        for route, s in r["routes"].items():
            print(f"| {r['phase']} | {route} | {s['requests']} | {s['p50_ms']:.0f} | "
                  f"{s['p95_ms']:.0f} | {s['max_ms']:.0f} | {s['errors']} |")
    for r in results:
        for msg, n in r["error_messages"].items():
            print(f"  {r['phase']} error ×{n}: {msg}")


def print_body(rows: list[dict[str, Any]]) -> None:
    print("\n| body fault | what the server did |")
    print("|---|---|")
    for row in rows:
        print(f"| {row['fault']} | {row['answer']} |")


def print_kill(out: dict[str, Any]) -> None:
    print(f"\nSIGKILL of {out['killed']} Chromium processes (of {out['chromium_before']})")
    print("\n| # | call | s after kill | status | content type | ms | message (120 chars) |")
    print("|---:|---|---:|---|---|---:|---|")
    for r in out["rows"]:
        msg = r["message"].replace("|", "\\|")
        print(f"| {r['call']} | {r['route']} | {r['after_s']:.1f} | {r['status']} | "
              f"{r['type']} | {r['ms']} | {msg} |")
    first = out["first_success_s"]
    print(f"\nfirst success within 30 s: {'none' if first is None else f'{first:.1f} s'}; "
          f"Chromium processes under the server afterwards: {out['chromium_after']}, "
          f"zombies: {out['zombies_after']}")


def exceptions(lines: list[str]) -> dict[str, int]:
    """The exception line ending each traceback in a log, counted."""
    out: dict[str, int] = {}
    inside = False
    for line in lines:
        if line.startswith("Traceback (most recent call last)"):
            inside = True
        elif inside and line and not line.startswith(" "):
            out[line] = out.get(line, 0) + 1
            inside = False
    return out


def stop_server(proc: subprocess.Popen[bytes], sampler: Sampler) -> dict[str, Any]:
    """Terminate the server; report (and kill) anything it left running."""
    t0 = time.monotonic()
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)
    stopped = time.monotonic() - t0
    time.sleep(1.0)
    left = []
    for (pid, start), comm in sampler.seen.items():
        st = _stat(pid)
        if st and st[3] == start and st[1] != "Z":
            left.append(f"{pid} {comm}")
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    return {"exit_code": proc.returncode, "stop_s": round(stopped, 2), "left_running": left}


@contextlib.contextmanager
def running(token: str, log_path: Path | None
            ) -> Iterator[tuple[str, int, subprocess.Popen[bytes], Sampler, Path]]:
    httpd = serve_pages()
    port = free_port()
    tmp = tempfile.TemporaryDirectory(prefix="domdex-load-")
    log_path = log_path or Path(tmp.name) / "server.log"
    log = log_path.open("wb")
    proc: subprocess.Popen[bytes] | None = None
    sampler: Sampler | None = None
    try:
        proc = start_server(port, token, log, tmp.name)
        sampler = Sampler(proc.pid)
        sampler.start()
        yield httpd.url, port, proc, sampler, log_path
    finally:
        if proc is not None:
            if sampler is not None:
                sampler.stop.set()
                sampler.join(timeout=5)
            end = stop_server(proc, sampler or Sampler(proc.pid))
            print(f"\nserver stopped in {end['stop_s']:.1f} s (exit code {end['exit_code']}); "
                  f"left running: {', '.join(end['left_running']) or 'nothing'}")
        log.close()
        httpd.close()
        tmp.cleanup()


def main(clients: int, seconds: float, phases: list[str], out: Path | None,
         server_log: Path | None) -> int:
    token = secrets.token_urlsafe(16)
    report: dict[str, Any] = {"clients": clients, "seconds": seconds, "cpus": os.cpu_count(),
                              "date": time.strftime("%Y-%m-%d")}
    results: list[dict[str, Any]] = []
    with running(token, server_log) as (pages, port, proc, sampler, log_path):
        base = f"http://127.0.0.1:{port}"
        print(f"server pid {proc.pid} on {base}, pages on {pages}; {clients} clients × "
              f"{seconds:g} s", flush=True)
        plans = {"views": VIEW_OPS, "actions": ACTION_OPS}
        for name in [p for p in phases if p in ("views", "actions", "mcp")]:
            t0 = time.monotonic()
            if name == "mcp":
                rec = anyio.run(mcp_phase, base, token, pages, clients, seconds)
            else:
                rec = anyio.run(http_phase, base, token, pages, name, clients, seconds,
                                plans[name])
            t1 = time.monotonic()
            sampler.take()
            results.append(summary(name, rec, t1 - t0, clients, sampler.window(t0, t1)))
            r = results[-1]
            print(f"{name}: {r['requests']} requests, {r['req_s']:.1f}/s, p50 "
                  f"{r['p50_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms, {r['errors']} errors",
                  flush=True)
        report["load"] = results
        if results:
            print_load(results)
        if "body" in phases:
            report["body"] = body_faults(base, port, token)
            print_body(report["body"])
            report["body_server_alive"] = proc.poll() is None
        if "kill" in phases:
            report["kill"] = kill_fault(base, pages, token, proc.pid)
            print_kill(report["kill"])
        report["server_alive"] = proc.poll() is None
        sampler.take()
        report["memory_all"] = sampler.window(sampler.samples[0][0], sampler.samples[-1][0])
        logged = log_path.read_text(errors="replace").splitlines()
        report["server_log_exceptions"] = exceptions(logged)
        print(f"\nserver alive at the end: {report['server_alive']}; server log: "
              f"{len(logged)} lines, {sum(report['server_log_exceptions'].values())} "
              "tracebacks")
        for line, n in report["server_log_exceptions"].items():
            print(f"  ×{n} {line[:160]}")
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30.0, help="per load phase")
    parser.add_argument("--phases", default=",".join(PHASES),
                        help=f"comma-separated, of {', '.join(PHASES)}")
    parser.add_argument("--json", type=Path, default=None, dest="out")
    parser.add_argument("--server-log", type=Path, default=None,
                        help="keep the server's output in this file")
    args = parser.parse_args()
    chosen = [p.strip() for p in args.phases.split(",") if p.strip()]
    if unknown := set(chosen) - set(PHASES):
        parser.error(f"unknown phases: {', '.join(sorted(unknown))}")
    raise SystemExit(main(args.clients, args.seconds, chosen, args.out, args.server_log))
