"""Views tell look-alike controls apart by their rows (issue 11, "Tables"): ten "Edit"
links each carry their row's words in expand and in a diff; a control whose twin sits
in another, unrelated container (a header's and a footer's "Search") gets no row text."""

from __future__ import annotations

import re

import pytest

from domdex import build_index
from domdex.session import Session

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


@pytest.mark.browser
def test_diff_pairs_rerendered_rows_by_their_words_and_names_a_new_page(server: str) -> None:
    """Removing Alice's row re-renders the list: Bob's new "Delete" was Bob's old one,
    never Alice's; the next page of a table is one region with new rows, not a region
    gone and a region new."""
    with Session.start() as s:
        s.open(f"{server}/rows.html?mode=list&n=6")
        s.regions()
        old = {m.group(2): m.group(1) for m in re.finditer(
            r'BUTTON "Delete" @(e\d+) · in "(\w+)', s.expand("R1").render())}
        text = s.click(query="Remove first row", diff=True).render()
        assert re.search(rf'REMOVED:\n.*\n.*\n    BUTTON "Delete" @{old["Alice"]} · in "Alice',
                         text), text
        for who in ("Bob", "Carol", "Frank"):
            assert re.search(rf'· in "{who} [^"]*" \(was @{old[who]}\)', text), text
        s.open(f"{server}/rows.html?mode=table&n=20&per=10")
        s.regions()
        page = s.click(query="Show next page", diff=True).render()
        assert "NEW CONTENT" in page and "(new region)" not in page, page
        assert re.search(r'TABLE: 10 rows \("Alice Archer.*\) replaced by 10 \("Mallory Khan',
                         page), page
        assert re.search(r'"Yara Diaz [^"]*": BUTTON "Delete" @e\d+', page), page


def test_find_answers_name_the_row_of_a_look_alike() -> None:
    """Twelve "Edit" links: the answer says which row's it is, in text and in data, and the
    suggestion tells the runner-up apart by its row, not by "higher" or "lower"."""
    idx = build_index(load_fixture_snapshot("dashboard"))
    hit = idx.find("edit link", intent="click")
    text = hit.render()
    row = hit.to_dict()["matches"][0]["row"]
    assert row.startswith("PRJ-1"), text
    assert re.search(rf'LINK "Edit" @{hit.ref} · in "{re.escape(row[:20])}[^"]*" ← BEST MATCH',
                     text), text
    other = hit.matches[1]
    assert other.name == "Edit" and other.ref in hit.suggestion, text
    assert "in several rows" in hit.suggestion and row[:7] in hit.suggestion, text
    assert re.search(rf'LINK "Edit" @{other.ref} · in "PRJ-1', text), text


def test_find_answers_for_unique_controls_carry_no_row() -> None:
    idx = build_index(load_fixture_snapshot("dashboard"))
    hit = idx.find("Select PRJ-101", intent="click")
    assert hit.ref and " · in " not in hit.render(), hit.render()
    assert "row" not in hit.to_dict()["matches"][0]


def test_find_picks_the_look_alike_whose_row_the_request_names() -> None:
    """Twelve "Edit" links tie on their own words; the row that holds "Website Redesign"
    decides, and the answer shows that row."""
    idx = build_index(load_fixture_snapshot("dashboard"))
    hit = idx.find("edit the Website Redesign project", intent="click")
    assert hit.to_dict()["matches"][0]["row"].startswith("PRJ-101 Website Redesign"), str(hit)
