"""Unnamed controls are look-alikes only of those with their class, and so have a row.

Why: a mail list's rows each held unnamed icons (``<span class="star">``,
``<span class="trash">``). Look-alikes were grouped by role and name, so every unnamed
icon on the page was one group: no row holds just one of them, so no icon had a row:
find could not tell "the trash icon of Maggie's email" from the others by its row, the
answer showed no row, and a stale-ref recovery had no row key to check. Now an unnamed
element's class stands for its name.
"""

from __future__ import annotations

from typing import Any

import pytest

from domdex.index.identity import identify, row_text

pytestmark = pytest.mark.browser

ROW = """<li class="mail"><b>{who}</b> <span>{subject}</span>
<span class="star"></span><span class="trash"></span></li>"""
PAGE = """<!doctype html><html lang="en"><head><style>
.star, .trash {{ cursor: pointer; display: inline-block; width: 14px; height: 14px;
  background: #888; margin: 2px }}
</style></head><body><main><h1>Inbox</h1><ul>{rows}</ul></main></body></html>"""


@pytest.fixture()
def idx(domdex_browser: Any) -> Any:
    rows = "".join(ROW.format(who=w, subject=s) for w, s in [
        ("Maggie", "Lunch on Friday"), ("Elwira", "Quarterly figures"), ("Bettine", "Ladder")])
    p = domdex_browser.new_page()
    p.playwright_page.set_content(PAGE.format(rows=rows))
    yield p.index()
    p.close()


def test_each_unnamed_icon_has_its_row(idx: Any) -> None:
    trash = [n.ref for n in idx.nodes if n.attrs.get("class") == "trash"]
    assert len(trash) == 3
    rows = [row_text(idx, ref) for ref in trash]
    assert "Elwira" in rows[1] and "Elwira" not in rows[0] + rows[2], rows


def test_unnamed_icons_of_another_class_are_no_look_alikes(idx: Any) -> None:
    trash = next(n.ref for n in idx.nodes if n.attrs.get("class") == "trash")
    ident = identify(idx, idx.pos(trash))
    assert ident.twins == 3, ident  # the three trash icons, not the stars
    assert "maggie" in ident.key, ident
