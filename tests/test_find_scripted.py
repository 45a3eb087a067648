"""Controls that only a script makes clickable, found by what they do and whose they are.

Why: an icon ``<span class="like">`` whose handler was bound with ``addEventListener``
has no role, no text and no pointer cursor until hovered; capture used to drop it, so
"the Like button for @bob" had nothing to answer with. And three posts' icons are
look-alikes of each other only post by post: the post's words tell Bob's *Like* from
Alice's. The page also shows the task itself ("For the user @bob, click on the "Mute"
button."): a text that says the request is no target of it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from domdex.errors import DomdexError

from .conftest import page_showing

pytestmark = pytest.mark.browser

TASK = 'For the user @bob, click on the "Mute" button.'


@pytest.fixture(scope="module")
def page(domdex_browser: Any, server: str) -> Iterator[Any]:
    p = domdex_browser.open(f"{server}/scripted_posts.html")
    try:
        yield p
    finally:
        p.close()


def _node(page: Any, selector: str) -> Any:
    """The indexed node of the one element ``selector`` matches."""
    idx = page.index()
    ref = page.playwright_page.evaluate(
        "(s) => { const e = document.querySelector(s); "
        "const st = window[Symbol.for('domdex')]; return st ? st.peek(e) : null; }", selector)
    assert ref, f"{selector} has no ref"
    return idx.node(f"e{ref}" if not str(ref).startswith("e") else ref)


def _clicked(page: Any) -> str:
    return str(page.playwright_page.evaluate("document.getElementById('log').textContent"))


def test_listener_marks_an_icon_clickable_and_not_its_container(page: Any) -> None:
    like = _node(page, ".post:nth-child(2) .like")
    assert "clickable" in like.states, like
    idx = page.index()
    feed = [n for n in idx.nodes if n.attrs.get("id") == "feed"]
    assert not feed or "clickable" not in feed[0].states  # delegation is no target
    block = _node(page, ".post:nth-child(2) li.block")
    assert not block.visible and idx.is_interactive(block)  # in a closed menu, still known


def test_an_icon_is_told_apart_by_its_post(page: Any) -> None:
    for query, selector in (("Like button for @bob", ".post:nth-child(2) .like"),
                            ('the "Retweet" button on the post by @carol',
                             ".post:nth-child(3) .retweet"),
                            ("reply to Alice Smith", ".post:nth-child(1) .reply")):
        res = page.find(query, intent="click")
        want = _node(page, selector).ref
        assert res.ref == want, (query, str(res))
        assert res.confidence == "low"  # named by its class only: acting by query refuses
    page.click(page.find("Like button for @bob", intent="click").ref)
    assert _clicked(page) == "like @bob"


def test_a_hidden_menu_item_is_found_with_its_opener(page: Any) -> None:
    res = page.find('"Mute" button for the user @bob', intent="click")
    assert res.ref == _node(page, ".post:nth-child(2) li.mute").ref, str(res)
    assert res.reveal == _node(page, ".post:nth-child(2) .more").ref, str(res)
    page.click(res.reveal)
    page.click(page.find('"Mute" button for the user @bob', intent="click").ref)
    assert _clicked(page) == "mute @bob"
    page.click(res.reveal)  # closed again for the other tests


def test_the_task_shown_on_the_page_is_no_answer_to_itself(page: Any) -> None:
    res = page.find(TASK, intent="click")
    task = _node(page, "#task")
    assert res.ref != task.ref and all(m.ref != task.ref for m in res.matches[:1]), str(res)


# Review 29's cases: each once clicked another element than the one asked for, or let a
# page script reach what it should not, and said OK.

LEDGER = "<!doctype html><html lang=en><body><script>window.LEDGER = []</script>"


def _ledger(p: Any) -> list[str]:
    return list(p.playwright_page.evaluate("window.LEDGER"))


def test_a_listener_on_a_container_delegates_to_its_items(domdex_browser: Any) -> None:
    """A toolbar with one listener for its three spans: it became one target named "Bold
    Italic Underline", and "Bold" clicked its middle, Italic."""
    html = LEDGER + """<main><h1>Editor</h1><div class=toolbar><span>Bold</span>
<span>Italic</span> <span>Underline</span></div></main><script>
document.querySelector('.toolbar').addEventListener('click',
  (e) => LEDGER.push('fmt ' + e.target.textContent));</script></body></html>"""
    with page_showing(domdex_browser, html) as p:
        toolbar = [n for n in p.index().nodes if n.attrs.get("class") == "toolbar"]
        assert toolbar and "clickable" not in toolbar[0].states
        p.click(query="Bold")
        assert _ledger(p) == ["fmt Bold"]


def test_a_tile_is_not_clicked_on_the_icon_in_its_middle(domdex_browser: Any) -> None:
    """A photo tile and its trash icon, each bound by script: clicking the tile's middle
    hit the icon and deleted the photo."""
    html = LEDGER + """<style>.tile{position:relative;width:200px;height:120px;background:#eee}
.trash{position:absolute;left:90px;top:50px;width:20px;height:20px;background:#c00}</style>
<main><h1>Photos</h1><div class=tile><span class=caption>Sunset</span><span class=trash>
</span></div></main><script>
const tile = document.querySelector('.tile');
tile.addEventListener('click', () => LEDGER.push('open'));
document.querySelector('.trash').addEventListener('click',
  (e) => { e.stopPropagation(); LEDGER.push('delete'); });</script></body></html>"""
    with page_showing(domdex_browser, html) as p:
        tile = next(n for n in p.index().nodes if n.attrs.get("class") == "tile")
        with contextlib.suppress(DomdexError):  # a refusal is fine; the icon's handler not
            p.click(tile.ref)
        assert "delete" not in _ledger(p)


def test_a_delegated_list_item_saying_the_request_is_no_echo(domdex_browser: Any) -> None:
    html = LEDGER + """<main><h1>Mail</h1><button onclick="LEDGER.push('archive')">Archive
</button><ul id=menu><li>Move this conversation to the archive folder</li>
<li>Mark all messages in this folder as read</li></ul></main><script>
document.getElementById('menu').addEventListener('click',
  (e) => LEDGER.push('menu ' + e.target.textContent.trim()));</script></body></html>"""
    with page_showing(domdex_browser, html) as p:
        res = p.find("Move this conversation to the archive folder", intent="click")
        assert res.ref and p.index().node(res.ref).tag == "li", str(res)


@pytest.mark.parametrize("script", [
    # a getter that throws where the probe lives
    "Object.defineProperty(window, Symbol.for('domdex.listens'), {get() { throw 1; }});",
    # a probe of the page's own that says yes to everything, or throws
    "window[Symbol.for('domdex.listens')] = () => true;",
    "window[Symbol.for('domdex.listens')] = () => { throw new Error('no'); };",
    # the page's own getEventListeners, shadowing the console's
    "window.getEventListeners = () => ({click: [1]});",
])
def test_a_page_cannot_break_or_steer_the_probe(domdex_browser: Any, script: str) -> None:
    html = (LEDGER + f"<script>{script}</script><main><h1>Shop</h1><p class=intro>Welcome."
            "</p><div class=card><span class=title>Red shoe</span> <button>Buy</button>"
            "</div></main></body></html>")
    with page_showing(domdex_browser, html) as p:
        nodes = p.index().nodes
        assert not [n for n in nodes if "clickable" in n.states], nodes
        assert p.find("Buy", intent="click").ref


def test_a_page_getter_never_receives_the_listener_map(domdex_browser: Any) -> None:
    """A getter on Object.prototype was called with the map getEventListeners returns,
    and read another script's private handler from it."""
    html = """<!doctype html><html><body><div id=s class=secret>x</div><script>
(() => { const token = 'SECRET'; document.getElementById('s').addEventListener('keydown',
  function onKey() { return token; }); })();
window.STOLEN = [];
for (const t of ['click', 'mousedown', 'pointerdown', 'mouseup']) {
  Object.defineProperty(Object.prototype, t, { configurable: true,
    get() { window.STOLEN.push(Object.keys(this).join()); return undefined; } });
}</script></body></html>"""
    with page_showing(domdex_browser, html) as p:
        p.index()
        assert p.playwright_page.evaluate("window.STOLEN") == []


def test_an_icon_with_a_state_class_keeps_its_row_for_the_click_guard(
        domdex_browser: Any) -> None:
    """Rows re-used for other people as the pointer comes; Bob's pin wears a state class
    ("pin pinned"). Grouped by class words, it had no look-alike left, so no row for the
    click guard to hold it to, and the click ran Carol's pin."""
    rows = "".join(
        f"<div class=row><span class=name>{n}</span> <span class=role>{r}</span> <span "
        f"class='pin{' pinned' if n == 'Bob Jones' else ''}' style='display:inline-block;"
        "width:14px;height:14px;background:#555'></span></div>"
        for n, r in [("Alice Smith", "admin"), ("Bob Jones", "editor"),
                     ("Carol White", "viewer"), ("Dave Brown", "owner")])
    html = LEDGER + f"""<main><h1>Team</h1><div id=list>{rows}</div></main><script>
for (const ic of document.querySelectorAll('.pin')) ic.addEventListener('click',
  () => LEDGER.push(ic.closest('.row').querySelector('.name').textContent));
let rotated = false;
document.getElementById('list').addEventListener('pointerover', () => {{
  if (rotated) return; rotated = true;
  const rows = [...document.querySelectorAll('.row')];
  const data = rows.map((r) => [r.querySelector('.name').textContent,
                                 r.querySelector('.role').textContent]);
  rows.forEach((r, i) => {{ const d = data[(i + 1) % data.length];
    r.querySelector('.name').textContent = d[0]; r.querySelector('.role').textContent = d[1];
  }});
}});</script></body></html>"""
    with page_showing(domdex_browser, html) as p:
        pin = next(n for n in p.index().nodes if n.attrs.get("class") == "pin pinned")
        with contextlib.suppress(DomdexError):
            p.click(pin.ref)
        assert _ledger(p) in ([], ["Bob Jones"]), _ledger(p)


def test_a_panel_of_prose_with_a_listener_is_no_target(domdex_browser: Any) -> None:
    """A Markdown panel that listens for clicks on its links (Gradio's) holds a heading
    and a paragraph inside one wrapper: marked clickable, it swallowed its heading, and the
    page's main region lost its name ("Order desk")."""
    html = LEDGER + """<main><div class=prose><span class=md><h1>Order desk</h1>
<p>Place orders and answer customers.</p></span></div><button>Submit</button></main><script>
document.querySelector('.prose').addEventListener('click', () => LEDGER.push('prose'));
</script></body></html>"""
    with page_showing(domdex_browser, html) as p:
        nodes = p.index().nodes
        assert not [n for n in nodes if "clickable" in n.states], nodes
        assert any(n.role == "heading" and n.text == "Order desk" for n in nodes)


def test_the_task_shown_on_the_page_is_no_rival_of_a_control(domdex_browser: Any) -> None:
    """"trash icon to delete Elwira" next to the task text "Find the email by Elwira and
    click the trash icon to delete it.": the text holds the whole request, so it kept the
    unnamed trash icon from its low answer (MiniWoB's email-inbox with the task shown)."""
    html = LEDGER + """<div id=query>Find the email by Elwira and click the trash icon to
delete it.</div><main><h1>Inbox</h1><div class=email><span class=who>Elwira</span>
<span class=trash style="display:inline-block;width:14px;height:14px"></span></div>
<div class=email><span class=who>Bettine</span>
<span class=trash style="display:inline-block;width:14px;height:14px"></span></div></main>
<script>for (const t of document.querySelectorAll('.trash')) t.addEventListener('click',
  () => LEDGER.push(t.parentElement.querySelector('.who').textContent));</script>
</body></html>"""
    with page_showing(domdex_browser, html) as p:
        res = p.find("trash icon to delete Elwira", intent="click")
        assert res.ref is not None and res.confidence == "low", str(res)
        p.click(res.ref)
        assert _ledger(p) == ["Elwira"]
