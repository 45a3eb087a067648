"""Capture agrees with Chromium (Playwright's AI-mode aria snapshot) on interactive roles
and names, matched element by element through ``aria-ref`` locators."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domdex.capture.agreement import compare_page, parse_aria

pytestmark = pytest.mark.browser

PYDOCS_PAGES = ["library/os.html", "search.html", "py-modindex.html", "glossary.html"]
FIXTURE_PAGES = sorted(p.name for p in (Path(__file__).parent / "pages").glob("*.html"))


def test_parse_aria_lines() -> None:
    yaml = "\n".join([
        '- generic [ref=e1]:',
        '  - link "Home" [ref=e2] [cursor=pointer]:',
        '    - /url: /',
        '  - link [ref=e3]:',
        '    - code [ref=e4]: os',
        '    - text: — the module',
        "  - 'button \"a: b\" [ref=e5]'",
        '  - textbox "Name" [ref=e6]: ada',
    ])
    nodes = parse_aria(yaml)
    assert [(n.role, n.name, n.ref) for n in nodes] == [
        ("generic", None, "e1"), ("link", "Home", "e2"), ("link", None, "e3"),
        ("code", None, "e4"), ("button", "a: b", "e5"), ("textbox", "Name", "e6")]
    assert nodes[2].content() == "os — the module"


def _agreement(domdex_browser: Any, run_async: Any, urls: list[str]) -> tuple[int, int, list[Any]]:
    page = domdex_browser.new_page()
    total = agree = 0
    misses: list[Any] = []
    try:
        for url in urls:
            page.goto(url)
            result = run_async(compare_page(page.async_page.playwright_page))
            total += result.total
            agree += result.agree
            misses += [(url, *m) for m in result.misses]
    finally:
        page.close()
    return total, agree, misses


@pytest.mark.pydocs
def test_agreement_on_python_docs(domdex_browser: Any, run_async: Any, pydocs: Path) -> None:
    total, agree, misses = _agreement(domdex_browser, run_async,
                                      [str(pydocs / p) for p in PYDOCS_PAGES])
    assert total > 1500
    assert agree / total >= 0.98, misses[:20]


def test_agreement_on_fixture_pages(domdex_browser: Any, run_async: Any, server: str) -> None:
    urls = [f"{server}/{name}" for name in FIXTURE_PAGES]
    urls += [f"{server}/capture/{name}" for name in ("basic.html", "shadow.html", "names.html")]
    total, agree, misses = _agreement(domdex_browser, run_async, urls)
    assert total > 20
    assert agree / total >= 0.98, misses[:20]
