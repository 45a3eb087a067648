"""The servers are closed to web pages (issue 13 §1) and one request does not block
them (§3): real requests against ``domdex mcp --http`` on a free loopback port, real
headless Chromium.

Why: any page the user visits can POST to a loopback server ("simple" requests need no
preflight), DNS rebinding lets it read the answers, and a page open in domdex's own
browser once stole /etc/hostname through the upload route. Each test below was seen to
fail before the fix.
"""

from __future__ import annotations

import contextlib
import http.client
import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from domdex.localsite import LocalSite, QuietHandler

from .conftest import free_port

pytestmark = pytest.mark.browser

STEAL = """<!doctype html><title>steal</title>
<label>file <input type="file" id="f"></label>
<button id="go">Go</button><p id="out"></p>
<script>
const api = new URLSearchParams(location.search).get("api");
document.getElementById("go").onclick = async () => {
  // what any page can send without a preflight: text/plain, no-cors
  const body = JSON.stringify({query: "file", value: ["/etc/hostname"]});
  await fetch(api + "/tabs/current/upload", {method: "POST", mode: "no-cors", body})
    .catch(() => {});
  const f = document.getElementById("f").files[0];
  document.getElementById("out").textContent =
    "RESULT: " + (f ? "STOLEN " + await f.text() : "nothing");
};
</script>"""
UPLOAD = """<!doctype html><title>upload</title>
<label>Attachment <input type="file" id="f"></label><p id="out"></p>
<script>document.getElementById("f").onchange = async (e) => {
  document.getElementById("out").textContent = "GOT " + await e.target.files[0].text();
};</script>"""
LINK = """<!doctype html><title>links</title><main><h1>Links</h1>
<a href="{target}">elsewhere</a></main>"""


# Servers ---------------------------------------------------------------------------------
class _Site(QuietHandler):
    """Static files, plus ``/go?to=URL``: a redirect anywhere."""

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        if parts.path == "/go":
            self.send_response(302)
            self.send_header("Location", parse_qs(parts.query)["to"][0])
            self.end_headers()
            return
        super().do_GET()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A second web origin on its own loopback port, serving pages written by tests."""
    root = tmp_path_factory.mktemp("site")
    (root / "steal.html").write_text(STEAL)
    (root / "upload.html").write_text(UPLOAD)
    with LocalSite(root, _Site) as served:
        yield served.url, root


@contextlib.contextmanager
def domdex(*args: str, cwd: Path | None = None) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``domdex mcp --http`` on a free loopback port; yields its base URL and process."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "domdex", "mcp", "--http", "--port",
                             str(port), *args], cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            assert proc.poll() is None, f"domdex mcp {' '.join(args)} exited"
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("domdex mcp --http did not start listening")
        yield f"http://127.0.0.1:{port}", proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with the defaults, started in a directory of its own (its upload root)."""
    cwd = tmp_path_factory.mktemp("cwd")
    (cwd / "note.txt").write_text("a note the user meant to upload")
    with domdex(cwd=cwd) as (base, _):
        yield base


def call(base: str, method: str, path: str, body: bytes | str | dict[str, Any] | None = None,
         headers: dict[str, str] | None = None, timeout: float = 90) -> tuple[int, Any]:
    """One request with exactly these headers (Host too); the JSON answer if it is JSON."""
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=timeout)
    sent = dict(headers or {})
    if isinstance(body, dict):
        body = json.dumps(body)
        sent.setdefault("Content-Type", "application/json")
    conn.request(method, path, body=body, headers=sent)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    try:
        return resp.status, json.loads(raw)
    except ValueError:
        return resp.status, raw


def post(base: str, path: str, body: dict[str, Any] | None = None, **kw: Any) -> tuple[int, Any]:
    return call(base, "POST", path, body if body is not None else {}, **kw)


def _one_sentence(message: str) -> None:
    assert message.endswith(".") and "\n" not in message, message
    assert "pydantic" not in message and "validation error" not in message, message


# §1: who may call ------------------------------------------------------------------------
@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:1"])
def test_a_foreign_origin_is_refused_on_every_route(api: str, origin: str) -> None:
    mcp_init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "evil", "version": "1"}}}
    for method, path, body in (("GET", "/tabs", None), ("GET", "/openapi.json", None),
                               ("POST", "/tabs", {"url": "https://example.com"}),
                               ("POST", "/tabs/current/open", {"url": "https://example.com"}),
                               ("POST", "/mcp", mcp_init)):
        status, answer = call(api, method, path, body,
                              {"Origin": origin, "Accept": "application/json, text/event-stream"})
        assert status == 403, (path, status, answer)
        assert answer["ok"] is False and answer["error"] == "Forbidden"
        assert origin in answer["message"] and "--allowed-client-origins" in answer["message"]
        _one_sentence(answer["message"])


def test_a_foreign_host_is_refused_dns_rebinding(api: str) -> None:
    port = urlsplit(api).port
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1.nip.io:{port}"):
        status, answer = call(api, "GET", "/tabs", headers={"Host": host})
        assert status == 403 and "--allowed-hosts" in answer["message"], (host, answer)
        _one_sentence(answer["message"])
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"):
        assert call(api, "GET", "/tabs", headers={"Host": host})[0] == 200, host
    own = f"http://localhost:{port}"
    assert call(api, "GET", "/tabs", headers={"Host": f"localhost:{port}", "Origin": own})[0] \
        == 200


def test_more_hosts_and_client_origins_by_option(site: tuple[str, Path]) -> None:
    with domdex("--allowed-hosts", "domdex.test;box.lan:8000",
                "--allowed-client-origins", "http://localhost:3000") as (base, _):
        port = urlsplit(base).port
        assert call(base, "GET", "/tabs", headers={"Host": f"domdex.test:{port}"})[0] == 200
        assert call(base, "GET", "/tabs", headers={"Host": "box.lan:8000"})[0] == 200
        assert call(base, "GET", "/tabs", headers={"Host": "box.lan:8001"})[0] == 403
        status, _ = call(base, "OPTIONS", "/tabs/current/regions", headers={
            "Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type"})
        assert status == 200  # the preflight an allowed web UI sends
        assert call(base, "GET", "/tabs", headers={"Origin": "http://localhost:3000"})[0] == 200
        assert call(base, "GET", "/tabs", headers={"Origin": "http://localhost:3001"})[0] == 403


def test_only_json_bodies_no_simple_requests(api: str) -> None:
    body = json.dumps({"url": "https://example.com"})
    for ctype in ("text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                  "multipart/form-data; boundary=x", None):
        headers = {"Content-Type": ctype} if ctype else {}
        status, answer = call(api, "POST", "/tabs/current/open", body, headers)
        assert status == 415, (ctype, status, answer)
        assert "application/json" in answer["message"]
        _one_sentence(answer["message"])


def test_error_bodies_are_one_sentence(api: str) -> None:
    for body, words in (({"ref": 5}, "'ref'"), ({"ref": "e1", "nonsense": 1}, "'nonsense'"),
                        ({"diff": True}, None)):
        status, answer = post(api, "/tabs/current/click", body)
        assert status in (400, 503) and answer["ok"] is False, answer
        if words:
            assert words in answer["message"], answer
        _one_sentence(answer["message"])
        assert "errors.pydantic.dev" not in json.dumps(answer)
    status, answer = call(api, "POST", "/tabs/current/click", "{not json",
                          {"Content-Type": "application/json"})
    assert status == 400 and answer["message"] == "The click request body is not valid JSON."
    status, answer = call(api, "POST", "/tabs/current/find", "[1, 2]",
                          {"Content-Type": "application/json"})
    assert status == 400 and "must be a JSON object" in answer["message"]
    status, answer = call(api, "GET", "/nowhere")
    assert status == 404 and answer["ok"] is False
    _one_sentence(answer["message"])


# §1: where the browser may go ------------------------------------------------------------
@pytest.mark.parametrize("url", ["file:///etc/passwd", "/etc/passwd", "file:///etc/",
                                 "FILE:///etc/passwd", "view-source:file:///etc/passwd",
                                 "data:text/html,<h1>hi</h1>", "chrome://version",
                                 "about:config", "/no/such/file.html"])
def test_file_and_other_local_urls_are_refused(api: str, url: str) -> None:
    for path, body in (("/tabs/current/open", {"url": url}), ("/tabs", {"url": url}),
                       ("/tabs/current/open", {"url": url, "new_tab": True})):
        status, answer = post(api, path, body)
        assert status == 400 and answer["error"] == "NavigationError", (url, answer)
        assert "--allow-file-urls" in answer["message"], answer
        _one_sentence(answer["message"])
    _, snap = post(api, "/tabs/current/snapshot")
    assert "root:" not in json.dumps(snap)


def test_file_urls_by_option(tmp_path: Path) -> None:
    page = tmp_path / "local.html"
    page.write_text("<title>local</title><h1>A local page</h1>")
    with domdex("--allow-file-urls") as (base, _):
        status, answer = post(base, "/tabs/current/open", {"url": page.as_uri()})
        assert status == 200 and "'local'" in answer["text"], answer
        status, answer = post(base, "/tabs/current/open", {"url": "data:text/html,hi"})
        assert status == 400  # only file: is opted in


def test_a_javascript_url_is_refused_before_it_runs(api: str, server: str) -> None:
    assert post(api, "/tabs/current/open", {"url": f"{server}/product.html"})[0] == 200
    answers = [post(api, "/tabs/current/open", {"url": url})
               for url in ("javascript:void(document.title='pwned')",
                           " JavaScript:void(document.title='pwned')",
                           "java\tscript:void(document.title='pwned')")]
    _, overview = post(api, "/tabs/current/overview")
    assert "pwned" not in overview["text"]  # before: the script ran, then an error came
    for status, answer in answers:
        assert status == 400 and "javascript: URLs are refused" in answer["message"], answer


def test_the_python_api_refuses_javascript_urls_too(domdex_browser: Any, server: str) -> None:
    from domdex.errors import NavigationError

    page = domdex_browser.open(f"{server}/product.html")
    try:
        with pytest.raises(NavigationError) as refused:
            page.goto("javascript:void(document.title='pwned')")
        assert page.playwright_page.title() != "pwned"  # before: it ran
        assert "javascript: URLs are refused" in str(refused.value)
    finally:
        page.close()


def test_allowed_and_blocked_origins(site: tuple[str, Path], server: str) -> None:
    site_url, root = site
    (root / "links.html").write_text(LINK.format(target=f"{server}/product.html"))
    with domdex("--allowed-origins", f"{site_url};{server}",
                "--blocked-origins", server) as (base, _):
        status, answer = post(base, "/tabs/current/open", {"url": f"{site_url}/links.html"})
        assert status == 200, answer
        status, answer = post(base, "/tabs/current/open", {"url": f"{server}/product.html"})
        assert status == 400 and "--blocked-origins" in answer["message"]  # blocked wins
        status, answer = post(base, "/tabs/current/open", {"url": "https://example.com/"})
        assert status == 400 and "--allowed-origins" in answer["message"]
        status, answer = post(base, "/tabs/current/open",
                              {"url": f"{site_url}/go?to={server}/product.html"})
        assert status == 400 and "--blocked-origins" in answer["message"], answer  # redirect
        assert post(base, "/tabs/current/open", {"url": f"{site_url}/links.html"})[0] == 200
        status, answer = post(base, "/tabs/current/click", {"query": "elsewhere link"})
        assert status == 200 and "NAVIGATION FAILED" in answer["text"], answer  # a click
        assert "BLOCKED_BY_CLIENT" in answer["text"]
        _, tabs = call(base, "GET", "/tabs")
        assert all("product.html" not in t["url"] for t in tabs["tabs"])


# §1: uploads -----------------------------------------------------------------------------
def test_uploads_only_from_the_allowed_directories(api: str, site: tuple[str, Path],
                                                   tmp_path: Path) -> None:
    site_url, _ = site
    assert post(api, "/tabs/current/open", {"url": f"{site_url}/upload.html"})[0] == 200
    status, answer = post(api, "/tabs/current/upload",
                          {"query": "Attachment", "value": ["/etc/hostname"]})
    assert status == 400 and answer["error"] == "ActionError", answer
    assert "/etc/hostname" in answer["message"] and "--upload-root" in answer["message"]
    _one_sentence(answer["message"])
    status, answer = post(api, "/tabs/current/upload",
                          {"query": "Attachment", "value": "missing.txt"})
    assert status == 400 and "missing.txt" in answer["message"] \
        and "no such file" in answer["message"], answer
    escape = tmp_path / "outside.txt"
    escape.write_text("secret")
    status, answer = post(api, "/tabs/current/upload",
                          {"query": "Attachment", "value": "../" * 12 + str(escape)[1:]})
    assert status == 400 and "outside the upload directories" in answer["message"]
    status, answer = post(api, "/tabs/current/upload", {"query": "Attachment",
                                                        "value": "note.txt"})
    assert status == 200, answer  # a file in the working directory
    status, answer = post(api, "/tabs/current/wait", {"text": "GOT a note", "timeout": 15})
    assert status == 200, answer


def test_upload_root_option(site: tuple[str, Path], tmp_path: Path) -> None:
    site_url, _ = site
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "cv.txt").write_text("my cv")
    with domdex("--upload-root", str(tmp_path / "docs")) as (base, _):
        assert post(base, "/tabs/current/open", {"url": f"{site_url}/upload.html"})[0] == 200
        status, answer = post(base, "/tabs/current/upload",
                              {"query": "Attachment", "value": str(tmp_path / "docs/cv.txt")})
        assert status == 200, answer


def test_a_page_cannot_steal_a_file_through_the_api(api: str, site: tuple[str, Path]) -> None:
    """The exploit itself: a page on another loopback port posts to domdex's API."""
    site_url, _ = site
    status, _ = post(api, "/tabs/current/open", {"url": f"{site_url}/steal.html?api={api}"})
    assert status == 200
    assert post(api, "/tabs/current/click", {"query": "Go button"})[0] == 200
    status, answer = post(api, "/tabs/current/wait", {"text": "RESULT:", "timeout": 30})
    assert status == 200, answer
    _, snap = post(api, "/tabs/current/snapshot")
    text = json.dumps(snap)
    assert "RESULT: nothing" in text and "STOLEN" not in text
    hostname = Path("/etc/hostname").read_text().strip()
    assert not hostname or f"STOLEN {hostname}" not in text


# §3: bodies, deadlines, a free event loop, SIGTERM ---------------------------------------
def test_a_large_body_is_refused_while_it_streams(api: str) -> None:
    big = json.dumps({"max_tokens": 5, "pad": "x" * 2_000_000})
    status, answer = call(api, "POST", "/tabs/current/overview", big,
                          {"Content-Type": "application/json"})
    assert status == 413 and answer["error"] == "TooLarge", answer
    _one_sentence(answer["message"])
    parts = urlsplit(api)  # no Content-Length: the limit is counted as chunks arrive
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
    chunks = (b"x" * 65536 for _ in range(200))  # 13 MB if it were all read
    conn.request("POST", "/mcp", body=chunks, encode_chunked=True,
                 headers={"Content-Type": "application/json",
                          "Accept": "application/json, text/event-stream"})
    resp = conn.getresponse()
    assert resp.status == 413 and json.loads(resp.read())["error"] == "TooLarge"
    conn.close()


def test_a_request_past_its_deadline_is_stopped(server: str) -> None:
    with domdex("--request-timeout", "3") as (base, _):
        assert post(base, "/tabs/current/open", {"url": f"{server}/product.html"})[0] == 200
        status, answer = post(base, "/tabs/current/wait", {"seconds": 60, "timeout": 60})
        assert status == 504 and answer["error"] == "Timeout", answer
        assert "longer than 3 s" in answer["message"]
        assert post(base, "/tabs/current/overview")[0] == 200  # and the server goes on


BIG = """<!doctype html><title>catalogue</title><main><h1>Catalogue</h1><ul id="l"></ul></main>
<script>
const items = [];
for (let i = 0; i < 10000; i++) {
  items.push(`<li><a href="#p${i}">Product ${i}</a> <button>Add item ${i} to cart</button></li>`);
}
document.getElementById("l").innerHTML = items.join("");
</script>"""


def test_a_slow_find_does_not_block_other_clients(api: str, site: tuple[str, Path]) -> None:
    """Other requests complete while a CPU-heavy find is running (ordering, not time).

    The first find on a page of ~30k elements builds its matcher, which takes seconds of
    CPU; overview answers from the capture meanwhile."""
    base, root = site
    (root / "big.html").write_text(BIG)
    assert post(api, "/tabs/current/open", {"url": f"{base}/big.html"})[0] == 200
    done: dict[str, Any] = {}

    def slow() -> None:
        done["status"] = post(api, "/tabs/current/find", {"query": "add item 12345 to cart"})[0]
    worker = threading.Thread(target=slow)
    worker.start()
    finished_meanwhile = 0
    while worker.is_alive():
        status, _ = post(api, "/tabs/current/overview")
        assert status == 200
        finished_meanwhile += worker.is_alive()
    worker.join()
    assert done["status"] == 200
    assert finished_meanwhile >= 3, "other requests waited for the find"


def test_sigterm_stops_the_server_with_a_request_in_flight(server: str) -> None:
    with domdex() as (base, proc):
        assert post(base, "/tabs/current/open", {"url": f"{server}/product.html"})[0] == 200
        browser = _descendants(proc.pid)
        assert browser, "no Chromium under the server"
        parts = urlsplit(base)
        stuck = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=120)
        stuck.request("POST", "/tabs/current/wait", body=json.dumps({"seconds": 100,
                                                                    "timeout": 100}),
                      headers={"Content-Type": "application/json"})  # never answered
        assert call(base, "GET", "/tabs")[0] == 200  # the stuck request is in by now
        os.kill(proc.pid, signal.SIGTERM)
        # before: it waited for the 100 s request; uvicorn re-raises SIGTERM once done
        assert proc.wait(timeout=60) in (0, -signal.SIGTERM)
        stuck.close()
    for _ in range(300):  # Chromium and the Playwright driver went with it
        if not any(_alive(pid) for pid in browser):
            break
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in browser)


def _descendants(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            stat = Path(f"/proc/{entry}/stat").read_text()
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_body_that_trickles_in_is_cut_off_and_a_client_that_leaves_is_let_go() -> None:
    """Slowloris: a client that sends its body a byte at a time holds a connection only
    until the body deadline (408); one that hangs up mid-body gets no traceback."""
    import anyio

    from domdex.http import Guard
    from domdex.policy import ServerPolicy

    called: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        called.append("app")

    guard = Guard(app, ServerPolicy.for_server("127.0.0.1", 8808), body_deadline=0.3)
    scope = {"type": "http", "method": "POST", "path": "/tabs", "query_string": b"",
             "headers": [(b"host", b"127.0.0.1:8808"), (b"content-type", b"application/json"),
                         (b"content-length", b"100")]}

    async def run(receive: Any) -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
        with anyio.fail_after(5):
            await guard(scope, receive, send)
        return sent

    async def trickle() -> dict[str, Any]:
        await anyio.sleep(0.2)
        return {"type": "http.request", "body": b"{", "more_body": True}

    sent = anyio.run(run, trickle)
    assert sent[0]["status"] == 408 and not called

    async def leaves() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    assert anyio.run(run, leaves) == [] and not called
