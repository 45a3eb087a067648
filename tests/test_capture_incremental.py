"""Incremental capture: after DOM changes, the patched snapshot equals a full capture."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domdex.session.actions import script
from domdex.snapshot import Node, Snapshot

pytestmark = pytest.mark.browser


@pytest.fixture
def page(domdex_browser: Any) -> Iterator[Any]:
    p = domdex_browser.new_page()
    try:
        yield p
    finally:
        p.close()


def _key(n: Node) -> tuple[Any, ...]:
    return (n.ref, n.parent, n.tag, n.role, n.name, n.value, n.text, n.level, n.states,
            n.attrs, n.options, n.visible, n.in_viewport, n.frame, n.index, n.description,
            n.box is None)


def _same(inc: Snapshot, full: Snapshot) -> None:
    assert [n.ref for n in inc.nodes] == [n.ref for n in full.nodes]
    for a, b in zip(inc.nodes, full.nodes, strict=True):
        assert _key(a) == _key(b), (a, b)
        if a.box is not None and b.box is not None:
            pairs = zip(a.box.to_list(), b.box.to_list(), strict=True)
            assert all(abs(x - y) <= 1 for x, y in pairs), (a, b)
    assert (inc.url, inc.title, inc.scroll, inc.document_id) == \
        (full.url, full.title, full.scroll, full.document_id)


def _step(page: Any, action: Any) -> None:
    """Run ``action`` on the live page; the incremental snapshot must equal a full one.

    The page is settled first, as the session does after an action: events queued by the
    action (a dialog's ``close`` handler filling a status line) must not land between the
    two captures being compared.
    """
    action(page.playwright_page)
    page.playwright_page.evaluate(script("settle.js"))
    inc = page.capture()
    full = page.capture(incremental=False)
    _same(inc, full)


def _registry(page: Any) -> Any:
    return page._async._frames


CASES: dict[str, list[Any]] = {
    "spa.html": [
        lambda p: p.click("#shuffle"),
        lambda p: p.click("#refresh"),
        lambda p: p.evaluate("document.querySelector('#add-form label').textContent = 'New task'"),
        lambda p: p.fill("#new-item", "write tests"),
        lambda p: p.click("#follow"),
        lambda p: p.evaluate("document.getElementById('counter').textContent = '7 left'"),
    ],
    "product.html": [
        lambda p: p.click("#add-to-cart"),
        lambda p: p.select_option("#quantity", "2"),
        lambda p: p.evaluate("document.getElementById('cart-link').textContent = 'Cart (4)'"),
        lambda p: p.evaluate("document.getElementById('reviews-heading').className = 'x'"),
        # a text that wraps onto more lines: everything below it moves
        lambda p: p.evaluate("document.querySelector('main p').append(' lorem'.repeat(120))"),
        lambda p: p.evaluate("window.scrollTo(0, 300)"),
        lambda p: p.evaluate("document.getElementById('reviews-heading').textContent = 'All'"),
    ],
    "modal.html": [
        lambda p: p.click("#delete-account"),
        lambda p: p.click("#cancel"),
        lambda p: p.evaluate("document.getElementById('result').textContent = 'Done.'"),
    ],
    "form-errors.html": [
        lambda p: p.click("#signup button[type=submit], #signup [type=submit]"),
        lambda p: p.fill("#username", "ada"),
        lambda p: p.evaluate("document.getElementById('password-hint').textContent = 'Eight+'"),
    ],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_incremental_equals_full(page: Any, server: str, name: str) -> None:
    page.goto(f"{server}/{name}")
    page.capture()
    for action in CASES[name]:
        _step(page, action)
    # the patch path was taken at least once (not every step fell back to a full pass)
    assert _registry(page).patched >= 1


def test_class_change_that_hides(page: Any, server: str) -> None:
    page.goto(f"{server}/product.html")
    page.playwright_page.add_style_tag(content=".gone { display: none }")
    page.capture()
    before = _registry(page).patched
    _step(page, lambda p: p.evaluate("document.getElementById('compare').className = 'gone'"))
    snap = page.snapshot()
    assert not next(n for n in snap.nodes if n.attrs.get("id") == "compare").visible
    _step(page, lambda p: p.evaluate("document.getElementById('compare').className = ''"))
    _step(page, lambda p: p.evaluate("document.getElementById('toast').hidden = false"))
    assert _registry(page).patched > before


def test_text_edit_is_patched_and_force_full(page: Any, server: str) -> None:
    page.goto(f"{server}/product.html")
    page.capture()
    reg = _registry(page)
    patched, full = reg.patched, reg.full
    _step(page, lambda p: p.evaluate(
        "document.querySelector('main p').append(' (edited)')"))
    assert reg.patched == patched + 1 and reg.full == full + 1  # the step's forced full
    # a new document: never patched
    page.goto(f"{server}/spa.html")
    page.capture()
    assert reg.patched == patched + 1


def test_open_shadow_root_changes(page: Any, server: str) -> None:
    """A change inside an open shadow root is seen (the observer watches the root)."""
    page.goto(f"{server}/shadow.html")
    page.capture()
    before = _registry(page).patched
    _step(page, lambda p: p.fill("coupon-box #code", "SPRING10"))
    _step(page, lambda p: p.click("coupon-box button[type=submit]"))
    snap = page.snapshot()
    assert any("SPRING10 applied" in (n.text or n.name) for n in snap.nodes)
    _step(page, lambda p: p.evaluate(
        "document.getElementById('coupon').shadowRoot.querySelector('label')"
        ".textContent = 'Your code'"))
    assert _registry(page).patched > before


def test_pages_with_frames_capture_in_full(page: Any, server: str) -> None:
    page.goto(f"{server}/iframe.html")
    page.capture()
    _step(page, lambda p: p.evaluate("document.body.append('x')"))
    assert _registry(page).patched == 0


def test_hover_and_focus_styles(page: Any, server: str) -> None:
    """A :hover / :focus-within rule shows a menu without a mutation: still equal."""
    page.goto(f"{server}/product.html")
    p = page.playwright_page
    p.add_style_tag(content=(
        ".hm .menu { display: none } .hm:hover .menu, .hm:focus-within .menu { display: block }"))
    p.evaluate("""() => {
      const main = document.querySelector('main');
      for (const k of ['a', 'b']) {
        const d = document.createElement('div');
        d.className = 'hm';
        d.id = 'hm-' + k;
        d.innerHTML = '<button type="button">Open ' + k + '</button>' +
          '<ul class="menu"><li><a href="#' + k + '1">First ' + k + '</a></li></ul>';
        main.prepend(d);
      }
    }""")
    page.capture()
    _step(page, lambda p: p.hover("#hm-a button"))
    assert any(n.name == "First a" and n.visible for n in page.snapshot().nodes)
    _step(page, lambda p: p.hover("#hm-b button"))
    _step(page, lambda p: p.focus("#hm-a button"))
    _step(page, lambda p: p.mouse.move(1, 1))


def test_cssom_rule_makes_a_full_pass(page: Any, server: str) -> None:
    page.goto(f"{server}/product.html")
    page.capture()
    _step(page, lambda p: p.evaluate(
        "document.styleSheets[0].insertRule('#compare { display: none }', 0)"))
    assert not next(n for n in page.snapshot().nodes if n.attrs.get("id") == "compare").visible
