"""The pytest plugin that ships with domdex (entry point ``pytest11``): a user's test file
asks for ``domdex_page`` / ``domdex_session`` and gets a live page on real Chromium, and
a ``conftest.py`` can override ``domdex_browser_options`` (here: a phone)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

USER_TESTS = '''
import os

BASE = os.environ["PAGES"]


def test_find_and_act_on_a_page(domdex_page):
    domdex_page.goto(BASE + "/browser/reorder.html")
    hit = domdex_page.find("Call Bob")
    assert hit.ref is not None
    assert "Priorities" in str(domdex_page.regions())


def test_a_session_with_the_overridden_options(domdex_session):
    domdex_session.open(BASE + "/browser/layout.html")  # the conftest's phone layout:
    assert 'LINK "Pricing"' not in str(domdex_session.grep("Pricing"))  # no desktop nav
    assert "Open menu" in str(domdex_session.click(query="open menu"))


def test_a_page_per_test(domdex_page):
    assert domdex_page.url == "about:blank"
'''

CONFTEST = '''
import pytest
from domdex import BrowserOptions


@pytest.fixture(scope="session")
def domdex_browser_options():
    return BrowserOptions(device="iPhone 15")
'''


def test_a_users_tests_get_domdex_fixtures(server: str, tmp_path: Path) -> None:
    (tmp_path / "test_user.py").write_text(USER_TESTS)
    (tmp_path / "conftest.py").write_text(CONFTEST)
    env = {**os.environ, "PAGES": server}
    env.pop("DOMDEX_CONFIG", None)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          str(tmp_path)], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=240)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "3 passed" in run.stdout
