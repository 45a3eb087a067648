"""A ref must not act on another record after the page changed under it.

Each page records which handler ran (``window.log``). The agent takes a ref on one
record (a mail, an order, a user), the app then shows another record through the same
or new nodes, and the old ref is used: the action must be refused (a StaleRefError
saying to look again), never performed on the other record. Found by a review on live
pages; each case failed before its fix (recovery._row_cover, _same_heading, the
identity block of a lone element, name_score's ids).
"""

from __future__ import annotations

from typing import Any

import pytest

from domdex.errors import StaleRefError

LOG = "<script>window.log = []; function rec(x) { window.log.push(x); }</script>"

INBOX = LOG + """<main><h1>Inbox</h1><ul id=list></ul></main><script>
let mails = [
 {id: "m1", from: "ACME Billing", subj: "Your ACME invoice for March is ready", when: "Mar 3"},
 {id: "m2", from: "ACME Billing", subj: "Your ACME invoice for April is ready", when: "Apr 3"},
 {id: "m3", from: "Bob Brown", subj: "Lunch on Friday?", when: "Apr 4"}];
function render() { list.replaceChildren(); for (const m of mails) {
  const li = document.createElement('li');
  li.innerHTML = `<b>${m.from}</b> <span>${m.subj}</span> <time>${m.when}</time>`
    + ' <button>Archive</button>';
  li.querySelector('button').onclick = () => rec('archive ' + m.id); list.append(li); } }
render();
window.gone = () => { mails = mails.filter(m => m.id !== 'm1'); render(); };
window.goneInPlace = () => { mails = mails.filter(m => m.id !== 'm1');
  [...list.children].forEach((li, i) => { const m = mails[i]; if (!m) { li.remove(); return; }
    li.querySelector('b').textContent = m.from; li.querySelector('span').textContent = m.subj;
    li.querySelector('time').textContent = m.when;
    li.querySelector('button').onclick = () => rec('archive ' + m.id); }); };
</script>"""

ORDERS = LOG + """<main><h1>Orders</h1><table><tbody id=rows></tbody></table></main><script>
let orders = [["1001", "Alice Archer"], ["1002", "Bob Brown"], ["1003", "Cara Lee"]];
function render() { rows.replaceChildren(); for (const [id, who] of orders) {
  const tr = document.createElement('tr');
  tr.innerHTML = `<td>${id}</td><td>${who}</td><td>Paid</td><td><button>Refund</button></td>`;
  tr.querySelector('button').onclick = () => rec('refund ' + id); rows.append(tr); } }
render();
window.swap = () => { orders[0] = ["1004", "Alice Archer"]; render(); };
</script>"""

PANE = LOG + """<nav><h2>Mail</h2></nav><main><section id=pane></section></main><script>
const mails = {1: ["Invoice from ACME", "Your invoice #4411 is attached."],
               2: ["Lunch on Friday?", "Shall we meet at noon?"]};
let cur = 1;
function fill() { pane.querySelector('h2').textContent = mails[cur][0];
  pane.querySelector('p').textContent = mails[cur][1];
  pane.querySelector('button').onclick = () => rec('delete mail ' + cur); }
function renderNew() { pane.innerHTML = '<h2></h2><p></p><button>Delete</button>'; fill(); }
renderNew();
window.inPlace = () => { cur = 2; fill(); };
window.fresh = () => { cur = 2; renderNew(); };
</script>"""

PEOPLE = LOG + """<main><h1>People</h1><div id=g></div></main><script>
function render(who) { g.innerHTML = ''; const row = document.createElement('div');
  const s = document.createElement('span'); s.textContent = who;
  const b = document.createElement('button'); b.textContent = 'Remove';
  b.onclick = () => rec('remove ' + who); row.append(s, ' ', b); g.append(row); }
render('Alice Archer'); window.bob = () => render('Bob Brown');
</script>"""

WIZARD = LOG + """<main><h1>Send money</h1><section id=step></section></main><script>
function step(title) { step_.innerHTML = `<h2>${title}</h2><div><input></div>`; }
const step_ = document.getElementById('step'); step('Amount to send');
window.next = () => step('Recipient account number');
</script>"""

RENAMED = LOG + """<main><h1>Mail</h1><p>Invoice from ACME</p>
<button id=b onclick="rec(this.textContent)">Archive</button></main><script>
window.flip = () => { document.getElementById('b').textContent = 'Unarchive'; };
</script>"""

REQUESTS = LOG + """<main><h1>Requests</h1><div id=r></div></main><script>
function show(n) { r.innerHTML = `<button>Approve request #${n}</button>`;
  r.querySelector('button').onclick = () => rec('approve ' + n); }
show(1017); window.next = () => show(1018);
</script>"""


@pytest.mark.parametrize(("html", "how", "query"), [
    (INBOX, "gone()", "Archive the March invoice"),  # the row is gone; its neighbour is like it
    (INBOX, "goneInPlace()", "Archive the March invoice"),  # same nodes, the April mail
    (ORDERS, "swap()", "Refund order 1001"),  # 1001 gone, 1004 for the same customer
    (PANE, "inPlace()", "Delete"),  # the pane shows the next mail in the same nodes
    (PANE, "fresh()", "Delete"),  # … or in new ones
    (PEOPLE, "bob()", "Remove"),  # the one result is another person now
    (WIZARD, "next()", "the field"),  # an unnamed field under another step's title
    (RENAMED, "flip()", "Archive"),  # the live button now does the opposite
    (REQUESTS, "next()", "Approve"),  # another request's id in its name
])
def test_an_old_ref_never_acts_on_another_record(domdex_browser: Any, html: str, how: str,
                                                 query: str) -> None:
    page = domdex_browser.new_page()
    try:
        page.playwright_page.set_content(html)
        ref = page.find(query).ref
        assert ref, query
        page.playwright_page.evaluate(how)
        action = page.fill if query == "the field" else page.click
        with pytest.raises(StaleRefError):
            action(ref, "250") if query == "the field" else action(ref)
        assert page.playwright_page.evaluate("window.log") == []
    finally:
        page.close()
