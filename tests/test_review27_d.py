"""Stale and live refs that acted on another record (review 27, findings D1–D6).

Each page under ``tests/pages/review27_d`` records, in the page itself, which record's
handler ran (``window.LEDGER``, a closure's id, not the DOM text). The agent takes a
ref, the page changes the way apps do, the old ref is used: the ledger must show the
meant record's handler or nothing (a refusal), never another record's.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from domdex.errors import StaleRefError
from domdex.session.actions import script
from domdex.session.recovery import name_score

pytestmark = pytest.mark.browser


@pytest.fixture
def open_page(domdex_browser: Any, server: str) -> Iterator[Any]:
    """``open_page(name)``: a Page showing ``tests/pages/review27_d/<name>``."""
    pages: list[Any] = []

    def _open(name: str) -> Any:
        page = domdex_browser.open(f"{server}/review27_d/{name}")
        pages.append(page)
        return page

    yield _open
    for page in pages:
        page.close()


def _ledger(page: Any) -> list[str]:
    return list(page.playwright_page.evaluate("window.LEDGER"))


# D1: a row patched in place that kept half of its key ("Alice Smith | Admin" now
# shows "Bob Smith | Admin") passed the live check and deleted the other person.
@pytest.mark.parametrize("name", ["Bob Smith", "Alice Jones", "Alicia Smith"])
def test_a_live_row_whose_name_was_replaced_is_refused(open_page: Any, name: str) -> None:
    page = open_page("patched_rows.html")
    ref = page.find("Delete Alice Smith", intent="click").ref
    page.playwright_page.evaluate(f"patch({name!r}, 'Admin')")
    with pytest.raises(StaleRefError):
        page.click(ref)
    assert _ledger(page) == []


def test_a_live_row_whose_status_changed_still_acts(open_page: Any) -> None:
    """Its role cell changed in place, its name did not: the same person."""
    page = open_page("patched_rows.html")
    ref = page.find("Delete Alice Smith", intent="click").ref
    page.playwright_page.evaluate("setRole('Viewer')")
    page.click(ref)
    assert _ledger(page) == ["p1"]


# D2: a re-rendered row that only gained words ("Mike Ross" -> "Mike Ross Jr") was
# recovered onto that other person, and the message never showed the new row.
@pytest.mark.parametrize(("name", "last"), [("Mike Ross Jr", False),
                                            ("Mike Ross (former)", True)])
def test_a_record_whose_name_grew_is_not_recovered(open_page: Any, name: str,
                                                   last: bool) -> None:
    page = open_page("grown_names.html")
    ref = page.find("Remove Mike Ross", intent="click").ref
    page.playwright_page.evaluate(f"replaceFirst({name!r}, {str(last).lower()})")
    with pytest.raises(StaleRefError):
        page.click(ref)
    assert _ledger(page) == []


def test_a_recovery_shows_the_row_it_landed_on(open_page: Any) -> None:
    page = open_page("grown_names.html")
    ref = page.find("Remove Carol White", intent="click").ref
    page.playwright_page.evaluate("reverse()")
    result = page.click(ref)
    assert result.recovery is not None and result.recovery.recovered
    assert _ledger(page) == ["p2"]
    assert "now 'Carol White" in str(result)


# D4: an id in brackets was read as a count ("Approve request (1017)" acted on as
# "… (1018)", under "Order (1018)").
@pytest.mark.parametrize("how", ["next()", "nextHeading()"])
def test_an_id_in_brackets_is_not_a_count(open_page: Any, how: str) -> None:
    page = open_page("bracketed.html")
    ref = page.find("Approve request 1017", intent="click").ref
    page.playwright_page.evaluate(how)
    with pytest.raises(StaleRefError):
        page.click(ref)
    assert _ledger(page) == []


def test_a_count_in_brackets_may_still_change(open_page: Any) -> None:
    page = open_page("bracketed.html")
    ref = page.find("Check out", intent="click").ref
    page.playwright_page.evaluate("addToCart()")
    page.click(ref)
    assert _ledger(page) == ["checkout"]
    assert name_score("Cart (3)", "Cart (4)") == 0.75
    assert name_score("Approve request (1017)", "Approve request (1018)") == 0.0
    assert name_score("Approve A-12", "Approve A-13") == 0.0


# D3: a confirm dialog whose message is two paragraphs: they were taken for a run of
# cards and left out of the Confirm button's context, so the Confirm taken for Alpha
# confirmed deleting Beta once the app reused the dialog.
@pytest.mark.parametrize("query", ["", "?lines"])
def test_a_confirm_taken_for_one_record_does_not_confirm_another(open_page: Any,
                                                                 query: str) -> None:
    page = open_page(f"confirm_dialog.html{query}")
    page.click(query="Delete Alpha")
    ref = page.find("Confirm", intent="click").ref
    page.playwright_page.evaluate("ask('Beta')")  # the dialog now asks about Beta
    with pytest.raises(StaleRefError):
        page.click(ref)
    assert _ledger(page) == []


def test_a_confirm_still_confirms_what_it_was_taken_for(open_page: Any) -> None:
    page = open_page("confirm_dialog.html")
    page.click(query="Delete Alpha")
    ref = page.find("Confirm", intent="click").ref
    page.playwright_page.evaluate("ask('Alpha')")  # asked again: the same question
    page.click(ref)
    assert _ledger(page) == ["Alpha"]


# D5: changes the change tracker did not see (rows in a shadow root; inputs' values set
# through the property) made the session reuse its last capture as fresh, so the old
# ref was clicked on whatever its row showed now (Carol's Delete for Alice's).
@pytest.mark.parametrize("name", ["shadow_rows.html", "value_rows.html"])
def test_a_change_without_a_document_mutation_is_seen(open_page: Any, name: str) -> None:
    page = open_page(name)
    ref = page.find("Delete Alice Archer", intent="click").ref
    page.playwright_page.evaluate("sortZA()")
    with contextlib.suppress(StaleRefError):  # a refusal is fine; Carol's Delete is not
        page.click(ref)
    assert _ledger(page) in ([], ["p1"])


def test_the_change_tracker_counts_shadow_and_value_changes_only(open_page: Any) -> None:
    """changes.js itself: nothing changed is 0 (the last capture stays in use); a
    shadow root the capture met is watched; a value set through the property counts."""
    page = open_page("shadow_rows.html")
    page.find("Delete Alice Archer")  # a capture: it met the component's shadow root
    pw = page.playwright_page
    changes = script("changes.js")
    pw.evaluate(changes)  # the root is watched from now on (counted once: unseen before)
    assert pw.evaluate(changes) == 0
    pw.evaluate("sortZA()")
    assert pw.evaluate(changes) > 0
    assert pw.evaluate(changes) == 0
    pw.evaluate("document.body.append(Object.assign(document.createElement('input'),"
                " {value: 'a'}))")
    assert pw.evaluate(changes) > 0
    pw.evaluate("document.querySelector('body > input').value = 'b'")
    assert pw.evaluate(changes) > 0
    assert pw.evaluate(changes) == 0


# D6: an element naming itself in its aria-labelledby lost its own text ("self other"
# gave "Alice Archer" for both the row's Edit and Delete; Chromium: "Delete Alice
# Archer"), so acting by query could pick Edit for "Delete Alice Archer".
def test_an_element_in_its_own_labelledby_keeps_its_own_text(open_page: Any) -> None:
    page = open_page("labelledby_self.html")
    pw = page.playwright_page
    names = {n.attrs.get("id"): n.name for n in page.index().nodes if n.attrs.get("id")}
    assert names["e1"] == "Edit Alice Archer" and names["d1"] == "Delete Alice Archer"
    assert names["r1"] == "Remove Alice Archer"
    for el_id, name in names.items():  # Chromium's own names, element by element
        if el_id.startswith(("e", "d", "r", "q")):
            role = "textbox" if el_id.startswith("q") else "button"
            found = pw.get_by_role(role, name=name, exact=True)
            assert found.evaluate_all("els => els.map(e => e.id)") == [el_id], (el_id, name)
    page.click(query="Delete Alice Archer")
    assert _ledger(page) == ["delete alice"]


@pytest.mark.parametrize("badge", ["New", "3 unread"])
def test_a_row_that_gained_a_badge_is_still_recovered(open_page: Any, badge: str) -> None:
    """Words only added that read as a badge (one another row wears, or a count) keep
    the row: the same person, recovered after the list re-rendered."""
    page = open_page("badges.html")
    ref = page.find("Remove Mike Ross", intent="click").ref
    page.playwright_page.evaluate(f"badge({badge!r})")
    result = page.click(ref)
    assert result.recovery is not None and result.recovery.recovered
    assert _ledger(page) == ["p1"]
