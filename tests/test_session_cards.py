"""A click by words on pages of cards: a tile clickable as a whole (its cursor a pointer)
that holds its own buttons, and a record's selection box named by the record.

Review 62 found each of these acting on the wrong element and reporting success: the
tile's name text or the tile itself clicked for "dim the lamp" (nothing happened), the
photo's selection box ticked for "rotate the photo", the ticket's box ticked for "open
ticket 51" (the row's status says "Open"), a track's *Play* pressed for "add it to a
playlist". The ledger (``window.log``) shows what each click did.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from domdex.errors import ActionError

from .conftest import page_showing
from .test_session_verbfit import LEDGER, _clicks_or_refuses, _log

pytestmark = pytest.mark.browser

# Device tiles: web components whose card has a pointer cursor and no handler; the name
# is text, the acts are the switch and the icon buttons inside.
_TILES = LEDGER + """<style>.card{cursor:pointer;border:1px solid #ccc;padding:6px}</style>
<main><h1>Rooms</h1>
<section aria-label="Study"><h2>Study</h2><dev-tile k="desk" name="Desk lamp"></dev-tile>
<dev-tile k="fan" name="Ceiling fan" on></dev-tile></section>
<section aria-label="Hall"><h2>Hall</h2><dev-tile k="hall" name="Hall light"></dev-tile>
</section>
<aside><h2>Routines</h2>
<div class="card"><b>Evening</b><div><button onclick="rec('evening-run')">Run</button>
<button onclick="rec('evening-edit')">Edit</button></div></div>
<div class="card"><b>Wake up</b><div><button onclick="rec('wake-run')">Run</button>
<button onclick="rec('wake-edit')">Edit</button></div></div></aside></main>
<script>
customElements.define('dev-tile', class extends HTMLElement {
  connectedCallback() {
    const k = this.getAttribute('k'), on = this.hasAttribute('on');
    const r = this.attachShadow({mode: 'open'});
    r.innerHTML = `<style>.card{cursor:pointer;border:1px solid #ccc;padding:6px}</style>
      <div class="card"><div><b>${this.getAttribute('name')}</b> <span>${on ? 'On' : 'Off'}
      </span></div><div><button role="switch" aria-label="Power" aria-checked="${on}"
      onclick="rec('${k}-power')"></button><button aria-label="Dim"
      onclick="rec('${k}-dim')">−</button><button aria-label="Brighten"
      onclick="rec('${k}-bright')">+</button></div></div>`;
  }
});
</script>"""


@pytest.mark.parametrize(("query", "acted"), [
    ("dim the desk lamp", "desk-dim"),  # the tile's *Dim*, named by the act
    ("brighten the hall light", "hall-bright"),
    ("run the evening routine", "evening-run"),  # a light-DOM card's own *Run*
    ("turn on the ceiling fan", "holds controls of its own"),  # the tile itself: refused
    ("switch off the desk lamp", "holds controls of its own"),
])
def test_a_card_clickable_as_a_whole_yields_to_its_own_control(
        domdex_browser: Any, query: str, acted: str) -> None:
    with page_showing(domdex_browser, _TILES) as p:
        _clicks_or_refuses(p, query, acted)


def test_the_name_inside_a_card_is_text_not_a_target(domdex_browser: Any) -> None:
    """The card is one click target (its cursor says so); its name and state inside it
    are its text, not targets of their own, while its buttons are."""
    with page_showing(domdex_browser, _TILES) as p:
        nodes = p.capture().nodes
        targets = [n for n in nodes if "clickable" in n.states and
                   "Desk lamp" in f"{n.name} {n.text}"]
        assert len(targets) == 1 and "−" in targets[0].text, targets  # the card alone
        assert any(n.name == "Dim" and n.role == "button" for n in nodes)


# A record's selection box named by the record (its caption), its other acts in a menu
# that opens by script (no ARIA says so).
_PHOTOS = LEDGER + """<main><h1>Album</h1><div role=toolbar aria-label=Selection>
<button onclick="rec('bulk-dl')">Download selected</button>
<button onclick="rec('bulk-del')">Delete selected</button></div>
<div><span id=c1>IMG_10.jpg · Harbour at dusk</span>
<div role=checkbox tabindex=0 aria-checked=false aria-labelledby=c1
     onclick="rec('sel-10')">☐</div>
<button title="More" onclick="m1.hidden=!m1.hidden">⋮</button><div id=m1 hidden>
<button onclick="rec('rot-10')">Rotate</button><button onclick="rec('del-10')">Delete</button>
</div></div>
<div><span id=c2>IMG_11.jpg · Old mill</span>
<div role=checkbox tabindex=0 aria-checked=false aria-labelledby=c2
     onclick="rec('sel-11')">☐</div>
<button title="More" onclick="m2.hidden=!m2.hidden">⋮</button><div id=m2 hidden>
<button onclick="rec('rot-11')">Rotate</button><button onclick="rec('del-11')">Delete</button>
</div></div></main>"""

# A ticket's row: its box says "Select ticket #51", its status says "Open".
_TICKETS = LEDGER + """<nav aria-label="Queue"><h2>Waiting (2)</h2><ul>
<li><input type=checkbox aria-label="Select ticket #51" onclick="rec('sel-51')">
<a href="#t51" onclick="rec('open-51')">#51 Printer jams on tray 2</a>
<span>Ana Ruiz · Open</span><button onclick="rec('take-51')">Take it</button></li>
<li><input type=checkbox aria-label="Select ticket #52" onclick="rec('sel-52')">
<a href="#t52" onclick="rec('open-52')">#52 VPN drops hourly</a>
<span>Bo Li · Open</span><button onclick="rec('take-52')">Take it</button></li></ul></nav>"""

# Tracks whose first button plays them; adding one to a playlist is in a menu.
_TRACKS = LEDGER + """<main><h1>Up next</h1><ol>
<li><button onclick="rec('play-1')">Play Glass Harbour by Mina Oro</button>
<button title="More" onclick="k1.hidden=!k1.hidden">⋯</button><div id=k1 hidden>
<button onclick="rec('pl-1')">Add to playlist</button></div></li>
<li><button onclick="rec('play-2')">Play Night Ferry by Mina Oro</button>
<button title="More" onclick="k2.hidden=!k2.hidden">⋯</button><div id=k2 hidden>
<button onclick="rec('pl-2')">Add to playlist</button></div></li></ol></main>"""


@pytest.mark.parametrize(("page", "query"), [
    (_PHOTOS, "rotate the harbour at dusk photo"),  # not its selection box
    (_TICKETS, "open ticket 51"),  # the link or nothing: never its box
    (_TRACKS, "add Glass Harbour to a playlist"),  # not *Play Glass Harbour*
])
def test_another_control_of_the_record_is_not_pressed_for_its_act(
        domdex_browser: Any, page: str, query: str) -> None:
    with page_showing(domdex_browser, page) as p:
        try:
            p.click(query=query)
        except ActionError:
            assert _log(p) == []
            return
        log = _log(p)
        assert log and all(not x.startswith(("sel-", "play-")) for x in log), log



@pytest.mark.parametrize(("query", "acted"), [
    ("download the old mill photo", "act on whatever is ticked"),  # not the bulk button
    ("delete", "act on whatever is ticked"),
    ("download the selected photos", "bulk-dl"),
])
def test_a_bulk_action_is_no_answer_for_one_named_record(
        domdex_browser: Any, query: str, acted: str) -> None:
    """*Download selected* acts on the ticked photos, whichever they are: a request that
    names one photo, or none, is refused; one that says "selected" presses it."""
    with page_showing(domdex_browser, _PHOTOS) as p:
        _clicks_or_refuses(p, query, acted)


# Prescriptions: each row has a switch named by an act (*Auto-refill*) and a button that
# does the act now (*Request refill*), disabled while a refill is too early.
_PRESCRIPTIONS = LEDGER + "<main><h1>Your prescriptions</h1><table><thead><tr>" \
    "<th>Medicine</th><th>Refills left</th><th>Auto-refill</th><th></th></tr></thead>" \
    "<tbody>" + "".join(
        f"<tr><td>{name}</td><td>{left}</td><td><button role=switch aria-checked=false "
        f"aria-label='Auto-refill' onclick=\"rec('{k}-auto')\">○</button></td><td>"
        f"<button {'disabled' if early else ''} onclick=\"rec('{k}-refill')\">Request "
        f"refill</button></td></tr>"
        for k, name, left, early in (("lis", "Lisinopril 10 mg", 3, False),
                                     ("amx", "Amoxicillin 250 mg", 1, True))) + \
    "</tbody></table></main>"


def test_a_switch_named_by_the_act_is_no_stand_in_for_the_records_button(
        domdex_browser: Any) -> None:
    """"refill Amoxicillin" while its *Request refill* is disabled: the row's
    *Auto-refill* switch says "refill" too, but a click would only turn automatic
    refills on (review 62 saw it reported done)."""
    with page_showing(domdex_browser, _PRESCRIPTIONS) as p:
        with contextlib.suppress(ActionError):
            p.click(query="refill Amoxicillin 250 mg")
        assert _log(p) == []
        p.click(query="request a refill of Lisinopril")
        p.click(query="turn on auto-refill for Lisinopril")  # the switch, asked for
        assert _log(p) == ["lis-refill", "lis-auto"]


_QUIZ = LEDGER + "<main><h1>Quiz</h1>" + "".join(
    f"<fieldset><legend>Question {n}: {text}</legend>"
    f"<label><input type=radio name=q{n} onclick=\"rec('q{n}-true')\"> True</label>"
    f"<label><input type=radio name=q{n} onclick=\"rec('q{n}-false')\"> False</label>"
    f"<button onclick=\"rec('q{n}-clear')\">Clear answer</button></fieldset>"
    for n, text in ((1, "Water boils at 100 °C at sea level."),
                    (2, "The Moon is a planet."))) + "</main>"


def test_an_option_named_by_the_thing_is_still_chosen_for_an_unlisted_verb(
        domdex_browser: Any) -> None:
    """The refusal above needs the box's own name to say the act: "answer True for
    question 1" picks *True*, though the question's *Clear answer* holds "answer"
    (review 62's quiz: a first, wider form of that refusal lost it)."""
    with page_showing(domdex_browser, _QUIZ) as p:
        p.click(query="answer True for question 1")
        assert _log(p) == ["q1-true"]
