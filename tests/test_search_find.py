"""find on hand-built snapshots: look-alikes, intents, positions, context, no-guess."""

from __future__ import annotations

import pytest

from domdex import Box, Node, QueryError, Snapshot
from domdex.index import build_index
from domdex.search.api import find


def _n(ref: str, parent: str | None, tag: str, **kw: object) -> Node:
    return Node(ref, parent, tag, **kw)  # type: ignore[arg-type]


def shop() -> Snapshot:
    """The seeds' shop: Add to Cart vs Add to Wishlist vs Cart (3) vs a hidden toast,
    two search boxes, three Submit buttons, a table with Edit links, a list of items."""
    n = _n
    b = Box
    nodes = [
        n("e1", None, "body"),
        n("e2", "e1", "header", role="banner", box=b(0, 0, 1280, 80)),
        n("e3", "e2", "form", role="search", name="Main Search", box=b(200, 10, 500, 30)),
        n("e4", "e3", "input", role="searchbox", name="Search products...",
          attrs={"placeholder": "Search products...", "type": "search", "name": "q"},
          box=b(200, 10, 300, 30), in_viewport=True),
        n("e5", "e3", "button", role="button", name="Search", text="Search",
          attrs={"type": "submit"}, box=b(510, 10, 60, 30), in_viewport=True),
        n("e6", "e2", "a", role="link", name="Sign in", text="Sign in",
          attrs={"href": "#account"}, box=b(900, 10, 50, 20), in_viewport=True),
        n("e7", "e2", "a", role="link", name="Cart (3)", text="Cart (3)",
          attrs={"href": "#cart", "class": "cart-link"}, box=b(1000, 10, 60, 20),
          in_viewport=True),
        n("e10", "e1", "main", role="main", box=b(0, 100, 1280, 1500)),
        n("e11", "e10", "h1", role="heading", name="Garden Trowel", text="Garden Trowel",
          level=1, box=b(40, 120, 400, 40), in_viewport=True),
        n("e12", "e10", "p", role="paragraph", text="$14.99", attrs={"class": "price"},
          box=b(40, 170, 100, 30), in_viewport=True),
        n("e13", "e10", "section", role="region", name="Product Actions",
          box=b(40, 220, 600, 60)),
        n("e14", "e13", "select", role="combobox", name="Quantity", value="1",
          box=b(40, 230, 60, 30), in_viewport=True),
        n("e15", "e13", "button", role="button", name="Add to Cart", text="Add to Cart",
          attrs={"class": "btn-primary", "type": "button"}, box=b(110, 230, 120, 30),
          in_viewport=True),
        n("e16", "e13", "button", role="button", name="Add to Wishlist",
          text="Add to Wishlist", attrs={"type": "button"}, box=b(240, 230, 120, 30),
          in_viewport=True),
        n("e20", "e10", "form", role="form", name="Contact us", box=b(40, 600, 600, 300)),
        n("e21", "e20", "input", role="textbox", name="Your email", attrs={"type": "email"},
          box=b(40, 620, 300, 30), in_viewport=True),
        n("e22", "e20", "button", role="button", name="Submit", text="Submit",
          attrs={"type": "submit", "class": "btn-primary"}, box=b(40, 700, 80, 30),
          in_viewport=True),
        n("e30", "e10", "table", role="table", box=b(40, 950, 600, 120)),
        n("e31", "e30", "tr", role="row"),
        n("e32", "e31", "th", role="columnheader", name="Order", text="Order"),
        n("e33", "e31", "th", role="columnheader", name="Total", text="Total"),
        n("e34", "e31", "th", role="columnheader", name="Actions", text="Actions"),
        n("e35", "e30", "tr", role="row"),
        n("e36", "e35", "td", role="cell", name="1041", text="1041"),
        n("e37", "e35", "td", role="cell", name="$20.00", text="$20.00"),
        n("e38", "e35", "td", role="cell", name="Edit", text="Edit"),
        n("e39", "e38", "a", role="link", name="Edit", text="Edit", attrs={"href": "#e1041"},
          box=b(500, 1000, 30, 20)),
        n("e40", "e30", "tr", role="row"),
        n("e41", "e40", "td", role="cell", name="1042", text="1042"),
        n("e42", "e40", "td", role="cell", name="$35.50", text="$35.50"),
        n("e43", "e40", "td", role="cell", name="Edit", text="Edit"),
        n("e44", "e43", "a", role="link", name="Edit", text="Edit", attrs={"href": "#e1042"},
          box=b(500, 1030, 30, 20)),
        n("e50", "e1", "aside", role="complementary", name="Newsletter",
          box=b(900, 1700, 300, 200)),
        n("e51", "e50", "input", role="searchbox", name="Search the blog",
          attrs={"type": "search"}, box=b(900, 1720, 200, 30)),
        n("e52", "e50", "button", role="button", name="Submit", text="Submit",
          attrs={"type": "submit"}, box=b(900, 1760, 80, 30)),
        n("e60", "e1", "footer", role="contentinfo", box=b(0, 2000, 1280, 200)),
        n("e61", "e60", "a", role="link", name="Export Policy", attrs={"href": "/x"},
          box=b(40, 2050, 100, 20)),
        n("e62", "e60", "button", role="button", name="Submit", text="Submit",
          attrs={"type": "submit"}, box=b(300, 2050, 80, 20)),
        n("e63", "e60", "a", role="link", name="Privacy", attrs={"href": "/privacy"},
          box=b(40, 2080, 100, 20)),
        n("e70", "e1", "div", attrs={"class": "toast"}, visible=False, text="Added to cart!"),
    ]
    return Snapshot(url="http://shop.test/product", title="Garden Trowel", nodes=nodes)


@pytest.fixture(scope="module")
def idx():  # type: ignore[no-untyped-def]
    return build_index(shop())


@pytest.mark.parametrize(("query", "intent", "ref"), [
    ("add to cart", "click", "e15"),
    ("add to cart button", None, "e15"),
    ("add to wishlist", None, "e16"),
    ("cart link", "navigate", "e7"),
    ("view my cart", "navigate", "e7"),
    ("search box", "fill", "e4"),
    ("search the blog", "fill", "e51"),
    ("search field in the sidebar", "fill", "e51"),
    ("log in", "click", "e6"),
    ("submit button in the footer", "click", "e62"),
    ("submit the contact form", "click", "e22"),
    ("the last submit button", "click", "e62"),
    ("Edit link in the row for order 1042", "click", "e44"),
    ("price of the Garden Trowel", "read", "e12"),
    ("total of order 1041", "read", "e37"),
    ("quantity dropdown", "select", "e14"),
    ("email field", "fill", "e21"),
])
def test_find_picks_the_meant_element(idx, query: str, intent: str | None, ref: str) -> None:  # type: ignore[no-untyped-def]
    result = find(idx, query, intent=intent)
    assert result.ref == ref, str(find(idx, query, intent=intent, explain=True))


def test_hidden_toast_never_wins(idx) -> None:  # type: ignore[no-untyped-def]
    result = find(idx, "added to cart")
    assert result.ref != "e70"


def test_below_threshold_is_no_guess(idx) -> None:  # type: ignore[no-untyped-def]
    result = find(idx, "zebra migration statistics")
    assert result.ref is None
    assert "no match" in str(result)


def test_result_data_and_render(idx) -> None:  # type: ignore[no-untyped-def]
    result = find(idx, "add to cart", intent="click")
    d = result.to_dict()
    assert d["ref"] == "e15" and d["confidence"] in ("high", "medium", "low")
    assert next(m["ref"] for m in d["matches"]) == "e15"
    text = str(result)
    assert text.startswith('FIND: "add to cart" (click) → @e15')
    assert "SUGGESTION:" in text
    assert result.render(max_tokens=40).count("\n") <= text.count("\n")


def test_bad_intent_is_a_query_error(idx) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(QueryError):
        find(idx, "add to cart", intent="smash")


def cart() -> Snapshot:
    """A cart table: items × (Item, Unit price, Qty, Total) and a Remove button per row."""
    n = _n
    nodes = [n("e1", None, "body"), n("e2", "e1", "main", role="main"),
             n("e3", "e2", "h1", role="heading", name="Your cart", level=1),
             n("e4", "e2", "table", role="table"), n("e5", "e4", "tr", role="row")]
    nodes += [n(f"e{6 + j}", "e5", "th", role="columnheader", name=h)
              for j, h in enumerate(("Item", "Unit price", "Qty", "Total"))]
    items = [("Garden Trowel", "$14.99", "2", "$29.98"),
             ("Pruning Shears", "$22.50", "1", "$22.50"),
             ("Seed Tray", "$6.00", "4", "$24.00")]
    k = 10
    for r, values in enumerate(items):
        row = f"e{k}"
        nodes.append(n(row, "e4", "tr", role="row"))
        k += 1
        for j, v in enumerate(values):
            nodes.append(n(f"e{k}", row, "td", role="cell", name=v, text=v,
                           box=Box(100 * j, 200 + 40 * r, 90, 30)))
            k += 1
        cell = f"e{k}"
        nodes.append(n(cell, row, "td", role="cell"))
        nodes.append(n(f"e{k + 1}", cell, "button", role="button", name="Remove",
                       box=Box(400, 200 + 40 * r, 60, 30)))
        k += 2
    return Snapshot(nodes=nodes)


@pytest.mark.parametrize(("query", "intent", "name"), [
    ("the second item's unit price", "read", "$22.50"),
    ("unit price of the Pruning Shears", "read", "$22.50"),
    ("the last item's total", "read", "$24.00"),
    ("quantity of the garden trowel", "read", "2"),
])
def test_table_cells_by_row_column_and_ordinal(query: str, intent: str, name: str) -> None:
    idx = build_index(cart())
    result = find(idx, query, intent=intent)
    assert result.ref is not None and idx.node(result.ref).name == name, str(result)


def test_remove_button_in_the_row_of_an_item() -> None:
    idx = build_index(cart())
    ref = find(idx, "remove the seed tray", intent="click").ref
    assert ref is not None
    row = idx.ancestors(ref)[1]
    assert "Seed Tray" in [c.name for c in idx.children(row.ref)]


def test_scope_role_weights_and_explain(idx) -> None:  # type: ignore[no-untyped-def]
    footer = idx.region_of("e62").id
    assert find(idx, "submit", region=footer).ref == "e62"
    assert find(idx, "search", role="button").ref == "e5"
    lexical_only = find(idx, "add to cart", lexical_weight=1.0, embedding_weight=0.0)
    assert lexical_only.ref == "e15"
    explained = find(idx, "add to cart", explain=True)
    assert "lexical" in str(explained) and explained.matches[0].parts
    assert "route" in explained.to_dict()


def test_synonyms_and_negation(idx) -> None:  # type: ignore[no-untyped-def]
    assert find(idx, "sign-in link", intent="navigate").ref == "e6"
    assert find(idx, "qty dropdown", intent="select").ref == "e14"
    result = find(idx, "submit button, the footer one rather than the newsletter one",
                  intent="click")
    assert result.ref == "e62", str(result)


def _table() -> Snapshot:
    """A table of cities: a name column, then population and area columns."""
    n = _n
    nodes = [n("e1", None, "body"), n("e2", "e1", "main", role="main"),
             n("e3", "e2", "table", role="table"), n("e4", "e3", "tr", role="row")]
    for j, head in enumerate(["name", "population", "area"]):
        nodes.append(n(f"e{5 + j}", "e4", "th", role="columnheader", name=head, text=head))
    ref = 10
    for city, pop, area in [("Lyon", "522969", "47.87"), ("Porto", "231962", "41.42"),
                            ("Ghent", "265086", "156.18")]:
        row = f"e{ref}"
        nodes.append(n(row, "e3", "tr", role="row"))
        for k, value in enumerate([city, pop, area]):
            nodes.append(n(f"e{ref + 1 + k}", row, "td", role="cell", name=value, text=value))
        ref += 4
    return Snapshot(url="http://x/", nodes=nodes)


@pytest.mark.parametrize(("query", "want"), [
    ("the population of Porto", "e16"),
    ("Ghent's area", "e21"),
])
def test_a_cell_is_where_the_named_row_meets_the_named_column(query: str, want: str) -> None:
    assert find(build_index(_table()), query, intent="read").ref == want


def _ranked(idx, scores: list[tuple[str, float]]):  # type: ignore[no-untyped-def]
    """A ranking with these scores (the rule under test is the view's, not the ranker's)."""
    from domdex.search.lexical import parse_query
    from domdex.search.ranking import Match, Ranking

    matches = [Match(ref, idx.node(ref).role, idx.node(ref).name or "", "", score, 0, {})
               for ref, score in scores]
    return Ranking(parse_query("the scroll list"), "select", matches, None, len(matches), None)


def test_a_clear_lead_under_the_threshold_is_given_as_low(idx) -> None:  # type: ignore[no-untyped-def]
    """Nothing names the element as asked, but one leads clearly: it is the answer,
    ``low``, with a word to check it first (acting by query still refuses ``low``)."""
    from domdex.render.find import FindResult

    result = FindResult(idx, _ranked(idx, [("e14", 0.28), ("e15", 0.12)]))
    assert result.ref == "e14" and result.confidence == "low" and result.below
    assert "check its line before acting" in str(result)
    assert result.to_dict()["confidence"] == "low"
    for scores in ([("e14", 0.28), ("e15", 0.2)], [("e14", 0.14)]):  # no clear lead; too low
        result = FindResult(idx, _ranked(idx, scores))
        assert result.ref is None and not result.below and result.confidence == "none"
        assert "no match above 0.30" in str(result)


def _flight_form() -> Snapshot:
    """Three bare inputs side by side (From, To, a read-only date) and a mail form whose
    fields are named by a preceding ``<label>`` without ``for``."""
    n, b = _n, Box
    return Snapshot(url="http://127.0.0.1/flights", title="Flights", nodes=[
        n("e1", None, "body"),
        n("e2", "e1", "main", role="main", box=b(0, 0, 800, 600)),
        n("e3", "e2", "input", role="textbox", name="From:", attrs={"placeholder": "From:"},
          box=b(10, 10, 150, 20), in_viewport=True),
        n("e4", "e2", "input", role="textbox", name="To:", attrs={"placeholder": "To:"},
          box=b(10, 40, 150, 20), in_viewport=True),
        n("e5", "e2", "input", role="textbox", states=("readonly",),
          attrs={"id": "datepicker"}, box=b(10, 70, 150, 20), in_viewport=True),
        n("e6", "e2", "div", attrs={"id": "forward"}, box=b(10, 100, 400, 100)),
        n("e7", "e6", "label", text="to:", box=b(10, 100, 20, 20), in_viewport=True),
        n("e8", "e6", "input", role="textbox", box=b(40, 100, 150, 20), in_viewport=True),
    ])


@pytest.mark.parametrize(("query", "ref"), [
    ("from field", "e3"), ("the To field", "e4"), ("the to: field in the forward form", "e8"),
])
def test_a_field_named_by_a_small_word(query: str, ref: str) -> None:
    """"from" and "to" are stop words, but in "the To field" they are the name; and a
    bare input is not named by the input before it (the date box is not "To")."""
    r = find(build_index(_flight_form()), query, intent="fill")
    assert r.ref == ref, r.render()
