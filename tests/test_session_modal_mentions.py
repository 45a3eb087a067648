"""Acting by words with a modal dialog open, and over records that only mention the one
named (review 53). Real pages in headless Chromium; a ledger records what was clicked."""

from __future__ import annotations

from typing import Any

import pytest

from domdex.errors import ActionError

from .conftest import page_showing

pytestmark = pytest.mark.browser

LEDGER = "<script>window.log = []; function rec(x) { window.log.push(x); }</script>"


def _log(page: Any) -> list[str]:
    return list(page.playwright_page.evaluate("window.log"))


def _projects(dialog: str, hide: bool = False) -> str:
    rows = "".join(f"<tr><td>{n}</td><td><button onclick=\"rec('bg-{n}')\">Delete</button>"
                   f"</td></tr>" for n in ("Website", "Mobile app", "Public API"))
    root = "<div id=root aria-hidden=true>" if hide else "<div id=root>"
    return (LEDGER + root + f"<main><h1>Projects</h1><table>{rows}</table></main></div>"
            + dialog)


_ARIA_MODAL = ("<div style='position:fixed;inset:0;background:#0006'></div><div role=dialog "
               "aria-modal=true aria-labelledby=t style='position:fixed;top:80px;left:300px;"
               "background:#fff;padding:20px'><h2 id=t>Delete project?</h2><p>This cannot "
               "be undone.</p><button onclick=\"rec('cancel')\">Cancel</button><button "
               "onclick=\"rec('dialog')\">Delete</button></div>")
_NATIVE = ("<dialog id=d><h2>Delete project?</h2><button onclick=\"rec('cancel')\">Cancel"
           "</button><button onclick=\"rec('dialog')\">Delete</button></dialog>"
           "<script>document.getElementById('d').showModal()</script>")
# the same dialog, not modal: the page behind stays live, and "Delete" is ambiguous
_PLAIN = _ARIA_MODAL.replace(" aria-modal=true", "")
# one that says aria-modal but blocks nothing (no backdrop: a cookie strip, a chat
# widget; review 54 saw such a banner's link clicked for the page's)
_STRIP = ("<div role=dialog aria-modal=true aria-label=Consent style='position:fixed;"
          "bottom:0;left:0;right:0;background:#eee'>We use cookies. <button "
          "onclick=\"rec('strip')\">Delete</button></div>")
# one left mounted off screen when it closed
_GONE = _ARIA_MODAL.replace("<div style='position:fixed;inset:0;background:#0006'></div>",
                            "").replace("left:300px", "left:3000px")


@pytest.mark.parametrize(("page", "acted"), [
    (_projects(_ARIA_MODAL), "dialog"),
    (_projects(_ARIA_MODAL, hide=True), "dialog"),
    (_projects(_NATIVE), "dialog"),
    (_projects(_PLAIN), None),
    (_projects(_STRIP), None),
    (_projects(_GONE), None),
])
def test_an_open_modal_dialog_is_where_a_click_by_words_acts(domdex_browser: Any, page: str,
                                                              acted: str | None) -> None:
    """While a modal dialog is open the page behind it is inert: "click Delete" is the
    dialog's, and the rows' *Delete* buttons are no rivals (they were refused as ties).
    Capture marks the dialog ``modal`` (aria-modal, or ``showModal()``)."""
    with page_showing(domdex_browser, page) as p:
        hit = p.find("click Delete", intent="click")
        modal = [n for n in p.index().nodes if "modal" in n.states]
        if acted is None:
            assert not modal
            with pytest.raises(ActionError):
                p.click(query="click Delete")
            assert _log(p) == []
            return
        assert len(modal) == 1, str(hit)
        p.click(query="click Delete")
        assert _log(p) == [acted]


def _rows(rows: list[tuple[str, str]], control: str) -> str:
    body = "".join(f"<tr><td>{a}</td><td>{b}</td><td><button onclick=\"rec('{a}')\">"
                   f"{control}</button></td></tr>" for a, b in rows)
    return LEDGER + f"<main><h1>Billing</h1><table>{body}</table></main>"


_INVOICES = [("Acme Corp", "Referred by Globex"), ("Initech", "—")]
_MAIL = [("LinkedIn", "Stripe is hiring: 12 new jobs"), ("GitHub", "CI passed")]


@pytest.mark.parametrize(("rows", "control", "query", "acted"), [
    # the record named is not on the page; another row's text mentions it
    (_INVOICES, "Delete invoice", "delete the invoice for Globex", None),
    (_MAIL, "Archive", "archive the email from Stripe", None),
    # the record is there: its own row is acted on
    (_MAIL, "Archive", "archive the email from GitHub", "GitHub"),
    (_INVOICES, "Delete invoice", "delete the invoice for Acme Corp", "Acme Corp"),
    # a request that points at the text itself
    (_MAIL, "Archive", "archive the email about Stripe hiring", "LinkedIn"),
])
def test_a_row_that_only_mentions_the_record_is_not_it(domdex_browser: Any,
                                                       rows: list[tuple[str, str]],
                                                       control: str, query: str,
                                                       acted: str | None) -> None:
    """Review 53: "delete the invoice for Globex" deleted Acme's invoice, whose notes say
    "Referred by Globex"; "archive the email from Stripe" archived LinkedIn's mail about
    Stripe. A click that cannot be taken back refuses a row whose words of the named
    record are only in its running text."""
    with page_showing(domdex_browser, _rows(rows, control)) as p:
        if acted is None:
            with pytest.raises(ActionError, match="mentions it"):
                p.click(query=query)
            assert _log(p) == []
            return
        p.click(query=query)
        assert _log(p) == [acted]
