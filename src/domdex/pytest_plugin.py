"""pytest fixtures for people who test agents and pages with domdex.

Installed with domdex (an entry point in the ``pytest11`` group), so a test only names
a fixture:

.. code-block:: python

    def test_checkout(domdex_page):
        domdex_page.goto("http://127.0.0.1:8000/checkout")
        hit = domdex_page.find("place order button", intent="click")
        assert hit.confidence == "high"
        domdex_page.click(hit.ref)

- ``domdex_page``: a fresh :class:`domdex.Page` per test. With pytest-playwright
  installed it wraps that plugin's ``page`` (so its ``--browser-channel``, ``--headed``,
  tracing and screenshots on failure apply, and ``expect`` works on it); otherwise it
  is a new tab of one headless Chromium shared by the whole run, on a thread of its
  own so that async tests beside it still run (its Playwright objects are then
  blocking proxies, which ``expect`` does not take).
- ``domdex_session``: a :class:`domdex.Session` (tabs, waits, stale-ref recovery, diffs)
  per test, in its own browser.
- ``domdex_browser_options``: the :class:`domdex.BrowserOptions` both use — by default
  what ``DOMDEX_CONFIG`` and the ``DOMDEX_*`` variables say. Override it in a
  ``conftest.py`` to test on a phone, in another locale, logged in …

Nothing is imported from domdex until a fixture is used: the plugin costs a test run
that does not use it nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

__all__ = ["domdex_browser_options", "domdex_page", "domdex_session",
           "domdex_shared_browser"]


@pytest.fixture(scope="session")
def domdex_browser_options() -> Any:
    """The browser options of the domdex fixtures (override it in a conftest.py)."""
    from .options import BrowserOptions

    return BrowserOptions.resolve()


@pytest.fixture(scope="session")
def domdex_shared_browser(domdex_browser_options: Any) -> Iterator[Any]:
    """One headless Chromium for every ``domdex_page`` of the run (without
    pytest-playwright).

    It runs on a thread of its own: a sync Playwright kept in the main thread for the
    whole run would mark an event loop as running there, and the async tests of the
    same run (pytest-asyncio, anyio) could not start theirs.
    """
    from .browser import launch

    with launch(options=domdex_browser_options, background=True) as browser:
        yield browser


@pytest.fixture
def domdex_page(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh domdex page for one test: pytest-playwright's ``page`` when that plugin
    is installed, else a new tab of the shared browser."""
    from .browser import attach

    if request.config.pluginmanager.hasplugin("playwright"):
        yield attach(request.getfixturevalue("page"))
        return
    browser = request.getfixturevalue("domdex_shared_browser")
    page = browser.new_page()
    try:
        yield page
    finally:
        page.close()


@pytest.fixture
def domdex_session(domdex_browser_options: Any) -> Iterator[Any]:
    """A live session (its own browser) for one test."""
    from .session import Session

    with Session.start(browser=domdex_browser_options) as session:
        yield session
