"""A shown label that stands in for a hidden toggle is found, and clicked, as the toggle.

Why: CSS toggles hide their box and show a styled ``<label>`` (furo's sidebar expanders:
``<input id=t hidden aria-label="Toggle navigation of Development"><label for=t>`` with
an icon). find saw a hidden switch and a label with no words, and answered "expand the
Development section" with the *Development* link (a docs task, doc-015).
"""

from __future__ import annotations

from typing import Any

import pytest

from domdex.errors import ActionError

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


TWICE = """<!doctype html><html lang=en><head><style>.hide{display:none}</style></head><body>
<main><h1>To-do</h1><ul>""" + "".join(
    f"<li>{t} <input type=checkbox id=done class=hide><label for=done>Done</label></li>"
    for t in ("Buy milk", "Call mum", "Pay rent")) + "</ul></main></body></html>"
TWINS = """<!doctype html><html lang=en><head><style>.hide{display:none}</style></head><body>
<main><h1>Emails</h1><label><input type=checkbox id=real> Marketing emails</label>
<div><input type=checkbox id=hid class=hide><label for=hid>Marketing emails</label></div>
</main></body></html>"""


def test_a_label_for_a_shared_id_stands_in_for_nothing(domdex_browser: Any) -> None:
    """Review 41: three rows' labels ``for=done`` bind the first row's box (ids must be
    unique; the browser takes the first), so "the second Done" ticked Buy milk."""
    with page_showing(domdex_browser, TWICE) as page:
        with pytest.raises(ActionError):
            page.click(query="the second Done")
        checked = page.playwright_page.evaluate(
            "[...document.querySelectorAll('input')].map(e => e.checked)")
        assert checked == [False, False, False]


def test_a_styled_toggle_and_a_plain_box_of_one_name_are_look_alikes(
        domdex_browser: Any) -> None:
    """Review 41: "marketing emails" ticked the plain box (1.0 against 0.64); the
    request does not tell them apart, so the action refuses and lists both."""
    with page_showing(domdex_browser, TWINS) as page:
        with pytest.raises(ActionError, match="do not tell apart"):
            page.check(query="marketing emails")
        assert page.playwright_page.evaluate("[real.checked, hid.checked]") == [False, False]


PARTIAL = """<!doctype html><html lang=en><head><style>.hide{display:none}</style></head><body>
<main><h1>Privacy</h1><label><input type=checkbox id=real> Share usage data</label>
<div><input type=checkbox id=hid class=hide><label for=hid>Share usage data with partners</label>
</div><div><input type=checkbox id=hid2 class=hide><label for=hid2>Email me</label></div>
<label><input type=checkbox id=real2> Email me weekly</label></main></body></html>"""


@pytest.mark.parametrize("query", ["share usage data with partners", "email me"])
def test_a_name_that_says_more_of_the_request_is_a_rival(domdex_browser: Any,
                                                         query: str) -> None:
    """Review 41: a plain box whose name says part of the request (*Share usage data*,
    *Email me weekly*) outscored the styled toggle named by the request in full, whose
    label stands in for it at a guess's factor, and was ticked. The action refuses and
    lists both; the plain box's own name still acts."""
    with page_showing(domdex_browser, PARTIAL) as page:
        with pytest.raises(ActionError, match=r"Share usage data with partners|Email me"):
            page.check(query=query)
        state = "[real.checked, hid.checked, hid2.checked, real2.checked]"
        assert page.playwright_page.evaluate(state) == [False] * 4
        page.check(query="share usage data")
        assert page.playwright_page.evaluate(state) == [True, False, False, False]


LOOKALIKE_FIELDS = """<!doctype html><html lang=en><body><main><h1>Account</h1>
<label>Email <input id=em value="a@x.com"></label><label>Recovery email <input id=rec></label>
<label>Password <input id=pw type=password></label>
<label>Repeat password <input id=pw2 type=password></label></main></body></html>"""


@pytest.mark.parametrize("query", ["backup email", "confirm password"])
def test_a_word_the_best_lacks_may_be_its_look_alikes(domdex_browser: Any, query: str) -> None:
    """Review 44: "backup email" overwrote the primary *Email* and "confirm password"
    filled *Password*: each carries the request's field word, as a field of the same
    role beside it does, and the word that tells them apart is on neither."""
    with page_showing(domdex_browser, LOOKALIKE_FIELDS) as page:
        with pytest.raises(ActionError):
            page.fill(query=query, value="x")
        state = "[em.value, rec.value, pw.value, pw2.value]"
        assert page.playwright_page.evaluate(state) == ["a@x.com", "", "", ""]
        page.fill(query="recovery email", value="b@x.com")
        assert page.playwright_page.evaluate("rec.value") == "b@x.com"
