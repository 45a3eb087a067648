"""Flat snapshots (every element at one level): structure read back from role order."""

from __future__ import annotations

import domdex
from domdex.search.api import find

FLAT_TABLE = """- heading "cities" [level=1] [ref=e1]
- table [ref=e2]
- row [ref=e3]
- columnheader "name" [ref=e4]
- link "name" [ref=e5]
- img [ref=e6]
- columnheader "founded" [ref=e7]
- row [ref=e8]
- cell "Kraków" [ref=e9]
- cell "1257" [ref=e10]
- row [ref=e11]
- cell "Gdańsk" [ref=e12]
- cell "997" [ref=e13]
- link "Next page" [ref=e14]
"""


def _parent(snap: domdex.Snapshot, ref: str) -> str | None:
    node = snap.get(ref)
    assert node is not None
    return node.parent


def test_a_flat_table_gets_its_rows_and_cells_back() -> None:
    snap = domdex.load_snapshot(FLAT_TABLE)
    assert _parent(snap, "e3") == "e2" and _parent(snap, "e8") == "e2"
    assert _parent(snap, "e9") == "e8" and _parent(snap, "e13") == "e11"
    # the header's own link and its unnamed sort icon are its content
    assert _parent(snap, "e5") == "e4" and _parent(snap, "e6") == "e4"
    assert _parent(snap, "e7") == "e3"
    # a named element after a named cell is not pulled into the last row
    assert _parent(snap, "e14") is None


def test_find_answers_a_cell_question_on_a_flat_table() -> None:
    idx = domdex.build_index(domdex.load_snapshot(FLAT_TABLE))
    assert find(idx, "the founding year of Kraków", intent="read").ref == "e10"


def test_a_nested_snapshot_is_taken_as_given() -> None:
    text = ("- list [ref=e1]:\n  - listitem [ref=e2]: One\n- listitem [ref=e3]: Two\n"
            "- link \"Three\" [ref=e4]\n")
    snap = domdex.load_snapshot(text)
    assert _parent(snap, "e3") is None  # nesting was given: no structure is guessed


def test_flat_list_items_and_their_links() -> None:
    text = ("- list [ref=e1]\n- listitem [ref=e2]\n- link \"Home\" [ref=e3]\n"
            "- listitem [ref=e4]\n- link \"Blog\" [ref=e5]\n- button \"Log out\" [ref=e6]\n")
    snap = domdex.load_snapshot(text)
    assert _parent(snap, "e2") == "e1" and _parent(snap, "e3") == "e2"
    assert _parent(snap, "e5") == "e4"
    # an unnamed item takes what follows it; a flat list cannot say where it ends
    assert _parent(snap, "e6") == "e4"
