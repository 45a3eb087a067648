"""Foreign snapshots: aria YAML (Playwright / Playwright MCP) and accessibility trees.

The ``*.yaml`` fixtures under tests/fixtures/foreign were written by real Chromium from
tests/pages (see make_fixtures.py there), so these tests read what agents really hold.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domdex import Node, Snapshot, SnapshotError, load_snapshot
from domdex.formats import parse_aria, parse_foreign, parse_tree

FOREIGN = Path(__file__).parent / "fixtures" / "foreign"

BRIEF_EXAMPLE = """\
- generic [active] [ref=e1]:
  - navigation "related navigation" [ref=e2]:
    - list [ref=e3]:
      - listitem [ref=e4]:
        - link "index" [ref=e5] [cursor=pointer]:
          - /url: ../genindex.html
        - text: "|"
  - heading "os — Miscellaneous" [level=1] [ref=e9]
  - textbox "Email" [ref=e10]: user@example.com
  - checkbox "Remember me" [checked] [ref=e11]
  - button "Go" [disabled] [ref=e12]
"""


def fixture(name: str) -> str:
    return (FOREIGN / name).read_text(encoding="utf-8")


def by_name(snap: Snapshot, role: str, name: str) -> list[Node]:
    return [n for n in snap.nodes if n.role == role and n.name == name]


def one(snap: Snapshot, role: str, name: str) -> Node:
    found = by_name(snap, role, name)
    assert len(found) == 1, f"{role} {name!r}: {len(found)} matches"
    return found[0]


# Aria YAML -----------------------------------------------------------------------------
def test_aria_reads_refs_roles_states_props_and_text() -> None:
    snap = load_snapshot(BRIEF_EXAMPLE)
    assert snap.source == "aria-yaml"
    assert [n.ref for n in snap.nodes] == ["e1", "e2", "e3", "e4", "e5", "e9", "e10", "e11", "e12"]
    root = snap.get("e1")
    assert root is not None and root.has("focused") and root.parent is None
    link = snap.get("e5")
    assert link is not None
    assert (link.role, link.name, link.parent) == ("link", "index", "e4")
    assert link.attrs == {"href": "../genindex.html"} and link.has("clickable")
    listitem = snap.get("e4")
    assert listitem is not None and listitem.text == "index |"
    heading = snap.get("e9")
    assert heading is not None and (heading.level, heading.name) == (1, "os — Miscellaneous")
    textbox = snap.get("e10")
    assert textbox is not None and (textbox.value, textbox.text) == ("user@example.com", "")
    checkbox, button = snap.get("e11"), snap.get("e12")
    assert checkbox is not None and checkbox.states == {"checked"}
    assert button is not None and button.states == {"disabled"} and button.text == "Go"
    assert all(n.tag == "" and n.box is None for n in snap.nodes)


def test_aria_dashboard_from_chromium() -> None:
    snap = parse_aria(fixture("dashboard.ai.yaml"))
    assert len(by_name(snap, "link", "Edit")) == 12
    status = one(snap, "combobox", "Status")
    assert status.options is not None
    assert [o.label for o in status.options] == ["All", "Active", "Archived", "Pending Review"]
    assert status.value == "All" and status.options[0].selected
    assert not any(n.role == "option" for n in snap.nodes), "select options fold into options"
    assert one(snap, "checkbox", "Select PRJ-102").has("checked")
    assert not one(snap, "checkbox", "Select PRJ-101").has("checked")
    menu_button = one(snap, "button", "Jane Cooper")
    assert menu_button.states >= {"expanded", "focused"}
    toolbar = one(snap, "toolbar", "Table Actions")
    exports = [n for n in snap.nodes if n.parent == toolbar.ref]
    assert [n.name for n in exports] == ["Export to CSV", "Export to PDF", "Import"]
    assert one(snap, "link", "Export Policy").attrs["href"] == "#export-policy"
    assert one(snap, "searchbox", "Search projects...").value is None
    row = next(n for n in snap.nodes if n.role == "cell" and n.name == "Website Redesign")
    assert row.text == "Website Redesign"


def test_aria_edit_links_are_numbered_for_xpaths() -> None:
    snap = parse_aria(fixture("dashboard.ai.yaml"))
    cells = [snap.get(n.parent) for n in by_name(snap, "link", "Edit") if n.parent]
    assert {c.index for c in cells if c} == {6}, "each Edit link is in the 6th cell of its row"


def test_aria_product_after_add_to_cart() -> None:
    snap = parse_aria(fixture("product.ai.yaml"))
    assert one(snap, "searchbox", "Search products...").value == "trowel"
    assert by_name(snap, "link", "Cart (4)")
    quantity = one(snap, "combobox", "Quantity")
    assert len(quantity.options or []) == 10 and quantity.value == "1"
    toast = [n for n in snap.nodes if n.role == "status" and "Added to cart!" in n.text]
    assert toast, "the toast shown by Add to Cart is read as a status with its text"
    assert len(by_name(snap, "button", "Search")) == 2


def test_aria_iframe_contents_become_a_frame() -> None:
    snap = parse_aria(fixture("iframe.ai.yaml"))
    iframe = next(n for n in snap.nodes if n.role == "iframe")
    assert [f.to_dict() for f in snap.frames] == [
        {"id": "f1", "url": "", "owner": iframe.ref, "name": ""}
    ]
    login = one(snap, "button", "Log in")
    assert (login.ref, login.frame) == ("f1e10", "f1")
    status = next(n for n in snap.nodes if n.role == "status")
    assert status.frame == "f1" and status.ref == "f1e12", "a refless node gets a fresh ref"
    assert one(snap, "button", "Load more news").frame == ""


def test_aria_without_refs_numbers_nodes_in_order() -> None:
    snap = parse_aria(fixture("login.yaml"))
    assert [n.ref for n in snap.nodes] == [f"e{i}" for i in range(1, len(snap.nodes) + 1)]
    email = one(snap, "textbox", "Email")
    assert email.value == "jane@example.com" and email.attrs == {"placeholder": "you@company.com"}
    assert one(snap, "checkbox", "Remember me").has("checked")
    footer = next(n for n in snap.nodes if n.role == "contentinfo")
    assert footer.text == "© 2026 Acme Projects · ·", "containers keep only their own text"


def test_aria_fresh_refs_never_collide_with_foreign_ones() -> None:
    snap = parse_aria('- main [ref=e2]:\n  - button "A"\n  - button "B" [ref=e3]\n  - note\n')
    assert [n.ref for n in snap.nodes] == ["e2", "e4", "e3", "e5"]


def test_aria_keeps_foreign_refs_lower_cased() -> None:
    snap = parse_aria('- document [ref=S1E2]:\n  - button "Search" [ref=s1e3]\n'
                      '  - link "x" [ref=E7]\n')
    assert [n.ref for n in snap.nodes] == ["s1e2", "s1e3", "e7"]


def test_aria_playwright_mcp_tool_output() -> None:
    tree = fixture("product.ai.yaml")
    text = (
        "### Ran Playwright code\n```js\nawait page.goto('http://shop.test/product.html');\n```\n"
        "### Page\n- Page URL: http://shop.test/product.html\n"
        "- Page Title: Garden Trowel – GreenThumb Supply\n"
        f"### Snapshot\n```yaml\n{tree}```\n"
        "### Events\n- [LOG] cart updated\n"
    )
    snap = load_snapshot(text)
    assert snap.url == "http://shop.test/product.html"
    assert snap.title == "Garden Trowel – GreenThumb Supply"
    assert snap.to_dict()["nodes"] == parse_aria(tree).to_dict()["nodes"]
    as_tool_result = {"content": [{"type": "text", "text": text}], "isError": False}
    assert load_snapshot(as_tool_result).title == snap.title


def test_aria_older_mcp_output_with_page_snapshot_header() -> None:
    text = ("- Page URL: https://example.com/\n- Page Title: Example Domain\n- Page Snapshot\n"
            "```yaml\n- document [ref=s1e2]:\n  - heading \"Example Domain\" [level=1] "
            "[ref=s1e4]\n```\n")
    snap = load_snapshot(text)
    assert (snap.url, snap.title) == ("https://example.com/", "Example Domain")
    assert [n.ref for n in snap.nodes] == ["s1e2", "s1e4"]


def test_aria_mcp_page_state_without_a_fence() -> None:
    text = ("### Page state\n- Page URL: https://example.com/\n- Page Title: Example Domain\n"
            "- Page Snapshot:\n  - heading \"Example Domain\" [ref=e1]\n"
            "  - paragraph [ref=e2]: \"This domain is for use in illustrative examples...\"\n"
            "  - link \"More information...\" [ref=e3]\n")
    snap = load_snapshot(text)
    assert (snap.url, snap.title) == ("https://example.com/", "Example Domain")
    assert [(n.ref, n.role, n.parent) for n in snap.nodes] == [
        ("e1", "heading", None), ("e2", "paragraph", None), ("e3", "link", None)]


def test_aria_deep_nesting_is_refused_not_crashed() -> None:
    text = "".join("  " * depth + "- generic:\n" for depth in range(3000))
    with pytest.raises(SnapshotError, match="nested too deeply"):
        parse_aria(text)


def test_aria_quoting_and_escapes() -> None:
    text = "\n".join([
        "- main:",
        "  - 'link \"Time: 5 o''clock\" [ref=e7]':",
        "    - /url: \"#time\"",
        '  - button "Say \\"hi\\" \\u00e9" [ref=e8]',
        '  - paragraph [ref=e9]: "- starts with a dash\\ttab \\x41"',
        "  - text: 'it''s'",
        "  - textbox [ref=e10]: \"42\"",
    ])
    snap = parse_aria(text)
    link = snap.get("e7")
    assert link is not None and link.name == "Time: 5 o'clock" and link.attrs["href"] == "#time"
    button = snap.get("e8")
    assert button is not None and button.name == 'Say "hi" é'
    paragraph = snap.get("e9")
    assert paragraph is not None and paragraph.text == "- starts with a dash tab A"
    assert snap.nodes[0].text == "it's"
    textbox = snap.get("e10")
    assert textbox is not None and textbox.value == "42"


def test_aria_regex_and_bare_names() -> None:
    snap = parse_aria("- heading /Showing \\d+ of 36/ [level=2]\n- button Submit Order [ref=e3]\n"
                      "- link Home:\n  - /url: /\n")
    heading, button, link = snap.nodes
    assert heading.name == "Showing \\d+ of 36" and heading.level == 2
    assert heading.attrs["name-pattern"] == "/Showing \\d+ of 36/"
    assert (button.ref, button.name) == ("e3", "Submit Order")
    assert (link.name, link.attrs["href"]) == ("Home", "/")


def test_aria_flags() -> None:
    snap = parse_aria("\n".join([
        '- checkbox "All" [checked=mixed]',
        '- button "Bold" [pressed]',
        '- button "Italic" [pressed=mixed]',
        '- tab "One" [selected]',
        '- button "Menu" [expanded] [disabled]',
        '- textbox "Name" [invalid=spelling]',
        '- button "Boxed" [ref=e9] [box=10,20,80,30]',
        '- img "Logo" [aria-hidden]',
    ]))
    states = {n.name: n.states for n in snap.nodes}
    assert states["All"] == {"mixed"} and states["Bold"] == {"pressed"}
    assert states["Italic"] == {"mixed"} and states["One"] == {"selected"}
    assert states["Menu"] == {"expanded", "disabled"} and states["Name"] == {"invalid"}
    boxed = snap.get("e9")
    assert boxed is not None and boxed.box is not None and boxed.box.to_list() == [10, 20, 80, 30]
    assert snap.nodes[-1].attrs == {"aria-hidden": "true"}


def test_aria_round_trips_through_domdex_json() -> None:
    snap = load_snapshot(fixture("iframe.ai.yaml"))
    again = load_snapshot(snap.to_json())
    assert again.to_dict() == snap.to_dict()
    assert again.source == "aria-yaml"


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('- main:\n  - button "Go"\n - link "x"\n', 3, "indentation"),
        ('- button "Go"\n  - text: child of a leaf\n', 2, "cannot have children"),
        ('- main:\n  - button "Go\n', 2, "closing quote"),
        ("- main:\n  - [ref=e2]\n", 2, "role"),
        ("- main:\n\t- button\n", 2, "tab"),
        ('- heading "x" [level=two]\n', 1, "not a number"),
        ('- main:\n  - button [ref=e1]\n  - link [ref=e1]\n', 3, "twice"),
        ("- /url: /x\n", 1, "indented under an element"),
        ('- main:\n  - textbox: "unterminated\n', 2, "closing"),
        ('- main:\n  - paragraph: "bad \\q escape"\n', 2, "escape"),
        ('- button "Go" [ref=e1] junk\n', 1, "junk"),
        ("- main:\n  just some words\n", 2, "list item"),
    ],
)
def test_aria_malformed_input_names_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(SnapshotError) as info:
        load_snapshot(text)
    message = str(info.value)
    assert f"line {line}" in message and words in message


def test_aria_empty_tree_is_an_error() -> None:
    with pytest.raises(SnapshotError, match="no elements"):
        parse_aria("### Page\n- Page URL: http://x/\n```yaml\n```\n")


# Accessibility trees ---------------------------------------------------------------------
PLAYWRIGHT_AX_TREE = {
    "role": "WebArea",
    "name": "Checkout",
    "children": [
        {"role": "link", "name": "GreenThumb Supply"},
        {"role": "link", "name": "Cart (2)"},
        {"role": "heading", "name": "Checkout", "level": 1},
        {"role": "text", "name": "Shipping to Jane Cooper, 4140 Parker Rd"},
        {"role": "group", "name": "Billing Address", "children": [
            {"role": "textbox", "name": "Street Address", "required": True, "focused": True},
            {"role": "textbox", "name": "City", "required": True, "value": "Allentown"},
            {"role": "combobox", "name": "State", "required": True, "value": "New Mexico",
             "haspopup": "menu", "expanded": False},
            {"role": "checkbox", "name": "Same as shipping", "checked": "mixed"},
            {"role": "slider", "name": "Tip", "value": 15, "valuemin": 0, "valuemax": 30},
        ]},
        {"role": "button", "name": "Continue to Payment", "description": "Next: payment"},
        {"role": "button", "name": "Apply coupon", "disabled": True},
    ],
}


def test_tree_from_page_accessibility_snapshot() -> None:
    snap = load_snapshot(PLAYWRIGHT_AX_TREE)
    assert (snap.source, snap.title) == ("ax-tree", "Checkout")
    root = snap.nodes[0]
    assert (root.ref, root.role, root.text) == ("e1", "document",
                                                "Shipping to Jane Cooper, 4140 Parker Rd")
    assert not any(n.role == "text" for n in snap.nodes), "text leaves fold into the parent"
    street = one(snap, "textbox", "Street Address")
    assert street.states == {"required", "focused"} and street.parent == "e5"
    assert one(snap, "textbox", "City").value == "Allentown"
    state = one(snap, "combobox", "State")
    assert state.states == {"required", "collapsed"} and state.attrs == {"aria-haspopup": "menu"}
    assert one(snap, "checkbox", "Same as shipping").states == {"mixed"}
    tip = one(snap, "slider", "Tip")
    assert tip.value == "15" and tip.attrs == {"aria-valuemin": "0", "aria-valuemax": "30"}
    assert one(snap, "button", "Continue to Payment").description == "Next: payment"
    assert one(snap, "button", "Apply coupon").has("disabled")
    assert [n.ref for n in snap.nodes] == [f"e{i}" for i in range(1, len(snap.nodes) + 1)]


def test_tree_from_flat_accessibility_refs() -> None:
    refs = [
        {"ref": "s1e3", "role": "button", "name": "Search",
         "bounds": {"x": 100, "y": 200, "width": 80, "height": 30}},
        {"ref": "s1e5", "role": "textbox", "name": "Email", "value": "jane@example.com",
         "description": "We never share it"},
        {"ref": "s1e6", "role": "link", "name": "Forgot password?", "value": None,
         "description": None, "bounds": None},
    ]
    snap = parse_foreign(refs)
    assert [(n.ref, n.parent) for n in snap.nodes] == [("s1e3", None), ("s1e5", None),
                                                       ("s1e6", None)]
    search = snap.nodes[0]
    assert search.box is not None and search.box.center == (140, 215)
    email = snap.nodes[1]
    assert (email.value, email.description) == ("jane@example.com", "We never share it")
    assert snap.nodes[2].box is None and snap.nodes[2].text == "Forgot password?"


def test_tree_from_aria_json() -> None:
    data = [{"role": "generic", "ref": "e1", "active": True, "children": [
        {"role": "link", "name": "Docs", "ref": "e2", "cursor": "pointer", "url": "/docs"},
        "Released 2026",
        {"role": "textbox", "name": "Search", "ref": "e3", "placeholder": "Search docs",
         "text": "trowel", "box": {"x": 1, "y": 2, "width": 3, "height": 4}},
    ]}]
    snap = parse_tree(data)
    root, link, box = snap.nodes
    assert root.has("focused") and root.text == "Released 2026"
    assert link.has("clickable") and link.attrs == {"href": "/docs"}
    assert (box.value, box.attrs["placeholder"]) == ("trowel", "Search docs")
    assert box.box is not None and box.box.to_list() == [1, 2, 3, 4]


def test_tree_round_trips_through_domdex_json() -> None:
    snap = load_snapshot(json.dumps(PLAYWRIGHT_AX_TREE))
    assert load_snapshot(snap.to_json()).to_dict() == snap.to_dict()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"role": "button", "children": "not a list"}, "must be a list"),
        ({"role": "main", "children": [42]}, "[0].children[0] is a int"),
        ({"role": "heading", "level": "top"}, "'[0].level' must be a whole number"),
        ({"role": "button", "bounds": "wide"}, "bounds"),
        ([{"role": "button", "ref": "e1"}, {"role": "link", "ref": "E1"}], "twice"),
        ({"role": "button", "ref": "not a ref!"}, "not a ref"),
    ],
)
def test_tree_malformed_input(data: object, words: str) -> None:
    with pytest.raises(SnapshotError) as info:
        parse_foreign(data)  # type: ignore[arg-type]
    assert words in str(info.value)


# Detection ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "data",
    [42, [], [1, 2], [{"name": "no role"}], {"title": "x"}, "just a sentence, no list",
     {"content": "text"}],
)
def test_unrecognised_input_is_refused_clearly(data: object) -> None:
    with pytest.raises(SnapshotError) as info:
        parse_foreign(data)  # type: ignore[arg-type]
    assert "is not a domdex snapshot, an aria snapshot or an accessibility tree" in str(info.value)


def test_parse_foreign_passes_domdex_snapshots_through() -> None:
    snap = parse_aria(BRIEF_EXAMPLE)
    assert parse_foreign(snap.to_dict()).to_dict() == snap.to_dict()


def test_foreign_snapshot_builds_an_index() -> None:
    from domdex.index import build_index

    snap = parse_aria(fixture("dashboard.ai.yaml"))
    idx = build_index(snap)
    export = one(snap, "button", "Export to CSV")
    region = idx.region_of(export.ref)
    assert region is not None and "Table Actions" in region.name


# Live ------------------------------------------------------------------------------------
@pytest.mark.browser
def test_live_aria_refs_still_drive_playwright(server: str) -> None:
    from playwright.sync_api import sync_playwright

    from domdex.chromium import LAUNCH_ARGS, find_chromium

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{server}/product.html")
            snap = load_snapshot(page.aria_snapshot(mode="ai"))
            add = one(snap, "button", "Add to Cart")
            page.locator(f"aria-ref={add.ref}").click()
            after = load_snapshot(page.aria_snapshot(mode="ai"))
            assert by_name(after, "link", "Cart (4)")
        finally:
            browser.close()
