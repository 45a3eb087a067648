"""find's matcher built while the agent thinks (issue 12): once per capture, for the
tab's latest capture only, with the same answers as a build on first use."""

from __future__ import annotations

import threading
from collections.abc import Iterator

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


def test_a_capture_has_its_matcher_before_the_first_find_only_when_warming(
        s: Session, server: str) -> None:
    s.open(f"{server}/orders.html")
    s.regions()
    s.inner.warmer.settle()
    latest = s.inner.current.latest
    assert latest is not None
    assert SearchIndex.built_for(latest) is s.inner.options.warm_find
    found = s.find("the Refund button of the second order")
    offline = build_index(latest.snapshot).find("the Refund button of the second order")
    assert found.ref == offline.ref and found.ref is not None


def test_a_superseded_capture_is_not_built(s: Session, server: str) -> None:
    s.open(f"{server}/orders.html")
    s.regions()
    tab = s.inner.current
    other = build_index(tab.latest.snapshot)  # a capture the tab no longer shows
    warmer = Warmer()
    warmer.after_capture(tab, other)
    warmer.settle()
    warmer.close()
    assert warmer.built == 0 and not SearchIndex.built_for(other)


def test_a_warmed_matcher_speaks_the_pages_language(s: Session, server: str) -> None:
    """Built on the warmer's thread, outside any find, the matcher still stems the
    page's words in the page's language (a German word's stem is not an English one)."""
    query = "Befehl zum Starten des Entwicklungsservers kopieren"
    s.open(f"{server}/i18n/de/docs.html")
    s.regions()
    s.inner.warmer.settle()
    latest = s.inner.current.latest
    assert latest is not None
    offline = build_index(latest.snapshot).find(query, intent="click")
    assert offline.ref is not None
    assert s.find(query, intent="click").ref == offline.ref
