"""Actions on a single page through the public API: ``page.click(query=…, diff=True)``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import domdex
from domdex.errors import ActionError, StaleRefError
from domdex.render.diff import NO_EARLIER_VIEW

pytestmark = pytest.mark.browser


def test_page_actions_sync(server: str) -> None:
    with domdex.launch() as browser:
        page = browser.open(f"{server}/product.html")
        result = page.click(query="Add to Cart", diff=True)
        assert '"Cart (3)" → "Cart (4)"' in result.render()
        assert result.to_dict()["diff"]["elements"]
        page.select(query="Quantity", option="2")
        assert page.playwright_page.evaluate("document.querySelector('select').value") == "2"
        view = page.diff()
        assert "[selected: \"2\"]" in view.render() or "2" in view.render()
        page.fill(query="Search products", value="gloves")
        assert "gloves" in page.regions().render() or page.playwright_page.evaluate(
            "document.querySelector('input[type=search]').value") == "gloves"


def test_page_actions_async(server: str) -> None:
    import anyio

    async def main() -> str:
        async with await domdex.async_launch() as browser:
            page = await browser.open(f"{server}/spa.html")
            milk = (await page.index()).snapshot  # any capture gives refs
            ref = next(n.ref for n in milk.nodes if n.name == "Done Buy milk")
            await page.click(query="Refresh")  # re-creates every list node
            result = await page.click(ref)
            assert result.recovery is not None and result.recovery.recovered
            return str(await page.playwright_page.evaluate(
                "Array.from(document.querySelectorAll('li.done span')).map(e => e.textContent)"
                ".join()"))

    assert anyio.run(main) == "Buy milk"


def _drive_quantity(page: Any, option: str) -> None:
    """Change the product page's Quantity select with Playwright itself, not domdex."""
    page.playwright_page.select_option("#quantity", option)


@pytest.mark.parametrize("look", ["capture", "snapshot"])
def test_diff_compares_with_a_capture_taken_through_the_page(
        domdex_browser: Any, server: str, look: str) -> None:
    page = domdex_browser.open(f"{server}/product.html")
    try:
        getattr(page, look)()  # the user's own look at the page: the diff's baseline
        _drive_quantity(page, "3")
        text = page.diff().render()
        assert text.startswith("CHANGES since the last capture: 1")
        assert '[selected: "1"] → [selected: "3"]' in text
    finally:
        page.close()


def test_diff_compares_with_the_latest_capture_the_user_took(domdex_browser: Any,
                                                             server: str) -> None:
    page = domdex_browser.open(f"{server}/product.html")
    try:
        page.find("Quantity")  # the session's view: "1"
        _drive_quantity(page, "2")
        page.capture()  # a later look ("2") replaces it as the baseline
        _drive_quantity(page, "3")
        assert '[selected: "2"] → [selected: "3"]' in page.diff().render()
    finally:
        page.close()


def test_a_capture_of_another_page_does_not_make_the_old_pages_refs_act_on_it(
        domdex_browser: Any) -> None:
    """The user captures page B after Playwright navigated there from A: the diff still
    reports the navigation, and A's refs (refs restart per document) are refused, never
    resolved against B's elements."""
    a = "data:text/html,<main><button>Keep file</button><p>A</p></main>"
    b = ("data:text/html,<main><button onclick=\"document.title='DELETED'\">Delete "
         "everything</button><p>B</p></main>")
    page = domdex_browser.open(a)
    try:
        keep = page.find("Keep file", intent="click").ref
        page.playwright_page.goto(b)
        page.capture()
        assert "CHANGES since the last capture: none" not in page.diff().render()
        with pytest.raises(StaleRefError):
            page.click(keep)
        assert page.playwright_page.title() != "DELETED"
    finally:
        page.close()


def test_an_action_diff_after_a_capture_reports_only_what_the_action_changed(
        domdex_browser: Any) -> None:
    page = domdex_browser.open("data:text/html,<main><button>Nothing</button><p>hello</p>"
                               "</main>")
    try:
        ref = next(n.ref for n in page.index().nodes if n.name == "Nothing")
        page.playwright_page.evaluate("document.querySelector('p').textContent = 'changed'")
        page.capture()  # the user saw "changed": the click changes nothing after that
        text = page.click(ref, diff=True).render()
        assert "CHANGES since the last capture: none" in text, text
    finally:
        page.close()


def test_acting_on_an_item_of_a_closed_menu_opens_the_menu_the_page_declares(
        domdex_browser: Any, server: str) -> None:
    """"log out" is the account menu's Sign out, hidden until the menu opens: find says
    which control opens it, and a click by query presses that opener (it declares a
    menu: aria-haspopup) and then the item, which wins again once shown; a click by the
    hidden item's ref is refused with the opener, as nothing was asked of it."""
    page = domdex_browser.open(f"{server}/dashboard.html")
    try:
        hit = page.find("log out", intent="click")
        assert hit.ref and hit.reveal and f"open @{hit.reveal}" in hit.suggestion, str(hit)
        with pytest.raises(ActionError, match=rf'hidden .* Open @{hit.reveal} "Jane Cooper"'):
            page.click(hit.ref)
        done = page.click(query="log out")
        assert f'OPENED FIRST: BUTTON "Jane Cooper" @{hit.reveal}' in str(done), str(done)
        assert page.playwright_page.url.endswith("/login.html")
    finally:
        page.close()


def test_diff_with_no_earlier_view_says_so(domdex_browser: Any, server: str) -> None:
    page = domdex_browser.open(f"{server}/product.html")
    try:
        _drive_quantity(page, "3")
        view = page.diff()
        first, *rest = view.render().splitlines()
        assert first == NO_EARLIER_VIEW
        assert rest[0].startswith("PAGE: ") and "REGIONS: " in rest[1]  # the page as it is
        assert view.to_dict()["note"] == NO_EARLIER_VIEW
        assert page.diff().render().startswith("CHANGES since the last capture: none")
    finally:
        page.close()


def test_upload_of_a_missing_file_names_it(domdex_browser: Any, server: str,
                                           tmp_path: Path) -> None:
    page = domdex_browser.open(f"{server}/forms/apply.html")
    missing = tmp_path / "cv.pdf"
    try:
        cv = next(n.ref for n in page.snapshot().nodes if n.attrs.get("id") == "cv")
        with pytest.raises(domdex.DomdexError, match=f"Cannot upload {missing}: no such file"):
            page.upload(cv, str(missing))
        with pytest.raises(domdex.DomdexError, match="Cannot upload nope.pdf: no such file "
                           r"\(/.+/nope\.pdf\)"):
            page.upload(query="Résumé", files="nope.pdf")  # relative: named as resolved too
    finally:
        page.close()


@contextmanager
def _editors(browser: Any, html: str) -> Iterator[tuple[Any, list[Any]]]:
    """A page with ``html`` and its nodes captured as contenteditable roots."""
    page = browser.new_page()
    try:
        page.playwright_page.set_content(html)
        yield page, [n for n in page.index().nodes if "editable" in n.states]
    finally:
        page.close()


def test_a_contenteditable_editor_is_a_field_found_and_filled(domdex_browser: Any) -> None:
    """A ``<pre contenteditable>`` SQL editor (Chromium: a generic that is editable) is the
    field an agent types into: captured with the state ``editable``, shown as a TEXTBOX,
    found as "the editor", and filled through domdex. A paragraph inside it is not a
    second editor."""
    with _editors(domdex_browser,
                  "<main><h1>SQL command</h1><form><pre contenteditable class='sqlarea' "
                  "style='width:400px;height:120px'><p>select</p></pre>"
                  "<input type='submit' value='Execute'></form></main>") as (page, editors):
        assert [n.tag for n in editors] == ["pre"]
        hit = page.find("the query editor", intent="fill")
        assert hit.ref == editors[0].ref and "TEXTBOX" in str(hit), str(hit)
        page.fill(hit.ref, "select 1")
        assert page.playwright_page.inner_text("pre").strip() == "select 1"


def test_an_editor_is_named_by_its_label_not_by_what_it_holds(domdex_browser: Any) -> None:
    """Two contenteditable editors, *Title* and *Description*: the description's text
    mentions "the title", which must not make it "the title field"; views do not show an
    editor's text as its name."""
    with _editors(domdex_browser,
                  "<main><div><div>Title</div><div contenteditable='true'>Crash on save</div>"
                  "</div><div><div>Description</div><div contenteditable='true'><p>Steps: open "
                  "a file, change the title, press save.</p></div></div><button>Submit</button>"
                  "</main>") as (page, editors):
        hit = page.find("the title field", intent="fill")
        assert hit.ref == editors[0].ref, str(hit)
        assert 'TEXTBOX "Title"' in str(hit) and "Crash on save" not in str(hit), str(hit)
