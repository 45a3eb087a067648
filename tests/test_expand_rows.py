"""Views tell look-alike controls apart by their rows (issue 11, "Tables"): ten "Edit"
links each carry their row's words in expand and in a diff; a control whose twin sits
in another, unrelated container (a header's and a footer's "Search") gets no row text."""

from __future__ import annotations

import re

import pytest

from domdex import Node, Snapshot, build_index
from domdex.index.identity import row_text
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


def _flat_chat() -> Snapshot:
    """A chat as a capture flattens it: message, its Copy button, message, its button …"""
    texts = ["Hi, my order #4471 has not arrived yet.",
             "Sorry about that! Order #4471 left the Leeds warehouse on 3 March and is with"
             " the courier now; your tracking number is TRK-88213, updates follow by email.",
             "Can I change the delivery address?",
             "Yes, until it reaches the local depot."]
    nodes = [Node("e1", None, "body"), Node("e2", "e1", "main", role="main"),
             Node("e3", "e2", "div", role="log", name="chat")]
    for j, text in enumerate(texts):
        nodes.append(Node(f"e{10 + 2 * j}", "e3", "p", role="paragraph", text=text))
        nodes.append(Node(f"e{11 + 2 * j}", "e3", "button", role="button", name="Copy message",
                          text=""))
    return Snapshot(url="http://x/chat", nodes=nodes)


def test_a_flat_run_of_messages_gives_each_button_the_message_before_it() -> None:
    idx = build_index(_flat_chat())
    assert row_text(idx, "e11").startswith("Hi, my order #4471")
    assert row_text(idx, "e13").startswith("Sorry about that!")
    result = idx.find("copy the message that has the tracking number", intent="click")
    assert result.ref == "e13", str(result)  # the number is past what a row shows


def test_a_rows_text_loses_its_controls_own_name_as_a_word_only() -> None:
    """The depot link "3" of a row holding "13.1": the row keeps 13.1, not 1.1."""
    nodes = [Node("e1", None, "body"), Node("e2", "e1", "table", role="table")]
    for r, (ident, score, depot) in enumerate([("7", "13.1", "3"), ("8", "2.5", "3")]):
        row = f"e{10 * (r + 1)}"
        nodes.append(Node(row, "e2", "tr", role="row"))
        nodes.append(Node(f"{row}0", row, "td", role="cell", name=ident, text=ident))
        nodes.append(Node(f"{row}1", row, "td", role="cell", name=depot, text=depot))
        nodes.append(Node(f"{row}2", f"{row}1", "a", role="link", name=depot, text=depot,
                          attrs={"href": f"/depots/{depot}"}))
        nodes.append(Node(f"{row}3", row, "td", role="cell", name=score, text=score))
    idx = build_index(Snapshot(url="http://x/drivers", nodes=nodes))
    assert row_text(idx, "e102") == "7 13.1"
