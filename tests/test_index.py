"""The index on hand-built snapshots: regions, sub-sections, lookups and errors."""

from __future__ import annotations

import pytest

from domdex import Box, Node, Option, RefError, RegionNotFoundError, Snapshot, build_index


def _node(ref: str, parent: str | None, tag: str, **kw: object) -> Node:
    return Node(ref, parent, tag, **kw)  # type: ignore[arg-type]


def checkout() -> Snapshot:
    n = _node
    return Snapshot(url="http://shop.test/checkout", title="Checkout", nodes=[
        n("e1", None, "body"),
        n("e2", "e1", "header", role="banner"),
        n("e3", "e2", "a", role="link", name="Cart (3)", attrs={"href": "/cart"},
          box=Box(900, 10, 60, 20)),
        n("e4", "e2", "input", role="searchbox", name="Search products...",
          attrs={"placeholder": "Search products...", "type": "search"}, box=Box(300, 10, 200, 20)),
        n("e5", "e1", "main", role="main"),
        n("e6", "e5", "h1", role="heading", name="Checkout", level=1, text="Checkout"),
        n("e7", "e5", "form", role="form"),
        n("e8", "e7", "fieldset", role="group", name="Billing Address"),
        n("e9", "e8", "legend", text="Billing Address"),
        n("e10", "e8", "input", role="textbox", name="Street Address",
          states=frozenset({"required"}), box=Box(10, 200, 200, 20)),
        n("e11", "e8", "input", role="textbox", name="City", states=frozenset({"required"}),
          box=Box(10, 240, 200, 20)),
        n("e12", "e8", "select", role="combobox", name="Country",
          options=[Option("United States", "us", True), Option("Canada", "ca")],
          box=Box(10, 280, 200, 20)),
        n("e13", "e7", "button", role="button", name="Continue to Payment",
          attrs={"type": "submit", "class": "btn btn-primary"}, box=Box(10, 320, 200, 20)),
        n("e14", "e1", "footer", role="contentinfo"),
        n("e15", "e14", "a", role="link", name="Privacy", attrs={"href": "/p"}),
        n("e16", "e14", "a", role="link", name="Export Policy", attrs={"href": "/x"}),
        n("e17", "e1", "div", attrs={"class": "toast"}, visible=False, text="Added to cart!"),
    ])


def test_landmarks_become_top_level_regions_in_document_order() -> None:
    idx = build_index(checkout())
    assert [(r.id, r.landmark) for r in idx.top_regions] == [
        ("R0", "HEADER"), ("R1", "MAIN"), ("R2", "FOOTER"), ("R3", "DIALOG")]
    assert idx.region("R1").name == "Checkout"


def test_fieldset_is_a_named_subsection_and_an_unnamed_form_is_looked_through() -> None:
    idx = build_index(checkout())
    sub = idx.region("R1.BillingAddress")
    assert sub.parent == "R1"
    assert idx.region_of("e11").id == "R1.BillingAddress"
    assert idx.region_of("e13").id == "R1"


def test_region_lookup_accepts_case_brackets_and_names() -> None:
    idx = build_index(checkout())
    assert idx.region("[r1.billingaddress]").id == "R1.BillingAddress"
    assert idx.region("Billing Address").id == "R1.BillingAddress"


def test_unknown_region_names_the_valid_ids_and_the_closest() -> None:
    idx = build_index(checkout())
    with pytest.raises(RegionNotFoundError) as info:
        idx.region("R1.Biling")
    assert info.value.closest == "R1.BillingAddress"
    assert "R0" in str(info.value) and "Closest: R1.BillingAddress" in str(info.value)


def test_unknown_ref_is_a_ref_error_that_says_what_to_do() -> None:
    idx = build_index(checkout())
    with pytest.raises(RefError, match="No element @e99"):
        idx.node("e99")
    assert idx.node("@ref:12").name == "Country"


def test_counts_and_purposes() -> None:
    idx = build_index(checkout())
    header, main = idx.region("R0"), idx.region("R1")
    assert header.counts == {"link": 1, "input": 1}
    assert "search" in header.purpose
    assert "form for continue to payment" in main.purpose
    assert not idx.region("R3").visible


def test_term_index_routes_words_to_regions() -> None:
    idx = build_index(checkout())
    assert "R2" in idx.term_index["export"]
    assert "R1.BillingAddress" in idx.term_index["city"]


def test_xpath_is_readable() -> None:
    idx = build_index(checkout())
    assert idx.xpath("e13") == "/body/main/form/button.btn"


def test_repeated_navigation_is_told_apart() -> None:
    n = _node
    links = [("index", "/i"), ("modules", "/m"), ("next", "/n")]
    nodes = [n("e1", None, "body")]
    k = 2
    for y in (0, 900):
        nav = f"e{k}"
        nodes.append(n(nav, "e1", "div", role="navigation", name="related navigation",
                       box=Box(0, y, 1000, 30)))
        k += 1
        for name, href in links:
            nodes.append(n(f"e{k}", nav, "a", role="link", name=name, attrs={"href": href}))
            k += 1
        if y == 0:
            nodes.append(n(f"e{k}", "e1", "div", role="main"))
            nodes.append(n(f"e{k + 1}", f"e{k}", "p", role="paragraph", text="Body text here."))
            k += 2
    idx = build_index(Snapshot(nodes=nodes))
    navs = [r for r in idx.top_regions if r.landmark == "NAV"]
    assert len(navs) == 2
    assert navs[1].note == f"same as {navs[0].id}, below it"


def test_page_without_landmarks_still_gets_header_main_footer() -> None:
    n = _node
    nodes = [
        n("e1", None, "body"),
        n("e2", "e1", "div", attrs={"id": "page"}),
        n("e3", "e2", "div", attrs={"class": "topbar"}),
        n("e4", "e3", "a", role="link", name="Home", attrs={"href": "/"}),
        n("e5", "e3", "a", role="link", name="About", attrs={"href": "/about"}),
        n("e6", "e2", "div", attrs={"class": "content"}),
        n("e7", "e6", "h1", role="heading", level=1, name="Welcome", text="Welcome"),
        n("e8", "e6", "p", role="paragraph", text="Some text."),
        n("e9", "e6", "h2", role="heading", level=2, name="Pricing", text="Pricing"),
        n("e10", "e6", "p", role="paragraph", text="Plans."),
        n("e11", "e6", "button", role="button", name="Buy"),
        n("e12", "e6", "h2", role="heading", level=2, name="FAQ", text="FAQ"),
        n("e13", "e6", "p", role="paragraph", text="Questions."),
        n("e14", "e2", "div", attrs={"class": "site-footer"}),
        n("e15", "e14", "a", role="link", name="Terms", attrs={"href": "/t"}),
    ]
    idx = build_index(Snapshot(nodes=nodes))
    assert [r.landmark for r in idx.top_regions] == ["HEADER", "MAIN", "FOOTER"]
    main = idx.top_regions[1]
    assert [s.id for s in idx.subregions(main)] == [f"{main.id}.Pricing", f"{main.id}.FAQ"]
    assert idx.region_of("e11").id == f"{main.id}.Pricing"


def test_index_is_pure_over_a_foreign_style_snapshot_without_boxes() -> None:
    idx = build_index(Snapshot(nodes=[
        _node("e1", None, "", role="main"),
        _node("e2", "e1", "", role="button", name="Go"),
        _node("e3", "e1", "", role="textbox", name="Query"),
    ]))
    ctx = idx.context("e2").to_dict()
    assert ctx["nearby"] == [{"direction": "down", "ref": "e3", "role": "textbox",
                              "name": "Query"}]
