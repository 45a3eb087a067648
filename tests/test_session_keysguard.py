"""Fill, type and keys must land in the record that was resolved, or be refused.

A live list patches its rows in place: the same ``<input>`` node shows Bob's quantity,
then Carol's. The click guard judged a click's row as the click arrived, but a fill, a
select or keys went wherever the node stood by then, and Carol's quantity was set,
answered OK (review 51's cases). The page here re-sorts its rows the moment a field
takes the focus — the deterministic form of a patch landing while the action is made —
and records which person's handler saw a value (``window.log``).
"""

from __future__ import annotations

from typing import Any

import pytest

from domdex.errors import ActionError

from .conftest import page_showing

pytestmark = pytest.mark.browser

_PEOPLE = """<script>window.log = [];
let people = [["ann", "Ann Lee", "1"], ["bob", "Bob Stone", "2"], ["carol", "Carol King", "3"]];
let sorted = false;
function render() {
  document.querySelectorAll("tbody tr").forEach((tr, i) => {
    const p = people[i];
    tr.children[0].textContent = p[1];
    const q = tr.querySelector("input");
    q.value = p[2];
    q.oninput = () => { window.log.push(p[0] + "=" + q.value); p[2] = q.value; };
    q.onkeydown = (e) => { if (e.key === "Enter") window.log.push("enter " + p[0]); };
  });
}
</script>"""

_ROWS = "".join("<tr><td></td><td><label>Quantity <input></label></td></tr>" for _ in range(3))

#: rows re-sorted (Bob's row now Carol's) when any quantity field takes the focus
_RESORTS = f"""{_PEOPLE}<main><h1>Team</h1><table><thead><tr><th>Name</th><th>Qty</th></tr>
</thead><tbody>{_ROWS}</tbody></table></main><script>
render();
document.addEventListener("focusin", () => {{
  if (sorted) return;
  sorted = true;
  people = [people[0], people[2], people[1]];
  render();
}});
</script>"""

#: the same table, standing still
_STILL = _RESORTS.replace("render();\ndocument", "sorted = true;\nrender();\ndocument")


def _log(page: Any) -> list[str]:
    return list(page.playwright_page.evaluate("window.log"))


@pytest.mark.parametrize(("action", "value"), [("fill", "5"), ("type", "45"),
                                               ("press", "Enter")])
def test_a_row_resorted_as_the_field_takes_the_focus_is_refused(
        domdex_browser: Any, action: str, value: str) -> None:
    with page_showing(domdex_browser, _RESORTS) as page:
        ref = page.find("Bob Stone's quantity", intent="fill").ref
        assert ref is not None
        with pytest.raises(ActionError, match="Carol King") as err:
            getattr(page, action)(ref, value)
        assert "no longer the element" in str(err.value)
        assert _log(page) == []  # nobody's handler saw a value or a key
        values = page.playwright_page.evaluate(
            "[...document.querySelectorAll('tbody input')].map((q) => q.value)")
        assert values == ["1", "3", "2"]  # Carol's field keeps her 3


@pytest.mark.parametrize(("action", "value", "logged"), [
    ("fill", "5", ["bob=5"]), ("type", "45", ["bob=24", "bob=245"]),
    ("press", "Enter", ["enter bob"])])
def test_a_row_standing_still_takes_the_action(domdex_browser: Any, action: str, value: str,
                                               logged: list[str]) -> None:
    with page_showing(domdex_browser, _STILL) as page:
        ref = page.find("Bob Stone's quantity", intent="fill").ref
        assert ref is not None
        getattr(page, action)(ref, value)
        assert _log(page) == logged


_INLINE = """<script>window.log = [];</script><main><h1>Tags</h1><ul>
<li><span class=name contenteditable oninput="log.push(this.textContent)">Urgent</span>
<button>Delete</button></li>
<li><span class=name contenteditable oninput="log.push(this.textContent)">Later</span>
<button>Delete</button></li></ul></main>"""


def test_an_inline_edit_of_the_rows_own_name_is_not_taken_for_another_row(
        domdex_browser: Any) -> None:
    """The text being replaced is the row's name itself: the guard judges the row
    without the field's own text, so renaming *Urgent* is no change of record."""
    with page_showing(domdex_browser, _INLINE) as page:
        ref = next(n.ref for n in page.snapshot().nodes
                   if "editable" in n.states and n.text == "Urgent")
        page.fill(ref, "Critical")
        assert _log(page)[-1] == "Critical"
        assert page.playwright_page.evaluate(
            "[...document.querySelectorAll('.name')].map((s) => s.textContent)") == \
            ["Critical", "Later"]


_CART = """<script>window.log = [];</script><main><h1>Cart</h1><table><thead><tr><th>Item</th>
<th>Qty</th><th>Total</th></tr></thead><tbody>""" + "".join(
    f"<tr><td>{name}</td><td><input aria-label=Quantity value=1 oninput=\"log.push('{key}=' + "
    f"this.value); this.closest('tr').cells[2].textContent = '$' + (this.value * {price})"
    f".toLocaleString('en-US', {{minimumFractionDigits: 2}})\"></td><td>${price:,}.00</td>"
    f"</tr>" for key, name, price in (("lamp", "Desk lamp", 1440), ("desk", "Oak desk", 2310),
                                      ("chair", "Work chair", 1275))) + """</tbody></table>
<table><tbody>""" + "".join(
    f"<tr><td>{plan}</td><td><select aria-label=Billing onchange=\"log.push('{plan}=' + "
    f"this.value); this.closest('tr').cells[2].textContent = this.value === 'Yearly' ? "
    f"'${price * 10:,}' : '${price:,}'\"><option>Monthly</option><option>Yearly</option>"
    f"</select></td><td>${price:,}</td></tr>"
    for plan, price in (("Team", 490), ("Business", 1290))) + """</tbody></table>
<table><tbody>""" + "".join(
    f"<tr><th><label for=f-{k}>{label}</label></th><td><input id=f-{k} oninput=\"log.push("
    f"'{k}=' + this.value); this.nextElementSibling.textContent = this.value.length < 3 ? "
    f"'Too short' : 'Looks good'\"> <small>{hint}</small></td></tr>"
    for k, label, hint in (("u", "Username", "Letters and digits only, 3 to 20 characters"),
                           ("e", "Email", "We never share your address"))) + """</tbody>
</table></main>"""


@pytest.mark.parametrize(("query", "action", "value", "logged"), [
    ("Oak desk quantity", "type", "2", ["desk=12"]),
    ("Oak desk quantity", "fill", "35", ["desk=35"]),
    ("Business billing", "select", "Yearly", ["Business=Yearly"]),
    ("Username", "type", "annlee", ["u=a", "u=an", "u=ann", "u=annl", "u=annle", "u=annlee"])])
def test_a_row_that_reacts_to_the_action_is_no_other_record(
        domdex_browser: Any, query: str, action: str, value: str, logged: list[str]) -> None:
    """A line total, a price and a hint change as the keys go in: the page's reaction to
    the action, not another record moved into the row. Each keystroke is judged once,
    before the page sees it; later ones by the record's name (review 52: refused after
    one key, the right record already changed)."""
    with page_showing(domdex_browser, _CART) as page:
        intent = "select" if action == "select" else "fill"
        ref = page.find(query, intent=intent).ref
        assert ref is not None
        getattr(page, action)(ref, value)
        assert _log(page) == logged


def test_enter_pressed_in_a_text_area_goes_after_its_text(domdex_browser: Any) -> None:
    """Focusing a text area left the caret at its start, and Enter put its newline
    before the note (review 52); keys are pressed after the text, as typed ones are."""
    html = ("<main><h1>Note</h1><label>Internal note <textarea>VIP customer since 2019"
            "</textarea></label></main>")
    with page_showing(domdex_browser, html) as page:
        ref = page.find("internal note", intent="fill").ref
        assert ref is not None
        page.press(ref, "Enter")
        assert page.playwright_page.evaluate("document.querySelector('textarea').value") == \
            "VIP customer since 2019\n"
