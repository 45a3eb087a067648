"""A shown label that stands in for a hidden toggle is found, and clicked, as the toggle.

Why: CSS toggles hide their box and show a styled ``<label>`` (furo's sidebar expanders:
``<input id=t hidden aria-label="Toggle navigation of Development"><label for=t>`` with
an icon). find saw a hidden switch and a label with no words, and answered "expand the
Development section" with the *Development* link (a docs task, doc-015).
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import page_showing

pytestmark = pytest.mark.browser

SIDEBAR = """<!doctype html><html lang=en><head><style>.hide{display:none}</style></head><body>
<aside><ul><li><a href="#dev">Development</a><input class=hide type=checkbox id=t1 role=switch
aria-label="Toggle navigation of Development"><label for=t1 id=l1>▸</label>
<ul><li><a href="#gs">Getting started</a></li></ul></li>
<li><a href="#api">API</a><input class=hide type=checkbox id=t2 role=switch
aria-label="Toggle navigation of API"><label for=t2 id=l2>▸</label></li></ul></aside>
<main><h1>Docs</h1><label role=button for=t2 id=menu>Show sidebar</label></main></body></html>"""


def test_the_label_of_a_hidden_toggle_is_the_toggle(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, SIDEBAR) as page:
        res = page.find("expand the Development section in the sidebar", intent="click")
        assert page.index().node(res.ref).attrs.get("id") == "l1", str(res)
        assert "Toggle navigation of Development" in str(res)  # shown by the toggle's name
        page.click(query="expand the Development section in the sidebar")
        assert page.playwright_page.evaluate("[t1.checked, t2.checked]") == [True, False]


def test_a_label_with_a_role_of_its_own_keeps_it(domdex_browser: Any) -> None:
    """MediaWiki's checkbox hack: ``<label role=button>`` names itself."""
    with page_showing(domdex_browser, SIDEBAR) as page:
        res = page.find("the Show sidebar button", intent="click")
        assert page.index().node(res.ref).attrs.get("id") == "menu", str(res)
        assert "Toggle navigation of API" not in str(res).splitlines()[0]
