"""find's matcher built while the agent thinks (issue 12): once per capture, for the
tab's latest capture only, with the same answers as a build on first use."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from domdex import Session, SessionOptions, build_index
from domdex.search.matcher import SearchIndex
from domdex.session.warmer import Warmer

from .conftest import load_fixture_snapshot

pytestmark = pytest.mark.browser


def test_concurrent_first_finds_build_one_matcher() -> None:
    idx = build_index(load_fixture_snapshot("pydocs-os"))
    got: list[SearchIndex] = []
    start = threading.Barrier(4)

    def ask() -> None:
        start.wait()
        got.append(SearchIndex.for_index(idx))

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 4 and all(m is got[0] for m in got)


@pytest.fixture(scope="module", params=[True, False], ids=["warm", "cold"])
def s(request: pytest.FixtureRequest) -> Iterator[Session]:
    with Session.start(options=SessionOptions(warm_find=request.param)) as session:
        yield session


def _search_once(s: Session) -> None:
    s.open("data:text/html,<button>Buy</button>")
    s.find("Buy")


def test_nothing_is_built_before_the_sessions_first_find() -> None:
    """A session that only reads regions and text pays nothing for find."""
    with Session.start() as fresh:
        fresh.open("data:text/html,<button>Buy</button><a href='#x'>Read more</a>")
        fresh.regions()
        fresh.inner.warmer.settle()
        assert fresh.inner.warmer.built == 0
        assert not SearchIndex.built_for(fresh.inner.current.latest)


def test_a_capture_has_its_matcher_before_the_first_find_only_when_warming(
        s: Session, server: str) -> None:
    _search_once(s)  # the session has searched: it builds ahead from now on
    s.open(f"{server}/orders.html")
    s.regions()
    s.inner.warmer.settle()
    latest = s.inner.current.latest
    assert latest is not None
    assert SearchIndex.built_for(latest) is s.inner.options.warm_find
    found = s.find("the Refund button of the second order")
    offline = build_index(latest.snapshot).find("the Refund button of the second order")
    assert found.ref == offline.ref and found.ref is not None


def test_a_build_stops_when_another_capture_replaces_its_own(s: Session, server: str) -> None:
    """The check between steps: a build whose capture is no longer the tab's latest
    stops (a burst of actions builds the last page only)."""
    from domdex.search.api import prepare_find
    from domdex.search.stopping import Abandoned, stop_when

    s.open(f"{server}/orders.html")
    s.regions()
    fresh = build_index(s.inner.current.latest.snapshot)
    with stop_when(lambda: True), pytest.raises(Abandoned):
        prepare_find(fresh)
    assert not SearchIndex.built_for(fresh)  # nothing half built is kept
    prepare_find(fresh)  # and a later build (a find's) goes through
    assert SearchIndex.built_for(fresh)


def test_a_superseded_capture_is_not_built(s: Session, server: str) -> None:
    s.open(f"{server}/orders.html")
    s.regions()
    tab = s.inner.current
    other = build_index(tab.latest.snapshot)  # a capture the tab no longer shows
    warmer = Warmer()
    warmer.wanted = True
    warmer.after_capture(tab, other)
    warmer.settle()
    warmer.close()
    assert warmer.built == 0 and not SearchIndex.built_for(other)


def test_a_warmed_matcher_speaks_the_pages_language(s: Session, server: str) -> None:
    """Built on the warmer's thread, outside any find, the matcher still stems the
    page's words in the page's language (a German word's stem is not an English one)."""
    query = "Befehl zum Starten des Entwicklungsservers kopieren"
    _search_once(s)
    s.open(f"{server}/i18n/de/docs.html")
    s.regions()
    s.inner.warmer.settle()
    latest = s.inner.current.latest
    assert latest is not None
    offline = build_index(latest.snapshot).find(query, intent="click")
    assert offline.ref is not None
    assert s.find(query, intent="click").ref == offline.ref


def test_an_idle_warmer_leaves_no_thread_and_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's one-tab session is never closed: its warmer's thread must end when idle."""
    import time

    from domdex.session import warmer as warmer_module

    monkeypatch.setattr(warmer_module, "IDLE_EXIT", 0.05)
    w = Warmer()
    ran: list[int] = []
    w._worker.submit(lambda: ran.append(1))
    w.settle()

    deadline = time.monotonic() + 10
    while w._worker.running and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not w._worker.running
    w._worker.submit(lambda: ran.append(2))  # work again: a thread again
    w.settle()
    assert ran == [1, 2]
    w.close()
    assert w.settle(timeout=5)  # a closed warmer still answers, and never hangs
    deadline = time.monotonic() + 10
    while w._worker.running and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not w._worker.running


def test_close_ends_the_thread_and_settle_still_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A closed session's warmer leaves no thread behind (a server making a session per
    request kept one per session for IDLE_EXIT), and a settle() racing close() returns."""
    import time

    from domdex.session import warmer as warmer_module

    monkeypatch.setattr(warmer_module, "IDLE_EXIT", 1000.0)  # only close() can end it
    w = Warmer()
    gate = threading.Event()
    w._worker.submit(gate.wait)  # a build under way
    settled: list[bool] = []
    waiter = threading.Thread(target=lambda: settled.append(w.settle(timeout=20)))
    w.close()
    waiter.start()  # its marker after the stop: still run, then the thread ends
    time.sleep(0.05)
    gate.set()
    waiter.join()
    assert settled == [True]
    deadline = time.monotonic() + 10
    while w._worker.running and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not w._worker.running


def test_a_page_builds_nothing_ahead(domdex_browser: Any, server: str) -> None:
    """A script drives a Page call after call: a build beside its next call would only
    slow it, and a Page has no options to turn it off."""
    page = domdex_browser.open(f"{server}/orders.html")
    try:
        page.find("Refund")
        page.click(page.find("Next page").ref)
        page.regions()
        session = page._runner.run(page._async.session())
        session.warmer.settle()
        assert session.warmer.built == 0 and not session.options.warm_find
    finally:
        page.close()
