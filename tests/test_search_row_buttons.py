"""Acting on a record's buttons by words. A record's buttons do not describe its title
link: the names every record's buttons share (*Remove*, *Email*) are left out of the item
text that is the context of the elements in it. A line item named only by the values of
its fields (an invoice line's *Hosting* in its Description box) is told from the others
by them. Real pages in headless Chromium; a ledger records what was clicked."""

from __future__ import annotations

from typing import Any

import pytest

from domdex.errors import ActionError
from domdex.search.matcher import SearchIndex

from .conftest import page_showing

pytestmark = pytest.mark.browser

PEOPLE = ("Dana Scully", "Ravi Patel", "Aisha Khan")


def _members(item: str, around: str = "ul") -> str:
    """A members list (``around``), each record as ``item`` (a title link, a role, two
    buttons)."""
    rows = "".join(item.format(n=n, k=k) for k, n in enumerate(PEOPLE))
    return ("<script>window.log = []; function rec(x) { window.log.push(x); }</script>"
            f"<main><h1>Project members</h1><{around}>{rows}</{around}></main>")


_LIST = ("<li><a href='#p{k}' onclick=\"rec('open-{k}')\">{n}</a> <span>Editor</span> "
         "<button onclick=\"rec('remove-{k}')\">Remove</button> "
         "<button onclick=\"rec('email-{k}')\">Email</button></li>")
_ROW = ("<tr><td><a href='#p{k}' onclick=\"rec('open-{k}')\">{n}</a></td><td>Editor</td>"
        "<td><button onclick=\"rec('remove-{k}')\">Remove</button> "
        "<button onclick=\"rec('email-{k}')\">Email</button></td></tr>")


@pytest.mark.parametrize("layout", ["list", "table"])
@pytest.mark.parametrize(("query", "acted"), [
    ("email Aisha Khan", "email-2"),
    ("remove Ravi Patel", "remove-1"),
    ("open Ravi Patel's profile", "open-1"),
])
def test_a_records_button_is_clicked_not_its_title_link(domdex_browser: Any, layout: str,
                                                         query: str, acted: str) -> None:
    html = _members(_LIST) if layout == "list" else _members(_ROW, "table")
    with page_showing(domdex_browser, html) as page:
        try:
            page.click(query=query)
        except ActionError as exc:  # a refusal is no wrong click, but these are plain
            pytest.fail(f"{query!r} refused: {exc}")
        assert page.playwright_page.evaluate("window.log") == [acted]


def test_a_title_link_keeps_the_words_of_links_beside_it(domdex_browser: Any) -> None:
    # a category link repeats because its value does: it still tells records apart
    item = ("<li><a href='#p{k}'>{n}</a> in <a href='#c{k}'>Garden</a> "
            "<button>Remove</button></li>")
    with page_showing(domdex_browser, _members(item)) as page:
        si = SearchIndex.for_index(page.index())
        title = next(d for d in si.descriptors if d.node.name == "Ravi Patel")
        assert "Garden" in title.fields["context"]
        assert "Remove" not in title.fields["context"]


_LINES = ("<script>window.log = []; function rec(x) { window.log.push(x); }</script>"
          "<main><h1>Invoice INV-0157</h1><table><thead><tr><th>Description</th><th>Qty</th>"
          "<th>Amount</th><th></th></tr></thead><tbody>" + "".join(
              f"<tr><td><input aria-label=Description value='{what}'></td><td><input "
              f"aria-label=Quantity value={qty}></td><td>{amount}</td><td><button "
              f"aria-label='Remove line' onclick=\"rec('remove-{k}')\">✕</button></td></tr>"
              for k, (what, qty, amount) in enumerate((("Website design", 1, "2400.00"),
                                                       ("Hosting", 12, "300.00"),
                                                       ("Copywriting", 6, "480.00"))))
          + "</tbody></table></main>")


@pytest.mark.parametrize(("query", "acted"), [
    ("remove the hosting line", ["remove-1"]),
    ("remove the line", []),  # no value says which: refused
])
def test_a_line_item_is_told_apart_by_its_fields_values(domdex_browser: Any, query: str,
                                                        acted: list[str]) -> None:
    with page_showing(domdex_browser, _LINES) as page:
        if acted:
            page.click(query=query)
        else:
            with pytest.raises(ActionError):
                page.click(query=query)
        assert page.playwright_page.evaluate("window.log") == acted


_RECIPE = ("<main><h1>Edit recipe</h1><h2>Ingredients</h2><table>" + "".join(
    f"<tr><td><input aria-label=Ingredient value='{what}'></td><td><input aria-label=Quantity "
    f"id=q{k} value={qty}></td><td><button aria-label='Remove ingredient'>×</button></td></tr>"
    for k, (what, qty) in enumerate((("Self-raising flour", 225), ("Caster sugar", 225),
                                     ("Eggs", 4), ("Lemon zest", 1)))) + "</table></main>")


@pytest.mark.parametrize(("query", "box"), [
    ("quantity of caster sugar", "q1"),
    ("the lemon zest quantity", "q3"),
])
def test_a_field_is_found_in_the_line_its_boxes_name(domdex_browser: Any, query: str,
                                                      box: str) -> None:
    with page_showing(domdex_browser, _RECIPE) as page:
        page.fill(query=query, value="200")
        assert page.playwright_page.evaluate(
            "[...document.querySelectorAll('input[aria-label=Quantity]')]"
            ".filter(e => e.value === '200').map(e => e.id)") == [box]


_EPISODES = ("<script>window.log = []; function rec(x) { window.log.push(x); }</script>"
             "<main><h1>The Tidewater Podcast</h1><div role=tablist aria-label='Show "
             "sections'><button role=tab id=t1 aria-selected=true>Episodes</button><button "
             "role=tab id=t2>Analytics</button><button role=tab id=t3>Settings</button>"
             "</div><div role=tabpanel aria-labelledby=t1><button>New episode</button><ul>"
             + "".join(
                 f"<li><h3>Ep. {k}: {title}</h3><span>{state}</span> <button onclick=\""
                 f"rec('edit-{k}')\">Edit</button><button onclick=\"rec('{act}-{k}')\">"
                 f"{act.title()}</button></li>"
                 for k, title, state, act in ((42, "Salt marsh restoration", "Published 2 May",
                                               "unpublish"),
                                              (43, "Oysters and water quality", "Draft",
                                               "publish"),
                                              (44, "A harbour master", "Scheduled", "publish")))
             + "</ul></div><div role=tabpanel aria-labelledby=t2 hidden><p>Downloads: 8,214"
               "</p></div><div role=tabpanel aria-labelledby=t3 hidden><label for=st>Show "
               "title</label><input id=st></div></main>")


def test_a_record_is_named_by_the_container_it_is_listed_in(domdex_browser: Any) -> None:
    # "episode" is said only by the tab whose panel lists the episodes ("Ep. 42")
    with page_showing(domdex_browser, _EPISODES) as page:
        page.click(query="publish episode 43")
        assert page.playwright_page.evaluate("window.log") == ["publish-43"]


_PIPELINE = ("<script>window.log = []; function rec(x) { window.log.push(x); }</script>"
             "<main><h1>Data Engineer pipeline</h1><table><thead><tr><th>Candidate</th>"
             "<th>Stage</th><th></th></tr></thead><tbody>" + "".join(
                 f"<tr><td>{n}</td><td>{stage}</td><td><button onclick=\"rec('adv-{n}')\">"
                 f"Advance</button></td></tr>" for n, stage in (("Aisha Bello", "Screening"),
                                                                 ("Tomás Ruiz", "Interview"),
                                                                 ("Mei Chen", "Offer")))
             + "</tbody></table><aside aria-labelledby=h><h2 id=h>Mei Chen — offer</h2>"
               "<button onclick=\"rec('withdraw')\">Withdraw offer</button></aside></main>")


@pytest.mark.parametrize(("query", "acted"), [
    ("withdraw Tomás's offer", []),  # review 57: Mei Chen's offer was withdrawn
    ("withdraw Mei Chen's offer", ["withdraw"]),
])
def test_a_name_held_elsewhere_stops_a_click_outside_any_record(domdex_browser: Any,
                                                                query: str,
                                                                acted: list[str]) -> None:
    with page_showing(domdex_browser, _PIPELINE) as page:
        if acted:
            page.click(query=query)
        else:
            with pytest.raises(ActionError, match="Tomás"):
                page.click(query=query)
        assert page.playwright_page.evaluate("window.log") == acted
