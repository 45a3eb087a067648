"""The plain HTTP API: routes, generated OpenAPI, bearer token, errors as JSON."""

from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from domdex.http import ROUTES, check_binding, openapi

from .conftest import mcp_http_server

TOKEN = "test-token-123"


def test_openapi_is_generated_from_the_routes() -> None:
    doc = openapi()
    assert doc["openapi"].startswith("3.")
    for r in ROUTES:
        op = doc["paths"][f"/tabs/{{tab}}/{r.path}"]["post"]
        assert op["summary"] == r.doc
        assert op["requestBody"]["content"]["application/json"]["schema"] == \
            r.body.model_json_schema()
    assert "/tabs/{tab}/find" in doc["paths"] and "/tabs/{tab}/click" in doc["paths"]


def test_token_required_off_loopback() -> None:
    assert check_binding("127.0.0.1", None) is None
    assert check_binding("0.0.0.0", "given") == "given"
    generated = check_binding("0.0.0.0", None)
    assert generated and len(generated) > 20


def _post(base: str, path: str, body: dict[str, Any] | None = None,
          token: str | None = TOKEN) -> tuple[int, Any, str]:
    req = urllib.request.Request(base + path, data=json.dumps(body or {}).encode(),
                                 method="POST", headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            raw, ctype, status = resp.read(), resp.headers["Content-Type"], resp.status
    except urllib.error.HTTPError as exc:
        raw, ctype, status = exc.read(), exc.headers["Content-Type"], exc.code
    return status, (raw if ctype.startswith("image/") else json.loads(raw)), ctype


@pytest.fixture(scope="module")
def api() -> Iterator[str]:
    with mcp_http_server("--token", TOKEN) as base:
        yield base


@pytest.mark.browser
def test_http_api(api: str, server: str) -> None:
    status, body, _ = _post(api, "/tabs/current/regions", token=None)
    assert status == 401 and body["error"] == "Unauthorized"
    status, body, _ = _post(api, "/tabs/current/open", {"url": f"{server}/product.html"})
    assert status == 200 and body["ok"]
    status, body, _ = _post(api, "/tabs/current/find", {"query": "add to cart button",
                                                         "intent": "click"})
    assert status == 200 and body["data"]["view"] == "find" and "BEST MATCH" in body["text"]
    ref = body["text"].split("→ @", 1)[1].split()[0]
    status, body, _ = _post(api, "/tabs/t1/click", {"ref": ref, "diff": True})
    assert status == 200 and '"Cart (3)" → "Cart (4)"' in body["text"]
    assert body["data"]["diff"]["elements"]
    status, body, _ = _post(api, "/tabs/current/click", {"ref": "e99999"})
    assert status == 404 and body["error"] == "RefError"
    status, body, _ = _post(api, "/tabs/current/regions", {"max_tokens": 80})
    assert status == 200 and "REGIONS" in body["text"]
    status, png, ctype = _post(api, "/tabs/current/screenshot", {})
    assert ctype == "image/png" and png[:4] == b"\x89PNG"
    status, body, _ = _post(api, "/tabs/current/click", {"nonsense": 1, "ref": 5})
    assert status == 400 and not body["ok"]
    status, body, _ = _post(api, "/tabs/other:t1/find", {"query": "x"})
    assert status == 503 and "No browser instance" in body["message"]


def _remote_chromium(tmp: str) -> tuple[subprocess.Popen[str], str]:
    import re

    from domdex.chromium import LAUNCH_ARGS, find_chromium

    proc = subprocess.Popen(
        [str(find_chromium(headless=False)), "--headless=new", "--remote-debugging-port=0",
         "--remote-debugging-address=127.0.0.1", f"--user-data-dir={tmp}", *LAUNCH_ARGS,
         "about:blank"], stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    for line in proc.stderr:
        m = re.search(r"DevTools listening on (ws://\S+)", line)
        if m:
            return proc, m.group(1)
    raise AssertionError("no DevTools address")


@pytest.mark.browser
def test_tabs_route_to_the_instance_that_holds_them(server: str, tmp_path: Any) -> None:
    procs = []
    try:
        for k in (1, 2):
            procs.append(_remote_chromium(str(tmp_path / f"chromium{k}")))
        with mcp_http_server("--token", TOKEN, "--cdp", procs[0][1],
                             "--cdp", procs[1][1]) as base:
            assert _post(base, "/tabs/current/open", {"url": f"{server}/spa.html"})[0] == 200
            assert _post(base, "/tabs/b2:current/open",
                         {"url": f"{server}/product.html"})[0] == 200
            req = urllib.request.Request(base + "/tabs",
                                         headers={"Authorization": f"Bearer {TOKEN}"})
            with urllib.request.urlopen(req, timeout=30) as resp:
                tabs = {t["id"]: t["url"] for t in json.loads(resp.read())["tabs"]}
            assert tabs["t1"].endswith("spa.html") and tabs["b2:t1"].endswith("product.html")
            status, body, _ = _post(base, "/tabs/b2:t1/find", {"query": "add to cart button"})
            assert status == 200 and "Add to Cart" in body["text"]
    finally:
        for proc, _ in procs:
            proc.terminate()
            proc.wait(timeout=10)
            if proc.stderr is not None:
                proc.stderr.close()


@pytest.mark.browser
def test_page_operations_over_http(server: str, tmp_path: Any) -> None:
    """Every route made from the table's page operations, and an action's ``value`` on
    the wire reaching the operation that names it otherwise (type's text, press's key)."""
    with mcp_http_server("--token", TOKEN, "--output-dir", str(tmp_path)) as api:
        def ok(path: str, body: dict[str, Any] | None = None) -> Any:
            status, answer, _ = _post(api, path, body)
            assert status == 200, answer
            return answer

        ok("/tabs/current/open", {"url": f"{server}/login.html"})
        found = ok("/tabs/current/find", {"query": "email", "intent": "fill"})
        ref = found["text"].split("→ @", 1)[1].split()[0]
        ok("/tabs/current/type", {"ref": ref, "value": "ana@example.org"})
        ok("/tabs/current/press", {"ref": ref, "value": "Tab"})
        assert "ana@example.org" in ok("/tabs/current/context", {"ref": ref})["text"]
        assert ok("/tabs", {"url": f"{server}/product.html"})["data"]["url"].endswith(
            "product.html")
        ok("/tabs/t1/switch")
        ok("/tabs/t2/close")
        ok("/tabs/current/open", {"url": f"{server}/product.html"})
        back = ok("/tabs/current/navigate", {"to": "back"})
        assert back["data"]["url"].endswith("login.html")
        assert _post(api, "/tabs/current/navigate", {"to": "up"})[0] == 400
        ok("/tabs/current/wait", {"ref": ref, "state": "attached", "timeout": 5})
        ok("/tabs/current/console", {"level": "error"})
        ok("/tabs/current/network", {"types": None, "limit": 5})
        assert _post(api, "/tabs/current/network", {"limit": 5000})[0] == 400
        assert "accepted" in ok("/tabs/current/dialogs", {"accept_next": True})["text"]
        assert _post(api, "/tabs/current/resize", {"width": 0, "height": 600})[0] == 400
        assert "800x600" in ok("/tabs/current/resize", {"width": 800, "height": 600})["text"]
        ok("/tabs/current/pdf", {"name": "page.pdf"})
        ok("/tabs/current/save_state", {"name": "state.json"})
        assert (tmp_path / "page.pdf").stat().st_size and (tmp_path / "state.json").exists()
        ok("/tabs/current/downloads")
