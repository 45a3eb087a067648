"""Stale-ref recovery and the intent cache, on hand-written captures (no browser)."""

from __future__ import annotations

import time
from typing import Any

from domdex.index import build_index
from domdex.session.intents import Intent, IntentCache, describe
from domdex.session.recovery import GATE, name_score, recover
from domdex.snapshot import Snapshot


def _todo(labels: list[str], start: int) -> Snapshot:
    nodes: list[dict[str, Any]] = [
        {"ref": "e1", "parent": None, "tag": "body"},
        {"ref": "e2", "parent": "e1", "tag": "main", "role": "main"},
        {"ref": "e3", "parent": "e2", "tag": "h1", "role": "heading", "name": "My todos",
         "text": "My todos", "level": 1},
        {"ref": "e4", "parent": "e2", "tag": "ul", "role": "list", "name": "Todo items"},
    ]
    for k, text in enumerate(labels):
        li, btn = f"e{start + 2 * k}", f"e{start + 2 * k + 1}"
        nodes.append({"ref": li, "parent": "e4", "tag": "li", "role": "listitem",
                      "index": k + 1})
        nodes.append({"ref": btn, "parent": li, "tag": "button", "role": "button",
                      "name": text, "text": text.split()[0]})
    return Snapshot.from_dict({"url": "http://x/", "document_id": "d", "nodes": nodes})


ITEMS = ["Done Buy milk", "Done Write report", "Done Call the plumber"]


def _intent(snap: Snapshot, ref: str, query: str | None = None) -> Intent:
    return Intent(ref, "d", describe(build_index(snap), ref), query=query)


def test_rerendered_element_is_recovered() -> None:
    old = _todo(ITEMS, 10)
    new = _todo(ITEMS, 30)  # same list, new nodes (refs)
    rec = recover(build_index(new), _intent(old, "e11"), "e11")
    assert rec.recovered and rec.new_ref == "e31" and rec.score >= GATE


def test_changed_meaning_is_refused_with_candidates() -> None:
    old = _todo(ITEMS, 10)
    new = _todo(["Done Buy milk", "Undo Write report", "Done Call the plumber"], 30)
    rec = recover(build_index(new), _intent(old, "e13"), "e13")
    assert not rec.recovered and rec.new_ref is None
    assert "Undo" not in " ".join(line for _r, _s, line in rec.candidates)


def test_look_alikes_are_ambiguous_not_guessed() -> None:
    old = _todo(["Edit", "Edit", "Edit"], 10)
    new = _todo(["Edit", "Edit"], 30)  # one row gone: which "Edit" was meant?
    rec = recover(build_index(new), _intent(old, "e15"), "e15")
    assert not rec.recovered
    assert rec.candidates  # the agent is shown them


def test_number_only_change_still_recovers() -> None:
    assert name_score("Cart (3)", "Cart (4)") == 0.75
    assert name_score("Done Buy milk", "Undo Buy milk") == 0.0
    assert name_score("  Save ", "save") == 1.0


def test_intent_cache_lru_and_ttl() -> None:
    snap = _todo(ITEMS, 10)
    cache = IntentCache(max_entries=2, ttl=60)
    for ref in ("e11", "e13", "e15"):
        cache.remember(_intent(snap, ref, query=f"q {ref}"))
    assert len(cache) == 2 and cache.get("d", "e11") is None
    kept = cache.get("d", "e13")
    assert kept is not None and kept.query == "q e13"
    # an action on a found ref keeps the query that found it
    cache.remember(_intent(snap, "e13"))
    again = cache.get("d", "e13")
    assert again is not None and again.query == "q e13"
    expired = IntentCache(ttl=0.01)
    expired.remember(_intent(snap, "e11"))
    time.sleep(0.02)
    assert expired.get("d", "e11") is None
    cache.forget_document("d")
    assert len(cache) == 0


def _people(names: list[str], start: int) -> Snapshot:
    """A list whose rows each hold a name and a button named "Delete"."""
    nodes: list[dict[str, Any]] = [
        {"ref": "e1", "parent": None, "tag": "body"},
        {"ref": "e2", "parent": "e1", "tag": "main", "role": "main"},
        {"ref": "e3", "parent": "e2", "tag": "ul", "role": "list"},
    ]
    for k, name in enumerate(names):
        li, span, btn = (f"e{start + 3 * k + j}" for j in range(3))
        nodes += [{"ref": li, "parent": "e3", "tag": "li", "role": "listitem",
                   "text": f"{name} Active Delete", "index": k + 1},
                  {"ref": span, "parent": li, "tag": "span", "text": name},
                  {"ref": btn, "parent": li, "tag": "button", "role": "button",
                   "name": "Delete", "text": "Delete"}]
    return Snapshot.from_dict({"url": "http://x/", "document_id": "d", "nodes": nodes})


def test_look_alike_is_recovered_by_its_row_after_a_sort() -> None:
    old = _people(["Alice Archer", "Bob Brown", "Carol Chen"], 10)
    intent = _intent(old, "e12")  # Alice's Delete
    assert intent.descriptor.identity.key == ("alice", "archer")
    new = _people(["Carol Chen", "Bob Brown", "Alice Archer"], 40)
    rec = recover(build_index(new), intent, "e12")
    assert rec.recovered and rec.new_ref == "e48"
    assert "Alice Archer" in rec.reason


def test_look_alike_whose_row_is_gone_is_refused_with_rows_shown() -> None:
    old = _people(["Alice Archer", "Bob Brown"], 10)
    new = _people(["Bob Brown"], 40)  # the only "Delete" left is Bob's
    rec = recover(build_index(new), _intent(old, "e12"), "e12")
    assert not rec.recovered and rec.new_ref is None
    assert any("Bob Brown" in line for _r, _s, line in rec.candidates)


def test_a_row_that_shares_words_is_not_enough() -> None:
    old = _people(["Alice Archer", "Bob Brown"], 10)
    new = _people(["Alice Brown", "Bob Archer"], 40)  # each half of the old key
    rec = recover(build_index(new), _intent(old, "e12"), "e12")
    assert not rec.recovered


def test_live_node_showing_another_row_is_not_the_same() -> None:
    from domdex.session.recovery import still_same

    old = _people(["Alice Archer", "Bob Brown"], 10)
    recycled = _people(["Bob Brown", "Carol Chen"], 10)  # same refs, other rows' data
    intent = _intent(old, "e12")
    assert not still_same(build_index(recycled), intent, "e12")
    assert still_same(build_index(old), intent, "e12")


def test_a_row_with_an_identical_twin_has_no_key_and_is_refused() -> None:
    old = _people(["Peggy Fischer", "Trent Fischer", "Peggy Fischer"], 10)
    intent = _intent(old, "e18")  # the second "Peggy Fischer" row
    assert intent.descriptor.identity.key == ()
    new = _people(["Ivan Ito", "Peggy Fischer", "Trent Fischer"], 40)  # one twin left
    assert not recover(build_index(new), intent, "e18").recovered


def test_live_node_of_a_keyless_row_must_still_read_the_same() -> None:
    from domdex.session.recovery import still_same

    old = _people(["Peggy Fischer", "Trent Fischer", "Peggy Fischer"], 10)
    intent = _intent(old, "e18")
    recycled = _people(["Ivan Ito", "Peggy Fischer", "Trent Fischer"], 10)
    assert not still_same(build_index(recycled), intent, "e18")  # now "Trent Fischer"
    assert still_same(build_index(old), intent, "e18")


def _inbox(start: int) -> Snapshot:
    """Mail rows, each with an unnamed checkbox and an unnamed icon (class "act")."""
    nodes: list[dict[str, Any]] = [
        {"ref": "e1", "parent": None, "tag": "body"},
        {"ref": "e2", "parent": "e1", "tag": "main", "role": "main"},
        {"ref": "e3", "parent": "e2", "tag": "ul", "role": "list"}]
    for k, who in enumerate(["Maggie Lunch", "Elwira Figures", "Bettine Ladder"]):
        li, box, text, icon = (f"e{start + 4 * k + j}" for j in range(4))
        nodes += [{"ref": li, "parent": "e3", "tag": "li", "role": "listitem", "text": who,
                   "index": k + 1},
                  {"ref": box, "parent": li, "tag": "input", "role": "checkbox",
                   "attrs": {"type": "checkbox"}},
                  {"ref": text, "parent": li, "tag": "span", "text": who},
                  {"ref": icon, "parent": li, "tag": "span", "states": ["clickable"],
                   "attrs": {"class": "act"}}]
    return Snapshot.from_dict({"url": "http://x/", "document_id": "d", "nodes": nodes})


def test_an_unnamed_icon_is_never_recovered() -> None:
    """A review's case: a row's unnamed *archive* icon re-rendered as an *unarchive* icon
    of the same class; recovery matched the row and clicked it, undoing the archive.
    Nothing in the capture tells the two apart: refused, with the candidates shown."""
    old, new = _inbox(10), _inbox(40)
    rec = recover(build_index(new), _intent(old, "e17"), "e17")  # Elwira's icon
    assert not rec.recovered and rec.new_ref is None
    assert "no name" in rec.reason


def test_an_unnamed_checkbox_is_recovered_by_its_row() -> None:
    """Its role says what it is: a row's selection box is found again by its row."""
    old, new = _inbox(10), _inbox(40)
    rec = recover(build_index(new), _intent(old, "e15"), "e15")  # Elwira's checkbox
    assert rec.recovered and rec.new_ref == "e45", rec.reason


def test_a_count_may_change_but_an_id_may_not() -> None:
    assert name_score("Cart (3)", "Cart (4)") == 0.75
    assert name_score("Inbox 9", "Inbox 10") == 0.75
    assert name_score("Approve request #1017", "Approve request #1018") == 0.0
    assert name_score("Invoice 20231", "Invoice 20232") == 0.0


def _rows(texts: list[str], start: int, button: str = "Cancel") -> Snapshot:
    """A list whose rows each hold a text and a button named ``button``."""
    nodes: list[dict[str, Any]] = [
        {"ref": "e1", "parent": None, "tag": "body"},
        {"ref": "e2", "parent": "e1", "tag": "main", "role": "main"},
        {"ref": "e3", "parent": "e2", "tag": "ul", "role": "list"},
    ]
    for k, text in enumerate(texts):
        li, btn = f"e{start + 5 * k}", f"e{start + 5 * k + 4}"
        cells = text.split(" | ")
        nodes.append({"ref": li, "parent": "e3", "tag": "li", "role": "listitem",
                      "text": f"{' '.join(cells)} {button}", "index": k + 1})
        nodes += [{"ref": f"e{start + 5 * k + 1 + j}", "parent": li, "tag": "span",
                   "text": cell} for j, cell in enumerate(cells)]
        nodes.append({"ref": btn, "parent": li, "tag": "button", "role": "button",
                      "name": button, "text": button})
    return Snapshot.from_dict({"url": "http://x/", "document_id": "d", "nodes": nodes})


def test_a_small_number_after_a_word_names_the_record() -> None:
    """Review 47: a virtualised list recycled *Table 5*'s row for *Table 7* ("Table 7 3
    guests 8:30 PM" still carried half of "Table 5 4 guests 7:30 PM"'s key), and the ref
    to Table 5's *Cancel* cancelled Table 7. A number of one or two digits after a word,
    in a time or a date names the record; one opening a phrase ("4 guests") counts."""
    from domdex.session.recovery import still_same

    seen = ["Table 5 | 4 guests | 7:30 PM", "Table 6 | 2 guests | 7:30 PM",
            "Table 7 | 3 guests | 8:30 PM", "Table 8 | 2 guests | 9:00 PM"]
    intent = _intent(_rows(seen, 10), "e14")  # Table 5's Cancel
    recycled = _rows([*seen[2:], "Table 9 | 2 guests | 9:30 PM"], 10)
    assert not still_same(build_index(recycled), intent, "e14")
    assert not recover(build_index(recycled), intent, "e14").recovered
    fewer = _rows(["Table 5 | 3 guests | 7:30 PM", *seen[1:]], 10)  # a guest cancelled
    assert still_same(build_index(fewer), intent, "e14")
    moved = _rows([seen[1], seen[2], seen[0], seen[3]], 40)  # re-rendered, sorted
    rec = recover(build_index(moved), intent, "e14")
    assert rec.recovered and rec.new_ref == "e54"


def test_a_name_numbered_like_its_neighbours_is_not_a_count() -> None:
    """Review 47: slot buttons *9:30 AM*, *10:00 AM* … read as "only a count differs",
    so a key-less list that shifted by one clicked *10:00 AM* for a ref to *9:30 AM*."""
    from domdex.session.recovery import still_same

    slots = ["9:00 AM", "9:30 AM", "10:00 AM", "10:30 AM"]
    snap = _todo(slots, 10)
    intent = _intent(snap, "e13")  # 9:30 AM
    shifted = _todo(slots[1:], 10)  # 9:00 gone: e13 now shows 10:00 AM
    assert not still_same(build_index(shifted), intent, "e13")
    rec = recover(build_index(shifted), intent, "e13")
    assert rec.recovered and rec.new_ref == "e11"  # the node now showing 9:30 AM
    tables = ["Table 5", "Table 6", "Table 7"]
    intent = _intent(_todo(tables, 10), "e11")
    assert not still_same(build_index(_todo(["Table 7", "Table 8", "Table 9"], 10)),
                          intent, "e11")
    inbox = _intent(_todo(["Inbox 3", "Drafts"], 10), "e11")
    assert still_same(build_index(_todo(["Inbox 4", "Drafts"], 10)), inbox, "e11")
