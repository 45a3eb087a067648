"""The browser an agent configures (issue 8), on real headless Chromium and loopback pages:
a login kept through a profile on disk and through a saved storage state, a phone
layout under device emulation, a download, console errors and a 404, a PDF, a drag
that reorders a list, a key pressed on the page, a proxy that sees the page's requests,
and bad options refused with a sentence that says what to fix.
"""

from __future__ import annotations

import http.server
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from domdex import BrowserOptions, ConfigError, NavigationError
from domdex.session import Session

pytestmark = pytest.mark.browser


def _text(s: Session, selector: str) -> str:
    return str(s._call(lambda: s.current.pw.inner_text(selector)))


def _log_in(s: Session, server: str, user: str) -> None:
    s.open(f"{server}/browser/account.html")
    s.fill(query="User name", value=user)
    s.click(query="Log in")
    assert _text(s, "#status") == f"Logged in as {user}"


def test_a_login_survives_a_restart_in_a_profile_on_disk(server: str, tmp_path: Path) -> None:
    profile = BrowserOptions(user_data_dir=str(tmp_path / "profile"))
    with Session.start(browser=profile) as s:
        _log_in(s, server, "ana")
    with Session.start(browser=profile) as s:
        s.open(f"{server}/browser/account.html")
        assert _text(s, "#status") == "Logged in as ana"
    with Session.start() as s:  # an isolated profile (the default) starts logged out
        s.open(f"{server}/browser/account.html")
        assert _text(s, "#status") == "Not logged in"


def test_a_login_saved_as_storage_state_is_reused(server: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    with Session.start(browser=BrowserOptions(output_dir=str(out))) as s:
        _log_in(s, server, "bob")
        saved = s.save_storage_state("login.json")
    path = out / "login.json"
    assert str(path) in saved.message and "1 cookies" in saved.message
    assert path.stat().st_mode & 0o077 == 0, "the saved login is readable by others"
    state = json.loads(path.read_text())
    assert [c["name"] for c in state["cookies"]] == ["session"]
    with Session.start(browser=BrowserOptions(storage_state=str(path))) as s:
        s.open(f"{server}/browser/account.html")
        assert _text(s, "#status") == "Logged in as bob"


def test_a_phone_gets_the_phone_layout(server: str) -> None:
    phone = BrowserOptions(device="iPhone 15", locale="de-DE", timezone="Europe/Berlin")
    with Session.start(browser=phone) as s:
        s.open(f"{server}/browser/layout.html")
        assert _text(s, "#facts") == "393x659 touch=true lang=de-DE zone=Europe/Berlin"
        assert s.find("open menu", intent="click").ref is not None
        assert 'LINK "Pricing"' not in s.grep("Pricing").render()  # desktop nav hidden
        s.resize(1280, 800)
        assert 'LINK "Pricing"' in s.grep("Pricing").render()
    with Session.start() as s:
        s.open(f"{server}/browser/layout.html")
        assert _text(s, "#facts").startswith("1280x800 touch=false")


def test_a_download_lands_in_the_output_dir_and_is_reported(server: str,
                                                            tmp_path: Path) -> None:
    out = tmp_path / "downloads"
    with Session.start(browser=BrowserOptions(output_dir=str(out))) as s:
        s.open(f"{server}/browser/files.html")
        result = s.click(query="Download the monthly report")
        [d] = result.downloads
        assert d.name == "monthly report.csv" and d.size == 25 and d.error is None
        assert Path(d.path).read_text() == "name,total\nAlice,3\nBob,5\n"
        assert f"DOWNLOAD: monthly report.csv (25 B) saved to {d.path}" in result.render()
        # a page asking for "../../etc/export.json" gets a file in the output dir
        [j] = s.click(query="Export as JSON").downloads
        assert Path(j.path).parent == out and Path(j.path).read_text() == '{"rows": 2}'
        assert [x.name for x in s.download_list().downloads] == [d.name, j.name]


def test_console_errors_and_a_failed_request_since_the_last_look(server: str) -> None:
    with Session.start() as s:
        s.open(f"{server}/browser/noisy.html")
        s.click(query="Save")
        s.wait(text="Error 501")  # the page's fetch answered and logged
        errors = s.console(level="error").render()
        assert "[error] save failed with 501" in errors
        assert "app started" not in errors and "deprecated" not in errors
        assert "0 messages since the last look" in s.console().render()
        assert "app started" in s.console(all=True).render()
        net = s.network(all=True)
        lines = net.render()
        assert "POST " in lines and "/browser/api/save.json → 501 [fetch]" in lines
        assert "/browser/logo-missing.png → 404 [image]" in lines  # failed: shown
        assert "0 requests since the last look" in s.network().render()
        failed = s.network(all=True, failed=True)
        assert {e.status for e in failed.entries} == {404, 501}


def test_the_page_printed_to_pdf(server: str, tmp_path: Path) -> None:
    with Session.start(browser=BrowserOptions(output_dir=str(tmp_path))) as s:
        s.open(f"{server}/browser/account.html")
        result = s.pdf("account.pdf")
    pdf = tmp_path / "account.pdf"
    assert str(pdf) in result.message
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 1000


def test_a_drag_reorders_a_list_and_a_key_goes_to_the_page(server: str) -> None:
    with Session.start() as s:
        s.open(f"{server}/browser/reorder.html")
        bob, first = s.find("Call Bob").ref, s.find("Write report").ref
        result = s.drag(bob, to=first)
        assert "DROPPED ON" in result.render() and "Write report" in result.message
        assert _text(s, "#list").split("\n") == ["Call Bob", "Write report", "Buy milk"]
        assert not s._call(lambda: s.current.pw.is_visible("#q"))
        s.press(key="Control+k")  # no element: the page's own shortcut
        assert s._call(lambda: s.current.pw.is_visible("#q"))


class _Proxy(http.server.BaseHTTPRequestHandler):
    """A forward proxy for one made-up host: it answers every request itself."""

    seen: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).seen.append(self.path)
        body = b"<!doctype html><title>Via proxy</title><main><h1>Proxied</h1>" \
               b"<a href='/next'>Next page</a></main>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def proxy() -> Iterator[str]:
    _Proxy.seen = []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Proxy)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_proxy_on_loopback_sees_the_pages_requests(proxy: str) -> None:
    with Session.start(browser=BrowserOptions(proxy_server=proxy)) as s:
        s.open("http://shop.domdex.invalid/")
        assert "Proxied" in s.regions().render()
        s.click(query="Next page")
    assert "http://shop.domdex.invalid/" in _Proxy.seen
    assert "http://shop.domdex.invalid/next" in _Proxy.seen


def test_a_proxy_that_refuses_says_so() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens there once closed
    with Session.start(browser=BrowserOptions(proxy_server=f"127.0.0.1:{port}")) as s, \
            pytest.raises(NavigationError, match="proxy"):
        s.open("http://shop.domdex.invalid/")


def test_bad_options_are_refused_before_chromium_starts(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"Unknown device 'iPhone 51'.*'iPhone 15'"):
        Session.start(browser=BrowserOptions(device="iPhone 51"))
    with pytest.raises(ConfigError, match=r"Cannot read the storage state .*save-state"):
        BrowserOptions(storage_state=str(tmp_path / "missing.json"))
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(ConfigError, match="is not JSON"):
        BrowserOptions(storage_state=str(tmp_path / "bad.json"))
    with pytest.raises(ConfigError, match=r"either user_data_dir .* or storage_state"):
        (tmp_path / "ok.json").write_text('{"cookies": [], "origins": []}')
        BrowserOptions(user_data_dir=str(tmp_path), storage_state=str(tmp_path / "ok.json"))
    with pytest.raises(ConfigError, match=r"--proxy-server .*SCHEME://HOST:PORT"):
        BrowserOptions(proxy_server="127.0.0.1")
    with pytest.raises(ConfigError, match=r"--viewport-size .*WIDTHxHEIGHT"):
        BrowserOptions(viewport="wide")
    with pytest.raises(ConfigError, match=r"--timezone .*IANA time zone"):
        BrowserOptions(timezone="Mars/Olympus")
    with pytest.raises(ConfigError, match=r"refused the browser options: .*teleport"):
        Session.start(browser=BrowserOptions(permissions="teleport"))


def test_config_file_then_environment_then_arguments(tmp_path: Path) -> None:
    toml = tmp_path / "domdex.toml"
    toml.write_text('device = "Pixel 7"\nlocale = "fr-FR"\nviewport = "800x600"\n'
                    'permissions = ["geolocation"]\n')
    env = {"DOMDEX_LOCALE": "de-DE", "DOMDEX_TIMEZONE": "Europe/Berlin"}
    opts = BrowserOptions.resolve(toml, env=env, timezone="Asia/Tokyo")
    assert (opts.device, opts.locale, opts.timezone, opts.viewport, opts.permissions) == \
        ("Pixel 7", "de-DE", "Asia/Tokyo", (800, 600), ("geolocation",))
    (tmp_path / "c.json").write_text('{"user-agent": "probe/1", "headless": true}')
    assert BrowserOptions.resolve(tmp_path / "c.json", env={}).user_agent == "probe/1"
    (tmp_path / "typo.toml").write_text('devcie = "Pixel 7"\n')
    with pytest.raises(ConfigError, match="Unknown browser option 'devcie'"):
        BrowserOptions.resolve(tmp_path / "typo.toml", env={})
    (tmp_path / "broken.toml").write_text("device = \n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        BrowserOptions.resolve(tmp_path / "broken.toml", env={})
    with pytest.raises(ConfigError, match="DOMDEX_VIEWPORT"):
        BrowserOptions.resolve(env={"DOMDEX_VIEWPORT": "huge"})


def test_a_trace_is_saved_when_the_browser_closes(server: str, tmp_path: Path) -> None:
    import zipfile

    with Session.start(browser=BrowserOptions(save_trace=True, output_dir=str(tmp_path))) as s:
        s.open(f"{server}/browser/account.html")
        s.click(query="Log in")
    [trace] = tmp_path.glob("trace-*.zip")
    names = zipfile.ZipFile(trace).namelist()
    assert any(n.endswith(".trace") for n in names), names


def _chromium_under(pid: int) -> list[int]:
    """The browser processes (not their renderers) among ``pid``'s descendants."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        child = int(stat.parent.name)
        parents[child], names[child] = int(fields[1]), name

    def under(p: int) -> bool:
        while p in parents and p != pid:
            p = parents[p]
        return p == pid

    chrome = {p for p, n in names.items() if "chrom" in n.lower() or "headless" in n.lower()}
    return [p for p in chrome if under(p) and parents.get(p) not in chrome]


def test_a_killed_browser_comes_back_with_the_same_options(server: str) -> None:
    import os
    import signal
    import time

    from domdex.errors import BrowserError

    others = set(_chromium_under(os.getpid()))  # other tests' browsers live on
    with Session.start(browser=BrowserOptions(viewport=(500, 700))) as s:
        s.open(f"{server}/browser/layout.html")
        victims = [p for p in _chromium_under(os.getpid()) if p not in others]
        assert len(victims) == 1, f"not one new Chromium under this test: {victims}"
        for p in victims:
            os.kill(p, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while not s.browser_gone and time.monotonic() < deadline:
            time.sleep(0.1)
        with pytest.raises(BrowserError, match=r"The browser stopped .* Open a page again"):
            s.regions()
        result = s.open(f"{server}/browser/layout.html")
        assert "BROWSER: the browser had stopped" in result.render()
        assert _text(s, "#facts").startswith("500x700")  # the options came back too
        assert 'BUTTON "Open menu"' in s.find("open menu").render()
        # killed again, and a new tab asked for at once, before Playwright noticed
        again = [p for p in _chromium_under(os.getpid()) if p not in others]
        assert len(again) == 1
        os.kill(again[0], signal.SIGKILL)
        result = s.open(f"{server}/browser/account.html", new_tab=True)
        assert "BROWSER: the browser had stopped" in result.render()
        assert _text(s, "#status") == "Not logged in"


def test_small_ones_an_error_page_a_pdf_and_a_box_that_leaves(server: str) -> None:
    """Issue 13 §7: a 404 says so; a PDF is refused in the session as in the one-shot
    commands; a checkbox that files its row away with the click is done, not failed."""
    with Session.start() as s:
        result = s.open(f"{server}/browser/missing.html")
        assert result.status == 404
        assert "(HTTP 404: the server answered with an error page)" in result.render()
        # Chromium shows a PDF (the tab is on it: go back); its headless shell, which
        # has no viewer, downloads it (the tab stays where it was)
        with pytest.raises(NavigationError, match=r"application/pdf, not an HTML page.*go "
                           r"back|a file to download, not an HTML page"):
            s.open(f"{server}/browser/tiny.pdf")
        s.open(f"{server}/browser/todo.html")
        done = s.act("check", query="Water the plants")
        assert "GONE: the box left the page with the click" in done.render()
        assert _text(s, "#done") == "Done: Water the plants"
        assert s.act("check", query="Pay the rent").message.startswith("GONE")


def test_the_cli_exits_1_on_an_error_page_and_still_shows_it(server: str) -> None:
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "domdex", "overview",
                          f"{server}/browser/missing.html"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 1 and "answered HTTP 404" in run.stderr
    assert "Error response" in run.stdout
