"""Capture keeps the cells of a clickable row laid out as a grid of ``<div>``s, as it
keeps a ``<tr>``'s ``<td>``s."""

from __future__ import annotations

from typing import Any

import pytest

GRID = """<main><h1>Tasks</h1><div class=grid>""" + "".join(
    f"<div class=wrap style='cursor:pointer' onclick='1'><div class=row style='display:flex'>"
    f"<span style='width:40px'><input type=checkbox aria-label='Select Task {i}'></span>"
    f"<div style='width:60px'><div>{i}</div></div><div style='width:120px'><div><div>{o}"
    f"</div></div></div><div style='width:80px'><div><div>{s}</div></div></div></div></div>"
    for i, o, s in ((14, "US-104291", "IL"), (15, "US-104292", "WA"))) + "</div></main>"


@pytest.mark.browser
def test_a_clickable_row_of_div_cells_keeps_its_cells(domdex_browser: Any) -> None:
    """Label Studio's task grid: a clickable wrapper around a row of ``<div>`` cells was
    kept as one text ("14 US-104291 IL"), so a cell had no element to give (8 of its 50
    tasks). The cells of a row laid out side by side are kept, as a ``<tr>``'s are."""
    page = domdex_browser.new_page()
    try:
        page.playwright_page.set_content(GRID)
        texts = [n.text for n in page.index().nodes]
        assert "US-104291" in texts and "WA" in texts, texts
    finally:
        page.close()
