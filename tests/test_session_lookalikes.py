"""Stale refs among look-alikes: never act on the wrong row, on every front door.

``tests/pages/rows.html`` renders people whose rows all hold a button named "Delete";
each button's handler records, in the page, the id of the person its row was rendered
for (a closure, not the DOM text). Each case takes the ref of the first row's "Delete"
(Alice's), changes the page the way apps do (sort, remove, insert, replace, paginate,
recycle nodes), then clicks the old ref. The assertion is on that page ledger, not on
domdex's report: the click either ran Alice's handler (a recovery) or nothing at all
(a refusal). Running anybody else's handler is the one outcome never allowed.

The same cases run through ``Page`` (``browser.open``), ``Session`` and the MCP server.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

import anyio
import pytest

from domdex.errors import StaleRefError

pytestmark = pytest.mark.browser

# (case, query string, what changes the page (a toolbar button's name), expected)
CASES = [
    ("sorted", "mode=list", "Sort Z to A", "recover"),
    ("other-row-removed", "mode=list", "Remove second row", "recover"),
    ("own-row-removed", "mode=list", "Remove first row", "refuse"),
    ("all-replaced", "mode=list", "Replace everyone", "refuse"),
    ("inserted-above", "mode=list", "Insert a row at the top", "recover"),
    ("cards-re-rendered", "mode=cards", "Refresh", "recover"),
    ("inputs-sorted", "mode=inputs", "Sort Z to A", "recover"),
    ("inputs-own-removed", "mode=inputs", "Remove first row", "refuse"),
    ("table-sorted", "mode=table", "Sort Z to A", "recover"),
    ("table-next-page", "mode=table&n=8", "Show next page", "refuse"),
    ("virtual-scrolled", "mode=virtual&n=8", "Scroll down one", "refuse"),
    ("virtual-inserted-above", "mode=virtual&n=8", "Insert a row at the top", "recover"),
    # two changes made through domdex itself: the action's own capture must not
    # redefine what the agent's older ref means
    ("virtual-scrolled-then-refreshed", "mode=virtual&n=8", "Scroll down one|Refresh",
     "refuse"),
    ("distinct-shuffled", "mode=distinct", "Shuffle", "recover"),
    ("identical-twins", "mode=list&dup=1", "Refresh", "refuse"),
]
ALICE = "p1"


def _outcome(ledger: list[str], refused: bool) -> str:
    """recover / refuse from the page's own ledger; "wrong" for anyone else's handler."""
    if any(pid != ALICE for pid in ledger) or (refused and ledger) or len(ledger) > 1:
        return "wrong"
    return "refuse" if refused else "recover"


def _delete_refs(hits: Any) -> list[str]:
    return [h.ref for h in hits.matches if h.name.startswith("Delete")]


@pytest.mark.parametrize(("case", "query", "change", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_page_never_acts_on_a_look_alike(domdex_browser: Any, server: str, case: str,
                                         query: str, change: str, expected: str) -> None:
    page = domdex_browser.open(f"{server}/rows.html?{query}")
    try:
        ref = _delete_refs(page.grep("Delete"))[0]
        for step in change.split("|"):
            page.playwright_page.get_by_role("button", name=step, exact=True).click()
        refused = False
        try:
            page.click(ref)
        except StaleRefError as exc:
            refused = True
            assert "Nothing was done" in str(exc)
        ledger = page.playwright_page.evaluate("window.LEDGER")
        assert _outcome(ledger, refused) == expected, (case, ledger)
    finally:
        page.close()


@pytest.fixture(scope="module")
def session() -> Any:
    from domdex import Session

    s = Session.start()
    try:
        yield s
    finally:
        s.close()


@pytest.mark.parametrize(("case", "query", "change", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_session_never_acts_on_a_look_alike(session: Any, server: str, case: str, query: str,
                                            change: str, expected: str) -> None:
    session.open(f"{server}/rows.html?{query}")
    ref = _delete_refs(session.grep("Delete"))[0]
    for step in change.split("|"):
        session.click(query=step)  # the agent changes the page itself; its refs stay
    refused = False
    try:
        result = session.click(ref)
        if result.recovery is not None:
            assert result.recovery.old_ref == ref
            assert "same element" not in str(result)
    except StaleRefError:
        refused = True
    ledger = session._call(lambda: session.inner.current.pw.evaluate("window.LEDGER"))
    assert _outcome(ledger, refused) == expected, (case, ledger)


def test_refs_from_find_recover_by_row(domdex_browser: Any, server: str) -> None:
    """A ref handed out by find keeps its row too: sorted, it is re-found; its row
    removed, the click is refused with the candidates' rows shown."""
    page = domdex_browser.open(f"{server}/rows.html?mode=table&n=5")
    try:
        hit = page.find("Delete button in Carol Chen's row", intent="click")
        assert hit.ref is not None
        pid = page.locator(hit.ref).evaluate("el => el.closest('[data-pid]').dataset.pid")
        page.playwright_page.get_by_role("button", name="Sort Z to A").click()
        result = page.click(hit.ref)
        assert result.recovery is not None and result.recovery.recovered
        assert page.playwright_page.evaluate("window.LEDGER") == [pid]
        page.playwright_page.evaluate(f"app.remove('{pid}')")
        with pytest.raises(StaleRefError) as err:
            page.click(result.recovery.new_ref or "")
        assert "Candidates:" in str(err.value) and "Alice" in str(err.value)
        assert page.playwright_page.evaluate("window.LEDGER") == [pid]
    finally:
        page.close()


def _mcp_text(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


def test_mcp_never_acts_on_a_look_alike(server: str) -> None:
    from mcp import Client, StdioServerParameters

    env = {"XDG_CACHE_HOME": os.environ["XDG_CACHE_HOME"], "PATH": os.environ["PATH"]}
    params = StdioServerParameters(command=sys.executable, args=["-m", "domdex", "mcp"],
                                   env=env)

    async def main() -> dict[str, str]:
        out: dict[str, str] = {}
        async with Client(params) as client:
            for case, query, change, _expected in CASES:
                await client.call_tool("open", {"url": f"{server}/rows.html?{query}"})
                listing = _mcp_text(await client.call_tool("grep", {"pattern": "Delete"}))
                ref = re.findall(r'"Delete[^"]*" @(\w+)', listing)[0]
                for step in change.split("|"):
                    await client.call_tool("click", {"query": step})
                r = await client.call_tool("click", {"ref": ref})
                status = _mcp_text(await client.call_tool("grep", {"pattern": "Deleted:"}))
                m = re.search(r"Deleted: ([\w, ]+)", status)
                ledger = [p.strip() for p in m.group(1).split(",")] if m else []
                out[case] = _outcome(ledger, bool(r.is_error))
        return out

    got = anyio.run(main)
    assert got == {c[0]: c[3] for c in CASES}
