"""Refs and queries that must not land on another element than the one the agent meant.

Each case once acted on the wrong element and reported success (a review's repros):
a frame's ref after the frame loaded another document, a ref of the first tab acted on
in a popup nobody looked at, and a query that fits two controls equally. Every case
asserts on the page's own ledger (``window.log``) of which handler ran.
"""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import pytest

from domdex.errors import ActionError, RefError, StaleRefError
from domdex.session import Session, SessionOptions

from .conftest import page_showing

pytestmark = pytest.mark.browser

LEDGER = "<script>window.log = []; function rec(x) { window.log.push(x); }</script>"


def _log(page: Any) -> list[str]:
    return list(page.playwright_page.evaluate("window.log"))


# A: a frame that loaded another document ------------------------------------------------

_KEEP = ("<body><h1>Step 1</h1><p>Keep your plan?</p><button onclick=\"parent.rec('keep')\">"
         "Keep my plan</button></body>")
_CANCEL = ("<body><h1>Step 2</h1><p>Are you sure?</p><button onclick=\"parent.rec('cancel')\">"
           "Cancel subscription</button></body>")
_FRAMED = LEDGER + f"""<main><h1>Billing</h1>
<iframe id=fr title="Plan" width=400 height=200></iframe></main>
<script>fr.srcdoc = {_KEEP!r}; window.next = () => {{ fr.srcdoc = {_CANCEL!r}; }};</script>"""


def _frame_shows(page: Any, text: str) -> None:
    page.playwright_page.wait_for_function(
        "t => fr.contentDocument && fr.contentDocument.readyState === 'complete' && "
        "fr.contentDocument.body && fr.contentDocument.body.innerText.includes(t)", arg=text)


def test_a_frame_ref_is_refused_once_the_frame_loaded_another_document(
        domdex_browser: Any) -> None:
    """The page around the frame is the same document, but the frame's is new and its
    refs restart: ``f1e3`` was "Keep my plan" and would now click "Cancel subscription"."""
    with page_showing(domdex_browser, _FRAMED) as page:
        _frame_shows(page, "Keep my plan")
        keep = page.find("Keep my plan", intent="click").ref
        assert keep is not None and keep.startswith("f")
        page.playwright_page.evaluate("next()")
        _frame_shows(page, "Cancel subscription")
        with pytest.raises(StaleRefError, match=r"frame f\d+ showed before") as err:
            page.click(keep)
        assert "nothing was done" in str(err.value)
        assert _log(page) == []
        cancel = page.find("Cancel subscription", intent="click").ref  # a new look
        assert cancel is not None
        page.click(cancel)
        assert _log(page) == ["cancel"]


# B: a popup nobody looked at ----------------------------------------------------------------

def test_a_ref_of_the_first_tab_is_refused_in_a_popup_nobody_looked_at(server: str) -> None:
    """The popup became the current tab; the agent's ref is from the first tab. It is
    refused there, with the tab it belongs to and how to switch back."""
    html = (f'<main><h1>Account</h1><p><a href="{server}/product.html" target="_blank">'
            'Terms</a></p><button onclick="document.title = \'kept\'">Keep my account'
            '</button></main>')
    with Session.start(options=SessionOptions(action_timeout=5)) as s:
        s.open("data:text/html," + html)
        first = s.current.id
        keep = s.find("Keep my account", intent="click").ref
        assert keep is not None
        s.click(query="Terms link")
        deadline = time.monotonic() + 30
        while len(s.tab_list()) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)  # the popup's page event follows the click
        popup = s.current
        assert popup.id != first
        s.wait(load="load", tab=popup.id)
        with pytest.raises(RefError) as err:
            s.click(keep)
        message = str(err.value)
        assert f"not a ref of tab {popup.id}" in message and "nothing was done" in message
        assert f"tabs switch {first}" in message and "Keep my account" in message
        assert s._call(lambda: popup.pw.title()) != "kept"
        assert s._call(lambda: s.tab(first).pw.title()) != "kept"
        s.switch_tab(first)
        s.click(keep)
        assert s._call(lambda: s.tab(first).pw.title()) == "kept"


def test_a_ref_is_refused_on_a_page_nobody_looked_at_but_one_the_user_captured_acts(
        domdex_browser: Any) -> None:
    """A ``Page`` the user captured (``page.capture()``) has been seen: its refs act. One
    nobody looked at has no refs yet."""
    html = LEDGER + "<main><button onclick=\"rec('a')\">A</button></main>"
    with page_showing(domdex_browser, html) as page:
        with pytest.raises(RefError, match="look at it first"):
            page.click("e2")
        assert _log(page) == []
        ref = next(n.ref for n in page.capture().nodes if n.name == "A")
        page.click(ref)
        assert _log(page) == ["a"]


# C: a query that fits two controls equally --------------------------------------------------

_TWINS = {
    "two forms": """<main><h1>Settings</h1>
<form onsubmit="return false"><h2>Profile</h2><input aria-label="Name">
<button onclick="rec('profile')">Save</button></form>
<form onsubmit="return false"><h2>Password</h2><input aria-label="New password" type=password>
<button onclick="rec('password')">Save</button></form></main>""",
    "page and panel": """<main><h1>Cart</h1><button onclick="rec('cart')">Checkout</button>
<div role=dialog aria-label="Upsell"><p>Add insurance?</p>
<button onclick="rec('upsell')">Checkout</button></div></main>""",
    "near names": """<main><h1>Post</h1>
<button onclick="rec('delete post')">Delete post</button>
<button onclick="rec('delete comment')">Delete comment</button></main>""",
}


@pytest.mark.parametrize(("page_kind", "query", "told"), [
    ("two forms", "Save", None),
    ("two forms", "save changes", None),
    ("page and panel", "Checkout", None),
    ("near names", "Delete", None),
    ("two forms", "Save password", "password"),
    ("two forms", "Save in the Profile form", "profile"),
    ("two forms", "the second Save", "password"),
    ("page and panel", "Checkout in the upsell dialog", "upsell"),
    ("near names", "Delete comment", "delete comment"),
])
def test_acting_by_query_refuses_controls_its_words_do_not_tell_apart(
        domdex_browser: Any, page_kind: str, query: str, told: str | None) -> None:
    """Two "Save" buttons of two forms, a "Checkout" on the page and one in a panel,
    "Delete" for "Delete post" and "Delete comment": find ranks one first, but the
    request does not pick it out, so the action lists the candidates and does nothing.
    Words of the control's form, row or region, or its place, pick it out."""
    with page_showing(domdex_browser, LEDGER + _TWINS[page_kind]) as page:
        if told is not None:
            page.click(query=query)
            assert _log(page) == [told]
            return
        # refused as twins, or as no clear match when they tie (the page's and the
        # panel's "Checkout" score alike now that a route through the name alone does
        # not split copies): either way both are listed and nothing is done
        with pytest.raises(ActionError, match=r"do not tell apart|No clear match|has no") \
                as err:
            page.click(query=query)
        assert _log(page) == []
        refs = re.findall(r"@(e\d+)", str(err.value))
        assert len(set(refs)) == 2, str(err.value)
        page.click(refs[1])  # the refs listed are the agent's to act on
        assert len(_log(page)) == 1


# E: a look at something else between taking a ref and using it ---------------------------

_RECYCLED = LEDGER + """<main><h1>Users</h1><table><thead><tr><th>Name</th><th></th></tr>
</thead><tbody>
<tr><td></td><td><button>Delete</button></td></tr><tr><td></td><td><button>Delete</button></td></tr>
<tr><td></td><td><button>Delete</button></td></tr></tbody></table></main>
<script>
let people = [["alice", "Alice Archer"], ["bob", "Bob Brown"], ["carol", "Carol Chen"]];
function render() {
  document.querySelectorAll("tbody tr").forEach((tr, i) => {
    const p = people[i];
    tr.children[0].textContent = p[1];
    tr.querySelector("button").onclick = () => rec(p[0]);
  });
}
window.nextPage = () => {
  people = [["dan", "Dan Dale"], ["eve", "Eve Stone"], ["fay", "Fay Lee"]];
  render();
};
render();
</script>"""


@pytest.mark.parametrize("between", ["regions", "find", "find another row"])
def test_a_recycled_ref_is_checked_even_after_a_view_that_did_not_print_it(
        domdex_browser: Any, between: str) -> None:
    """The app rewrites its rows in place (the nodes stay, Alice's row now shows Dan).
    A view in between (an overview, a find for something else, a find whose answer is
    another row's Delete and lists the old ref only among its alternatives) captures the
    page as it is now without showing what the old ref means now: the page is unchanged
    since that view, but not since the agent saw what the ref meant, so the ref is
    compared with Alice's row."""
    with page_showing(domdex_browser, _RECYCLED) as page:
        ref = page.find("Delete Alice Archer", intent="click").ref
        assert ref is not None
        page.playwright_page.evaluate("nextPage()")
        if between == "regions":
            page.regions()
        elif between == "find":
            page.find("Users heading")
        else:  # its answer is Eve's Delete; the old ref is an alternative it lists
            assert page.find("Delete Eve Stone", intent="click").ref != ref
        with pytest.raises(StaleRefError, match="Alice Archer"):
            page.click(ref)
        assert _log(page) == []


_TEAMS = LEDGER + """<main><h1>People</h1><table><thead><tr><th>Team</th><th>Name</th>
<th>City</th><th></th></tr></thead><tbody>""" + "<tr><td></td><td></td><td></td><td><button>Remove"\
    "</button></td></tr>" * 4 + """</tbody></table></main>
<script>
let people = [["bob", "Sales", "Bob Stone", "Berlin"], ["ann", "Sales", "Ann Lee", "Paris"],
              ["carol", "Ops", "Carol King", "Berlin"], ["eve", "Ops", "Eve Park", "Rome"]];
function render() {
  document.querySelectorAll("tbody tr").forEach((tr, i) => {
    const p = people[i];
    [1, 2, 3].forEach((k) => { tr.children[k - 1].textContent = p[k]; });
    tr.querySelector("button").onclick = () => rec(p[0]);
  });
}
render();
</script>"""


def test_a_row_patched_to_another_person_who_shares_its_first_cell_is_refused(
        domdex_browser: Any) -> None:
    """"Sales | Bob Stone | Berlin" rewritten in place to "Sales | Dan Wu | Berlin": the
    team cell holds a word that tells Bob's row apart, but Ann's row says Sales too, so
    the record's name is *Bob Stone*, the first cell that tells the row from every other
    by itself; the Remove taken in Bob's row removed Dan, answered OK (review 51)."""
    with page_showing(domdex_browser, _TEAMS) as page:
        ref = page.find("Remove Bob Stone", intent="click").ref
        assert ref is not None
        page.playwright_page.evaluate('people[0] = ["dan", "Sales", "Dan Wu", "Berlin"]; '
                                      "render()")
        with pytest.raises((StaleRefError, ActionError), match="Bob Stone"):
            page.click(ref)
        assert _log(page) == []
        page.playwright_page.evaluate('people[0] = ["bob", "Sales", "Bob Stone", "Rome"]; '
                                      "render()")  # Bob moved: his row, his Remove
        page.click(ref)
        assert _log(page) == ["bob"]


_MENU = LEDGER + """<main><h1>Team</h1><ul><li>Ann Lee <button id=more-ann>More</button></li>
<li>Bob Stone <button id=more-bob>More</button></li></ul></main>
<ul id=mn role=menu aria-label="Actions for Ann Lee" data-k=ann>
<li role=menuitem tabindex=-1 onclick="rec('delete ' + mn.dataset.k)">Delete</li>
<li role=menuitem tabindex=-1 onclick="rec('rename ' + mn.dataset.k)">Rename</li></ul>
<script>window.openFor = (k, name) => { mn.dataset.k = k;
  mn.setAttribute("aria-label", "Actions for " + name); };</script>"""

@pytest.mark.parametrize(("switch", "refused"), [
    ("openFor('bob', 'Bob Stone')", True), ("mn.setAttribute('aria-label', "
                                            "'Actions for Ann Lee (2 selected)')", False)])
def test_a_lone_control_whose_record_is_named_only_by_its_menu(
        domdex_browser: Any, switch: str, refused: bool) -> None:
    """One row-actions menu moved to Bob's row says so only in its name (*Actions for
    Bob Stone*): the old *Delete* deleted Bob's, answered OK (review 51). The menu's
    name is read as the text around it; a count in it is not (review 52)."""
    with page_showing(domdex_browser, _MENU) as page:
        ref = page.find("Delete", intent="click").ref
        assert ref is not None
        page.playwright_page.evaluate(switch)
        if refused:
            with pytest.raises((StaleRefError, ActionError)):
                page.click(ref)
            assert _log(page) == []
            page.playwright_page.evaluate("openFor('ann', 'Ann Lee')")
        page.click(ref)
        assert _log(page) == ["delete ann"]


def test_a_ref_from_the_users_own_snapshot_is_checked_against_it(domdex_browser: Any) -> None:
    """A capture the user took through the page counts as a look: its ref is compared
    with that capture even when no view of the session showed the page yet."""
    with page_showing(domdex_browser, _RECYCLED) as page:
        nodes = page.snapshot().nodes
        at = next(i for i, n in enumerate(nodes) if "Alice Archer" in (n.text or n.name or ""))
        ref = next(n.ref for n in nodes[at:] if n.role == "button")
        page.playwright_page.evaluate("nextPage()")
        with pytest.raises(StaleRefError, match="Alice Archer"):
            page.click(ref)
        assert _log(page) == []


def test_a_ref_used_after_an_unrelated_view_of_an_unchanged_page_still_acts(
        domdex_browser: Any) -> None:
    """The check must not refuse a ref whose row did not change."""
    with page_showing(domdex_browser, _RECYCLED) as page:
        ref = page.find("Delete Bob Brown", intent="click").ref
        assert ref is not None
        page.regions()
        page.find("Users heading")
        page.click(ref)
        assert _log(page) == ["bob"]


# F: a medium best that the request hardly names ------------------------------------------

_FILES = LEDGER + """<header><nav><button onclick="rec('file menu')">File</button>
<button onclick="rec('edit menu')">Edit</button><button onclick="rec('view menu')">View</button>
</nav></header><main><div class=toolbar>
<button onclick="rec('new')" title="New Folder"><svg width=12 height=12></svg></button>
<button onclick="rec('upload')" title="Upload Files"><svg width=12 height=12></svg></button>
<button onclick="rec('refresh')" title="Refresh the file browser."><svg width=12 height=12>
</svg></button></div><ul><li>notes.txt</li><li>sales.ipynb</li></ul></main>"""


@pytest.mark.parametrize(("query", "acted"), [
    ("reload the file listing", None),  # find: *File* (medium), by "file" alone
    ("refresh the file list", "refresh"),  # the request names it: acted on
])
def test_a_medium_best_the_request_hardly_names_is_not_acted_on(
        domdex_browser: Any, query: str, acted: str | None) -> None:
    """find's best for "reload the file listing" is the *File* menu (``medium``): it
    carries one of the request's three words, what is left when the words that name the
    target (the toolbar's *Refresh the file browser.*) are on no element. Acting on it
    was the wrong click; the action refuses and names the words it lacks."""
    with page_showing(domdex_browser, _FILES) as page:
        if acted is not None:
            page.click(query=query)
            assert _log(page) == [acted]
            return
        assert page.find(query, intent="click").confidence == "medium"
        with pytest.raises(ActionError, match=r"has no 'reload', 'listing'"):
            page.click(query=query)
        assert _log(page) == []


_ACCOUNT = LEDGER + """<main><h1>Account</h1><button onclick="rec('sign out')">Sign out
</button><button onclick="rec('delete account')">Delete account</button>
<button onclick="rec('export')">Export data</button></main>"""


_DIALOG = LEDGER + """<main><h1>Order #1234</h1><div role=dialog aria-label="Edit address">
<input aria-label=Street><button onclick="rec('cancel order')">Cancel order</button>
<button onclick="rec('save')">Save address</button></div></main>"""
_POPUPS = LEDGER + """<main><h1>Settings</h1><h2>Pop-ups</h2><p>Allowed</p>
<button onclick="rec('block')">Block user</button></main>"""
_CART = LEDGER + """<main><h1>Cart</h1><ul><li>Blue shirt $20 <button onclick="rec('remove')">
Remove from cart</button></li><li>Red scarf $15 <button onclick="rec('keep')">Save for
later</button></li></ul></main>"""

_POST = LEDGER + """<main><h1>Bob's post</h1><article><p>Our trip to Rome</p>
<button onclick="rec('delete post')">Delete post</button><section><h2>Comments</h2>
<div class=comment><b>Ann</b> nice! <button onclick="rec('reply')">Reply</button></div>
</section></article></main>"""
_PLANS = LEDGER + """<main><h1>Profile settings</h1><section><h2>Plan</h2><p>Pro, $12/month</p>
<button onclick="rec('cancel')">Cancel subscription</button></section><section><h2>Emails
</h2><p>Weekly newsletter: on</p></section><section><h2>Photo</h2><img src="data:," alt=""
width=40 height=40><button onclick="rec('upload')">Upload new</button></section>
<button onclick="rec('delete account')">Delete account</button></main>"""
_ORDERS = LEDGER + """<main><h1>Your orders</h1><table>""" + "".join(
    f"<tr><td>Order {n}</td><td>{item}</td><td>{state}</td><td><button onclick=\"rec('track "
    f"{n}')\">Track</button><button onclick=\"rec('cancel {n}')\">Cancel order</button></td></tr>"
    for n, item, state in ((1001, "Blue shirt", "Return requested"),
                           (1002, "Black belt", "Delivered"))) + "</table></main>"
_FR_PLAN = """<html lang="fr"><body>""" + LEDGER + """<main><h1>Facturation</h1>
<p>Forfait Pro, renouvelé le 1er mai</p><button onclick="rec('annuler')">Annuler
l'abonnement</button><button onclick="rec('changer')">Changer de forfait</button></main>"""

_INBOX = LEDGER + """<main><h1>Inbox</h1><button onclick="rec('all')">Delete all</button><ul>
<li><b>Anna Smith</b> Invoice March</li><li><b>Shop News</b> Weekly deals</li></ul></main>"""


_BILLING = LEDGER + """<main><h1>Billing</h1><p>Pro plan, renews May 1</p>
<button onclick="rec('cancel')">Cancel subscription</button>
<button onclick="rec('change')">Change plan</button></main>"""


@pytest.mark.parametrize(("page", "query", "acted"), [
    (_ACCOUNT, "delete my data", None),  # find: *Delete account* (high), by "delete" alone
    (_ACCOUNT, "delete my photo", None),  # a record word the account does not carry
    (_ACCOUNT, "delete my account", "delete account"),
    (_BILLING, "keep my subscription", None),  # review 41: it cancelled it
    (_BILLING, "renew the subscription", None),  # "renew" is the text's, not the button's
    (_BILLING, "cancel my subscription", "cancel"),
    (_DIALOG, "cancel", None),  # review 41: the order, from an address dialog
    (_DIALOG, "cancel editing the address", None),  # "address" is the dialog's word
    (_DIALOG, "cancel the order", "cancel order"),
    (_POPUPS, "block pop-ups", None),  # the heading's word, not the button's object
    (_POPUPS, "block this user", "block"),
    (_CART, "remove the blue shirt", "remove"),  # *from cart* is a place, not its object
    # review 42: an object named only by the row, by a synonym or as an owner
    (_POST, "delete Ann's comment", None),
    (_PLANS, "cancel the newsletter", None),  # a newsletter is no *Subscription*
    (_PLANS, "remove my profile photo", None),  # a profile photo is no *Account*
    (_ORDERS, "cancel the return for order 1001", None),  # the return is what it acts on
    (_ORDERS, "cancel order 1001", "cancel 1001"),
    (_FR_PLAN, "garder l'abonnement", None),  # in the page's language: *Annuler* undoes
    (_FR_PLAN, "annuler l'abonnement", "annuler"),
    (_INBOX, "delete", None),  # *Delete all* acts on everything: "all" is its object
    (_INBOX, "delete the newsletter", None),
    (_INBOX, "delete all emails", "all"),
])
def test_what_cannot_be_taken_back_needs_the_requests_words(
        domdex_browser: Any, page: str, query: str, acted: str | None) -> None:
    """Reviews 40 and 41: "delete my data" deleted the account and "keep my
    subscription" cancelled it, at ``high``. A best that does what cannot be taken back
    must be asked for by its own verb (or a synonym) and carry most of the request's
    words, whatever its score; and the request must name what it acts on, a word of its
    name before a place (*order* of *Cancel order*; reviews 41 to 43)."""
    _acts_or_refuses(domdex_browser, page, query, acted, r"has no '")


def _acts_or_refuses(browser: Any, page: str, query: str, acted: str | None,
                     refusal: str) -> None:
    """Click by ``query``: it acts on ``acted``, or (None) refuses saying ``refusal``."""
    with page_showing(browser, page) as p:
        if acted is not None:
            p.click(query=query)
            assert _log(p) == [acted]
            return
        with pytest.raises(ActionError, match=refusal):
            p.click(query=query)
        assert _log(p) == []


def _buttons(*names: str) -> str:
    return LEDGER + "<main><h1>Settings</h1>" + "".join(
        f"<button onclick=\"rec('{n}')\">{n}</button>" for n in names) + "</main>"


@pytest.mark.parametrize(("page", "query", "acted"), [
    (_buttons("Turn off Wi-Fi", "Forget network"), "turn on Wi-Fi", None),
    (_buttons("Turn location off"), "turn location on", None),
    (_buttons("Clock out", "View timesheet"), "clock in", None),
    (_buttons("Zoom out", "Reset"), "zoom in", None),
    (_buttons("Raise priority", "Assign"), "lower the priority", None),
    (_buttons("Sort by oldest"), "sort by newest", None),
    (_buttons("Exit full screen"), "enter full screen", None),
    (_buttons("Turn off Wi-Fi", "Forget network"), "turn off Wi-Fi", "Turn off Wi-Fi"),
    (_buttons("Log in", "Help"), "click the button to log in", "Log in"),
    # a name that does more than was asked: all of them, or a second thing after "and"
    (_buttons("Sell all", "Create alert"), "sell some", None),
    (_buttons("Approve and merge", "Request changes"), "approve the pull request", None),
    (_buttons("Save and publish", "Preview"), "save the draft", None),
    (_buttons("Accept all cookies", "Manage preferences"), "accept only necessary cookies",
     None),
    (_buttons("Log out of all devices", "Change password"), "log out", None),
    (_buttons("Accept all cookies", "Manage preferences"), "accept all cookies",
     "Accept all cookies"),
    (_buttons("Save and publish", "Preview"), "save and publish", "Save and publish"),
    # review 45: particles after fillers, other joins, and what must still act
    (_buttons("Turn off Wi-Fi", "Forget network"), "please turn on Wi-Fi", None),
    (_buttons("Turn off Wi-Fi", "Forget network"), "turn the Wi-Fi on for me", None),
    (_buttons("Save &amp; publish", "Preview"), "save the draft", None),
    (_buttons("Log out everywhere", "Help"), "log out", None),
    (_buttons("Save", "Save as draft"), "save my changes", "Save"),
    (_buttons("Terms and Conditions", "Help"), "read the terms", "Terms and Conditions"),
    (_buttons("Mark all as read", "Compose"), "mark everything as read", "Mark all as read"),
    (_buttons("Price: Low to High", "Newest"), "sort by price high to low", None),
    (_buttons("Price: Low to High", "Newest"), "sort by price low to high",
     "Price: Low to High"),
    # a name that does less: the request says all, the best does not, a next best does
    (_buttons("Clear cell output", "Run all cells", "Clear outputs of all cells"),
     "clear every cell's output", None),
    (_buttons("Clear cell output", "Restart kernel", "Clear all outputs"),
     "clear the output of every cell", None),
    (_buttons("Delete message", "Archive", "Delete all messages"), "delete all the messages",
     "Delete all messages"),
    (_buttons("Mark as read", "Archive"), "mark everything as read", "Mark as read"),
    # the request closes a part of the page, the best closes something of its own
    (_buttons("Close account", "Change password"), "close the dialog", None),
    (_buttons("Close file", "Save file"), "close the menu", None),
    (_buttons("Hide sold items", "Sort"), "hide the sidebar", None),
    (_buttons("Close dialog", "Close account"), "close the dialog", "Close dialog"),
    # un- words, and settings whose name says the opposite of their subject
    (LEDGER + "<main><h1>App</h1><h2>Newsletter</h2><button onclick=\"rec('u')\">Mark "
     "unread</button><button onclick=\"rec('d')\">Delete</button></main>", "mark it read",
     None),
    (LEDGER + "<main><h1>App</h1><h2>Comment</h2><button onclick=\"rec('u')\">"
     "Unapprove</button></main>", "approve the comment", None),
    (_buttons("Mark as read", "Archive"), "mark as read", "Mark as read"),
])
def test_a_best_that_says_the_opposite_or_more_is_refused(
        domdex_browser: Any, page: str, query: str, acted: str | None) -> None:
    """Review 44: find matched the rest of the request and acted on *Turn off Wi-Fi* for
    "turn on Wi-Fi", *Zoom out* for "zoom in", *Sell all* for "sell some", *Save and
    publish* for "save the draft", at ``high``. A best whose name says the opposite of a
    word of the request, or *all*, or a second action the request does not say, is
    refused, and so is one that does not say the *all* of the request when a next best
    does ("clear every cell's output" over *Clear cell output*)."""
    _acts_or_refuses(domdex_browser, page, query, acted,
                     r"opposite|more than asked|less than asked|does it to")


@pytest.mark.parametrize(("label", "query", "acted"), [
    ("Pause notifications", "turn on notifications", None),
    ("Don't load images", "load images", None),
    ("Opt out of analytics", "turn on analytics", None),
    ("Pause notifications", "pause notifications", "Pause notifications"),
])
def test_a_setting_named_by_its_opposite_is_not_ticked(
        domdex_browser: Any, label: str, query: str, acted: str | None) -> None:
    """Review 46: "turn on notifications" ticked *Pause notifications*, "load images"
    *Don't load images*: a box whose name negates its subject is refused unless the
    request says so too."""
    page = LEDGER + ("<main><h1>Settings</h1><label><input type=checkbox "
                     f"onclick=\"rec('{label}')\"> {label}</label></main>")
    _acts_or_refuses(domdex_browser, page, query, acted, r"opposite")


@pytest.mark.parametrize(("page", "query", "acted"), [
    (LEDGER + "<header><button onclick=\"rec('Toggle sidebar')\">Toggle sidebar</button>"
     "</header><nav aria-label='Left navigation panel'><a href='#a'>Intro</a>"
     "<a href='#b'>Usage</a></nav><main><h1>Guide</h1><p>Welcome</p></main>",
     "collapse the left navigation panel", None),
    (LEDGER + "<aside aria-label='Filters panel'><label><input type=checkbox>Red</label>"
     "</aside><main><h1>Shop</h1><p>Welcome</p></main>", "open the filters panel", None),
    (LEDGER + "<nav aria-label='Contents'><h2>Contents</h2><button onclick=\"rec('hide')\">"
     "hide</button><a href='#a'>Intro</a></nav><main><h1>Guide</h1></main>",
     "hide the contents", "hide"),
    (LEDGER + "<p>Shop</p><div role=alertdialog aria-modal=true aria-labelledby=h "
     "style='position:fixed;top:50px;left:50px;width:400px;height:120px;text-align:center'>"
     "<h2 id=h>Leave page?</h2><button style='width:300px' onclick=\"rec('leave')\">Leave "
     "without saving</button></div>", "the leave page dialog", None),
])
def test_a_click_by_query_on_a_part_of_the_page_is_refused(
        domdex_browser: Any, page: str, query: str, acted: str | None) -> None:
    """A landmark or other part of a page is no control: "collapse the left navigation
    panel" clicked MediaWiki's *navigation* landmark, whose name held the panel's words,
    at ``medium`` (corpus task mw-016). A click there lands on whatever is in its middle,
    so it is refused; the control inside it is still acted on."""
    _acts_or_refuses(domdex_browser, page, query, acted, r"a part of the page")


def _records(heading: str, *rows: tuple[str, str, str]) -> str:
    """A list of records (name, status, the one control each holds)."""
    return LEDGER + f"<main><h1>App</h1><h2>{heading}</h2><ul>" + "".join(
        f"<li><span>{name}</span> <small>{status}</small> "
        f"<button onclick=\"rec('{control} {name}')\">{control}</button></li>"
        for name, status, control in rows) + "</ul></main>"


_CALL = _records("Participants", ("Ann", "speaking", "Mute"), ("Bob", "muted", "Unmute"))
_APPS = _records("Integrations", ("Stripe", "Connected", "Disable"),
                 ("PayPal", "Off", "Enable"), ("Slack", "Connected", "Disable"))
_NOTES = _records("Notes", ("Groceries", "pinned", "Unpin"), ("Trip ideas", "", "Pin"))


@pytest.mark.parametrize(("page", "query", "acted"), [
    (_CALL, "unmute Ann", None),
    (_APPS, "enable Stripe", None),
    (_NOTES, "pin Groceries", None),
    (_NOTES, "unpin trip ideas", None),
    (_CALL, "unmute Bob", "Unmute Bob"),
    (_APPS, "enable PayPal", "Enable PayPal"),
    (_NOTES, "pin the trip ideas note", "Pin Trip ideas"),
])
def test_a_request_naming_another_record_is_refused(
        domdex_browser: Any, page: str, query: str, acted: str | None) -> None:
    """Review 46: "unmute Ann" clicked Bob's *Unmute* (Ann's row holds a *Mute*), "enable
    Stripe" PayPal's *Enable*, at ``high``: find's best carried the request's verb by its
    name and no word of the record the request names, which the row beside it holds."""
    _acts_or_refuses(domdex_browser, page, query, acted, r"another record holds")


_BUDGET = ("<main><h1>Household budget</h1><table><thead><tr><th>Category</th><th>Planned"
           "</th><th>Actual</th><th>Notes</th></tr></thead><tbody>" + "".join(
               f"<tr><th scope=row>{c}</th><td><input type=number id={k}-planned value={v}>"
               f"</td><td><input type=number id={k}-actual value={v}></td><td><input "
               f"id={k}-notes></td></tr>" for c, k, v in (("Rent", "rent", 1150),
                                                          ("Groceries", "groc", 400)))
           + "</tbody></table></main>")


@pytest.mark.parametrize(("query", "filled"), [
    ("rent", None),
    ("actual rent", "rent-actual"),
    ("notes for groceries", "groc-notes"),
])
def test_a_row_named_alone_is_no_field(domdex_browser: Any, query: str,
                                       filled: str | None) -> None:
    """Review 64: "rent" typed 1200 into the *Rent* row's *Notes*, its *Planned* and
    *Actual* beside: a fill whose words name the row and not one of its fields is
    refused; a column's word tells them apart."""
    with page_showing(domdex_browser, _BUDGET) as p:
        values = "Array.from(document.querySelectorAll('input'), i => [i.id, i.value])"
        before = dict(p.playwright_page.evaluate(values))
        if filled is None:
            with pytest.raises(ActionError, match="tells them apart"):
                p.fill(query=query, value="1200")
        else:
            p.fill(query=query, value="1200")
        after = dict(p.playwright_page.evaluate(values))
        changed = [k for k in after if after[k] != before[k]]
        assert changed == ([] if filled is None else [filled])


_PAUSE = LEDGER + ("<main><h1>Your plan</h1><fieldset><legend>Take a break</legend>" + "".join(
    f"<label><input type=radio name=p onclick=\"rec('{n}')\"> Pause for {n}</label>"
    for n in ("1 month", "3 months")) + "</fieldset></main>")


@pytest.mark.parametrize(("query", "acted"), [
    ("pause for 6 months", None),
    ("pause for 3 months", "3 months"),
])
def test_a_best_that_says_another_number_is_refused(
        domdex_browser: Any, query: str, acted: str | None) -> None:
    """Review 64: "pause for 6 months" chose *Pause for 3 months* at a score of 1.00:
    every other word matched, and the number that says which was not read."""
    _acts_or_refuses(domdex_browser, _PAUSE, query, acted, r"says 6")


def _switch(label: str, checked: bool) -> str:
    return LEDGER + ("<main><h1>Settings</h1><label><input type=checkbox role=switch "
                     f"onclick=\"rec('{label}')\" {'checked' if checked else ''}> {label}"
                     "</label></main>")


def _toggle(attrs: str, text: str) -> str:
    return LEDGER + (f"<main><h1>Call</h1><button {attrs} onclick=\"rec('{text}')\">{text}"
                     "</button><p>Shipping takes two days.</p></main>")


@pytest.mark.parametrize(("page", "query", "acted"), [
    (_switch("Email notifications", True), "turn on email notifications", None),
    (_switch("Email notifications", False), "turn off email notifications", None),
    (_switch("Two-factor authentication", True), "enable two-factor authentication", None),
    (_toggle("aria-pressed=true", "Mute microphone"), "mute my microphone", None),
    (_toggle("aria-expanded=true", "Shipping details"), "expand shipping details", None),
    (_toggle("aria-expanded=false", "Shipping details"), "collapse shipping details", None),
    (_switch("Email notifications", False), "turn on email notifications",
     "Email notifications"),
    (_switch("Two-factor authentication", True), "turn off two-factor authentication",
     "Two-factor authentication"),
    (_toggle("aria-expanded=false", "Shipping details"), "expand shipping details",
     "Shipping details"),
    # review 64: "uncheck" over a tab named by the passenger, her box beside
    (LEDGER + "<main><h1>Check-in</h1><div role=tablist><button role=tab "
     "aria-selected=true onclick=\"rec('tab')\">Anna</button></div><label><input "
     "type=checkbox checked onclick=\"rec('box')\"> Check in</label></main>",
     "uncheck Anna", None),
    # review 64: a verb that neither flips nor says off asks for the switch on
    (_switch("Paperless billing", True), "go paperless", None),
    (_switch("Paperless billing", False), "go paperless", "Paperless billing"),
    (_switch("Paperless billing", True), "toggle paperless billing", "Paperless billing"),
    (_switch("Paperless billing", True), "stop paperless billing", "Paperless billing"),
])
def test_a_toggle_already_as_asked_is_not_clicked(
        domdex_browser: Any, page: str, query: str, acted: str | None) -> None:
    """Review 46: "enable two-factor authentication" clicked a switch that was on, and so
    turned it off; "expand shipping details" closed an open section. A click by query on
    a toggle already in the state the request asks for is refused, saying so."""
    _acts_or_refuses(domdex_browser, page, query, acted, r"already|is no box")


def _favourites(*rows: tuple[str, str]) -> str:
    """A vault's items, each with a *Favourite* toggle (``aria-pressed`` as given)."""
    return LEDGER + "<main><h1>All items</h1><ul>" + "".join(
        f"<li><strong>{name}</strong> <button aria-label=Favourite aria-pressed={pressed} "
        f"onclick=\"rec('Favourite {name}')\">★</button></li>" for name, pressed in rows
    ) + "</ul></main>"


_VAULT = _favourites(("GitHub", "false"), ("Northbank Online", "true"))


def _extensions(pinned: str) -> str:
    """Review 64: extension cards, each with its on/off switch, and one's details with its
    *Pin to toolbar* switch (a three-letter verb's *un-*)."""
    return LEDGER + "<main><h1>Extensions</h1>" + "".join(
        f"<article><strong>{n}</strong> <button role=switch aria-checked=true "
        f"aria-label='{n}' onclick=\"rec('{n}')\"></button></article>"
        for n in ("Grammarly", "uBlock Origin")) + (
        "<section><h2>Grammarly — details</h2><button role=switch aria-checked=false "
        "onclick=\"rec('incognito')\">Allow in Incognito</button><button role=switch "
        f"aria-checked={pinned} onclick=\"rec('pin')\">Pin to toolbar</button></section>"
        "</main>")


@pytest.mark.parametrize(("page", "query", "acted"), [
    (_VAULT, "unfavourite Northbank", "Favourite Northbank Online"),
    (_VAULT, "unfavourite GitHub", None),  # not pressed: a click would favourite it
    (_extensions("true"), "unpin Grammarly", "pin"),
    (_extensions("false"), "unpin Grammarly", None),
    (_switch("Star", True), "unstar", "Star"),
    (_switch("Star", False), "unstar", None),
    (_records("People", ("Ann", "", "Follow")), "unfollow Ann", None),  # no state said
])
def test_an_un_word_turns_a_toggle_off(
        domdex_browser: Any, page: str, query: str, acted: str | None) -> None:
    """Review 63: "unfavourite Northbank" clicked the item's name (the page's toggle says
    only *Favourite*, so find matched "Northbank" alone). The *un-* word the page does
    not hold is found as the word it undoes, and a click goes ahead only on a toggle that
    says it is on; one that is off, or that says no state, is refused."""
    _acts_or_refuses(domdex_browser, page, query, acted, r"opposite|already")



@pytest.mark.parametrize(("page", "query", "acted"), [
    (LEDGER + "<main><h1>App</h1><h2>Hello world</h2><p>Status: "
     "Published</p><button onclick=\"rec('Unpublish')\">Unpublish</button></main>",
     "publish the post", None),
    (LEDGER + "<main><h1>App</h1><h2>Invitations</h2><ul><li>Ann invited you to "
     "<b>Design</b> — Accepted</li><li>Bob invited you to <b>Ops</b> <button "
     "onclick=\"rec('Accept')\">Accept</button><button>Decline</button></li></ul></main>",
     "accept Ann's invitation", None),
    (LEDGER + "<main><h1>App</h1><h2>Hello world</h2><p>Status: Draft</p>"
     "<button onclick=\"rec('Publish')\">Publish</button></main>", "publish the post",
     "Publish"),
])
def test_a_click_that_only_a_control_can_do_is_not_done_on_text(
        domdex_browser: Any, page: str, query: str, acted: str | None) -> None:
    """Review 46: "publish the post" clicked a paragraph *Status: Published* and
    reported it done; "accept Ann's invitation" the list item saying *Accepted*. A
    click by query whose request asks what only a control does is not done on text."""
    _acts_or_refuses(domdex_browser, page, query, acted, r"is text, not a control|not the record")


_RUN_TABS = LEDGER + (
    "<main><h1>festive-newt</h1><div role=tablist><button role=tab aria-selected=true "
    "onclick=\"rec('logs')\">Logs</button><button role=tab>Task Runs</button></div>"
    "<div role=tabpanel aria-label=Logs><button aria-label='Download logs' "
    "onclick=\"rec('download')\"><svg width=16 height=16></svg></button>"
    "<div role=log><ol><li>INFO Beginning flow run</li></ol></div></div></main>")


@pytest.mark.parametrize(("query", "refused"), [
    ("save these logs to my computer", True), ("download these logs", False),
    ("open the logs", False)])
def test_a_tab_naming_what_is_acted_on_is_not_the_act(domdex_browser: Any, query: str,
                                                      refused: bool) -> None:
    """Prefect's first run: "save these logs to my computer" clicked the *Logs* tab at
    high confidence (its one word is the request's), answered OK, and nothing was
    saved. A tab or link named only by the thing, for a request that asks to save,
    delete, download …, is refused; a control that does it, or a request only to see
    it, is not."""
    from domdex.search.api import find
    from domdex.session.verbfit import undone

    with page_showing(domdex_browser, _RUN_TABS) as page:
        idx = page.index()
        result = find(idx, query, intent="click")
        why = undone(idx, result, "click")
        assert (why is not None) == refused, (str(result), why)
        if refused:
            assert "Logs" in str(why) and "not the act" in str(why)


def test_a_toggle_request_in_another_language_is_not_read_as_english(
        domdex_browser: Any) -> None:
    """The already-as-asked check reads English requests only: "wöchentliche
    Zusammenfassung abbestellen" (unsubscribe) unticks the ticked box its first word
    names (an i18n held-out task the first form refused)."""
    page = ("<html lang=de><body>" + LEDGER + "<main><h1>Einstellungen</h1><label>"
            "<input type=checkbox checked onclick=\"rec('weekly')\"> Wöchentliche "
            "Zusammenfassung per E-Mail</label><label><input type=checkbox "
            "onclick=\"rec('news')\"> Neuigkeiten per E-Mail</label></main></body></html>")
    _acts_or_refuses(domdex_browser, page, "wöchentliche Zusammenfassung abbestellen",
                     "weekly", r"")


def _form(*fields: str) -> str:
    """A form whose fields record their input: ``"Section|Label"`` puts a field in a
    fieldset of that legend."""
    out, legend = [], None
    for f in fields:
        section, _, name = f.rpartition("|")
        if section != legend:
            out.append(("</fieldset>" if legend else "") +
                       (f"<fieldset><legend>{section}</legend>" if section else ""))
            legend = section or None
        out.append(f"<label>{name} <input oninput=\"rec('{f}')\"></label>")
    return LEDGER + "<main><h1>Details</h1><form>" + "".join(out) + \
        ("</fieldset>" if legend else "") + "</form></main>"


@pytest.mark.parametrize(("page", "query", "filled"), [
    (_form("Home phone", "Email"), "mobile phone", None),
    (_form("Event name", "Start time", "Date"), "end time", None),
    (_form("Shipping address|Name", "Shipping address|Phone", "Billing address|Name",
           "Billing address|City"), "billing phone", None),
    (_form("Home phone", "Mobile phone"), "mobile phone", "Mobile phone"),
    (_form("Customer name", "Email"), "the buyer's full customer name", "Customer name"),
    (_form("Promo code", "Gift card"), "discount code", "Promo code"),
    (_form("Shipping address|Name", "Shipping address|Phone", "Billing address|Name"),
     "shipping phone", "Shipping address|Phone"),
])
def test_a_fill_names_which_field_by_its_qualifier(
        domdex_browser: Any, page: str, query: str, filled: str | None) -> None:
    """Review 46: "mobile phone" filled *Home phone*, "end time" *Start time*, "billing
    phone" the shipping address's *Phone*, at ``high``: the word that says which field
    was the best's own other word, or another field's section. A fill by query refuses
    then; a word that qualifies nothing ("the buyer's …") does not stop it."""
    with page_showing(domdex_browser, page) as p:
        if filled is not None:
            p.fill(query=query, value="555")
            assert _log(p)[-1:] == [filled]
            return
        with pytest.raises(ActionError, match=r"another field than the one meant"):
            p.fill(query=query, value="555")
        assert _log(p) == []


def test_a_name_that_repeats_a_word_is_no_more_about_it(domdex_browser: Any) -> None:
    """Review 46: "pay" clicked *Pay with Apple Pay* over *Pay $40.00*, at ``high``: the
    name said "pay" twice, and the embedding counted it twice. Now the two are close,
    and the click is refused (or lands on the plain *Pay*)."""
    page = LEDGER + ("<main><h1>Checkout</h1><form onsubmit='return false'><p>Total $40.00"
                     "</p><button onclick=\"rec('card')\">Pay $40.00</button><button "
                     "onclick=\"rec('apple')\">Pay with Apple Pay</button></form></main>")
    with page_showing(domdex_browser, page) as p:
        with contextlib.suppress(ActionError):
            p.click(query="pay")
        assert _log(p) in ([], ["card"])


_LIKE = LEDGER + ("<main><h1>Feed</h1><article><p>Ann: a photo</p><button aria-pressed=false "
                  "onclick=\"rec('like'); this.setAttribute('aria-pressed', "
                  "this.getAttribute('aria-pressed') === 'true' ? 'false' : 'true')\">Like"
                  "</button></article></main>")


def test_a_toggle_that_flipped_since_it_was_found_is_not_clicked(domdex_browser: Any) -> None:
    """Review 47: a ref found by "like Ann's post" unliked it once the page had pressed
    *Like* by itself (another tab, a live update). A click by ref on a toggle whose
    state changed since the agent saw it is refused, showing the state it has now;
    clicked again, it acts."""
    with page_showing(domdex_browser, _LIKE) as p:
        ref = p.find("like Ann's post", intent="click").ref
        p.playwright_page.evaluate(
            "document.querySelector('button').setAttribute('aria-pressed', 'true')")
        with pytest.raises(StaleRefError, match=r"not pressed and is pressed now"):
            p.click(ref)
        assert _log(p) == []
        p.click(ref)  # the agent was shown the state; a second click is meant
        assert _log(p) == ["like"]


def test_a_toggle_domdex_flipped_itself_clicks_again(domdex_browser: Any) -> None:
    """The check holds the ref to what the agent saw, not to domdex's own clicks: *Like*
    clicked by ref twice likes and unlikes."""
    with page_showing(domdex_browser, _LIKE) as p:
        ref = p.find("like Ann's post", intent="click").ref
        p.click(ref)
        p.click(ref)
        assert _log(p) == ["like", "like"]


_NOTIFY = LEDGER + (
    "<main><h1>Settings</h1><h2>Notifications</h2><section aria-labelledby=e><h3 id=e>Email"
    "</h3><label><input type=checkbox role=switch checked onclick=\"rec('email comments')\">"
    " Comments</label><label><input type=checkbox role=switch checked "
    "onclick=\"rec('email mentions')\"> Mentions</label></section><section "
    "aria-labelledby=p><h3 id=p>Mobile</h3><label><input type=checkbox role=switch checked "
    "onclick=\"rec('mobile comments')\"> Comments</label></section></main>")


@pytest.mark.parametrize(("query", "acted"), [
    ("turn off mobile mentions", None),
    ("mobile comments", "mobile comments"),
    ("email mentions", "email mentions"),
])
def test_a_request_naming_another_section_is_refused(
        domdex_browser: Any, query: str, acted: str | None) -> None:
    """Review 46: "turn off push mentions" unticked *Mentions* under *Email*; the *Push*
    section has no *Mentions*. A word of the request the best carries nowhere that is the
    heading of a section beside the best's is refused."""
    with page_showing(domdex_browser, _NOTIFY) as p:
        if acted is not None:
            p.uncheck(query=query)
            assert _log(p) == [acted]
            return
        with pytest.raises(ActionError, match=r"another section"):
            p.uncheck(query=query)
        assert _log(p) == []


_USER = LEDGER + (
    "<main><h1>Edit user</h1><form onsubmit='return false'><label>Name <input id=n "
    "value='Ann Lee'></label><button type=button onclick=\"rec('delete ' + n.value)\">"
    "Delete user</button></form><h2 id=details>Details</h2><p>Joined 2020.</p></main>"
    "<script>location.hash = '/users/1'; window.next = () => { location.hash = '/users/2';"
    " n.value = 'Bob Ray'; };</script>")


def test_a_ref_from_another_route_of_a_one_page_app_is_refused(domdex_browser: Any) -> None:
    """Review 48: on a one-page app's */users/1*, the agent found *Delete user*; the app
    moved to */users/2* and showed Bob in the same form, told apart only by its values,
    and the ref deleted Bob. A ref handed out at another route of the same document is
    refused; a jump to an anchor of the page is no move."""
    with page_showing(domdex_browser, _USER) as p:
        ref = p.find("delete user", intent="click").ref
        p.playwright_page.evaluate("window.next()")
        with pytest.raises(StaleRefError, match=r"has since moved to .*#/users/2"):
            p.click(ref)
        assert _log(p) == []
    with page_showing(domdex_browser, _USER) as p:
        ref = p.find("delete user", intent="click").ref
        p.playwright_page.evaluate("location.hash = 'details'")
        p.click(ref)
        assert _log(p) == ["delete Ann Lee"]


_FIELDS = LEDGER + (
    "<main><h1>Payment</h1><form onsubmit='return false'><label>Card number <input "
    "maxlength=16 oninput=\"rec('card')\"></label><label>Phone <input id=ph></label>"
    "<label>City <input id=city></label></form></main><script>"
    "ph.addEventListener('input', () => { const d = ph.value.replace(/\\D/g, '')"
    ".slice(0, 10); ph.value = '(' + d.slice(0, 3) + ') ' + d.slice(3, 6) + '-' + "
    "d.slice(6); });"
    "city.addEventListener('input', () => { if (city.value === 'Bos') city.value = "
    "'Boston'; });</script>")


def test_fill_says_when_the_field_does_not_hold_the_text(domdex_browser: Any) -> None:
    """Review 48: fill answered OK while a ``maxlength=16`` field kept "4242 4242 4242 4"
    of a card number, a phone mask turned "+1 555 123 4567" into "(155) 512-3456", and
    inline completion turned "Bos" into *Boston*. Too long a text is refused before
    anything is typed; a field that holds other text afterwards is refused saying what
    it holds; one the page completed is noted."""
    with page_showing(domdex_browser, _FIELDS) as p:
        with pytest.raises(ActionError, match=r"at most 16 characters"):
            p.fill(query="card number", value="4242 4242 4242 4242")
        assert _log(p) == []  # nothing typed
        p.fill(query="card number", value="4242424242424242")
        with pytest.raises(ActionError, match=r'holds "\(155\) 512-3456"'):
            p.fill(query="phone", value="+1 555 123 4567")
        assert "(555) 123-4567" in str(p.fill(query="phone", value="555 123 4567"))
        assert 'holds "Boston", more than' in str(p.fill(query="city", value="Bos"))


def test_a_function_word_heads_no_other_section(domdex_browser: Any) -> None:
    """The other-section refusal reads the page's language: Spanish "el" in "añadir el
    altavoz al carrito" is no word of the section *Instrucciones para el repartidor*
    (an i18n task it refused for a moment)."""
    page = ("<html lang=es><body>" + LEDGER + "<main><h1>Tienda</h1><section><h2>Altavoz"
            "</h2><button onclick=\"rec('add')\">Añadir al carrito</button></section>"
            "<section><h2>Instrucciones para el repartidor</h2><label>Nota <input></label>"
            "</section></main></body></html>")
    _acts_or_refuses(domdex_browser, page, "añadir el altavoz al carrito", "add", r"")


def test_an_item_of_a_menu_does_not_close_it(domdex_browser: Any) -> None:
    """Review 46: "exit the menu" clicked a File menu's *Exit* (which quits): an item
    does what it names; closing the menu is Escape or its button."""
    page = LEDGER + ("<main><h1>Editor</h1><button aria-expanded=true aria-haspopup=menu>File"
                     "</button><div role=menu aria-label=File><div role=menuitem tabindex=-1 "
                     "onclick=\"rec('exit')\">Exit</div><div role=menuitem tabindex=-1>Save"
                     "</div></div></main>")
    _acts_or_refuses(domdex_browser, page, "exit the menu", None, r"an item in a menu")


# Review 49: counting from the end, in the order shown, and counting twice ---------------

_PEOPLE = LEDGER + "<main><h1>Users</h1><table>" + "".join(
    f"<tr><td>{n}</td><td><button onclick=\"rec('del {n}')\">Delete</button></td></tr>"
    for n in ("Ann", "Bob", "Carol", "Dan")) + "</table></main>"
#: tabs whose CSS order puts the markup's first last; a chat drawn newest at the bottom
#: from a markup that lists it first; a right-to-left toolbar
_TABS = LEDGER + "<main><h1>Account</h1><div role=tablist style='display: flex'>" + "".join(
    f"<button role=tab style='order: {o}' onclick=\"rec('{n}')\">{n}</button>"
    for n, o in (("Billing", 3), ("Profile", 1), ("Security", 2))) + "</div></main>"
_CHAT = LEDGER + "<main><h1>Chat</h1><ul style='display: flex; flex-direction: " \
    "column-reverse'>" + "".join(
        f"<li><p>{m}</p><button onclick=\"rec('like {m}')\">Like</button></li>"
        for m in ("newest", "middle", "oldest")) + "</ul></main>"
_RTL = LEDGER + "<main dir=rtl><h1>Files</h1><div style='display: flex; gap: 20px'>" + "".join(
    f"<button onclick=\"rec('{n}')\">Share</button>" for n in ("A", "B")) + "</div></main>"
_SHOP = LEDGER + "<main><h1>Shop</h1><div style='display: grid; grid-template-columns: " \
    "repeat(3, 150px)'>" + "".join(
        f"<div><p>{n}</p><button onclick=\"rec('{n}')\">Add to cart</button></div>"
        for n in ("Cup", "Pen", "Mug", "Bag", "Hat", "Cap")) + "</div></main>"


@pytest.mark.parametrize(("page", "query", "acted"), [
    (_PEOPLE, "the second to last Delete", "del Carol"),
    (_PEOPLE, "click the second-from-last Delete", "del Carol"),
    (_PEOPLE, "the third Delete from the bottom", "del Bob"),
    (_PEOPLE, "the first Delete from the bottom", "del Dan"),
    (_PEOPLE, "the second Delete", "del Bob"),
    (_TABS, "the first tab", "Profile"),
    (_TABS, "the last tab", "Billing"),
    (_CHAT, "Like the last message", "like newest"),
    (_RTL, "the first Share", "A"),
])
def test_an_ordinal_counts_from_its_end_in_the_order_shown(domdex_browser: Any, page: str,
                                                            query: str, acted: str) -> None:
    """"The second to last" was read as "second" and deleted Bob for Carol; the first tab
    of a row that CSS reorders, and the last message of a chat drawn bottom-up, were
    counted in the markup's order (review 49)."""
    _acts_or_refuses(domdex_browser, page, query, acted, "")


def test_a_request_that_counts_twice_is_refused(domdex_browser: Any) -> None:
    """"The first Add to cart in the second row" added the first row's first item: find
    takes one count, and whether the other is met is unknown."""
    _acts_or_refuses(domdex_browser, _SHOP, "the first Add to cart in the second row", None,
                     "counts twice")


_ITEMS = LEDGER + "<main><h1>Inventory</h1><div role=list aria-label=Items>" + "".join(
    f"<div role=listitem><span>Item {n}</span> <button onclick=\"rec('open {n}')\">Open"
    f"</button> <button onclick=\"rec('delete {n}')\">Delete</button></div>"
    for n in range(1, 15)) + "</div></main>"


def test_a_verb_over_text_whose_row_has_that_control_is_refused(domdex_browser: Any) -> None:
    """Review 49: "Open Item 2" clicked the words *Item 2* ("open" was read as the
    request's verb, not a word of the row's *Open* button) and answered OK: nothing
    opened. The refusal names the row's control to act on."""
    _acts_or_refuses(domdex_browser, _ITEMS, "Open Item 2", None,
                     r"its row has a control that says so, BUTTON \"Open\"")


def test_a_count_past_its_group_is_no_error(domdex_browser: Any) -> None:
    """Review 50: "the fifth Delete from the bottom" of four raised IndexError in find."""
    with page_showing(domdex_browser, _PEOPLE) as p:
        res = p.find("the fifth Delete from the bottom", intent="click")
        assert res is not None


_EXPENSE = ("<main><h1>Expense</h1><label>Amount <input id=amount></label><label>Cost center "
            "<input id=cc></label><label>Description <input id=desc></label><label>State "
            "<select id=state><option>CA</option><option>NY</option></select></label></main>")


@pytest.mark.parametrize(("query", "intent", "not_id"), [
    ("the price field", "fill", "cc"),
    ("the order status dropdown", "select", "state"),
])
def test_a_column_synonym_names_no_field(domdex_browser: Any, query: str, intent: str,
                                         not_id: str) -> None:
    """Review 50: price/cost and status/state, made synonyms for a table's columns,
    filled *Cost center* for "the price field" and picked an address's *State* for "the
    order status". They meet only a column header now."""
    with page_showing(domdex_browser, _EXPENSE) as p:
        res = p.find(query, intent=intent)
        got = p.index().node(res.ref).attrs.get("id") if res.ref else None
        assert got != not_id or res.confidence in ("low", "none"), str(res)


_MODEL = LEDGER + (
    "<main><h1>churn-classifier</h1><section><h2>Description</h2><button "
    "onclick=\"rec('edit description')\">Edit</button></section><table><tr><th>Version</th>"
    "<th>Aliases</th></tr>" + "".join(
        f"<tr><td>Version {n}</td><td><span>{alias}</span> <button onclick=\"rec('aliases {n}')"
        "\"><svg width=10 height=10></svg></button></td></tr>"
        for n, alias in ((2, "champion"), (1, "challenger"))) + "</table></main>")


def test_a_high_best_that_carries_almost_nothing_asked_is_refused(domdex_browser: Any) -> None:
    """ml-044 (MLflow, once its page was captured again): "edit the aliases of the
    champion version" clicked the description's *Edit* at ``high``: of the four words it
    carries "edit" alone. A best, however sure, that carries a quarter of them or less
    is refused (on the corpus: 2 wrong actions fewer, no right one lost)."""
    _acts_or_refuses(domdex_browser, _MODEL, "edit the aliases of the champion version", None,
                     r"\(high\) has no 'aliases', 'champion'")
