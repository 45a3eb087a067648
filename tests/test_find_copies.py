"""A control repeated above and below a list is meant at the top unless the request says so.

Why: an admin list has its bulk-action bar (*Bulk actions*, *Apply*, *Next page*) above
the table and again below it. The region under the table holds "apply" among its words,
so the router sent "Apply" there and the lower copy won. A person means the first one
unless they say "bottom" (issue 15, "top and bottom copies").
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import page_showing

pytestmark = pytest.mark.browser


def _bar(where: str) -> str:
    return (f'<div class="tablenav {where}"><select name="action-{where}"><option>Bulk '
            f"actions</option><option>Delete</option></select><button id=apply-{where}>Apply"
            f'</button><span class="pages">12 items</span><a id=next-{where} href="?p=2">Next '
            "page</a></div>")


PAGE = ("<!doctype html><html lang=en><body><main><h1>Posts</h1>" + _bar("top")
        + "<table><tr><td>Post one</td></tr><tr><td>Post two</td></tr></table>"
        + _bar("bottom") + "</main></body></html>")


@pytest.mark.parametrize(("query", "intent", "want"), [
    ("Apply", "click", "apply-top"),
    ("next page", "click", "next-top"),
    ("the bottom Apply button", "click", "apply-bottom"),
    ("Apply at the bottom of the list", "click", "apply-bottom"),
])
def test_the_top_copy_unless_the_bottom_is_asked(domdex_browser: Any, query: str,
                                                 intent: str, want: str) -> None:
    with page_showing(domdex_browser, PAGE) as p:
        res = p.find(query, intent=intent)
        assert res.ref is not None, str(res)
        assert p.index().node(res.ref).attrs.get("id") == want, str(res)
