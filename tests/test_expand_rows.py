"""expand tells look-alike controls apart by their rows (issue 11, "Tables"): ten "Edit"
links each carry their row's words; a control whose twin sits in another, unrelated
container (a header's and a footer's "Search") gets no row text to skip over."""

from __future__ import annotations

import re

from domdex.index import build_index

from .conftest import load_fixture_snapshot


def test_look_alike_links_carry_their_rows() -> None:
    idx = build_index(load_fixture_snapshot("dashboard"))
    view = idx.expand("R2.Projects.12Projects")
    text = view.render()
    edits = re.findall(r'LINK "Edit" @e\d+ · in "([^"]+)"', text)
    assert len(edits) == 12 and len(set(edits)) == 12, text
    assert edits[0].startswith("PRJ-101 Website Redesign")
    assert 'CHECKBOX "Select PRJ-101" @e88 [unchecked]\n' in text  # a unique name: no row
    rows = [e.get("row") for e in view.to_dict()["elements"] if e.get("name") == "Edit"]
    assert len(set(rows)) == 12 and rows[0].startswith("PRJ-101 Website Redesign Jane")


def test_twins_in_unrelated_containers_get_no_row_text() -> None:
    idx = build_index(load_fixture_snapshot("product"))
    for region in idx.top_regions:
        assert " · in " not in idx.expand(region.id).render()
