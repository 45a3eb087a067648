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


TICKET = LOG + """<main><section id=pane></section></main><script>
function show(n) { pane.innerHTML = `<h2>Ticket ${n}</h2><p>Status: open</p>`
  + '<button>Close ticket</button>';
  pane.querySelector('button').onclick = () => rec('close ' + n); }
show(12); window.next = () => show(13);
</script>"""

SUBJECT = LOG + """<main><h1>Mail</h1><div id=pane><div class=subj>Invoice from ACME</div>
<button id=d>Delete</button></div></main><script>
let cur = 'ACME'; d.onclick = () => rec('delete ' + cur);
window.next = () => { cur = 'Lunch';
  document.querySelector('.subj').textContent = 'Lunch on Friday?'; };
</script>"""

PEOPLE_ROWS = LOG + """<main><h1>People</h1><ul id=l></ul></main><script>
let names = ["Alex Kim", "Alex Kim Jr", "Bo Li"];
function draw() { [...l.children].forEach((li, i) => { if (!names[i]) { li.remove(); return; }
  li.firstChild.textContent = names[i] + ' '; const who = names[i];
  li.querySelector('button').onclick = () => rec('remove ' + who); }); }
for (const n of names) { const li = document.createElement('li');
  li.append(document.createTextNode(''), Object.assign(document.createElement('button'),
  {textContent: 'Remove'})); l.append(li); }
draw(); window.recycle = () => { names = names.slice(1); draw(); };
</script>"""


@pytest.mark.parametrize(("html", "how", "query"), [
    (TICKET, "next()", "Close ticket"),  # "Ticket 12" -> "Ticket 13": no count, an id
    (SUBJECT, "next()", "Delete"),  # the subject is no heading, replaced in place
    (PEOPLE_ROWS, "recycle()", "Remove Alex Kim"),  # "Alex Kim Jr" in Alex Kim's nodes
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


APPROVE = LOG + """<main><h1>Posts</h1><ul><li><b>Spring sale</b> <span id=st>Pending</span>
<button onclick="rec('approve'); st.textContent = 'Approved'">Approve</button>
<button onclick="rec('publish')">Publish</button></li>
<li><b>Summer sale</b> <span>Pending</span> <button>Approve</button> <button>Publish</button>
</li></ul></main>"""

PAGER = LOG + """<main><h1>Products</h1><div id=root></div></main><script>
const pages = [["Oak desk", "Pine shelf"], ["Teak bench", "Elm stool"], ["Ash table", "Fir box"]];
let pg = 0; function render() { root.innerHTML = '<div class=list>' + pages[pg].map(
  x => '<div class=card>' + x + '</div>').join('') + '<button id=nx>Next</button></div>';
  nx.onclick = () => { rec('next from ' + pg); pg++; render(); }; }
render();
</script>"""


@pytest.mark.parametrize(("html", "query", "twice"), [
    (APPROVE, "Publish Spring sale", ["approve", "publish"]),  # its status changed in place
    (PAGER, "Next", ["next from 0", "next from 1"]),  # the results around it changed
])
def test_an_old_ref_still_acts_when_only_its_record_changed(domdex_browser: Any, html: str,
                                                            query: str,
                                                            twice: list[str]) -> None:
    """The false refusals a second review found in common flows: the row's status or
    the page's results changed, the element is the same one."""
    page = domdex_browser.new_page()
    try:
        page.playwright_page.set_content(html)
        if query == "Next":
            ref = page.find(query).ref
            page.click(ref)
            page.click(ref)
        else:
            approve = page.find("Approve Spring sale").ref
            publish = page.find(query).ref
            page.click(approve)
            page.click(publish)
        assert page.playwright_page.evaluate("window.log") == twice
    finally:
        page.close()
