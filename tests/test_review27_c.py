"""Acting says what happened (review 27, part C): a key, a click, a select, a check or
typed text that went elsewhere than asked is refused or reported, never an OK.

Each test drives headless Chromium on a page of its own and checks the page as well as
the answer: the worst outcome is an action that lands on another element and says OK.
"""

from __future__ import annotations

from typing import Any

import pytest

from domdex import ActionError

from .conftest import page_showing

pytestmark = pytest.mark.browser


def _ledger(p: Any) -> list[str]:
    return list(p.playwright_page.evaluate("window.LEDGER || []"))


# W11: a key pressed "in" an element that cannot take the focus went to the focused one
CHECKOUT = """<script>window.LEDGER = []</script>
<header><form role=search onsubmit="LEDGER.push('search:' + q.value); return false">
<input id=q aria-label=Search value="old query"></form></header>
<main><h1>Checkout</h1><form onsubmit="LEDGER.push('order'); return false">
<button id=po disabled>Place order</button></form>
<div id=cell onkeydown="LEDGER.push('cell')">Total: $20</div>
<input id=qty aria-label=Quantity onkeydown="LEDGER.push('qty:' + event.key)"></main>"""


def test_press_on_a_disabled_button_is_refused_and_no_key_goes_elsewhere(
        domdex_browser: Any) -> None:
    with page_showing(domdex_browser, CHECKOUT) as p:
        ref = p.find("Place order", intent="click").ref
        p.playwright_page.focus("#q")  # the cursor is still in the search box
        with pytest.raises(ActionError, match="disabled"):
            p.press(ref, "Enter")
        assert _ledger(p) == []  # the search form was not submitted


def test_press_on_an_element_that_takes_no_focus_is_refused(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, CHECKOUT) as p:
        ref = p.find("Total: $20", intent="read").ref
        p.playwright_page.focus("#q")
        with pytest.raises(ActionError, match=r"does not take the keyboard focus.*Search"):
            p.press(ref, "Enter")
        assert _ledger(p) == []
        qty = p.find("Quantity", intent="fill").ref
        assert p.press(qty, "ArrowUp").text.startswith("OK press")  # a field still works
        assert _ledger(p) == ["qty:ArrowUp"]


# W13: a list that re-sorts as the click is made: the same <button>, another person's row
ROTATES_ON_HOVER = """<script>window.LEDGER = [];
let people = [["p1", "Alice Archer"], ["p2", "Bob Brown"], ["p3", "Carol Chen"]];
</script><main><h1>Team</h1><table><tbody id=tb>
<tr><td></td><td><button>Delete</button></td></tr>
<tr><td></td><td><button>Delete</button></td></tr>
<tr><td></td><td><button>Delete</button></td></tr></tbody></table></main><script>
const rows = [...document.querySelectorAll("#tb tr")];
function render() {
  rows.forEach((tr, i) => { const p = people[i]; tr.children[0].textContent = p[1];
    tr.querySelector("button").onclick = () => LEDGER.push(p[0]); });
}
render();
// the rows are patched in place the moment the pointer arrives (a live re-sort)
let turned = false;
tb.addEventListener("pointermove", () => {
  if (turned) return;
  turned = true; people.push(people.shift()); render();
});
</script>"""


def test_a_click_whose_row_changes_as_it_is_made_is_stopped(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, ROTATES_ON_HOVER) as p:
        with pytest.raises(ActionError, match=r"Alice Archer.*now reads \"Bob Brown"):
            p.click(query="Delete Alice Archer")
        assert _ledger(p) == []  # Bob's handler did not run


STEADY = """<script>window.LEDGER = []</script><style>
#f .b { display: none } #f:hover .a { display: none } #f:hover .b { display: inline }
</style><main><h1>Team</h1><table>
<tr><td>Alice Archer</td><td><button onclick="LEDGER.push('p1')">Delete</button></td></tr>
<tr><td>Bob Brown</td><td><button onclick="LEDGER.push('p2')">Delete</button></td></tr>
</table><button id=f onclick="LEDGER.push('unfollow')"><span class=a>Following</span>
<span class=b>Unfollow</span></button></main>"""


def test_ordinary_clicks_still_land_even_on_a_label_that_changes_on_hover(
        domdex_browser: Any) -> None:
    with page_showing(domdex_browser, STEADY) as p:
        p.click(query="Delete Bob Brown")
        assert _ledger(p) == ["p2"]
        p.click(query="Following")  # reads "Unfollow" under the pointer: tried again
        assert _ledger(p) == ["p2", "unfollow"]


# W14 and select's other guesses: <option label>, several on a single select, an int
SIZES = """<main><h1>Order</h1><label for=size>Size</label><select id=size>
<option value="">Choose</option><option value="s" label="Large">Small</option>
<option value="l">Large</option></select>
<label for=metal>Metal</label><select id=metal><option value="x" disabled>Gold</option>
<option value="y">Silver</option><option value="3">3</option></select>
<label for=co>Country</label><input id=co role=combobox aria-expanded=false>
<label>Note <input id=note></label></main>"""


def test_options_shown_alike_by_their_label_attribute_are_refused(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, SIZES) as p:
        ref = p.find("Size", intent="select").ref
        with pytest.raises(ActionError, match=r"2 options carry that label.*'s'.*'l'"):
            p.select(ref, "Large")
        assert p.playwright_page.evaluate("size.value") == ""  # nothing was selected
        p.select(ref, "l")  # by value, as the refusal says
        assert p.playwright_page.evaluate("size.value") == "l"


def test_select_refuses_what_it_would_guess_and_takes_a_number(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, SIZES) as p:
        metal = p.find("Metal", intent="select").ref
        with pytest.raises(ActionError, match="single-choice select"):
            p.select(metal, ["Silver", "3"])
        with pytest.raises(ActionError, match="disabled"):
            p.select(metal, "Gold")
        assert p.playwright_page.evaluate("metal.value") == "y"
        p.select(metal, 3)  # type: ignore[arg-type]  # a number is its text
        assert p.playwright_page.evaluate("metal.value") == "3"
        with pytest.raises(ActionError, match="not dict"):
            p.select(metal, {"a": 1})  # type: ignore[arg-type]
        country = p.find("Country", intent="select").ref
        with pytest.raises(ActionError, match=r"not a native <select>.*click"):
            p.select(country, "France")
        with pytest.raises(ActionError, match=r"<input>, not a select.*fill"):
            p.select(query="Note", option="x")


# Honest answers: typed text that went into the next field; a box re-rendered unchecked
PHONE = """<main><h1>Contact</h1><form><label>Area code <input id=area maxlength=3></label>
<label>Email <input id=email></label><label>Phone <input id=phone></label></form></main>
<script>
area.addEventListener("input", e => { if (e.target.value.length >= 3) email.focus(); });
phone.addEventListener("input", e => {  // a mask: (555) 123-4567
  const d = e.target.value.replace(/\\D/g, "");
  e.target.value = d.length > 3 ? "(" + d.slice(0, 3) + ") " + d.slice(3) : d;
});
</script>"""


def test_type_that_spills_into_the_next_field_says_where_it_went(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, PHONE) as p:
        with pytest.raises(ActionError, match=r'holds "555".*at most 3.*Email.*"1234"'):
            p.type(query="Area code", text="5551234")
        said = p.type(query="Phone", text="5551234").text  # a mask's punctuation is fine
        assert said.startswith("OK type"), said
        assert p.playwright_page.evaluate("phone.value") == "(555) 1234"


FEATURES = """<main><h1>Features</h1><div id=row></div><div id=row2></div></main><script>
const model = {sso: false, audit: false};
function render() {
  row.innerHTML = '<label><input type=checkbox ' + (model.sso ? 'checked' : '') +
    '> Single sign-on</label> <span>' + (window.msg || '') + '</span>';
  row.querySelector('input').onchange = () => { window.msg = 'Upgrade your plan'; render(); };
  row2.innerHTML = '<label><input type=checkbox ' + (model.audit ? 'checked' : '') +
    '> Audit log</label>';
  row2.querySelector('input').onchange = (e) => { model.audit = e.target.checked; render(); };
}
render();
</script>"""


def test_check_on_a_box_re_rendered_unchecked_is_not_ok(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, FEATURES) as p:
        with pytest.raises(ActionError, match=r"did not check it.*new box.*unchecked"):
            p.check(query="Single sign-on")
        assert not p.playwright_page.evaluate("row.querySelector('input').checked")
        said = p.check(query="Audit log").text  # re-rendered checked: done
        assert said.startswith("OK check") and "RE-RENDERED" in said, said
        assert p.playwright_page.evaluate("row2.querySelector('input').checked")


# Tracebacks on user input: Page.select(value=), Session.select(option=), Page.drag
LIST = """<main><h1>Form</h1><select aria-label=Size><option>S</option><option>M</option>
</select><ul id=l><li draggable=true id=a>Apples</li><li id=b>Bananas</li></ul></main>
<script>
window.DROPS = [];
b.addEventListener("dragover", e => e.preventDefault());
b.addEventListener("drop", e => { e.preventDefault(); DROPS.push("a->b"); });
</script>"""


def test_page_and_session_select_take_the_same_keywords(domdex_browser: Any) -> None:
    import inspect

    from domdex.session import AsyncSession
    from domdex.session.pageapi import PageActions, SyncPageActions

    for method in (PageActions.select, AsyncSession.select):
        assert {"option", "value"} <= set(inspect.signature(method).parameters)
    assert inspect.signature(SyncPageActions.drag) == inspect.signature(PageActions.drag)
    with page_showing(domdex_browser, LIST) as p:
        ref = p.find("Size", intent="select").ref
        p.select(ref, value="M")  # a Session's keyword
        assert p.playwright_page.evaluate("document.querySelector('select').value") == "M"
        p.select(query="Size", option="S")
        assert p.playwright_page.evaluate("document.querySelector('select').value") == "S"
        with pytest.raises(ActionError, match="not both"):
            p.select(ref, option="S", value="M")
        s = p._async._domdex_session  # the page's own session, driven the Session way
        assert s is not None
        p._runner.run(s.select(ref, option="M"))
        assert p.playwright_page.evaluate("document.querySelector('select').value") == "M"


def test_page_drag_drops_on_the_target(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, LIST) as p:
        to = p.find("Bananas", intent="read").ref
        said = p.drag(query="Apples", to=to).text
        assert said.startswith("OK drag") and "DROPPED ON" in said, said
        assert p.playwright_page.evaluate("DROPS") == ["a->b"]


# A box drawn by its label (sr-only, or transparent over it): ticked through the label
SWITCHES = """<style>
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0) }
.ov input { position: absolute; opacity: 0; left: 0; top: 0; width: 100%; height: 100%;
  margin: 0 }
.ov { position: relative; display: inline-block; padding: 4px 20px; border: 1px solid }
</style><main><h1>Settings</h1>
<div><input type=checkbox id=a class=sr><label for=a>Email alerts</label></div>
<div><label class=ov><input type=checkbox id=c>Weekly digest</label></div></main>"""


def test_a_box_drawn_by_its_label_is_checked_through_the_label(domdex_browser: Any) -> None:
    with page_showing(domdex_browser, SWITCHES) as p:
        for query, box in (("Email alerts", "a"), ("Weekly digest", "c")):
            said = p.check(query=query).text
            assert said.startswith("OK check"), said
            assert p.playwright_page.evaluate(f"document.getElementById('{box}').checked")
        p.uncheck(query="Email alerts")
        assert not p.playwright_page.evaluate("document.getElementById('a').checked")
        ref = p.find("Email alerts", intent="click").ref
        with pytest.raises(ActionError, match=r"drawn by its own label.*check"):
            p.click(ref)  # not "covered by <label> … close or accept that first"


# Review 28: the guard let a record that kept half its key through, and refused a row
# whose timer ticked
RENAMED_ON_HOVER = """<script>window.LEDGER = []</script><main><h1>Users</h1><table>
<tbody id=tb>
<tr><td class=n>Alice Smith</td><td>Admin</td><td><button>Delete</button></td></tr>
<tr><td>Bob Smith</td><td>Admin</td><td><button>Delete</button></td></tr>
<tr><td>Carol Jones</td><td>Admin</td><td><button>Delete</button></td></tr></tbody></table>
</main><script>
const model = ["Alice Smith", "Bob Smith", "Carol Jones"];
document.querySelectorAll("#tb button").forEach((b, i) => b.onclick = () => LEDGER.push(model[i]));
let done = false;
document.addEventListener("pointermove", () => {  // a live update as the pointer arrives
  if (done) return;
  done = true; model[0] = "Dave Smith"; document.querySelector("td.n").textContent = "Dave Smith";
}, true);
</script>"""

TICKING = """<script>window.LEDGER = []</script><main><h1>Jobs</h1><table><thead><tr>
<th>Job</th><th>Elapsed</th><th>Progress</th><th></th></tr></thead><tbody>
<tr><td>Build alpha</td><td class=t data-s=0>0s</td><td class=p>0%</td>
<td><button onclick="LEDGER.push('alpha')">Cancel</button></td></tr>
<tr><td>Build beta</td><td class=t data-s=100>100s</td><td class=p>10%</td>
<td><button onclick="LEDGER.push('beta')">Cancel</button></td></tr></tbody></table></main>
<script>
let n = 0;
setInterval(() => { n++;
  document.querySelectorAll(".t").forEach((t) => { t.textContent = (+t.dataset.s + n) + "s"; });
  document.querySelectorAll(".p").forEach((t, i) => {
    t.textContent = ((i * 10 + n) % 100) + "%"; });
}, 50);
</script>"""


def test_a_click_whose_row_got_another_name_as_it_is_made_is_stopped(
        domdex_browser: Any) -> None:
    """'Alice Smith | Admin' patched to 'Dave Smith | Admin' keeps two of its three key
    words, but the cell that names the record changed: another person."""
    with page_showing(domdex_browser, RENAMED_ON_HOVER) as p:
        with pytest.raises(ActionError, match="Dave Smith"):
            p.click(query="Delete Alice Smith")
        assert _ledger(p) == []


def test_a_row_whose_timer_ticks_is_still_clicked(domdex_browser: Any) -> None:
    """A measure that ticks (elapsed seconds, a percentage) is no part of who the row
    is: the click lands on the row asked for."""
    with page_showing(domdex_browser, TICKING) as p:
        p.click(query="Cancel Build beta")
        assert _ledger(p) == ["beta"]
