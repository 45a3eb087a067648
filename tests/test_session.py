"""The live session on real headless Chromium: actions, stale refs, dialogs, tabs, diffs.

Every action's effect is checked in the page itself; ``LEDGER`` counts stale refs
recovered and actions that hit the wrong element, and the last test asserts the
suite-wide totals: recoveries happened, wrong-element actions are zero.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from domdex.chromium import LAUNCH_ARGS, find_chromium
from domdex.errors import ActionError, DomdexError, RefError, StaleRefError
from domdex.session import Session, SessionOptions

#: One worker runs the whole module under pytest-xdist (``--dist loadgroup``):
#: ``test_zz_ledger`` reads what the tests before it recorded.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_session")]

LEDGER = {"recovered": 0, "refused": 0, "wrong_element": 0, "actions": 0}


@pytest.fixture(scope="module")
def s() -> Iterator[Session]:
    with Session.start(options=SessionOptions(action_timeout=1.5)) as session:
        yield session


def _text(s: Session, selector: str) -> str:
    return str(s._call(lambda: s.current.pw.locator(selector).first.inner_text()))


def _js(s: Session, expr: str) -> Any:
    return s._call(lambda: s.current.pw.evaluate(expr))


def _done_items(s: Session) -> list[str]:
    return list(_js(s, "Array.from(document.querySelectorAll('li.done span'))"
                       ".map(e => e.textContent)"))


def _expect(ok: bool) -> None:
    LEDGER["actions"] += 1
    if not ok:
        LEDGER["wrong_element"] += 1
    assert ok, "the action reached the wrong element"


def test_recover_rerendered_ref(s: Session, server: str) -> None:
    s.open(f"{server}/spa.html")
    milk = s.find("Done Buy milk", intent="click").ref
    s.click(query="Done Write report")  # full re-render: every list node is new
    _expect(_done_items(s) == ["Write report"])
    result = s.click(milk)
    assert result.recovery is not None and result.recovery.recovered
    assert result.recovery.old_ref == milk and result.recovery.new_ref != milk
    assert result.recovery.score >= 0.8
    assert "RECOVERED" in result.render()
    LEDGER["recovered"] += 1
    _expect(sorted(_done_items(s)) == ["Buy milk", "Write report"])


def test_recover_every_ref_after_a_full_rerender(s: Session, server: str) -> None:
    s.open(f"{server}/spa.html")
    idx = s.index()
    refs = {n.name: n.ref for n in idx.nodes if n.name.startswith("Done ")}
    s.click(query="Refresh")  # every list node is re-created with the same content
    for name in ("Done Call the plumber", "Done Book flights", "Done Water the plants"):
        result = s.click(refs[name])
        assert result.recovery is not None and result.recovery.recovered, name
        LEDGER["recovered"] += 1
    s.fill(query="New item", value="Paint the fence")
    s.click(query="Add item")  # another full re-render
    result = s.click(refs["Done Buy milk"])
    assert result.recovery is not None and result.recovery.recovered
    LEDGER["recovered"] += 1
    _expect(sorted(_done_items(s)) == ["Book flights", "Buy milk", "Call the plumber",
                                       "Water the plants"])


def test_refuses_a_ref_whose_element_changed_meaning(s: Session, server: str) -> None:
    s.open(f"{server}/spa.html")
    report = s.find("Done Write report", intent="click").ref
    s.click(report)  # becomes "Undo Write report" after a re-render
    _expect(_done_items(s) == ["Write report"])
    with pytest.raises(StaleRefError) as err:
        s.click(report)  # the old ref: "Done Write report" no longer exists
    message = str(err.value)
    assert "Nothing was done" in message and "Done Write report" in message
    LEDGER["refused"] += 1
    _expect(_done_items(s) == ["Write report"])  # not undone by a guess


def test_refs_survive_a_reorder(s: Session, server: str) -> None:
    s.open(f"{server}/spa.html")
    plants = s.find("Done Water the plants", intent="click").ref
    s.click(query="Shuffle")  # keyed reorder: same nodes, new positions
    result = s.click(plants, diff=True)
    assert result.recovery is None  # the node survived; nothing to recover
    _expect(_done_items(s) == ["Water the plants"])


def test_label_change_same_element(s: Session, server: str) -> None:
    s.open(f"{server}/spa.html")
    follow = s.find("Follow button", intent="click").ref
    r = s.click(follow, diff=True)
    assert '"Follow" → "Following"' in r.render()
    _expect(_text(s, "#follow") == "Following")
    s.click(follow)
    _expect(_text(s, "#follow") == "Follow")


def test_covered_element_says_by_what(s: Session, server: str) -> None:
    s.open(f"{server}/modal.html")
    buy = s.find("Buy now", intent="click").ref
    with pytest.raises(ActionError, match=r"covered by <div#cookie-banner>") as err:
        s.click(buy)
    # what the overlay says and the controls it offers, so the agent knows the way out
    assert "offers: Accept cookies, Cookie policy." in str(err.value), err.value
    _expect(_text(s, "#result") == "")
    s.click(query="Accept cookies")
    s.click(buy)
    _expect(_text(s, "#result") == "Added to your order.")


def test_disabled_and_hidden_fail_fast_and_say_so(s: Session) -> None:
    import time

    s.open("data:text/html,<main><h1>Pay</h1><button disabled>Pay now</button>"
           "<button style='visibility:hidden'>Ghost</button><input readonly value=x "
           "aria-label=Code></main>")
    idx = s.index()
    ref = {n.name: n.ref for n in idx.nodes if n.name}
    started = time.monotonic()
    with pytest.raises(ActionError, match="it is disabled"):
        s.click(ref["Pay now"], timeout=30)
    with pytest.raises(ActionError, match="it is hidden"):
        s.click(ref["Ghost"], timeout=30)
    with pytest.raises(ActionError, match="read-only"):
        s.fill(ref["Code"], value="y", timeout=30)
    assert time.monotonic() - started < 6  # not three 30-second Playwright timeouts


def test_dialog_opens_as_added_region(s: Session, server: str) -> None:
    s.open(f"{server}/modal.html")
    s.regions()
    r = s.click(query="Delete account", diff=True)
    text = r.render()
    assert "ADDED:" in text and "DIALOG" in text and '"Confirm"' in text
    s.click(query="Confirm")
    _expect(_text(s, "#result") == "Account deleted.")


def test_js_confirm_is_answered_and_reported(s: Session, server: str) -> None:
    s.open(f"{server}/modal.html")
    r = s.click(query="Clear browsing history")
    assert 'DIALOG confirm "Clear your browsing history?" → accepted' in r.render()
    _expect(_text(s, "#result") == "History cleared.")
    s.answer_dialogs(accept_next=False)
    r = s.click(query="Clear browsing history")
    assert "→ dismissed" in r.render()
    _expect(_text(s, "#result") == "History kept.")


TWO_FACTOR = """<main><h1>Security</h1><label><input type=checkbox id=tfa checked>
Two-factor authentication</label><script>
tfa.addEventListener("click", (e) => {
  if (!tfa.checked && !confirm("Turn off two-factor authentication?")) e.preventDefault();
});</script></main>"""


def test_a_refused_action_says_which_dialog_was_answered(s: Session, server: str) -> None:
    """Review 49: the uncheck was refused ("the page keeps it as it was") without saying
    that the page asked a question and the session dismissed it, which is why."""
    s.open(f"{server}/modal.html")
    s._call(lambda: s.current.pw.set_content(TWO_FACTOR))
    s.answer_dialogs(accept_next=False)
    with pytest.raises(ActionError, match=r'(?s)keeps it.*DIALOG confirm "Turn off two-factor '
                                          r'authentication\?" → dismissed'):
        s.uncheck(query="two-factor authentication")
    assert _js(s, "tfa.checked") is True


def test_ref_from_previous_document_is_refused(s: Session, server: str) -> None:
    s.open(f"{server}/navigate.html")
    invoice = s.find("View invoice", intent="click").ref
    r = s.click(query="Track package")
    assert r.navigated and "navigate-target.html?from=link" in r.url
    with pytest.raises(StaleRefError, match="previous page"):
        s.click(invoice)
    LEDGER["refused"] += 1
    assert "from=link" in s.current.pw.url


def test_failed_and_404_navigations_are_reported_as_such(s: Session, server: str) -> None:
    import socket

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{sock.getsockname()[1]}/"
    s.open(f"data:text/html,<a href='{dead}'>Dead link</a>"
           f"<p><a href='{server}/missing.html'>Gone page</a></p>")
    r = s.click(query="Dead link")
    assert f"NAVIGATION FAILED: {dead}" in r.render()
    assert "ERR_CONNECTION_REFUSED" in r.render()
    s.back()
    r = s.click(query="Gone page")
    assert r.navigated and "(HTTP 404)" in r.render()


def test_delayed_navigation_and_wait(s: Session, server: str) -> None:
    s.open(f"{server}/navigate.html")
    s.click(query="Open receipt")
    r = s.wait(text="delayed", timeout=5)
    assert "WAITED" in r.render()
    assert "from=delayed" in s.current.pw.url


def test_form_errors_diff_and_fill(s: Session, server: str) -> None:
    s.open(f"{server}/form-errors.html")
    s.regions()
    r = s.click(query="Create account", diff=True)
    text = r.render()
    assert "[invalid]" in text and "Please fix the errors below." in text
    s.fill(query="Username", value="sam")
    s.fill(query="Email", value="sam@example.com")
    s.fill(query="Password", value="longenough1")
    s.fill(query="Confirm password", value="longenough1")
    s.act("check", query="I agree to the Terms of Service")
    s.click(query="Create account")
    _expect(_text(s, "#success").startswith("Account created"))
    _expect(_js(s, "document.getElementById('confirm').value") == "longenough1")


def test_iframe_and_shadow(s: Session, server: str) -> None:
    s.open(f"{server}/iframe.html")
    r = s.fill(query="Email", value="ana@club.org", intent="fill")
    assert r.ref and r.ref.startswith("f")
    s.fill(query="Password", value="secret-oars")
    s.click(query="Log in")
    frame_text = s._call(lambda: s.current.pw.frames[1].locator("#login-status").inner_text())
    _expect(frame_text == "Logged in as ana@club.org")
    s.open(f"{server}/shadow.html")
    s.fill(query="Coupon code", value="SPRING10")
    s.click(query="Apply")
    status = _js(s, "document.querySelector('coupon-box').shadowRoot"
                    ".getElementById('result').textContent")
    _expect(status == "Coupon SPRING10 applied.")


def test_select_and_unknown_ref(s: Session, server: str) -> None:
    s.open(f"{server}/product.html")
    s.select(query="Quantity", value="3")
    _expect(_js(s, "document.querySelector('select').value") == "3")
    with pytest.raises(RefError, match="No element"):
        s.click("e9999")


def test_tabs(s: Session, server: str) -> None:
    s.open(f"{server}/spa.html")
    first = s.current.id
    s.new_tab(f"{server}/product.html")
    tabs = s.tab_list()
    assert len(tabs) >= 2 and next(t for t in tabs if t.current).id != first
    s.switch_tab(first)
    assert "spa.html" in s.current.pw.url
    with pytest.raises(DomdexError, match="needs a tab id"):  # not a silent no-op
        s.switch_tab(None)
    other = next(t.id for t in tabs if t.id != first)
    s.close_tab(other)
    assert all(t.id != other for t in s.tab_list())


def test_annotated_screenshot(s: Session, server: str) -> None:
    s.open(f"{server}/product.html")
    plain = s.screenshot(annotate=False)
    marked = s.screenshot(annotate=True)
    assert plain[:8] == b"\x89PNG\r\n\x1a\n" and marked[:8] == b"\x89PNG\r\n\x1a\n"
    assert plain != marked
    # nothing was left in the user's page
    assert _js(s, "document.querySelectorAll('body *').length") == \
        _js(s, "document.querySelectorAll('body *').length")
    assert s.screenshot(annotate=False) == plain


def test_navigation_errors_are_what_they_are(s: Session) -> None:
    from domdex.errors import NavigationError

    with pytest.raises(NavigationError, match=r"[Cc]ould not open"):
        s.open("http://127.0.0.1:9/")


@pytest.fixture(scope="module")
def remote_chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second Chromium started here with a DevTools port, like a remote browser.

    Its profile is a fresh temporary folder: a fixed one is shared by parallel runs.
    """
    exe = find_chromium(headless=False)  # a user's browser, not the headless shell
    assert exe
    profile = tmp_path_factory.mktemp("cdp-profile")
    proc = subprocess.Popen(
        [exe, "--headless=new", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
         f"--user-data-dir={profile}", *LAUNCH_ARGS, "about:blank"],
        stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        for line in proc.stderr:
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            if m:
                yield m.group(1)
                break
        else:
            pytest.fail("Chromium did not print its DevTools address.")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stderr is not None:
            proc.stderr.close()


def test_remote_browser_over_cdp(remote_chromium: str, server: str) -> None:
    with Session.start(cdp=remote_chromium) as remote:
        remote.open(f"{server}/spa.html")
        remote.click(query="Done Buy milk")
        done = remote._call(lambda: remote.current.pw.evaluate(
            "Array.from(document.querySelectorAll('li.done span')).map(e => e.textContent)"))
        _expect(done == ["Buy milk"])


def test_tabs_already_open_in_a_remote_browser_are_driven(remote_chromium: str,
                                                          server: str) -> None:
    """--cdp drives the tabs the user's browser shows (issue 11), not a blank one beside
    them: a later session finds the page the first one left open, current."""
    with Session.start(cdp=remote_chromium) as first:
        first.open(f"{server}/product.html")
    with Session.start(cdp=remote_chromium) as again:
        tabs = again.tab_list()
        assert [t.url for t in tabs if t.current] == [f"{server}/product.html"], tabs
        hit = again.find("add to cart button", intent="click")
        assert 'BUTTON "Add to Cart"' in hit.render()
        assert '"Cart (3)" → "Cart (4)"' in again.click(hit.ref, diff=True).render()


def test_type_press_enter_adds_an_item(s: Session, server: str) -> None:
    s.open(f"{server}/spa.html")
    s.regions()
    s.act("type", query="New item", value="Oil the hinges", intent="fill")
    r = s.press(query="New item", key="Enter", diff=True)
    assert '"Oil the hinges"' in r.render()
    _expect(_js(s, "document.querySelectorAll('ul.todos li').length") == 6)


def test_a_key_pressed_on_a_page_not_looked_at_yet_reports_what_it_changed(s: Session) -> None:
    """No view before the key: the diff still compares the page before the key with the
    page after it, instead of the page after with itself ("no changes")."""
    s.open("data:text/html,<main><h1>Notes</h1><ul id=l></ul></main><script>"
           "addEventListener('keydown', e => { if (e.key === 'n') document.getElementById('l')"
           ".insertAdjacentHTML('beforeend', '<li><button>Fresh note</button></li>') })"
           "</script>")
    r = s.press(key="n", diff=True)
    assert 'BUTTON "Fresh note"' in r.render(), r.render()


def test_a_key_diff_on_a_new_page_keeps_refusing_the_old_pages_refs(s: Session,
                                                                       server: str) -> None:
    """The key's diff compares the new page with itself before the key; it must not make
    refs taken from the previous page resolve against this one (refs restart per page)."""
    s.open(f"{server}/spa.html")
    old = s.find("Shuffle", intent="click").ref
    assert old
    s.open("data:text/html,<main>" + "".join(f"<p>Line {i}</p>" for i in range(40)) + "</main>")
    s.press(key="Shift", diff=True)
    with pytest.raises(StaleRefError):
        s.click(old)


def test_popup_becomes_a_tab_and_closed_tabs_are_reported(s: Session, server: str) -> None:
    html = (f'<a href="{server}/product.html" target="_blank">Open the shop</a>'
            '<button onclick="window.close()">Close me</button>')
    s.open("data:text/html," + html)
    before = {t.id for t in s.tab_list()}
    r = s.click(query="Open the shop")
    assert "TAB: the page opened" in r.render()
    s.wait(load="load")
    after = s.tab_list()
    new = [t for t in after if t.id not in before]
    assert len(new) == 1 and new[0].current
    s.wait(text="Garden Trowel")
    assert "product.html" in s.current.pw.url
    popup = s.current.id
    s.close_tab(popup)
    from domdex.errors import BrowserError

    with pytest.raises(BrowserError, match="No tab"):
        s.switch_tab(popup)


def test_refs_are_refused_after_open_until_the_agent_looks(s: Session, server: str) -> None:
    s.open(f"{server}/spa.html")
    shuffle = s.find("Shuffle", intent="click").ref
    assert shuffle is not None
    s.open(f"{server}/navigate.html")  # the new page may well have that number too
    with pytest.raises(StaleRefError, match="previous page"):
        s.click(shuffle)
    LEDGER["refused"] += 1
    s.regions()  # now the agent has looked: refs of this page are valid
    stay = s.find("Remind me later", intent="click").ref
    s.click(stay)
    _expect(_text(s, "#note") == "Reminder set.")


def test_zz_ledger(s: Session) -> None:
    """Suite-wide: stale refs were recovered, and no action hit the wrong element."""
    assert LEDGER["recovered"] >= 1
    assert LEDGER["wrong_element"] == 0
    assert s.stats.recovered >= 1
    print(f"\nsession ledger: {LEDGER}, stats: recovered={s.stats.recovered} "
          f"refused={s.stats.recovery_refused} stale_document={s.stats.stale_document}")
