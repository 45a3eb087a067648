"""Table sense in find: which column names a row, a header row without <th>, a cell
named by its row and column."""

from __future__ import annotations

import pytest

from domdex import Node, Snapshot
from domdex.index import build_index
from domdex.search.api import find
from domdex.search.matcher import SearchIndex


def _n(ref: str, parent: str | None, tag: str, **kw: object) -> Node:
    return Node(ref, parent, tag, **kw)  # type: ignore[arg-type]


USERS = [("17", "Ada Byron", "Editor"), ("18", "Bob Stone", "Author"),
         ("19", "Cleo Park", "Administrator"), ("20", "Dev Rao", "Author")]


def admin_list() -> Snapshot:
    """An admin list: a selection checkbox column ("Select row" on every row), a numeric
    id, the user's name, the role, and a Delete link per row."""
    n = _n
    nodes = [n("e1", None, "body"), n("e2", "e1", "main", role="main"),
             n("e3", "e2", "table", role="table"), n("e4", "e3", "tr", role="row")]
    for j, head in enumerate(["Select row", "ID", "Name", "Role", "Actions"]):
        nodes.append(n(f"e{5 + j}", "e4", "th", role="columnheader", name=head, text=head))
    k = 10
    for uid, name, role in USERS:
        row = f"e{k}"
        nodes.append(n(row, "e3", "tr", role="row"))
        nodes.append(n(f"e{k + 1}", row, "td", role="cell", text="Select row"))
        nodes.append(n(f"e{k + 2}", f"e{k + 1}", "input", role="checkbox", name="Select row",
                       attrs={"type": "checkbox"}))
        for j, value in enumerate([uid, name, role]):
            nodes.append(n(f"e{k + 3 + j}", row, "td", role="cell", name=value, text=value))
        nodes.append(n(f"e{k + 6}", row, "td", role="cell"))
        nodes.append(n(f"e{k + 7}", f"e{k + 6}", "a", role="link", name="Delete",
                       text="Delete", attrs={"href": f"/users/{uid}/delete"}))
        k += 8
    return Snapshot(url="http://x/users", nodes=nodes)


def structure() -> Snapshot:
    """A database table's structure: a <thead> row of plain cells (only the first is a
    <th>, which Chromium calls a row header), then one row per column."""
    n = _n
    nodes = [n("e1", None, "body"), n("e2", "e1", "main", role="main"),
             n("e3", "e2", "table", role="table"), n("e4", "e3", "thead"),
             n("e5", "e4", "tr", role="row"),
             n("e6", "e5", "th", role="rowheader", name="Column", text="Column"),
             n("e7", "e5", "td", role="cell", name="Type", text="Type"),
             n("e8", "e5", "td", role="cell", name="Comment", text="Comment"),
             n("e9", "e3", "tbody")]
    k = 10
    for col, typ in [("id", "int(11)"), ("plate", "varchar(10)"),
                     ("fuel", "enum('diesel','electric')"), ("seats", "tinyint(4)")]:
        row = f"e{k}"
        nodes += [n(row, "e9", "tr", role="row"),
                  n(f"e{k + 1}", row, "th", role="rowheader", name=col, text=col),
                  n(f"e{k + 2}", row, "td", role="cell", name=typ, text=typ),
                  n(f"e{k + 3}", row, "td", role="cell")]
        k += 4
    return Snapshot(url="http://x/structure", nodes=nodes)


def _descriptor(idx, ref: str):  # type: ignore[no-untyped-def]
    si = SearchIndex.for_index(idx)
    return si.descriptors[si.by_ref[ref]]


def test_the_key_column_is_the_first_one_whose_words_differ_by_row() -> None:
    """Not the selection checkbox's cell (the same words on every row), not the numeric
    id: the name column names the row, for its cells and for the controls in it."""
    idx = build_index(admin_list())
    role_cell = _descriptor(idx, "e23")  # Bob Stone's Role cell
    assert "Bob Stone" in role_cell.fields["key"]
    assert "Select row" not in role_cell.fields["key"]
    delete = _descriptor(idx, "e25")  # Bob Stone's Delete link
    assert "Bob Stone" in delete.fields["context"]


@pytest.mark.parametrize(("query", "intent", "want"), [
    ("what role does Bob Stone have", "read", "e23"),
    ("delete Cleo Park", "click", "e33"),
    ("the role of Dev Rao", "read", "e39"),
])
def test_cells_and_row_controls_named_by_the_row(query: str, intent: str, want: str) -> None:
    result = find(build_index(admin_list()), query, intent=intent)
    assert result.ref == want, str(result)


def test_a_thead_row_of_plain_cells_heads_the_columns() -> None:
    idx = build_index(structure())
    assert _descriptor(idx, "e20").column == "Type"  # fuel's type
    result = find(idx, "what type is the fuel column", intent="read")
    assert result.ref == "e20", str(result)
