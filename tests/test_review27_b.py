"""Acting by query must not land on an element the request does not name (review 27, B).

Each case once clicked the wrong element and reported OK: a record the page does not
hold ("Delete Bob Brown" deleted Ann Brown), a record the request excludes ("the one
that is not Alice" deleted Alice), a section named by a position word ("in the Right
panel" clicked the Left panel's button), a place that does not split look-alikes ("in
the header" on a page with no header) and an ordinal that two lists both count ("the
second post"). Every case asserts on the page's own ledger of which handler ran: the
right one, or none (a refusal).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domdex.errors import DomdexError

pytestmark = pytest.mark.browser

HEAD = "<!doctype html><html lang=en><body><script>window.LEDGER=[]</script>"


def _table(rows: list[str]) -> str:
    return (HEAD + "<main><h1>Records</h1><table><thead><tr><th>Name</th><th></th></tr>"
            "</thead><tbody>" + "".join(
                f"<tr><td>{n}</td><td><button onclick=\"LEDGER.push('{n}')\">Delete</button>"
                "</td></tr>" for n in rows) + "</tbody></table></main></body></html>")


def _list(rows: list[str]) -> str:
    return (HEAD + "<main><h1>Users</h1><ul>" + "".join(
        f"<li>{n} <button onclick=\"LEDGER.push('{n}')\">Delete</button></li>" for n in rows)
        + "</ul></main></body></html>")


def _panels(a: str, b: str) -> str:
    return (HEAD + "<main>" + "".join(
        f"<section aria-label=\"{n}\"><h2>{n}</h2><ul><li>Alpha <button "
        f"onclick=\"LEDGER.push('{n}')\">Delete</button></li></ul></section>" for n in (a, b))
        + "</main></body></html>")


def _posts() -> str:
    def tbl(name: str, rows: list[str]) -> str:
        return (f"<section aria-label='{name}'><h2>{name}</h2><table><thead><tr><th>Title</th>"
                "<th></th></tr></thead><tbody>" + "".join(
                    f"<tr><td>{r}</td><td><button onclick=\"LEDGER.push('{name}:{r}')\">"
                    "Delete</button></td></tr>" for r in rows) + "</tbody></table></section>")
    return (HEAD + "<main><h1>Posts</h1>" + tbl("Drafts", ["Spring sale", "Hiring update"])
            + tbl("Published", ["Launch notes", "Roadmap", "Pricing change"])
            + "</main></body></html>")


PAGES = {
    "three.html": _table(["Bob Green", "Ann Brown", "Carl White"]),
    "one.html": _table(["Ann Brown"]),
    "pair.html": _table(["Alice Smith", "Bob Jones"]),
    "trio.html": _table(["Alice Smith", "Bob Jones", "Alice Jones"]),
    "invoices.html": _table(["Invoice 1018 ACME", "Invoice 1020 Globex"]),
    "two-users.html": _list(["Alice Archer", "Bob Brown"]),
    "three-users.html": _list(["Alice Archer", "Bob Brown", "Carol Chen"]),
    "panels.html": _panels("Left panel", "Right panel"),
    "posts.html": _posts(),
    "not-now.html": HEAD + """<main><h1>Notifications</h1><div role=dialog aria-label="Allow?">
<button onclick="LEDGER.push('allow')">Allow</button>
<button onclick="LEDGER.push('not now')">Not now</button></div></main></body></html>""",
    "dont-save.html": HEAD + """<main><h1>Draft</h1><div role=dialog aria-label="Leave?">
<button onclick="LEDGER.push('save')">Save</button>
<button onclick="LEDGER.push('dont')">Don't save</button></div></main></body></html>""",
    "header.html": HEAD + """<header><h1>Shop</h1>
<button onclick="LEDGER.push('header')">Remove</button></header><main><h2>Cart</h2></main>
<aside><h2>Saved for later</h2><ul>
<li>Blue mug <button onclick="LEDGER.push('mug')">Remove</button></li>
<li>Red pen <button onclick="LEDGER.push('pen')">Remove</button></li></ul></aside></body></html>""",
    "forms.html": HEAD + """<main><h1>Account</h1>
<form aria-label="Profile"><h2>Profile</h2><label>Name <input></label>
<button type=button onclick="LEDGER.push('profile')">Save</button></form>
<form aria-label="Password"><h2>Password</h2><label>New password <input type=password></label>
<button type=button onclick="LEDGER.push('password')">Save</button></form></main></body></html>""",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The pages above, served on 127.0.0.1."""
    from domdex.localsite import LocalSite

    root: Path = tmp_path_factory.mktemp("review27b")
    for name, html in PAGES.items():
        (root / name).write_text(html)
    with LocalSite(root) as served:
        yield served.url


def _click(browser: Any, url: str, query: str) -> tuple[list[str], str | None]:
    """The page's ledger after ``click(query=…)`` and the refusal's text (None: acted)."""
    page = browser.open(url)
    try:
        refused = None
        try:
            page.click(query=query)
        except DomdexError as exc:
            refused = str(exc)
        return list(page.playwright_page.evaluate("window.LEDGER")), refused
    finally:
        page.close()


# W6: a record the page does not hold --------------------------------------------------

@pytest.mark.parametrize(("page", "query", "lacking"), [
    ("three.html", "Delete Bob Brown", "bob"),
    ("one.html", "Delete Bob Brown", "bob"),
    ("pair.html", "Delete Alice Jones", "alice"),
    ("invoices.html", "Delete the ACME invoice 1017", "1017"),
])
def test_a_record_the_page_does_not_hold_is_refused_not_half_matched(
        domdex_browser: Any, site: str, page: str, query: str, lacking: str) -> None:
    """The best match was picked by a word of its row ("brown") but lacks another word
    of the record the request names ("bob"): refused, naming the missing word."""
    ledger, refused = _click(domdex_browser, f"{site}/{page}", query)
    assert ledger == []
    assert refused is not None and repr(lacking) in refused, refused


@pytest.mark.parametrize(("page", "query", "told"), [
    ("trio.html", "Delete Alice Jones", "Alice Jones"),
    ("three.html", "Delete Bob", "Bob Green"),
    ("two-users.html", "delete the user Brown", "Bob Brown"),
    ("forms.html", "Save profile", "profile"),
    ("forms.html", "Save the new password", "password"),
])
def test_a_record_the_request_names_whole_is_acted_on(
        domdex_browser: Any, site: str, page: str, query: str, told: str) -> None:
    ledger, refused = _click(domdex_browser, f"{site}/{page}", query)
    assert refused is None and ledger == [told], refused


# W7: a record the request excludes ---------------------------------------------------

@pytest.mark.parametrize(("page", "query", "excluded"), [
    ("two-users.html", "Delete the one that is not Alice", "Alice Archer"),
    ("two-users.html", "Delete the user who isn't Alice", "Alice Archer"),
    ("two-users.html", "Delete the one that's not Alice", "Alice Archer"),
    ("three-users.html", "Delete anyone but Bob", "Bob Brown"),
    ("three-users.html", "don't delete Alice, delete Bob", "Alice Archer"),
    ("two-users.html", "Delete the one never called Alice", "Alice Archer"),
    # review 28: the excluded control's own name says "not"; places relative to a record
    ("dont-save.html", "click Save, not Don't save", "dont"),
    ("dont-save.html", "Save (not Don't save)", "dont"),
    ("dont-save.html", "Don't save - click Save", "dont"),
    ("not-now.html", "Now, not Not now", "not now"),
    ("three-users.html", "Delete the user aside from Alice", "Alice Archer"),
    ("three-users.html", "Delete the user under Bob", "Bob Brown"),
    ("three-users.html", "Delete the user over Carol", "Carol Chen"),
    ("three-users.html", "Delete the one on top of Carol", "Carol Chen"),
    ("three-users.html", "Delete the last but one user", "Carol Chen"),
])
def test_a_negated_record_is_never_the_one_acted_on(
        domdex_browser: Any, site: str, page: str, query: str, excluded: str) -> None:
    """The excluded row's handler never runs: the other row's does, or none (refused).
    "the last but one" excludes nothing but must not act on the last ("Carol Chen" is
    the last of three)."""
    ledger, refused = _click(domdex_browser, f"{site}/{page}", query)
    assert excluded not in ledger
    assert (refused is None) == (len(ledger) == 1), (ledger, refused)


@pytest.mark.parametrize(("query", "told"), [
    ("Delete the one that is not Alice", "Bob Brown"),
    ("don't delete Alice, delete Bob", "Bob Brown"),
])
def test_a_negation_the_parser_places_picks_the_other_record(
        domdex_browser: Any, site: str, query: str, told: str) -> None:
    page = "two-users.html" if "one" in query else "three-users.html"
    ledger, refused = _click(domdex_browser, f"{site}/{page}", query)
    assert refused is None and ledger == [told], refused


@pytest.mark.parametrize(("page", "query", "told"), [
    ("not-now.html", "Click Not now", "not now"),
    ("dont-save.html", "Don't save", "dont"),
    ("dont-save.html", "click Save", "save"),
])
def test_a_control_named_by_a_negation_is_still_acted_on(
        domdex_browser: Any, site: str, page: str, query: str, told: str) -> None:
    """"Not now" is a name, not a negation of the request."""
    ledger, refused = _click(domdex_browser, f"{site}/{page}", query)
    assert refused is None and ledger == [told], refused


# W8, W9: a place that does not split the look-alikes -----------------------------------

@pytest.mark.parametrize(("page", "query", "wrong"), [
    ("panels.html", "Delete in the Right panel", "Left panel"),
    ("panels.html", "Delete Alpha in the right panel", "Left panel"),
    ("three.html", "Delete in the header", "*"),
    ("three.html", "Delete in the footer", "*"),
    ("three.html", "the Delete on the left", "*"),
])
def test_a_place_that_does_not_split_look_alikes_is_no_answer(
        domdex_browser: Any, site: str, page: str, query: str, wrong: str) -> None:
    """A section named by a position word, a landmark the page lacks, a side all the
    look-alikes share: never the first of the tie ("*": any row is wrong)."""
    ledger, refused = _click(domdex_browser, f"{site}/{page}", query)
    if wrong == "*":
        assert ledger == [] and refused is not None and "Candidates" in refused, refused
    else:
        assert wrong not in ledger and (refused is None) == (len(ledger) == 1), ledger


@pytest.mark.parametrize(("page", "query", "told"), [
    ("three.html", "the top Delete", "Bob Green"),
    ("three.html", "the Delete at the bottom", "Carl White"),
    ("header.html", "Remove in the header", "header"),
    ("header.html", "Remove in the sidebar", None),
])
def test_a_place_that_splits_look_alikes_picks_one(
        domdex_browser: Any, site: str, page: str, query: str, told: str | None) -> None:
    ledger, refused = _click(domdex_browser, f"{site}/{page}", query)
    if told is None:  # both look-alikes are in the sidebar: it does not choose
        assert ledger == [] and refused is not None, ledger
    else:
        assert refused is None and ledger == [told], refused


# W10: an ordinal two listings count differently -------------------------------------

@pytest.mark.parametrize("query", ["Delete the second post", "Delete the third post",
                                   "Delete the last post"])
def test_an_ordinal_over_two_listings_is_refused_naming_them(
        domdex_browser: Any, site: str, query: str) -> None:
    ledger, refused = _click(domdex_browser, f"{site}/posts.html", query)
    assert ledger == [] and refused is not None, ledger
    assert "Drafts" in refused and "Published" in refused, refused


@pytest.mark.parametrize(("query", "told"), [
    ("the second Delete", "Drafts:Hiring update"),
    ("Delete the 2nd draft", "Drafts:Hiring update"),
    ("Delete the first published post", "Published:Launch notes"),
    ("Delete the second post in Published", "Published:Roadmap"),
])
def test_an_ordinal_one_listing_or_the_controls_answer_acts(
        domdex_browser: Any, site: str, query: str, told: str) -> None:
    ledger, refused = _click(domdex_browser, f"{site}/posts.html", query)
    assert refused is None and ledger == [told], refused


@pytest.mark.parametrize("query", ["Delete in the Right panel", "Delete Alpha in the right panel"])
def test_a_section_named_by_a_position_word_is_the_place(
        domdex_browser: Any, site: str, query: str) -> None:
    """"Right" of "Right panel" names the section (stacked, both at one x): its Delete."""
    ledger, refused = _click(domdex_browser, f"{site}/panels.html", query)
    assert refused is None and ledger == ["Right panel"], refused
