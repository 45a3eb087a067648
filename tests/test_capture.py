"""Capture against real Chromium: what is kept, refs, frames, shadow roots, read-only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from domdex.capture import capture_script, engine_script
from domdex.capture.rows import rows_to_nodes
from domdex.snapshot import Snapshot

pytestmark = pytest.mark.browser


@pytest.fixture
def page(domdex_browser: Any) -> Iterator[Any]:
    """A fresh tab of the shared browser, closed after the test."""
    p = domdex_browser.new_page()
    try:
        yield p
    finally:
        p.close()


def _open(page: Any, server: str, name: str) -> Snapshot:
    page.goto(f"{server}/capture/{name}")
    snap: Snapshot = page.capture()
    return snap


def _by_id(snap: Snapshot, element_id: str) -> Any:
    found = [n for n in snap.nodes if n.attrs.get("id") == element_id]
    assert len(found) == 1, (element_id, found)
    return found[0]


def test_scripts_are_package_data() -> None:
    assert capture_script().lstrip().startswith("//")
    assert "queryAll" in engine_script()


def test_rows_to_nodes_offsets_and_short_rows() -> None:
    strings = ["button", "span", "generic", "id", "class", "btn primary"]
    rows = [[1, None, 0, 0, 1, "Go", [3, "go", 4, 5], [10, 20, 30, 40], 1, 1],
            [2, 1, 1, 2, "", "x", None, None, 2, 2]]
    nodes = rows_to_nodes(rows, frame="f1", origin=(100, 200), owner="e9",
                          viewport=(0, 0, 1280, 800), strings=strings)
    assert nodes[0].ref == "f1e1" and nodes[0].parent == "e9" and nodes[0].name == "Go"
    assert (nodes[0].tag, nodes[0].role) == ("button", "button")
    assert nodes[0].attrs == {"id": "go", "class": "btn primary"}
    assert nodes[0].box is not None and nodes[0].box.to_list() == [110, 220, 30, 40]
    assert nodes[0].in_viewport and nodes[0].frame == "f1"
    assert nodes[1].parent == "f1e1" and nodes[1].box is None and not nodes[1].visible
    assert nodes[1].index == 2


def test_basic_roles_names_values_states(page: Any, server: str) -> None:
    snap = _open(page, server, "basic.html")
    snap.validate()
    assert snap.title == "Capture basics" and snap.ready_state == "complete"
    assert snap.viewport == (1280, 800) and snap.document_id
    user = _by_id(snap, "user")
    assert (user.role, user.name, user.value) == ("textbox", "User name", "ada")
    assert "required" in user.states and user.attrs["placeholder"] == "Your name"
    pw = _by_id(snap, "pw")
    assert pw.value == "••••" and pw.name == "Password"
    assert _by_id(snap, "search").role == "searchbox"
    plan = _by_id(snap, "plan")
    assert plan.role == "combobox" and plan.value == "Pro"
    assert plan.options is not None
    assert [(o.label, o.value, o.selected, o.disabled) for o in plan.options] == [
        ("Free", "free", False, False), ("Pro", "pro", True, False), ("Team", "team", False, True)]
    assert _by_id(snap, "news").states == {"checked"}
    assert _by_id(snap, "news").name == "Newsletter"
    assert "readonly" in _by_id(snap, "bio").states
    save = _by_id(snap, "save")
    assert save.attrs == {"type": "submit", "id": "save", "data-testid": "save-btn",
                          "class": "btn primary"}
    assert _by_id(snap, "toggle").states == {"collapsed"}
    send = [n for n in snap.nodes if n.tag == "input" and n.attrs.get("type") == "submit"]
    assert send[0].role == "button" and send[0].name == "Send"
    heading = next(n for n in snap.nodes if n.tag == "h1")
    assert (heading.role, heading.name, heading.level) == ("heading", "Account settings", 1)
    landmarks = {n.role for n in snap.nodes}
    assert {"banner", "navigation", "main", "form", "contentinfo", "table", "row", "cell",
            "columnheader", "img"} <= landmarks


def test_text_blocks_fold_inline_formatting(page: Any, server: str) -> None:
    snap = _open(page, server, "basic.html")
    intro = _by_id(snap, "intro")
    assert intro.text == "Change your profile and read the help first."
    kids = [n for n in snap.nodes if n.parent == intro.ref]
    assert [(n.tag, n.text) for n in kids] == [("a", "read the help")]  # strong is folded
    assert not any(n.tag in ("em", "strong") for n in snap.nodes)
    span = next(n for n in snap.nodes if n.text == "Loose text in a span")
    assert span.tag == "span"


@pytest.mark.parametrize("inner", [
    "<article><footer><b>Ann Lee</b> says:</footer><p>Great post</p></article>",
    "<header><b>Ann Lee</b></header>", "<section><span>Ann Lee</span></section>",
    "<figure><span>Ann Lee</span></figure>", "<span role=group><b>Ann Lee</b></span>",
])
def test_a_structural_element_in_a_text_block_keeps_its_text(domdex_browser: Any,
                                                             inner: str) -> None:
    """Review 34: an <article>, <header>, <section>, <figure> or an element with a role
    inside an <li> lost its text (the block left it to the element, which kept only its
    direct text): WordPress comments lost their authors' names."""
    html = f"<html><body><main><ul><li>{inner}</li></ul></main></body></html>"
    page = domdex_browser.open("data:text/html;charset=utf-8," + quote(html))
    try:
        snap: Snapshot = page.capture()
    finally:
        page.close()
    assert any("Ann Lee" in n.text for n in snap.nodes), [(n.tag, n.text) for n in snap.nodes]


def test_a_structural_element_in_a_text_block_leaves_its_controls_their_text(
        domdex_browser: Any) -> None:
    """Review 35: the first form of the fix above gave an <article> its button's "Reply"
    as its text, and a <footer> its date link's text again."""
    html = ("<html><body><main><ul><li><article><footer><b>Ann Lee</b> says: <a href='#'>"
            "May 2, 10:32</a></footer><div><a href='#'>Reply</a></div></article></li></ul>"
            "</main></body></html>")
    page = domdex_browser.open("data:text/html;charset=utf-8," + quote(html))
    try:
        snap: Snapshot = page.capture()
    finally:
        page.close()
    texts = {n.tag: n.text for n in snap.nodes if n.tag in ("article", "footer")}
    assert texts == {"article": "", "footer": "Ann Lee says:"}, texts


def test_hidden_elements_are_kept_and_flagged(page: Any, server: str) -> None:
    snap = _open(page, server, "basic.html")
    mobile = _by_id(snap, "mobile-link")
    assert not mobile.visible and mobile.box is None and not mobile.in_viewport
    assert _by_id(snap, "mobile-q").visible is False
    permalink = next(n for n in snap.nodes if "headerlink" in n.attrs.get("class", ""))
    assert not permalink.visible and permalink.box is not None  # visibility:hidden has a box
    heading = snap.get(permalink.parent or "")
    assert heading is not None and heading.text == "Extras"  # the ¶ is not in the text
    assert _by_id(snap, "save").visible and _by_id(snap, "save").in_viewport


def test_names_and_descriptions(page: Any, server: str) -> None:
    snap = _open(page, server, "names.html")
    by_id = {n.attrs["id"]: n for n in snap.nodes if "id" in n.attrs}
    assert by_id["lb"].name == "Billing address"  # aria-labelledby, two ids
    assert by_id["imgbtn"].name == "Print now"  # img alt inside a button
    assert by_id["arialink"].name == "Read the full story"
    assert by_id["hiddenpart"].name == "Visible"  # display:none and aria-hidden left out
    assert by_id["titled"].name == "Only a title"
    assert by_id["svgbtn"].name == "Close dialog"
    # an empty icon's title names the link around it; a child with text keeps its text
    assert by_id["iconlink"].name == "Choose a Date" and by_id["iconbtn"].name == "×"
    # only an empty part says its title: a space, a <br> or role=none keep it silent
    # (review 40: "TrashDelete" lost the word "delete", and a click went elsewhere)
    assert by_id["spacedicon"].name == "Delete" and by_id["blankicons"].name == ""
    assert by_id["presicon"].name == "Go"
    # an icon whose content reads as nothing (an aria-hidden svg) says its title (review
    # 41: icon buttons had no name); one whose content is there but hidden does not
    assert by_id["svgicon"].name == "Edit" and by_id["hiddenpartitle"].name == "Save"
    # CSS generated content names an otherwise unnamed control, as in Chromium: an icon
    # font's ligature drawn from an attribute (Directus); a private-use glyph is no word
    assert by_id["ligature"].name == "delete" and by_id["ligaturelink"].name == "filter_list"
    assert by_id["glyphonly"].name == ""
    assert by_id["ph"].name == "Your email" and by_id["ta"].name == "Comment"
    described = next(n for n in snap.nodes if n.name == "Described")
    assert described.description == "Billing"


def test_sizeless_containers_are_visible_through_their_content(page: Any) -> None:
    page.playwright_page.set_content(
        '<div id="contents" style="display:contents"><p>One</p><p>Two</p></div>'
        '<div id="gone" style="display:none"><p>Three</p><p>Four</p></div>'
        '<div id="empty" style="height:0"></div>')
    snap = page.capture()
    assert _by_id(snap, "contents").visible
    assert not _by_id(snap, "gone").visible
    assert not _by_id(snap, "empty").visible


def test_a_bare_control_is_named_by_the_label_around_it(page: Any) -> None:
    """``<label>To <input></label>``: an input without a single attribute is still named by
    its label (the no-attribute shortcut for plain blocks had left it unnamed)."""
    page.playwright_page.set_content(
        "<main><label>To <input></label><label>Note <textarea></textarea></label>"
        "<label>Size <select><option>S</option></select></label></main>")
    names = {n.tag: n.name for n in page.capture().nodes if n.tag in ("input", "textarea",
                                                                       "select")}
    assert names == {"input": "To", "textarea": "Note", "select": "Size"}


def test_a_long_name_from_content_is_cut_like_the_whole_text(page: Any) -> None:
    """A cell holding a whole column of links (genindex-all.html) stops reading its name
    past 500 shown characters: the name is still the full text's first 499 + "…", with
    long runs of white space, hidden text and zero-width characters on the way."""
    entries = "".join(
        f'<dt><a href="#e{i}">entry\u200b {i}</a>'
        + ('<span aria-hidden="true">HIDDEN</span>' if i % 7 == 0 else "")
        + "</dt>" + "\n" + " " * (3000 if i % 50 == 0 else 2)
        for i in range(400))
    page.playwright_page.set_content(
        f'<table><tr><td id="cell"><dl>{entries}</dl></td><td>x</td></tr></table>'
        '<table><tr><td id="short"><dl><dt><a href="#s">one</a></dt></dl></td></tr></table>')
    snap = page.capture()
    full = " ".join(f"entry {i}" for i in range(400))
    assert _by_id(snap, "cell").name == full[:499] + "\u2026"
    assert _by_id(snap, "short").name == "one"


def test_pointer_cursor_marks_clickable(page: Any, server: str) -> None:
    snap = _open(page, server, "basic.html")
    fake = _by_id(snap, "fake-button")
    assert "clickable" in fake.states and fake.text == "Open panel"


def test_refs_are_stable_and_never_reused(page: Any, server: str) -> None:
    first = _open(page, server, "dynamic.html")
    before = {n.attrs["id"]: n.ref for n in first.nodes if n.attrs.get("id", "").startswith("b")}
    again = page.capture()
    assert {n.attrs["id"]: n.ref for n in again.nodes if n.attrs.get("id", "")
            .startswith("b")} == before
    assert again.document_id == first.document_id
    pw = page.playwright_page
    pw.evaluate("""() => {
        const li = document.createElement('li');
        li.innerHTML = '<button id="b0">Zero</button>';
        document.getElementById('list').prepend(li);
        document.getElementById('b2').closest('li').remove();
    }""")
    after = page.capture()
    ids = {n.attrs["id"]: n.ref for n in after.nodes if n.attrs.get("id", "").startswith("b")}
    assert ids["b1"] == before["b1"] and ids["b3"] == before["b3"]
    assert "b2" not in ids
    assert ids["b0"] not in set(before.values())  # new element, new ref
    # the removed element's ref is never handed out again
    pw.evaluate("""() => { for (let i = 0; i < 5; i++) {
        const b = document.createElement('button'); b.textContent = 'n' + i;
        document.body.append(b); } }""")
    latest = page.capture()
    assert before["b2"] not in {n.ref for n in latest.nodes}
    assert len({n.ref for n in latest.nodes}) == len(latest.nodes)


def test_refs_resolve_to_their_elements(page: Any, server: str) -> None:
    """The way back from a ref to its element: through the last capture's rows, by a
    pass over the document for an element that capture no longer keeps, and nothing for
    an element removed or a ref never handed out."""
    page.goto(f"{server}/capture/dynamic.html")
    pw = page.playwright_page
    pw.evaluate("""() => { const d = document.createElement('div'); d.id = 'box';
        d.innerHTML = '<p>Alone</p>'; document.body.append(d); }""")
    snap = page.capture()
    refs = {n.attrs["id"]: n.ref for n in snap.nodes if n.attrs.get("id")}
    resolve = """(ref) => { const el = window[Symbol.for('domdex')].element(ref);
        return el ? el.id || el.tagName : null; }"""
    assert pw.evaluate(resolve, refs["b1"]) == "b1"
    assert pw.locator(f"domdex={refs['b3']}").get_attribute("id") == "b3"
    # a <div> is kept for its id; without one it is a container capture drops
    pw.evaluate("() => document.getElementById('box').removeAttribute('id')")
    again = page.capture()
    assert refs["box"] not in {n.ref for n in again.nodes}
    assert pw.evaluate(resolve, refs["box"]) == "DIV"
    pw.evaluate("() => document.getElementById('b2').remove()")
    page.capture()
    assert pw.evaluate(resolve, refs["b2"]) is None
    assert pw.evaluate(resolve, "e999999") is None


def test_the_capture_function_is_kept_in_the_frame(page: Any, server: str) -> None:
    """The first capture leaves capture.js's function behind a non-enumerable symbol;
    later captures call it; one kept by another capture.js (another key) is replaced."""
    first = _open(page, server, "dynamic.html")
    pw = page.playwright_page
    kept = "() => window[Symbol.for('domdex.capture')]"
    pw.evaluate(f"() => {{ window.__kept = ({kept})(); }}")
    again = page.capture(incremental=False)
    assert pw.evaluate(f"() => window.__kept === ({kept})()")
    assert [n.to_dict() for n in again.nodes] == [n.to_dict() for n in first.nodes]
    pw.evaluate("""() => Object.defineProperty(window, Symbol.for('domdex.capture'),
        { value: { key: 'old', run: () => 'not json' }, configurable: true })""")
    latest = page.capture(incremental=False)
    assert [n.ref for n in latest.nodes] == [n.ref for n in first.nodes]
    assert pw.evaluate(f"() => ({kept})().key !== 'old'")


def test_capture_does_not_touch_the_dom(page: Any, server: str) -> None:
    page.goto(f"{server}/capture/basic.html")
    pw = page.playwright_page
    html = pw.evaluate("() => document.documentElement.outerHTML")
    page.capture()
    page.capture()
    assert pw.evaluate("() => document.documentElement.outerHTML") == html
    # the state is reachable only through the symbol, and not enumerable
    assert pw.evaluate("""() => !Object.keys(window).some(k => k.includes('domdex')) &&
        !Object.getOwnPropertyDescriptor(window, Symbol.for('domdex')).enumerable""")


def test_new_document_gets_new_document_id(page: Any, server: str) -> None:
    first = _open(page, server, "dynamic.html")
    page.playwright_page.reload()
    second = page.capture()
    assert second.document_id != first.document_id


def test_frames_are_prefixed_and_placed(page: Any, server: str) -> None:
    page.goto(f"{server}/capture/frames.html")
    page.playwright_page.wait_for_function(
        "() => document.getElementById('cross').contentWindow.length !== undefined")
    page.playwright_page.frame_locator("#cross").locator("#inner").wait_for()
    snap = page.capture()
    snap.validate()
    same, cross = _by_id(snap, "same"), _by_id(snap, "cross")
    assert same.role == "iframe"
    owners = {f.owner: f for f in snap.frames}
    assert set(owners) == {same.ref, cross.ref}
    assert owners[same.ref].url.endswith("frame-child.html")
    assert "localhost" in owners[cross.ref].url or "127.0.0.1" in owners[cross.ref].url
    inner = [n for n in snap.nodes if n.attrs.get("id") == "inner"]
    assert len(inner) == 2
    for node in inner:
        assert node.ref.startswith(node.frame) and node.frame.startswith("f")
        assert node.parent in (same.ref, cross.ref)
    first = next(n for n in inner if n.parent == same.ref)
    assert first.box is not None and first.box.to_list()[:2] == [65.0, 145.0]  # 50+5+10
    # frame nodes follow their iframe in document order
    refs = [n.ref for n in snap.nodes]
    assert refs.index(first.ref) == refs.index(same.ref) + 1
    # frame ids stay the same for the life of the frame
    again = page.capture()
    assert {f.owner: f.id for f in again.frames} == {f.owner: f.id for f in snap.frames}


def test_open_shadow_roots_in_composed_order(page: Any, server: str) -> None:
    snap = _open(page, server, "shadow.html")
    names = [(n.role, n.name) for n in snap.nodes if n.role in ("heading", "button", "textbox")]
    assert names == [("heading", "Shadow roots"), ("heading", "Slotted title"),
                     ("button", "Shadow button"), ("button", "Light button"),
                     ("textbox", "Shadow field")]
    region = next(n for n in snap.nodes if n.role == "region")
    assert region.name == "Card"
    assert snap.get(_by_id(snap, "shadow-btn").parent or "") is region


@pytest.mark.pydocs
def test_pydocs_os_page(page: Any, pydocs: Any) -> None:
    page.goto(str(pydocs / "library" / "os.html"))
    snap = page.capture()
    snap.validate()
    assert len(snap.nodes) > 3000
    spans = [n for n in snap.nodes if n.tag == "span" and n.text == "«" and n.in_viewport]
    assert spans and "clickable" in spans[0].states  # the sidebar's real collapse target
    mobile = [n for n in snap.nodes if n.attrs.get("class", "").startswith("mobile-nav")]
    assert mobile and not mobile[0].visible



def test_a_clickable_table_row_keeps_its_cells(page: Any) -> None:
    """A row that opens its record on a click (Directus's item tables) keeps its cells,
    as Chromium's tree does: "the stock of Cold Harbour" is a cell of that row."""
    page.playwright_page.set_content(
        "<table><tr><th>Title</th><th>Stock</th></tr>"
        "<tr style='cursor:pointer' onclick='1'><td>A Winter in Lisbon</td><td><span>3</span>"
        "</td></tr><tr style='cursor:pointer' onclick='1'><td>Cold Harbour</td><td>5</td>"
        "</tr></table>")
    snap = page.capture()
    cells = [(n.role, n.name) for n in snap.nodes if n.tag == "td"]
    assert cells == [("cell", "A Winter in Lisbon"), ("cell", "3"), ("cell", "Cold Harbour"),
                     ("cell", "5")], cells
