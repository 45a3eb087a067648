"""Page structure in find: which column names a table's rows, a header row without
<th>, a cell named by its row and column, values of the shape asked for, list items
that only repeat their link."""

from __future__ import annotations

from typing import Any

import pytest

from domdex import Box, Node, Snapshot
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


def dashboard() -> Snapshot:
    """A site dashboard: the menu's links (Pages, Posts), an "At a glance" box of counts
    (4 Pages, 12 Posts) and a list of drafts, each with its date."""
    n = _n
    nodes = [n("e1", None, "body"),
             n("e2", "e1", "nav", role="navigation", name="Main menu"),
             n("e3", "e2", "a", role="link", name="Pages", text="Pages",
               attrs={"href": "/edit?type=page"}),
             n("e4", "e2", "a", role="link", name="Posts", text="Posts",
               attrs={"href": "/edit?type=post"}),
             n("e5", "e1", "main", role="main"),
             n("e6", "e5", "h2", role="heading", name="At a glance", text="At a glance"),
             n("e7", "e5", "a", role="link", name="4 Pages", text="4 Pages",
               attrs={"href": "/edit?type=page"}),
             n("e8", "e5", "a", role="link", name="12 Posts", text="12 Posts",
               attrs={"href": "/edit?type=post"}),
             n("e9", "e5", "h2", role="heading", name="Drafts", text="Drafts"),
             n("e10", "e5", "ul", role="list")]
    for k, (title, date) in enumerate([("Lentil soup", "March 3, 2026"),
                                       ("Seed swap", "April 12, 2026")]):
        li = f"e{11 + 3 * k}"
        nodes += [n(li, "e10", "li", role="listitem"),
                  n(f"e{12 + 3 * k}", li, "a", role="link", name=title, text=title,
                    attrs={"href": f"/post/{k}"}),
                  n(f"e{13 + 3 * k}", li, "time", role="time", name=date, text=date)]
    return Snapshot(url="http://x/dashboard", nodes=nodes)


@pytest.mark.parametrize(("query", "want"), [
    ("how many pages does the site have", "e7"),
    ("how many posts are there", "e8"),
])
def test_a_value_of_the_shape_asked_for(query: str, want: str,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """"How many" asks for a count: the element holding one wins over the one that only
    names the thing (the menu's *Pages*)."""
    from domdex.search import ranking

    idx = build_index(dashboard())
    result = find(idx, query, intent="read")
    assert result.ref == want, str(result)
    monkeypatch.setattr(ranking, "SHAPE_BOOST", 0.0)  # without the rule, the name wins
    assert find(idx, query, intent="read").ref != want


@pytest.mark.parametrize(("text", "shape", "holds"), [
    ("Drafts (3)", "count", True), ("10 Images created", "count", True),
    ("1,234 results", "count", True), ("SKU-1009", "count", False),
    ("v3.11", "count", False), ("2022-06-24 22:00", "count", False),
    ("2022-06-24 22:00", "date", True), ("Scheduled2031/12/01 at 9:00 am", "date", True),
    ("March 3, 2026", "date", True), ("3 hours ago", "date", True),
    ("Blog page", "date", False), ("$14.99", "money", True), ("14.99 €", "money", True),
    ("Pages", "money", False), ("2 390 ₽", "money", True), ("₹499", "money", True),
    ("₩12,000", "money", True), ("CHF 12", "money", True), ("SKU-1009", "money", False),
    ("14 мая", "date", True), ("3 de mayo", "date", True), ("12. März 2025", "date", True),
    ("le 3 mars", "date", True), ("6月9日", "date", True), ("2025年6月9日", "date", True),
    ("heute, 08:12", "date", True), ("15 أبريل", "date", True), ("Mai", "date", False),
    ("hier klicken", "date", False), ("Marzahn", "date", False),
])
def test_value_shapes(text: str, shape: str, holds: bool) -> None:
    from domdex.search.learned import has_shape

    assert has_shape(text, frozenset((shape,))) is holds


def test_a_list_item_that_only_repeats_its_link_and_a_separator() -> None:
    """WordPress's status filters: <li>Drafts (3) |</li> around the link *Drafts (3)*;
    the link is the element, the item is not a candidate of its own."""
    n = _n
    nodes = [n("e1", None, "body"), n("e2", "e1", "main", role="main"),
             n("e3", "e2", "ul", role="list")]
    for k, (name, status) in enumerate([("All (12)", "all"), ("Published (8)", "publish"),
                                        ("Drafts (3)", "draft")]):
        li = f"e{4 + 2 * k}"
        nodes += [n(li, "e3", "li", role="listitem", text=f"{name} |"),
                  n(f"e{5 + 2 * k}", li, "a", role="link", name=name, text=name,
                    attrs={"href": f"/posts?status={status}"})]
    idx = build_index(Snapshot(url="http://x/posts", nodes=nodes))
    si = SearchIndex.for_index(idx)
    assert "e8" not in si.by_ref  # the Drafts item
    assert find(idx, "how many drafts are there", intent="read").ref == "e9"


def chat(upper_first: bool) -> Snapshot:
    """A chat panel: the Reply box with a wide Clear button under it, a Clear icon in
    the panel's top bar, and a search box with a Go button beside it; a second Go button
    (a pager's) comes first in the document, away from any search box."""
    n = _n
    b = Box
    clears = [n("e4", "e2", "button", role="button", name="Clear", text="Clear",
                box=b(0, 560, 600, 40)),
              n("e5", "e2", "button", role="button", name="Clear", box=b(960, 100, 18, 18))]
    return Snapshot(url="http://x/chat", nodes=[
        n("e1", None, "body"), n("e2", "e1", "main", role="main", box=b(0, 0, 1000, 1000)),
        n("e6", "e2", "button", role="button", name="Go", text="Go", box=b(500, 900, 40, 30)),
        n("e3", "e2", "textarea", role="textbox", name="Reply", box=b(0, 500, 600, 40)),
        *(clears[::-1] if upper_first else clears),
        n("e7", "e2", "input", role="searchbox", name="Search", box=b(600, 20, 200, 30)),
        n("e8", "e2", "button", role="button", name="Go", text="Go", box=b(805, 20, 40, 30)),
    ])


@pytest.mark.parametrize(("query", "upper_first", "want"), [
    ("clear the chat with the wide button under the reply box", True, "e4"),
    ("the clear button above the reply box", False, "e5"),
    ("press Go next to the search box", True, "e8"),
])
def test_a_place_named_from_another_element(query: str, upper_first: bool, want: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The near-tie on the named side of the element the place is named from wins;
    without the rule document order decides, and picks the other look-alike."""
    from domdex.search import ranking

    idx = build_index(chat(upper_first))
    assert find(idx, query, intent="click").ref == want
    monkeypatch.setattr(ranking, "RELATION_BONUS", 0.0)
    assert find(idx, query, intent="click").ref != want


@pytest.mark.parametrize(("query", "relation", "anchor"), [
    ("the wide button under the reply box", "below", ["reply", "box"]),
    ("the dropdown above the table", "above", ["table"]),
    ("press Go next to the search box", "beside", ["search", "box"]),
    ("how many posts are filed under Travel", "", []),  # which group, not where
    ("save a copy under another name", "", []),
])
def test_relation_words(query: str, relation: str, anchor: list[str]) -> None:
    from domdex.search.lexical import parse_query

    q = parse_query(query)
    assert (q.relation, q.anchor) == (relation, anchor)


@pytest.mark.parametrize(("rows", "heads"), [
    ([["Column", "Type", "Comment"], ["id", "int(11)", ""], ["fuel", "enum('a')", "NULL"]],
     True),
    ([["", "Table", "Engine", "Rows"], ["", "depots", "InnoDB", "12"],
      ["", "vehicles", "InnoDB", "40"]], True),
    # a data row first: its text comes back in its column, or it holds digits
    ([["id", "int(11)", ""], ["fuel", "enum('a')", ""], ["seats", "int(4)", ""]], False),
    ([["Name", "Role", "Joined"], ["Name", "Author", "2021"], ["Bo", "Editor", "2022"]],
     False),
    # a key/value table (two columns), a table of words only, too few rows
    ([["Born", "1815"], ["Died", "1852"], ["Known for", "Notes"]], False),
    ([["Apple", "Red", "Sweet"], ["Lime", "Green", "Sour"], ["Plum", "Blue", "Sweet"]], False),
    ([["Column", "Type", "Comment"], ["id", "int(11)", ""]], False),
])
def test_a_first_row_of_labels_heads_the_columns(rows: list[list[str]], heads: bool) -> None:
    from domdex.search.tables import first_row_heads

    assert first_row_heads(rows) is heads


def test_a_header_row_of_plain_cells_on_a_live_page(domdex_browser) -> None:  # type: ignore[no-untyped-def]
    """Chromium names no <td> a column header and capture keeps no <thead>, so the
    structure table above reaches find as rows only: its first row must still head it."""
    page = domdex_browser.new_page()
    try:
        rows = "".join(f"<tr><th>{c}</th><td>{t}</td><td></td></tr>" for c, t in
                       [("id", "int(11)"), ("plate", "varchar(10)"),
                        ("fuel", "enum('diesel','electric')"), ("seats", "tinyint(4)")])
        page.playwright_page.set_content(
            "<main><table><thead><tr><th>Column</th><td>Type</td><td>Comment</td></tr>"
            f"</thead><tbody>{rows}</tbody></table></main>")
        idx = page.index()
        si = SearchIndex.for_index(idx)
        fuel = next(d for d in si.descriptors if d.label.startswith("enum("))
        assert fuel.column == "Type"
        result = find(idx, "what type is the fuel column", intent="read")
        assert result.ref == fuel.ref, str(result)
    finally:
        page.close()


def _live_find(browser: Any, html: str, query: str, intent: str) -> tuple[Any, Any]:
    """find on ``html`` set in a new page of the shared browser: (result, its node)."""
    page = browser.new_page()
    try:
        page.playwright_page.set_content(html)
        idx = page.index()
        result = find(idx, query, intent=intent)
        return result, idx.node(result.ref) if result.ref else None
    finally:
        page.close()


@pytest.mark.parametrize(("html", "query", "want"), [
    ("<table><tr><th>City</th><th>Population</th></tr><tr><td>Paris</td><td>2,100,000</td>"
     "</tr><tr><td>Lyon</td><td>513,000</td></tr></table>",
     "the population of Lyon in the cities table", "513,000"),
    ("<table><tr><th>Launch date</th><td>3 March 2025</td></tr><tr><th>Operator</th>"
     "<td>ESA</td></tr></table>", "the launch date in the infobox", "3 March 2025"),
    # a column named by a synonym of the request's word (gr-041, wt-054)
    ("<table><tr><th>Product</th><th>Stock</th><th>Unit price</th></tr><tr><td>Cast iron "
     "skillet</td><td>27</td><td>55</td></tr><tr><td>Oak board</td><td>4</td><td>19</td></tr>"
     "<tr><td>Steel pan</td><td>9</td><td>31</td></tr></table>",
     "what does one cast iron skillet cost", "55"),
])
def test_a_value_is_a_cell_not_the_row_that_holds_it(domdex_browser, html: str,  # type: ignore[no-untyped-def]
                                                     query: str, want: str) -> None:
    """A row's name is all its cells' words, so it covers a request for one value as
    well as the value's cell does; the cell is the answer (ranking.ROW_FACTOR)."""
    result, got = _live_find(domdex_browser, f"<main>{html}</main>", query, "read")
    assert got is not None and got.name == want, str(result)


ORDER = ("<h1>Order 1042</h1><table><thead><tr><th>order_no</th><th>status</th>"
         "<th>total</th></tr></thead><tbody><tr><td>1042</td><td>pending</td><td>1786.92</td>"
         "</tr></tbody></table>")
STOCK = ("<div role='grid' aria-label='Stock'><div role='row'><div role='columnheader'>Product"
         "</div><div role='columnheader'>In stock</div><div role='columnheader'>Warehouse</div>"
         "</div>" + "".join(f"<div role='row'><div role='gridcell'>{p}</div><div role='gridcell'>"
                            f"{n}</div><div role='gridcell'>{w}</div></div>" for p, n, w in [
                                ("Oak desk", 4, "Leeds"), ("Rattan armchair", 3, "Glasgow"),
                                ("Linen cushion", 0, "Leeds")]) + "</div>")
INFOBOX = ("<table class='infobox'><caption>Lyon</caption><tr><th scope='row'>Country</th>"
           "<td>France</td></tr><tr><th scope='row'>Mayor</th><td>Grégory Doucet</td></tr>"
           "<tr><th scope='row'>Founded</th><td>43 BC</td></tr></table>")


@pytest.mark.parametrize(("html", "query", "want"), [
    (ORDER, "the status of this order", "pending"),
    (ORDER, "the order total", "1786.92"),
    (STOCK, "which warehouse is the rattan armchair kept in", "Glasgow"),
    (STOCK, "how many rattan armchairs are in stock", "3"),
    # a key/value row: the key cell is the request's only words, its one value the answer
    (INFOBOX, "the mayor in the infobox", "Grégory Doucet"),
    (INFOBOX, "Founded", "43 BC"),
])
def test_a_value_question_is_answered_by_the_value_not_its_label(  # type: ignore[no-untyped-def]
        domdex_browser, html: str, query: str, want: str) -> None:
    """The column header or row key a question names leads on its own words; the cell it
    labels, which its column and row name together, is the answer (ranking.VALUE_YIELD)."""
    result, got = _live_find(domdex_browser, f"<main>{html}</main>", query, "read")
    assert got is not None and got.name == want, str(result)


def test_a_question_about_a_column_keeps_its_header(domdex_browser) -> None:  # type: ignore[no-untyped-def]
    """With many rows and no row named, no one cell is the value: the header stays."""
    result, got = _live_find(domdex_browser, f"<main>{STOCK}</main>", "the warehouse column",
                             "read")
    assert got is not None and got.name == "Warehouse", str(result)


API = ("<main><h1>shop.cart</h1><dl><dt id='shop.cart.Cart.total'>total(currency='EUR')</dt>"
       "<dd>The sum of the lines, in the given currency.</dd>"
       "<dt id='shop.cart.Cart.clear'>clear()</dt><dd>Remove every line.</dd></dl></main>"
       "<aside><h2>Contents</h2><ul><li><a href='#shop.cart.Cart.total'>Cart.total()</a></li>"
       "<li><a href='#shop.cart.Cart.clear'>Cart.clear()</a></li></ul></aside>")


@pytest.mark.parametrize(("query", "intent", "want"), [
    ("the Cart.total method", "read", "total(currency='EUR')"),
    ("the Cart.total method", "navigate", "Cart.total()"),
])
def test_a_contents_link_yields_to_what_it_points_at(domdex_browser, query: str,  # type: ignore[no-untyped-def]
                                                     intent: str, want: str) -> None:
    """To read "the Cart.total method" is to read its definition, which the contents link
    points at by its id; to navigate is still to follow the link (ranking.LINK_TARGET)."""
    result, got = _live_find(domdex_browser, API, query, intent)
    assert got is not None and (got.name or got.text) == want, str(result)


BLOCKS = "".join(
    f"<div class='block'><b>{kind}</b> <span>{text}</span> <button>Delete</button></div>"
    for kind, text in [("Heading", "Getting there"), ("Paragraph", "By train"),
                       ("Image", "Porto riverside"), ("Quote", "Slow travel")])


def test_look_alikes_told_apart_by_a_synonym_or_role_word_of_their_record(  # type: ignore[no-untyped-def]
        domdex_browser) -> None:
    """"remove the picture": *picture* is a role word and a synonym of *Image*; the record
    that says *Image* holds the Delete button meant (ranking._record_factor)."""
    page = domdex_browser.new_page()
    try:
        page.playwright_page.set_content(f"<main><h1>Body</h1>{BLOCKS}</main>")
        idx = page.index()
        result = find(idx, "remove the picture from the article body", intent="click")
        assert result.ref is not None, str(result)
        deletes = [n.ref for n in idx.nodes if n.role == "button"]
        assert result.ref == deletes[2], str(result)  # the Image block's
    finally:
        page.close()


PRODUCTS = ("<form><a href='#sort-options'>Sort</a> <select><option>ascending</option>"
            "<option>descending</option></select></form><table><thead><tr>"
            "<th><a href='?order=name'>name</a></th><th><a href='?order=price'>price</a></th>"
            "<th><a href='?order=stock'>stock</a></th></tr></thead><tbody>"
            "<tr><td>Oak desk</td><td>240</td><td>4</td></tr>"
            "<tr><td>Linen cushion</td><td>18</td><td>0</td></tr></tbody></table>")


@pytest.mark.parametrize(("query", "want"), [
    ("sort the products by price", "price"),
    ("sort by stock", "stock"),
])
def test_sort_by_a_column_is_its_sortable_header(domdex_browser, query: str,  # type: ignore[no-untyped-def]
                                                 want: str) -> None:
    """"sort … by price": the control meant carries the key (the column's sortable
    header), not only the verb (a bare *Sort* that opens the sort options)."""
    result, got = _live_find(domdex_browser, f"<main>{PRODUCTS}</main>", query, "click")
    assert got is not None and got.name == want, str(result)


@pytest.mark.parametrize(("html", "query", "intent", "want"), [
    # a run whose first child is not a control though the controls lead their items: no
    # record is guessed (the first Copy went with Alpha's note, the second took it)
    ("<div><h3>Chat</h3><button>Copy</button><p>Alpha note about invoices</p>"
     "<button>Copy</button><p>Beta note about shipping</p></div>",
     "copy the note about invoices", "click", "low"),
    ("<div><span>Tags:</span><button aria-label='Remove tag'>x</button><span>python</span>"
     "<button aria-label='Remove tag'>x</button><span>golang</span></div>",
     "remove the golang tag", "click", "low"),
    # a value question answered by the link's own words, not by the section it leads to
    ("<article><h1>Tabs</h1><a href='#comments'>3 comments</a><p>Long text.</p>"
     "<section id='comments'><h2>Comments</h2><p>Bob: nice</p><p>Ann: no</p></section>"
     "</article>", "how many comments are there", "read", "3 comments"),
    # the words of another control's box do not name a field without a label
    ("<form><div><select><option>Red</option><option>Blue</option></select></div>"
     "<div>Country <select><option>France</option><option>Spain</option></select></div>"
     "</form>", "the country dropdown", "fill", "France"),
    # a column header's value is in its own table: an empty table answers by its header
    ("<h2>Invoices</h2><table><thead><tr><th>Invoice</th><th>Status</th></tr></thead>"
     "<tbody></tbody></table><h2>Shipments</h2><table><thead><tr><th>Shipment</th>"
     "<th>Status</th></tr></thead><tbody><tr><td>SH-88</td><td>Delayed</td></tr></tbody>"
     "</table>", "what status does the invoice have", "read", "Status"),
])
def test_no_confident_guess_from_a_borrowed_record_or_label(  # type: ignore[no-untyped-def]
        domdex_browser, html: str, query: str, intent: str, want: str) -> None:
    """Found in review: each of these answered a wrong element, most with high confidence."""
    result, got = _live_find(domdex_browser, f"<main>{html}</main>", query, intent)
    if want == "low":
        assert result.confidence in ("low", "none") or result.ref is None, str(result)
        return
    shown = got.name or got.text or (got.value or "") if got is not None else ""
    if got is not None and got.role == "combobox":
        shown = next((o.label for o in got.options if o.selected), shown)
    assert shown == want, str(result)


@pytest.mark.parametrize(("pager", "query", "want"), [
    ("<nav>Pages: <a href='#1'>1</a> <b>2</b> <a href='#3'>3</a> <a href='#4'>4</a></nav>",
     "next page", "3"),
    ("<ul class=pager><li><a href='#1'>1</a></li><li><a href='#2' aria-current=page>2</a></li>"
     "<li><a href='#3'>3</a></li></ul>", "go to the previous page of results", "1"),
    ("<nav><a href='#1'>1</a> <a href='#2'>2</a> <a href='#n'>Next page</a></nav>",
     "next page", "Next page"),
    ("<nav><a href='#1'>1</a> <a href='#2'>2</a> <a href='#3'>3</a></nav>", "next page", None),
    ("<ul class=pager><li><a href='#1'>1</a></li><li class=active><span>2</span></li>"
     "<li><a href='#3'>3</a></li></ul>", "next page", "3"),
    ("<ul><li><a href='#1'>①</a></li><li><span>②</span></li><li><a href='#3'>③</a></li></ul>",
     "next page", None),
])
def test_a_pager_of_numbers_steps_from_the_current_page(domdex_browser, pager: str,  # type: ignore[no-untyped-def]
                                                        query: str, want: str | None) -> None:
    """A pager without a *Next* link: the next page is the number after the current one
    (marked aria-current, or the one number that is not a link); with no current page
    marked, no number is guessed."""
    result, got = _live_find(domdex_browser, f"<main><p>Results</p>{pager}</main>", query,
                             "click")
    assert (got.name if got is not None else None) == want, str(result)


@pytest.mark.parametrize(("name", "words"), [
    ("📅", "calendar"), ("🔔", "bell"), ("🗑️", "wastebasket"), ("»", "next forward last"),
    ("⭐", "star"), ("Save", ""), ("2", ""), ("", ""), ("📅 Date", ""), ("#", ""),
])
def test_a_symbol_only_name_means_what_it_shows(name: str, words: str) -> None:
    from domdex.search.descriptors import symbol_words

    assert symbol_words(name) == words


def test_a_pictograph_button_beside_a_field_is_its_picker(domdex_browser) -> None:  # type: ignore[no-untyped-def]
    """"📅" says nothing in words: the button takes the meaning of its pictograph and the
    name of the field just before it, so "open the date picker" is the button, not the
    field."""
    result, got = _live_find(
        domdex_browser, "<main><label>Date <input type=text name=d></label><button>📅</button>"
        "<label>Notes <input name=n></label></main>", "open the date picker", "click")
    assert got is not None and got.role == "button", str(result)


def test_a_field_does_not_take_the_label_of_the_field_before_it(domdex_browser) -> None:  # type: ignore[no-untyped-def]
    """<label>Comment: <input></label><textarea>: the label is the input's; the unnamed
    text area beside it was shown and found as "Comment:" too."""
    html = ("<main><form><label>Comment: <input name=c></label>"
            "<textarea name=body rows=20 cols=80></textarea></form></main>")
    result, got = _live_find(domdex_browser, html, "the comment field", "fill")
    assert got is not None and got.tag == "input", str(result)
    result, got = _live_find(domdex_browser, html, "the main editor", "fill")
    assert got is not None and got.tag == "textarea" and "Comment" not in str(result), \
        str(result)


def test_an_x_button_beside_a_field_takes_the_fields_name(domdex_browser) -> None:  # type: ignore[no-untyped-def]
    result, got = _live_find(
        domdex_browser, "<main><label>Coupon code <input name=c></label><button>x</button>"
        "<label>Gift message <input name=g></label><button>x</button></main>",
        "dismiss the gift message", "click")
    assert got is not None and got.role == "button" and result.confidence == "high", \
        str(result)


@pytest.mark.parametrize(("html", "query", "want"), [
    ("<div><label>Username <input name=u></label><label>Password <input type=password "
     "name=p></label><button>OK</button></div><p>Welcome back</p>", "press login", "OK"),
    ("<div><input type=search name=q><button>Go</button></div><a href='#a'>About</a>",
     "run the search", "Go"),
    ("<div><input type=search name=q><button>A</button><button>B</button><button>C</button>"
     "</div>", "run the search", None),
    ("<form><label>User <input name=u></label><div><input type=password name=p><button "
     "type=button aria-label='Show password'>👁</button></div><button>OK</button></form>",
     "press login", "OK"),
])
def test_a_small_forms_button_stands_for_what_its_fields_are_for(  # type: ignore[no-untyped-def]
        domdex_browser, html: str, query: str, want: str | None) -> None:
    """A login form's one button says OK: its password field says it signs in. A box
    with three buttons is no small form: none of them is given the purpose."""
    result, got = _live_find(domdex_browser, f"<main>{html}</main>", query, "click")
    if want is None:
        assert got is None or got.role != "button", str(result)
    else:
        assert got is not None and got.name == want, str(result)


ACCOUNTS = ("<table><thead><tr><th></th><th>Username</th><th>First name</th></tr></thead><tbody>"
         + "".join(f"<tr><td><input type='checkbox' aria-label='Select this object - {u}'></td>"
                   f"<th><a href='/u/{u}'>{u}</a></th><td>{first}</td></tr>"
                   for u, first in [("asmith", "Anna"), ("bsmith", "Ben"), ("csmith", "Cara")])
         + "</tbody></table>")


@pytest.mark.parametrize("query", ["the checkbox for Ben", "tick the box for Ben"])
def test_a_control_in_a_table_row_is_known_by_its_row(domdex_browser, query: str) -> None:  # type: ignore[no-untyped-def]
    """Each row's checkbox is named by the row's key (*bsmith*), the request by another
    cell of the row (*Ben*): the control carries its row's cells, as a cell does."""
    result, got = _live_find(domdex_browser, f"<main>{ACCOUNTS}</main>", query, "click")
    assert got is not None and got.name == "Select this object - bsmith", str(result)


def inbox() -> Snapshot:
    """A mail table: a checkbox, the sender, the subject and the date in each row."""
    n = _n
    nodes = [n("e1", None, "body"), n("e2", "e1", "table", role="table")]
    rows = [("Tax office", "Your return", "May 14"), ("Anna Berg", "Lunch?", "May 12")]
    for k, (sender, subject, date) in enumerate(rows):
        r = f"e{3 + 6 * k}"
        nodes += [n(r, "e2", "tr", role="row"),
                  n(f"e{4 + 6 * k}", r, "td", role="cell"),
                  n(f"e{5 + 6 * k}", f"e{4 + 6 * k}", "input", role="checkbox",
                    name="Select mail"),
                  n(f"e{6 + 6 * k}", r, "td", role="cell", name=sender, text=sender),
                  n(f"e{7 + 6 * k}", r, "td", role="cell", name=subject, text=subject),
                  n(f"e{8 + 6 * k}", r, "td", role="cell", name=date, text=date)]
    return Snapshot(url="http://x/inbox", nodes=nodes)


def test_a_row_yields_to_its_cell_of_the_shape_asked_for() -> None:
    """"when did the mail from the tax office arrive": the row holds the words and the
    date, but the answer is its date cell (issue 10's held-out Russian inbox)."""
    idx = build_index(inbox())
    result = find(idx, "when did the mail from the tax office arrive", intent="read")
    assert result.ref == "e8", str(result)
