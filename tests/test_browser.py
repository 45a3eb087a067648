"""The live page API: open, errors, refs through the selector engine, attach, connect."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import domdex
from domdex.chromium import LAUNCH_ARGS, find_chromium
from domdex.navigation import resolve_url

pytestmark = pytest.mark.browser

PAGES = Path(__file__).parent / "pages"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A TCP server that accepts connections and never answers: navigation times out."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        srv.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(srv.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.getsockname()[1]}/"
    finally:
        stop.set()
        thread.join()
        for conn in held:
            conn.close()
        srv.close()


def _tabs(browser: Any) -> int:
    return len(browser.async_browser.context.pages)


def test_resolve_url_forms(tmp_path: Path) -> None:
    page = tmp_path / "a.html"
    page.write_text("<p>x</p>")
    assert resolve_url(str(page)) == page.as_uri()
    assert resolve_url(page) == page.as_uri()
    assert resolve_url(page.as_uri()) == page.as_uri()
    assert resolve_url("example.com/x") == "https://example.com/x"
    assert resolve_url("about:blank") == "about:blank"
    with pytest.raises(domdex.NavigationError, match="no such file"):
        resolve_url(str(tmp_path / "missing.html"))
    with pytest.raises(domdex.NavigationError, match="no such file"):
        resolve_url((tmp_path / "missing.html").as_uri())


def test_open_views_and_snapshot(domdex_browser: Any, server: str) -> None:
    page = domdex_browser.open(f"{server}/capture/basic.html")
    try:
        snap = page.snapshot()
        assert snap is page.snapshot()  # the latest, not a new capture
        fresh = page.capture()
        assert fresh is not snap and page.snapshot() is fresh
        idx = page.index()  # the page as it is now, through the page's session
        assert idx is page.index()  # nothing changed: the same index, no new capture
        assert page.snapshot() is idx.snapshot
        page.playwright_page.evaluate(
            "document.body.append(Object.assign(document.createElement('button'), "
            "{textContent: 'Added by Playwright'}))")
        # driven directly with Playwright: the next look is not stale
        assert any(n.name == "Added by Playwright" for n in page.index().nodes)
        assert "Capture basics" in str(page.overview())
        assert str(page.regions())
        main = next(r for r in page.index().top_regions if r.landmark == "MAIN")
        assert str(page.expand(main.id))
        save = next(n for n in fresh.nodes if n.attrs.get("id") == "save")
        assert save.ref in str(page.context(save.ref))
        assert page.playwright_page.title() == "Capture basics"
    finally:
        page.close()


def test_open_plain_file_path(domdex_browser: Any) -> None:
    page = domdex_browser.open(str(PAGES / "capture" / "basic.html"))
    try:
        assert page.url.startswith("file://")
        assert page.capture().title == "Capture basics"
    finally:
        page.close()


def test_locator_clicks_the_right_element(domdex_browser: Any, server: str) -> None:
    page = domdex_browser.open(f"{server}/capture/basic.html")
    try:
        snap = page.capture()
        counter = next(n for n in snap.nodes if n.attrs.get("id") == "counter")
        page.locator(counter.ref).click()
        page.locator(f"@{counter.ref}").click()
        assert page.playwright_page.locator("#counter").text_content() == "Clicked 2"
        # the bare engine works on the Playwright page too
        assert page.playwright_page.locator(f"domdex={counter.ref}").text_content() == "Clicked 2"
        with pytest.raises(domdex.RefError, match="not on this page"):
            page.locator("e99999")
        with pytest.raises(domdex.RefError):
            page.locator("button")
    finally:
        page.close()


def test_locator_in_a_frame(domdex_browser: Any, server: str) -> None:
    page = domdex_browser.open(f"{server}/capture/frames.html")
    try:
        page.playwright_page.frame_locator("#cross").locator("#inner").wait_for()
        snap = page.capture()
        for node in [n for n in snap.nodes if n.attrs.get("id") == "inner"]:
            page.locator(node.ref).click()
            assert page.locator(node.ref).text_content() == "Pressed"
    finally:
        page.close()


def test_stale_ref_after_navigation(domdex_browser: Any, server: str) -> None:
    page = domdex_browser.open(f"{server}/capture/dynamic.html")
    try:
        ref = next(n.ref for n in page.capture().nodes if n.tag == "button")
        page.locator(ref)
        page.goto(f"{server}/capture/basic.html")
        with pytest.raises(domdex.RefError):  # no capture of the new document yet
            page.locator(ref)
        page.capture()
        page.playwright_page.reload()
        with pytest.raises(domdex.StaleRefError, match="page changed"):
            page.locator(ref)
    finally:
        page.close()


def test_stale_ref_never_acts_on_the_new_document(domdex_browser: Any, server: str) -> None:
    page = domdex_browser.open(f"{server}/capture/dynamic.html")
    try:
        ref = next(n.ref for n in page.capture().nodes if n.tag == "button")
        locator = page.locator(ref)
        page.playwright_page.reload()
        assert locator.count() == 0  # the document id in the selector no longer matches
    finally:
        page.close()


def test_navigation_errors(domdex_browser: Any, server: str, silent_server: str,
                          tmp_path: Path) -> None:
    tabs = _tabs(domdex_browser)
    port = _free_port()
    with pytest.raises(domdex.NavigationError,
                       match=rf"Could not open http://127.0.0.1:{port}/: connection refused\."):
        domdex_browser.open(f"http://127.0.0.1:{port}/")
    with pytest.raises(domdex.NavigationError, match=r"longer than 1 s.*timeout="):
        domdex_browser.open(silent_server, timeout=1)
    with pytest.raises(domdex.NavigationError, match="application/json, not an HTML page"):
        domdex_browser.open(f"{server}/capture/data.json")
    pdf = tmp_path / "doc.pdf"
    pdf.write_bytes(b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")
    with pytest.raises(domdex.NavigationError, match="not an HTML page"):
        domdex_browser.open(str(pdf))
    with pytest.raises(domdex.NavigationError, match="no such file"):
        domdex_browser.open(str(tmp_path / "nope.html"))
    assert _tabs(domdex_browser) == tabs  # nothing left open


def test_a_sessions_navigation_errors_read_like_page_gotos(
        domdex_browser: Any, server: str, silent_server: str) -> None:
    """Issue 9: one table of net errors (navigation.py) for Page.goto and the session's
    open, back, forward and reload; the session adds where the failure left its tab."""
    from domdex.session import Session, SessionOptions

    port = _free_port()
    refused = f"http://127.0.0.1:{port}/"
    with pytest.raises(domdex.NavigationError) as by_page:
        domdex_browser.open(refused)
    with Session.start(options=SessionOptions(navigation_timeout=1)) as s:
        with pytest.raises(domdex.NavigationError) as by_session:
            s.open(refused)
        assert str(by_session.value).startswith(str(by_page.value))
        assert str(by_page.value) == f"Could not open {refused}: connection refused."
        with pytest.raises(domdex.NavigationError,
                           match=re.escape(f"Opening {silent_server} took longer than 1 s "
                                           "(waiting for 'load'). The page may be slow")):
            s.open(silent_server)
        s.open(f"{server}/spa.html")
        with pytest.raises(domdex.NavigationError,
                           match=re.escape(f"Could not open {server}/capture/data.json: it "
                                           "is application/json, not an HTML page.")):
            s.open(f"{server}/capture/data.json")


def test_launch_failure_says_what_to_do() -> None:
    with pytest.raises(domdex.BrowserError, match=r"make setup.*DOMDEX_CHROMIUM"):
        domdex.launch(executable_path="/nonexistent/chromium")


def test_attach_async_page(domdex_browser: Any, run_async: Any, server: str) -> None:
    from domdex.browser import async_attach

    async def scenario() -> tuple[str, str, str]:
        context = domdex_browser.async_browser.context
        pw_page = await context.new_page()
        try:
            await pw_page.goto(f"{server}/capture/basic.html")
            page = domdex.attach(pw_page)
            assert isinstance(page, domdex.AsyncPage)
            snap = await page.capture()
            counter = next(n for n in snap.nodes if n.attrs.get("id") == "counter")
            await page.locator(counter.ref).click()
            again = await async_attach(pw_page)
            await again.capture()
            return (str(await page.overview()), snap.title,
                    await pw_page.locator("#counter").text_content() or "")
        finally:
            await pw_page.close()

    overview, title, text = run_async(scenario())
    assert title == "Capture basics" and "Capture basics" in overview
    assert text == "Clicked 1"


def test_attach_sync_playwright_page(server: str) -> None:
    from playwright.sync_api import Locator, expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        try:
            pw_page = browser.new_page()
            pw_page.goto(f"{server}/capture/frames.html")
            pw_page.frame_locator("#cross").locator("#inner").wait_for()
            pw_page.main_frame.child_frames  # noqa: B018 (sync wrappers now cached on frames)
            page = domdex.attach(pw_page)
            assert isinstance(page, domdex.Page)
            snap = page.capture()
            assert len(snap.frames) == 2
            inner = next(n for n in snap.nodes if n.attrs.get("id") == "inner")
            locator = page.locator(inner.ref)
            assert isinstance(locator, Locator)  # a real sync-API Locator
            locator.click()
            expect(locator).to_have_text("Pressed")  # Playwright's own assertions work
            assert locator.text_content() == "Pressed"
            assert page.playwright_page.title() == "Frames"
            assert "Frames" in str(page.overview())
            pw_page.goto(f"{server}/capture/dynamic.html")  # the user keeps using Playwright
            assert page.capture().title == "Dynamic"
        finally:
            browser.close()


@pytest.fixture
def remote_chromium(tmp_path: Path) -> Iterator[str]:
    """A second Chromium with --remote-debugging-port=0; yields its http:// endpoint."""
    executable = find_chromium(headless=False)  # a user's browser
    assert executable
    proc = subprocess.Popen(
        [executable, "--headless=new", "--remote-debugging-port=0",
         "--remote-debugging-address=127.0.0.1", f"--user-data-dir={tmp_path / 'profile'}",
         *LAUNCH_ARGS, "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        endpoint = None
        deadline = time.monotonic() + 30
        assert proc.stderr is not None
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            if m:
                endpoint = m.group(1)
                break
            if not line and proc.poll() is not None:
                break
        assert endpoint, "Chromium did not print its DevTools address"
        port = re.search(r":(\d+)/", endpoint)
        assert port
        yield f"http://127.0.0.1:{port.group(1)}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stderr is not None:
            proc.stderr.close()


def test_connect_over_cdp(remote_chromium: str, server: str) -> None:
    with domdex.connect(remote_chromium) as browser:
        page = browser.open(f"{server}/capture/basic.html")
        snap = page.capture()
        assert snap.title == "Capture basics"
        counter = next(n for n in snap.nodes if n.attrs.get("id") == "counter")
        page.locator(counter.ref).click()
        assert page.playwright_page.locator("#counter").text_content() == "Clicked 1"
    # the remote browser outlives the connection; a second one works too
    with domdex.connect(remote_chromium) as browser:
        assert browser.open(f"{server}/capture/dynamic.html").capture().title == "Dynamic"
    browser.close()  # closing twice is harmless


def test_connect_failure() -> None:
    with pytest.raises(domdex.BrowserError, match="Could not connect"):
        domdex.connect(f"http://127.0.0.1:{_free_port()}", timeout=3)


@pytest.mark.browser
def test_blocking_proxies_can_be_passed_back_to_playwright(server: str) -> None:
    """Handles from the background sync wrapper work as arguments of other sync calls."""
    import domdex

    with domdex.launch(background=True) as browser:
        page = browser.open(f"{server}/product.html")
        ref = page.find("Add to Cart", intent="click").ref
        a = page.locator(ref).element_handle()
        b = page.playwright_page.locator("text=Add to Cart").element_handle()
        same = page.playwright_page.evaluate("([a, b]) => a === b", [a, b])
        assert same is True


def test_launch_hands_back_playwright_objects_that_expect_takes(server: str) -> None:
    """Issue 11, 'Proxies': a page from domdex.launch() gives Playwright's own Page and
    Locator, so Playwright's assertions work on them (they raised 'Unsupported type')."""
    from playwright.sync_api import Locator, expect
    from playwright.sync_api import Page as PlaywrightPage

    with domdex.launch() as browser:
        page = browser.open(f"{server}/checkout.html")
        city = page.find("city field").ref
        assert isinstance(page.locator(city), Locator)
        assert isinstance(page.playwright_page, PlaywrightPage)
        page.fill(city, "Springfield")
        expect(page.locator(city)).to_have_value("Springfield")
        expect(page.playwright_page).to_have_url(re.compile(r"checkout\.html$"))
        page.playwright_page.fill("#zip", "12345")  # the user drives the page too
        assert '[value: "12345"]' in str(page.context(page.find("ZIP code").ref))
        with domdex.launch() as other:  # a second browser in the same thread
            second = other.open(f"{server}/login.html")
            expect(second.playwright_page).to_have_title(re.compile("Sign in"))
        expect(page.locator(city)).to_be_visible()  # the first one still works


def test_launch_inside_an_event_loop_runs_in_the_background(server: str) -> None:
    """Sync Playwright cannot start where an event loop runs (Jupyter): launch runs on a
    thread of its own there, and says nothing."""
    import asyncio

    async def inside() -> str:
        with domdex.launch() as browser:
            page = browser.open(f"{server}/login.html")
            return page.playwright_page.title()

    assert asyncio.run(inside()).startswith("Sign in")


@pytest.mark.parametrize("background", [False, True])
def test_a_closed_browser_or_session_says_so(server: str, background: bool) -> None:
    """Issue 9: a call after close is a DomdexError (ClosedError, still a RuntimeError)
    that says what to do, on either runner; a sync browser on the thread's Playwright
    raised Playwright's 'Event loop is closed!' before."""
    closed = "This domdex browser or session is closed; start another."
    with domdex.launch(background=background) as browser:
        page = browser.open(f"{server}/login.html")
    for call in (lambda: browser.open(f"{server}/login.html"), browser.new_page,
                 page.capture, lambda: page.find("password")):
        with pytest.raises(domdex.ClosedError, match=re.escape(closed)) as refused:
            call()
        assert isinstance(refused.value, domdex.BrowserError)
        assert isinstance(refused.value, RuntimeError)
    browser.close()  # closing twice is still harmless
    if background:
        return
    session = domdex.Session.start()
    session.close()
    with pytest.raises(domdex.ClosedError, match=re.escape(closed)):
        session.open(f"{server}/login.html")
    session.close()


def test_closing_the_portal_cancels_a_call_that_never_ends() -> None:
    """A call stuck on the portal's loop (a page that never answers) is cancelled by
    close, and its caller gets the error, instead of close waiting for it forever."""
    import asyncio
    import threading

    from domdex.bridge import Portal

    portal = Portal()
    started = threading.Event()
    outcome: list[BaseException | None] = []

    async def never() -> None:
        started.set()
        await asyncio.Event().wait()

    def caller() -> None:
        try:
            portal.run(never())
            outcome.append(None)
        except BaseException as exc:  # whatever the cancellation raises
            outcome.append(exc)

    worker = threading.Thread(target=caller, daemon=True)
    worker.start()
    assert started.wait(30)
    portal.close()
    worker.join(30)
    assert not worker.is_alive() and outcome and outcome[0] is not None
    assert portal.closed


def test_attach_sync_page_reads_script_listeners(server: str) -> None:
    """The listener probe asks the DevTools protocol through the page's context: for a
    sync-API page, Playwright hands back sync wrappers, and a sync call made on the
    event loop it waits for hung the capture for ever."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        try:
            pw_page = browser.new_page()
            pw_page.goto(f"{server}/scripted_posts.html")
            pw_page.main_frame.page.context  # noqa: B018 (sync wrappers now cached)
            snap = domdex.attach(pw_page).capture(incremental=False)
            likes = [n for n in snap.nodes if n.attrs.get("class") == "like"]
            assert likes and all("clickable" in n.states for n in likes)
        finally:
            browser.close()
