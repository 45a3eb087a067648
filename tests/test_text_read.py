"""``read`` on live pages in headless Chromium: sections, main content, query, cache, store.

One browser for the whole file (a session fixture running its own event loop): the
async core is driven directly, as the sync ``Page`` wrapper does.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from domdex.text.cache import ReadCache
from domdex.text.read import fingerprint, read
from domdex.text.store import KnowledgeStore

pytestmark = pytest.mark.browser
T = TypeVar("T")


class Live:
    """A Chromium page plus the loop that drives it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(coro)

    async def start(self) -> None:
        from playwright.async_api import async_playwright

        from domdex.chromium import LAUNCH_ARGS, find_chromium

        self.pw = await async_playwright().start()
        self.browser = await self.pw.chromium.launch(
            executable_path=find_chromium(), args=LAUNCH_ARGS
        )
        self.page = await self.browser.new_page()

    async def stop(self) -> None:
        await self.browser.close()
        await self.pw.stop()

    def goto(self, url: str) -> Any:
        self.run(self.page.goto(url))
        return self.page

    def read(self, **kwargs: Any) -> Any:
        kwargs.setdefault("cache", ReadCache())
        return self.run(read(self.page, **kwargs))


@pytest.fixture(scope="session")
def live() -> Iterator[Live]:
    session = Live()
    session.run(session.start())
    try:
        yield session
    finally:
        session.run(session.stop())
        session.loop.close()


@pytest.fixture
def article(live: Live, server: str) -> Live:
    live.goto(f"{server}/text/article.html")
    return live


def test_sections_with_paths_kinds_and_whole_blocks(article: Live) -> None:
    result = article.read()
    sections = result.to_dict()["sections"]
    by_heading = {s["heading"]: s for s in sections}
    pricing = by_heading["Pricing"]
    assert pricing["kind"] == "main"
    assert pricing["path"] == ["Acme Cloud pricing and setup guide", "Pricing"]
    assert "Team | $29 | 10" in pricing["text"]  # the table is one block
    install = by_heading["Installation"]["text"]
    assert "pip install acme-cli\nacme login --key YOUR-KEY\nacme deploy ./app" in install
    nested = "- On Windows, run the installer from an administrator shell.\n  - WSL is supported"
    assert nested in install  # the nested list keeps its indentation
    assert by_heading["Related articles"]["kind"] == "boilerplate"
    kinds = {s["path"][0] if s["path"] else "": s["kind"] for s in sections}
    assert kinds["[navigation]"] == kinds["[page footer]"] == "boilerplate"


def test_hidden_text_is_not_read(article: Live) -> None:
    text = article.read().text
    assert "must never be read" not in text
    assert "Screen reader only" not in text


def test_every_section_xpath_points_at_one_element(article: Live) -> None:
    for s in article.read().page.sections:
        count = article.run(article.page.locator(f"xpath={s.xpath}").count())
        assert count == 1, (s.id, s.xpath)


def test_scope_main_drops_navigation_cookies_and_footer(article: Live) -> None:
    text = article.read(scope="main").text
    assert "Every account starts on the free plan" in text
    for furniture in ("Accept all cookies", "About us", "All rights reserved", "Ten tips"):
        assert furniture not in text


def test_query_returns_the_relevant_sections_with_scores(article: Live) -> None:
    result = article.read(query="refund money back", limit=2)
    first = result.to_dict()["sections"][0]
    assert first["heading"] == "Refunds" and 0 < first["score"] <= 1
    assert article.read(query="install on windows", limit=1).sections[0].heading == "Installation"


def test_budget_gives_outline_and_the_way_to_the_rest(article: Live) -> None:
    result = article.read(max_tokens=150)
    text = str(result)
    assert "Outline (" in text and "read(offset=" in text
    offset = int(text.split("read(offset=")[1].split(")")[0])
    rest = article.read(offset=offset)
    assert rest.body[offset:] and rest.text.startswith("<<<page content ")


def test_cache_hit_then_miss_when_the_text_changes(article: Live) -> None:
    cache = ReadCache()
    first = article.read(cache=cache)
    assert not first.cached
    second = article.read(cache=cache)
    assert second.cached and second.page is first.page
    assert not article.read(cache=cache, nocache=True).cached
    before = article.run(fingerprint(article.page))
    article.run(article.page.evaluate("document.querySelector('h3').textContent = 'Money back'"))
    assert article.run(fingerprint(article.page)) != before
    changed = article.read(cache=cache)
    assert not changed.cached
    assert any(s.heading == "Money back" for s in changed.page.sections)


def test_store_learns_pages_and_recognises_site_furniture(live: Live, server: str) -> None:
    store = KnowledgeStore(":memory:")
    live.goto(f"{server}/text/article.html")
    live.read(store=store)
    live.goto(f"{server}/text/other.html")
    second = live.read(store=store)
    cookie = next(s for s in second.page.sections if "cookies" in s.text)
    assert cookie.kind == "boilerplate"
    hits = store.search("autoscaling instances")
    assert hits[0].url.endswith("/text/other.html")
    assert store.related(f"{server}/text/other.html")[0].url.endswith("/text/article.html")


def test_cli_read_and_search(
    server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from domdex.cli import main

    db = str(tmp_path / "k.db")
    assert main(["read", f"{server}/text/article.html", "--store", db, "--json",
                 "--query", "refund"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sections"][0]["heading"] == "Refunds"
    assert main(["search", "refund", "--store", db]) == 0
    out = capsys.readouterr().out
    assert "Refunds" in out and out.startswith("<<<page content ")


def test_cli_read_says_what_went_wrong_as_page_goto_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 9: read launches, connects and words a failed load through driver.py and
    navigation.py, as the rest of domdex does: a sentence, no Playwright call log."""
    import socket

    from domdex.cli import main

    with socket.socket() as sock:  # a port nobody listens on once closed
        sock.bind(("127.0.0.1", 0))
        refused = f"http://127.0.0.1:{sock.getsockname()[1]}/"
    assert main(["read", refused, "--store", ":memory:"]) == 2
    assert capsys.readouterr().err == f"domdex: Could not open {refused}: connection refused.\n"
    page = tmp_path / "p.html"
    page.write_text("<h1>Hi</h1><p>Para text here.</p>")
    assert main(["read", str(page), "--store", ":memory:",
                 "--chromium", str(tmp_path / "no-chromium")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"domdex: Could not start Chromium ({tmp_path / 'no-chromium'}):")
    assert "DOMDEX_CHROMIUM" in err and "Call log" not in err
    assert main(["read", str(page), "--store", ":memory:", "--cdp", refused]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"domdex: Could not connect to a browser at {refused}:")
    assert "Call log" not in err and err.count("\n") == 1


def test_cli_read_keeps_an_error_page_out_of_the_store(
    server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A page that answers 404 once must not replace what the store holds for it."""
    from domdex.cli import main

    db = str(tmp_path / "k.db")
    assert main(["read", f"{server}/text/article.html", "--store", db]) == 0
    assert main(["read", f"{server}/text/no-such-page.html", "--store", db]) == 1
    assert "not added to the knowledge store" in capsys.readouterr().err
    assert main(["search", "--pages", "--store", db, "--json"]) == 0
    pages = json.loads(capsys.readouterr().out)
    assert [p["url"].rsplit("/", 1)[-1] for p in pages] == ["article.html"]


def test_cli_read_refuses_what_is_no_page_in_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from domdex.cli import main

    for target in ("", str(tmp_path)):
        assert main(["read", target, "--no-store"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("domdex: ") and "is not a page" in err and err.count("\n") == 1
    page = tmp_path / "p.html"
    page.write_text("<h1>Hi</h1><p>Para text here.</p>")
    assert main(["read", str(page), "--store", "/proc/no-such-dir/k.db", "--json"]) == 0
    captured = capsys.readouterr()
    assert "cannot be used" in captured.err and "Traceback" not in captured.err
    assert json.loads(captured.out)["sections"]  # the page is still read


@pytest.mark.pydocs
def test_python_docs_api_entries_are_sections(live: Live, pydocs: Path) -> None:
    live.goto((pydocs / "library" / "json.html").as_uri())
    result = live.read(query="serialize obj to a JSON formatted str", limit=3)
    headings = [s.heading for s in result.sections]
    assert any(h.startswith("json.dumps(") for h in headings[:2])
    main = live.read(scope="main")
    assert all(s.kind == "main" for s in main.sections)
    assert not any("Table of Contents" in s.title for s in main.sections)


@pytest.mark.pydocs
def test_python_docs_long_page_is_never_truncated(live: Live, pydocs: Path) -> None:
    live.goto((pydocs / "library" / "os.html").as_uri())
    result = live.read()
    assert len(result.page.sections) > 100
    assert "os.getcwd()" in result.text and "os.walk(" in result.text
    hit = live.read(query="current working directory", limit=3)
    assert any(s.heading.startswith("os.getcwd") for s in hit.sections)


@pytest.mark.pydocs
def test_a_query_nothing_answers_says_so(live: Live, pydocs: Path) -> None:
    """Issue 11: three unrelated sections came back (score 0.40) as if they answered."""
    live.goto((pydocs / "library" / "os.html").as_uri())
    result = live.read(query="chocolate cake recipe")
    assert not result.sections and result.to_dict()["matched"] is False
    assert "NO MATCH" in str(result) and len(result.closest) == 3


@pytest.mark.pydocs
def test_a_budget_goes_to_the_answer_first(live: Live, pydocs: Path) -> None:
    """Issue 11: with max_tokens=300 the outline took the budget and no text came back."""
    live.goto((pydocs / "library" / "os.html").as_uri())
    text = str(live.read(query="remove a file", max_tokens=300))
    assert "Remove (delete) the file path" in text, text


def test_frames_are_read_after_the_page_and_trackers_are_not(live: Live, server: str) -> None:
    live.goto(f"{server}/text/frames.html")
    live.run(live.page.wait_for_timeout(100))
    result = live.read()
    framed = [s for s in result.page.sections if s.frame]
    assert framed[0].path == ("[frame: message]", "Invoice 2025-03")
    assert "29 dollars for the Team plan" in framed[0].text
    assert framed[0].kind == "main"
    assert "tracking pixel" not in result.text
    assert [s.id for s in result.page.sections] == [
        f"s{n}" for n in range(1, len(result.page.sections) + 1)
    ]
    hit = live.read(query="when will the card be charged", limit=1)
    assert hit.sections[0].frame


def test_a_tables_row_controls_carry_their_refs(domdex_browser: Any, server: str) -> None:
    """Issue 11, 'Tables': read shows a table's rows with the refs of their controls
    (before, 'Delete' without a ref), and a ref read there acts on its own row."""
    page = domdex_browser.open(f"{server}/rows.html?mode=table&n=8&per=4")
    try:
        result = page.read()
        text = str(result)
        table = next(sec for sec in result.sections if "Bob Brown" in sec.text)
        # what the store learns and search ranks is the words alone; the refs are shown
        assert not re.search(r"@e\d", table.text) and re.search(r"@e\d", table.shown)
        bob = next(line for line in text.splitlines() if line.startswith("Bob Brown"))
        assert bob.startswith("Bob Brown | bob@example.org | Active | Delete @e")
        ref = bob.rsplit("@", 1)[1]
        page.click(ref)
        assert page.playwright_page.evaluate("window.LEDGER") == ["p2"]

        # the rows rendered again with the same text: new elements, new refs, and the
        # read cache (keyed by the page's text) must not answer with the old ones
        assert bob in str(page.read())
        page.playwright_page.evaluate("app.rerender()")
        again = str(page.read())
        bob_again = next(line for line in again.splitlines() if line.startswith("Bob Brown"))
        assert bob_again.startswith("Bob Brown") and bob_again != bob
        page.click(bob_again.rsplit("@", 1)[1])
        assert page.playwright_page.evaluate("window.LEDGER") == ["p2", "p2"]
    finally:
        page.close()


def test_row_checkboxes_and_links_in_a_read_table(domdex_browser: Any, server: str) -> None:
    """A selection checkbox shows its state and ref, a link its words and ref."""
    page = domdex_browser.open(f"{server}/dashboard.html")
    try:
        text = str(page.read())
        row = next(line for line in text.splitlines() if "PRJ-103" in line)
        assert re.fullmatch(r"\[checkbox, unchecked @(e\d+)\] \| PRJ-103 \| Q3 Marketing "
                            r"Campaign \| Esther Howard \| Pending Review \| Edit @e\d+", row)
        box = re.search(r"@(e\d+)\]", row)
        assert box
        page.check(box.group(1))
        assert "[checkbox, checked @" in next(
            line for line in str(page.read()).splitlines() if "PRJ-103" in line)
    finally:
        page.close()


def test_read_without_a_capture_shows_no_refs(live: Live, server: str) -> None:
    """A page domdex never captured (the one-shot `domdex read URL`) has no refs to show."""
    live.goto(f"{server}/rows.html?mode=table&n=4&per=4")
    text = str(live.read())
    assert "Alice Archer | alice@example.org | Active | Delete" in text
    assert not re.search(r"@e\d", text)


def test_a_timed_out_load_is_advised_in_the_command_lines_own_terms(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """The CLI words a timeout's advice with --timeout, not with the API's timeout= and
    wait_until= (the CLI has no wait_until)."""
    import http.server
    import threading
    import time

    from domdex.cli import main

    class Slow(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # the page loads; its image never does
            if self.path.startswith("/img"):
                time.sleep(8)
                return
            body = b"<p>Hi</p><img src='/img.png'>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    try:
        assert main(["read", url, "--timeout", "1", "--no-store"]) == 2
    finally:
        httpd.shutdown()
    err = capsys.readouterr().err
    assert err == (f"domdex: Opening {url} took longer than 1 s (waiting for 'load'). "
                   "Pass a larger --timeout in seconds (e.g. --timeout 60).\n")
