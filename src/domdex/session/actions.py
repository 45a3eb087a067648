"""Carrying out one action on one element, and saying why it could not be done.

Actions go through Playwright's locator API, so they wait for Playwright's
actionability checks (attached, visible, stable, enabled, receives events). When
those checks time out, Playwright's own message is long and technical; we look at the
element instead (``explain.js``, read-only) and say what a person would: "covered by
<div#cookie-banner> (region "Cookie consent")", "disabled", "hidden".
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
from collections.abc import AsyncIterator
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..capture.deadline import evaluate_in, with_deadline
from ..errors import ActionError
from ..index.identity import ID_WORD, _item_of, identify, look_alikes, words
from ..index.labels import label
from ..snapshot import Node, ref_frame
from ..words import fold
from .datefields import fill_dated
from .rangefill import RANGE_ROLES, fill_range

if TYPE_CHECKING:
    from ..index import PageIndex

logger = logging.getLogger("domdex")

__all__ = ["ACTIONS", "CHANGES_STATE", "INTENT_OF", "NEEDS", "blocked", "expected",
           "explain", "perform", "script", "select_value", "state_after"]

#: The actions an agent can ask for, and what each needs as ``value``.
ACTIONS: dict[str, str] = {
    "click": "",
    "fill": "text",
    "type": "text",
    "press": "key",
    "select": "option label or value",
    "check": "",
    "uncheck": "",
    "hover": "",
    "scroll_into_view": "",
    "upload": "file path(s)",
    "drag": "the ref to drop it on",
}

#: The find intent each action implies (which roles a query should land on).
INTENT_OF: dict[str, str] = {
    "click": "click", "hover": "click", "scroll_into_view": "read", "check": "click",
    "uncheck": "click", "fill": "fill", "type": "fill", "press": "fill",
    "select": "select", "upload": "fill", "drag": "click",
}


@cache
def script(name: str) -> str:
    """An in-page script shipped next to this module (``explain.js`` …)."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def expected(idx: PageIndex | None, ref: str) -> dict[str, Any] | None:
    """Who the element ``ref`` is in the capture it was resolved in, for the click
    guard (``clickpoint.js``'s ``expect``): its row's ref, the row's key words, all its
    words, the look-alikes' rows' words and its own name's words. None without one.

    Why: a live list re-sorted between the capture and the click put another person's
    row around the same *Delete* node, and that person's handler ran, reported OK (a
    review's case). The guard checks the row against this when it is armed and again
    at the click's first event.
    """
    if idx is None or idx.snapshot.get(ref) is None:
        return None
    pos = idx.pos(ref)
    twins = look_alikes(idx, pos)
    ident = identify(idx, pos, twins)
    item = _item_of(idx, pos, twins) if ident.key else None
    item_ref = idx.nodes[item].ref if item is not None else ""
    frame = ref_frame(ref)
    own = words(label(idx.nodes[pos]))
    # The guard reads the row as it is shown; the capture's row also holds what is
    # hidden in it (a closed folder's files), which the live row will not show.
    shown = _shown_words(idx, item) if item is not None else set()
    # A measure (a timer's "101s", a progress "11 %", a small count) may tick while the
    # agent clicks: it is neither key nor id of the row.
    key = [w for w in ident.key if w in shown and not _MEASURE.fullmatch(w)]
    # In a row of cells, the words of the cell that names the record must all stay:
    # "Alice Smith | Admin" patched to "Dave Smith | Admin" keeps most of its key.
    names = [w for w in ident.name_key if w in key] if ident.fielded else []
    return {"item": item_ref[len(frame):] if item_ref.startswith(frame) else "",
            "key": key, "ids": [w for w in key if ID_WORD.fullmatch(w)], "names": names,
            "words": [w for w in ident.words if w in shown], "own": own, "was": ident.item,
            "others": [sorted(o) for o in ident.others[:50]]}


#: A number with a unit ("101s", "2.5kb", "11%") or of one or two digits: what changes
#: in a row that stays the same record.
_MEASURE = re.compile(r"\d{1,2}|\d+(?:[.,]\d+)?(?:%|[^\W\d_]{1,3})")


def _shown_words(idx: PageIndex, item: int) -> set[str]:
    """The words of the text of the visible nodes of the subtree at ``item``: what the
    guard reads of the live row (its visible text nodes). Names are not read: a
    container's is made of its content, hidden parts too (a row's closed menu's *Add to
    queue*), and a control's may be an ``aria-label`` no text shows (*Save to Your
    Library* on a ♡); review 60's "play Let It Be" was refused as re-sorted on "to"."""
    out: set[str] = set()
    for p in range(item, idx.tree.end[item]):
        n = idx.nodes[p]
        if n.visible and n.text:
            out.update(words(n.text))
    return out


async def perform(locator: Any, action: str, value: Any, timeout_ms: float,
                  ref: str = "", expect: dict[str, Any] | None = None,
                  facts: dict[str, Any] | None = None) -> str:
    """Run one Playwright action; Playwright errors propagate to the caller. Returns a
    note for the answer when the action did something worth saying ("" otherwise).
    ``ref`` names the element in a refusal; ``expect`` is who it is (:func:`expected`),
    checked by the click guard; ``facts``, what :func:`explain` said of it just before."""
    if action == "click":
        await _click(locator, timeout_ms, ref, "click", expect)
    elif action == "fill":
        text = _text(value, action)
        async with _guarded(locator, action, ref, timeout_ms, expect):
            if facts and facts.get("role") in RANGE_ROLES and facts.get("tag") != "input" \
                    and await fill_range(locator, text, timeout_ms, ref):
                return ""  # the answer's [value: …] shows where it stands now
            _fits(text, facts, ref)
            note = await _fill(locator, text, timeout_ms, ref, facts)
        replaced = await _replaced(locator, ref, action, value)
        if not replaced and not note:
            note = await _filled_as(locator, text, ref)
        return "\n".join(filter(None, (note, replaced)))
    elif action == "type":
        text = _text(value, action)
        async with _guarded(locator, action, ref, timeout_ms, expect):
            await _caret_to_end(locator, timeout_ms)
            await locator.press_sequentially(text, timeout=timeout_ms)
        replaced = await _replaced(locator, ref, action, value)
        if not replaced:
            await _typed_in(locator, text, ref)
        return replaced
    elif action == "press":
        async with _guarded(locator, action, ref, timeout_ms, expect):
            await _press(locator, _text(value, action), timeout_ms, ref)
    elif action == "select":
        async with _guarded(locator, action, ref, timeout_ms, expect):
            return await _select(locator, value, timeout_ms, ref)
    elif action in ("check", "uncheck"):
        if facts and facts.get("via_label") and (not facts.get("visible")
                                                 or facts.get("covered_by_label")):
            return await _check_by_label(locator, action == "check", timeout_ms, ref)
        return await _set_checked(locator, action == "check", timeout_ms, ref, expect)
    elif action == "hover":
        await locator.hover(timeout=timeout_ms)
    elif action == "scroll_into_view":
        await locator.scroll_into_view_if_needed(timeout=timeout_ms)
    elif action == "upload":
        files = [value] if isinstance(value, str) else list(value or [])
        await locator.set_input_files(files, timeout=timeout_ms)
    elif action == "drag":  # value: the drop target's locator (the session resolved it)
        await locator.drag_to(value, timeout=timeout_ms)
    else:
        raise ActionError(f"Unknown action {action!r}. Actions: {', '.join(ACTIONS)}.")
    return ""


async def _fill(locator: Any, text: str, timeout_ms: float, ref: str,
                facts: dict[str, Any] | None) -> str:
    """Playwright's fill (a date or time field's in its own format); its note."""
    try:
        return await fill_dated(locator, text, timeout_ms)
    except Exception as exc:
        if "is not an <input>" not in str(exc):
            raise
        raise ActionError(
            f"Cannot fill @{ref}: it is a <{(facts or {}).get('tag') or 'element'}> that "
            "takes no text (not an input, a text area, an editable box or a slider). "
            "Find the field itself (find with intent fill), or click it or press keys "
            "on it if that is what it takes.") from exc


def _guarded(locator: Any, action: str, ref: str, timeout_ms: float,
             expect: dict[str, Any] | None) -> contextlib.AbstractAsyncContextManager[None]:
    """The keys guard (:func:`keys_guarded`) where the element is known from a capture
    (``expect``), else nothing."""
    if expect is None:
        return contextlib.nullcontext()
    return keys_guarded(locator, action, ref, timeout_ms, expect)


async def _click(locator: Any, timeout_ms: float, ref: str, action: str,
                 expect: dict[str, Any] | None = None) -> None:
    """Click the element on a point of its own (:func:`_own_point`), under the guard
    ``clickpoint.js`` arms: a click whose first event would reach a control nested in
    the element, or find the element's row or name changed from what was resolved
    (``expect``: :func:`expected`), is stopped in the page before any handler sees it.

    Why: the point is worked out before the pointer is there, and the pointer can change
    what is there — a photo tile shows its "Delete" button in its middle only on
    :hover, and that button took the click meant for the tile (a review's case); a live
    list patches its rows in place, and the same button is another record's by the time
    the click arrives. A stopped click is tried once more, the point worked out again
    with the pointer now over the element (the tile's own image, beside its button; a
    label that changes on hover read again); stopped again, it is refused. Costs one more
    in-page call per click (reading the guard).
    """
    for attempt in range(2):
        position = await _own_point(locator, timeout_ms, ref, action, expect)
        try:
            await locator.click(timeout=timeout_ms, **position)
        finally:
            stopped = await _disarm(locator)
        if not stopped:
            return
        logger.info("click on @%s stopped (attempt %d): %s", ref, attempt + 1, stopped)
    if stopped.startswith("changed: "):
        raise ActionError(_changed(action, ref, stopped.removeprefix("changed: "), expect,
                                   "as the click was made, so the click was stopped before "
                                   "the page saw it"))
    if stopped.startswith("moved: "):
        raise ActionError(
            f"Cannot {action} @{ref} safely: twice the page moved under the pointer during "
            f"the click (the press reached the element, the release landed on "
            f"{stopped.removeprefix('moved: ')}: something was inserted or shown above it "
            "as it was pressed), so the release was stopped before the page saw it. The "
            "click was not made, but the page saw the press (a field may have lost its "
            "focus). Look at the page (a message may have appeared) and try again.")
    if stopped.startswith("missed: "):
        raise ActionError(
            f"Cannot {action} @{ref} safely: twice the click would have landed on "
            f"{stopped.removeprefix('missed: ')} and not on the element (it moved, shrank "
            "or was covered as the pointer came), so it was stopped before the page saw "
            "it. Nothing was clicked. Wait for the page to settle and try again, or find "
            "the element again.")
    raise ActionError(
        f"Cannot {action} @{ref} safely: {stopped}, a control inside it, came under the "
        "pointer as it moved there (shown on hover, or moved in), so the click was "
        "stopped before the page saw it. Nothing was clicked. Act on that control's ref "
        "if it is the one meant, or find the element again.")


def _changed(action: str, ref: str, what: str, expect: dict[str, Any] | None,
             when: str, done: str = "Nothing was clicked.") -> str:
    """The refusal of an action whose element is no longer the one resolved."""
    was = (expect or {}).get("was")
    if was and what.startswith("its row now reads"):
        what = f"it was found in the row {json.dumps(was, ensure_ascii=False)}, and " + what
    return (f"Cannot {action} @{ref} safely: {what} {when}; it is no longer the element "
            f"that was found (the page re-sorted or re-used it). {done} Find it again "
            "(find, or act by query) and act on the ref that shows.")


#: What a keys guard that stopped an action says was done, by action.
_KEYS_DONE = {
    "select": "The selection was put back before the page saw it.",
    "fill": "The text was stopped before it went in (the field keeps what it held).",
    "type": "Keys typed before that went into it while it still was the element found; "
            "the rest were stopped before the page saw them.",
    "press": "The key was stopped before the page saw it.",
}


@contextlib.asynccontextmanager
async def keys_guarded(locator: Any, action: str, ref: str, timeout_ms: float,
                       expect: dict[str, Any] | None) -> AsyncIterator[None]:
    """Fill, type, press or select on ``locator`` under ``clickpoint.js``'s keys guard.

    Why: the click guard judged a click's row as the click arrived, but a fill, a select
    or keys went wherever the element stood by then: rows patched in place 20–150 ms
    after the action began, or a list re-sorted when the field took the focus, put
    Carol's record around the node, and her quantity was set, her role changed, Enter
    pressed in her field, answered OK (a review's 16 cases). The guard judges the row
    once per keystroke or edit, before the page sees it (a select's at its own input
    event); once it is another record's, what comes is stopped (a select's value put
    back) and the action is refused. Costs two in-page calls.
    """
    try:
        armed = await evaluate_in(locator.first, script("clickpoint.js"),
                                  {**(expect or {}), "keys": True},
                                  timeout=min(timeout_ms, 2000), deadline=EXPLAIN_DEADLINE,
                                  what="keys guard")
    except Exception as exc:  # not there yet, or the frame navigated: Playwright's to say
        logger.debug("keys guard not armed: %r", exc)
        armed = None
    if isinstance(armed, dict) and armed.get("changed"):
        raise ActionError(_changed(action, ref, str(armed["changed"]), expect,
                                   "since it was found", "Nothing was done."))
    failed: Exception | None = None
    try:
        yield
    except Exception as exc:  # the guard's verdict says more than the action's failure
        failed = exc
    stopped = await _disarm(locator)
    if stopped.startswith("changed: "):
        raise ActionError(_changed(action, ref, stopped.removeprefix("changed: "), expect,
                                   "as the action was made", _KEYS_DONE[action])) from failed
    if failed is not None:
        raise failed


_DISARM = """() => {
  const guard = window[Symbol.for("domdex.clickguard")];
  return guard ? guard.stop() : "";
}"""


async def _disarm(locator: Any) -> str:
    """Take the click or keys guard away; what it stopped ("" for nothing). Read in the
    element's frame through ``evaluate_all``, which does not wait for the element: a
    click often removes it (a to-do ticked off, a row deleted)."""
    try:
        return str(await with_deadline(locator.evaluate_all(_DISARM), EXPLAIN_DEADLINE,
                                       what="click guard") or "")
    except Exception as exc:  # navigated by the click: the guard went with the document
        logger.debug("click guard not read: %r", exc)
        return ""


async def _own_point(locator: Any, timeout_ms: float, ref: str, action: str,
                     expect: dict[str, Any] | None = None) -> dict[str, Any]:
    """Where a click lands on the element itself (``clickpoint.js``): ``{}`` for its
    middle, as Playwright clicks; a ``position`` on its own text when its middle is a
    control inside it (a tree's folder over its files, a row over its links). Refuses
    when the element has no point of its own: clicking there would act on another; and
    when its row already is another record's than ``expect`` says."""
    try:
        point = await evaluate_in(locator.first, script("clickpoint.js"), expect,
                                  timeout=min(timeout_ms, 2000),
                                  deadline=EXPLAIN_DEADLINE, what="click point")
    except Exception as exc:  # not there yet, or the frame navigated: Playwright's to say
        logger.debug("click point not read: %r", exc)
        return {}
    if isinstance(point, dict) and point.get("changed"):
        raise ActionError(_changed(action, ref, str(point["changed"]), expect,
                                   "since it was found"))
    if isinstance(point, dict) and point.get("covered"):
        raise ActionError(
            f"Cannot {action} @{ref} safely: its middle is {point['covered']}, a control "
            "inside it, and none of its own text is clear to click. Nothing was done. Act "
            "on that control's ref if it is the one meant, or find the element again.")
    if isinstance(point, list) and len(point) == 2:
        return {"position": {"x": float(point[0]), "y": float(point[1])}}
    return {}


#: In-page helpers of the scripts below that ask where the keyboard focus is: the focused
#: element (inside open shadow trees), whether it is ``el`` or inside it, and how to
#: name it in a message (``<input#q> "Search"``; ``byText``: a button by its text too).
_FOCUS_HELPERS = """
  const focusedIn = (doc) => {
    let f = doc.activeElement;
    while (f && f.shadowRoot && f.shadowRoot.activeElement) f = f.shadowRoot.activeElement;
    return f;
  };
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const holds = (anc, n) => { for (; n; n = up(n)) if (n === anc) return true; return false; };
  const nameOf = (f, byText) => {
    const tag = "<" + f.tagName.toLowerCase() + (f.id ? "#" + f.id : "") + ">";
    const name = (f.getAttribute("aria-label") || (f.labels && f.labels[0] ?
      f.labels[0].textContent : "") || f.getAttribute("placeholder") ||
      (byText ? f.textContent : "") || "").trim().replace(/\\s+/g, " ");
    return name ? tag + ' "' + name.slice(0, 40) + '"' : tag;
  };
"""


_FOCUS_ON_JS = "el => {" + _FOCUS_HELPERS + """
  const f = focusedIn(el.ownerDocument);
  if (holds(el, f)) return "";  // el, or a field inside it
  // el inside the editor that has the focus (a paragraph of a contenteditable)
  if (f && f.isContentEditable && f.contains(el)) return "";
  if (!f || f === el.ownerDocument.body) return "the page itself";
  return nameOf(f, true);
}"""


async def _press(locator: Any, key: str, timeout_ms: float, ref: str) -> None:
    """Focus the element, check that the focus is on it, then press ``key``.

    Why: Playwright's ``press`` focuses the element and sends the key to whatever has
    the focus, without checking that the focus moved: on a disabled button, a plain
    ``<div>`` cell or an element that ignores ``focus()``, the focus stays where it was
    and the key goes there — Enter on "Place order" submitted the search form that still
    had the focus, and the answer said OK (a review's case). In a text field the caret
    goes after its text first, as for ``type``. Costs two in-page calls.
    """
    await locator.focus(timeout=timeout_ms)
    elsewhere = await evaluate_in(locator.first, _FOCUS_ON_JS, timeout=timeout_ms,
                                  deadline=EXPLAIN_DEADLINE, what="focus")
    if elsewhere:
        raise ActionError(
            f"Cannot press {key} in @{ref}: it does not take the keyboard focus (the focus "
            f"is on {elsewhere}), so the key would have gone there. Nothing was pressed. "
            "Press it in a field or control that takes the focus, or on the page itself "
            "(press with no ref) for a page-wide shortcut.")
    # keys go where the caret is, and focusing a text area leaves it at the start: Enter
    # put its newline before the text (review 52); as ``type`` does, after the text (no
    # End key of its own: that is a key the agent did not ask for)
    await _caret_to_end(locator, timeout_ms, end_key=False)
    await locator.press(key, timeout=timeout_ms)


_FOCUSED_JS = "els => {" + _FOCUS_HELPERS + """
  if (els.length) return null; // still on the page: its own state is read after
  const f = focusedIn(document);
  const editable = f && (f.isContentEditable || (f.matches("input,textarea") &&
    !["checkbox", "radio", "file", "button", "submit", "reset"].includes(f.type)));
  if (!editable) return {};
  const st = window[Symbol.for("domdex")];
  const secret = st && st.isSecret ? st.isSecret(f) : f.type === "password";
  const text = f.isContentEditable ? f.innerText : f.value;
  return { field: nameOf(f, false),
           value: secret ? (text ? "\u2022\u2022\u2022\u2022" : "") : text };
}"""


async def _replaced(locator: Any, ref: str, action: str, value: Any) -> str:
    """"" when the field is still on the page after ``fill``/``type`` (its value is
    read for the answer as usual); else a note saying the page replaced it and what the
    field that has the focus now holds.

    Why: a click-to-edit or masked field the page swaps for a new ``<input>`` on focus
    took the keystrokes in the new field, after its old text ("AnnBob" for "Bob"), and
    the answer said OK with the old field's value (a review's case). One call that does
    not wait for the element (``evaluate_all``).
    """
    try:
        now = await with_deadline(locator.evaluate_all(_FOCUSED_JS), EXPLAIN_DEADLINE,
                                  what="focused field")
    except Exception as exc:  # navigated by the keystrokes (Enter in a form …)
        logger.debug("field after %s not read: %r", action, exc)
        return ""
    if now is None:
        return ""
    head = (f"REPLACED: the page put another element in place of @{ref} while it was "
            f"{'filled' if action == 'fill' else 'typed into'} (the line above is the "
            "old field, as it was before).")
    if not now:
        return (f"{head} No field has the focus now: the text may have gone nowhere. Look "
                "again (find the field) and fill the new one.")
    said = json.dumps(str(now.get("value", "")), ensure_ascii=False)
    wrong = action == "fill" and now.get("value") != str(value)
    return (f"{head} The field with the focus now, {now.get('field')}, holds {said}"
            + (f", not {json.dumps(str(value), ensure_ascii=False)}" if wrong else "")
            + ". Look again (find the field) and fill it by its new ref"
            + (" to set it right." if wrong else " if that is not the one meant."))


#: Helpers of the read-backs of ``type`` and ``fill``: a text's letters and digits only
#: (a mask's "(555) 123-4" holds "5551234"), and a field's text as an answer may show it
#: (a secret's as dots).
_TEXT_HELPERS = """
  const bare = (t) => String(t || "").normalize("NFKC").toLowerCase()
    .replace(/[^\\p{L}\\p{N}]+/gu, "");
  const st = el.ownerDocument.defaultView[Symbol.for("domdex")];
  const secret = (n) => (st && st.isSecret ? st.isSecret(n) : n.type === "password");
  const shown = (n, t) => (secret(n) ? (t ? "\u2022\u2022\u2022\u2022" : "") : t);
"""

_TYPED_JS = "(el, typed) => {" + _FOCUS_HELPERS + _TEXT_HELPERS + """
  const editor = el.isContentEditable;
  const field = editor || el.tagName === "TEXTAREA" || (el.tagName === "INPUT" &&
    !["checkbox", "radio", "file", "button", "submit", "reset", "image", "range",
      "color"].includes(el.type));
  // an Enter typed into a one-line field submits it (and a chat box empties itself)
  if (!field || (!editor && el.tagName === "INPUT" && /[\\r\\n]/.test(typed))) return null;
  const value = editor ? el.innerText : el.value;
  if (bare(value).includes(bare(typed))) return null;
  const f = focusedIn(el.ownerDocument);
  const out = { kept: shown(el, value), limit: el.maxLength > 0 ? el.maxLength : null };
  if (!holds(el, f) && f && f !== el.ownerDocument.body) {
    out.focus = nameOf(f, false);
    if (f.isContentEditable || "value" in f) {
      out.holds = shown(f, f.isContentEditable ? f.innerText : String(f.value));
    }
  }
  return out;
}"""


_CARET_END_JS = """(el) => {
  const doc = el.ownerDocument;
  if (el.isContentEditable) {
    el.focus();
    const range = doc.createRange();
    range.selectNodeContents(el);
    range.collapse(false);
    const sel = doc.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    return true;
  }
  if (el.tagName !== "INPUT" && el.tagName !== "TEXTAREA") return true;
  const before = el.value;
  el.focus();
  // a mask the page draws in the field ("(___) ___-____", shown on focus) takes keys
  // where the page puts the caret, at its first blank: leave it there
  if (el.value !== before || el.value.includes("_") || !/[\\p{L}\\p{N}]/u.test(el.value)) {
    return true;
  }
  try {
    el.setSelectionRange(el.value.length, el.value.length);
    return true;
  } catch (e) {
    return false;  // an email or number field has no selection to set
  }
}"""


async def _caret_to_end(locator: Any, timeout_ms: float, *, end_key: bool = True) -> None:
    """Put the caret after a field's text before ``type`` types: keys go where the caret
    is, and focusing a field that holds text leaves it at the start — " Hello" typed into
    *Draft text* gave "HelloDraft text", answered OK (review 49). ``type`` adds to the
    end; ``fill`` replaces. A field with no selection API (email, number) gets End; a
    field that shows a mask's blanks keeps the caret where the page put it. ``end_key``:
    whether a field with no selection API gets End."""
    try:
        placed = await evaluate_in(locator.first, _CARET_END_JS, timeout=timeout_ms,
                                   deadline=EXPLAIN_DEADLINE, what="caret")
    except Exception as exc:  # not there yet: press_sequentially waits and says so
        logger.debug("caret not placed: %r", exc)
        return
    if placed is False and end_key:
        await locator.press("End", timeout=timeout_ms)


async def _typed_in(locator: Any, text: str, ref: str) -> None:
    """Refuse to call ``type`` done when the field does not hold what was typed.

    Why: a field the page leaves when it is full (phone parts, card numbers, one-time
    codes: maxlength and an auto-advance) took "555" of "5551234", the page moved the
    focus on, and "1234" went into *Email* — answered OK with the field's "555" (a
    review's case). The field's letters and digits must hold the typed ones (a mask's
    punctuation aside); otherwise the refusal says what it kept and where the focus, and
    so likely the rest, went. One read-only call.
    """
    try:
        got = await evaluate_in(locator.first, _TYPED_JS, text, timeout=1000,
                                deadline=EXPLAIN_DEADLINE, what="typed text")
    except Exception as exc:  # navigated by the keystrokes, or the field left the page
        logger.debug("typed text not read: %r", exc)
        return
    if not got:
        return
    kept = json.dumps(str(got.get("kept", "")), ensure_ascii=False)
    limit = f" (it takes at most {got['limit']} characters)" if got.get("limit") else ""
    said = (f"Typed {json.dumps(text, ensure_ascii=False)} into @{ref}, but it holds "
            f"{kept}{limit}")
    if got.get("focus"):
        holds = (f", which now holds {json.dumps(str(got['holds']), ensure_ascii=False)}"
                 if got.get("holds") is not None else "")
        said += (f", and the page moved the focus to {got['focus']}{holds}: the rest of the "
                 "keystrokes likely went there")
    raise ActionError(f"{said}. The text is not where it was asked to go. Look at the "
                      "fields again, and fill each by its own ref (fill replaces a field's "
                      "text) to set them right.")


_FILLED_JS = "(el, text) => {" + _TEXT_HELPERS + """
  const editor = el.isContentEditable;
  const field = editor || el.tagName === "TEXTAREA" || (el.tagName === "INPUT" &&
    !["checkbox", "radio", "file", "button", "submit", "reset", "image", "color", "date",
      "time", "datetime-local", "month", "week"].includes(el.type));
  if (!field) return null;
  const value = editor ? el.innerText : el.value;
  if (bare(value) === bare(text)) return null;
  return { kept: shown(el, value),
           more: bare(value).startsWith(bare(text)),
           limit: el.maxLength > 0 ? el.maxLength : null, step: el.type === "range" };
}"""


#: Inputs whose text fill converts (a date "March 5, 2024" is "2024-03-05"): their
#: length says nothing of the text's.
_CONVERTED = frozenset({"date", "time", "datetime-local", "month", "week", "color",
                        "number", "range"})


def _fits(text: str, facts: dict[str, Any] | None, ref: str) -> None:
    """Refuse, before anything is typed, a text longer than the field takes: filled, the
    field keeps its first characters and the rest is lost (a card number with spaces
    in a ``maxlength=16`` field; review 48)."""
    limit = (facts or {}).get("limit")
    if not limit or (facts or {}).get("type") in _CONVERTED or len(text) <= int(limit):
        return
    raise ActionError(f"@{ref} takes at most {limit} characters and "
                      f"{json.dumps(text, ensure_ascii=False)} has {len(text)}, so nothing "
                      "was filled: it would keep only the first ones. Fill it with text in "
                      "the field's format (without spaces or separators, if that is what "
                      "it takes), or look at it again.")


async def _filled_as(locator: Any, text: str, ref: str) -> str:
    """A note when ``fill`` left the field holding more than the text (the page
    completed it: "Bos" → *Boston*); a refusal when it holds less or other text.

    Why: fill answered OK while a field with ``maxlength=16`` kept "4242 4242 4242 4" of
    a card number, a phone mask turned "+1 555 123 4567" into "(155) 512-3456", a range
    snapped 225 to 250 (review 48): the agent went on as if the field held what it
    asked. Letters and digits are compared (a mask's punctuation and spaces aside);
    dates and times are converted by :mod:`~domdex.session.datefields` and not compared
    here. One read-only call.
    """
    try:
        got = await evaluate_in(locator.first, _FILLED_JS, text, timeout=1000,
                                deadline=EXPLAIN_DEADLINE, what="filled text")
    except Exception as exc:  # navigated by the page's handlers, or the field left it
        logger.debug("filled text not read: %r", exc)
        return ""
    if not got:
        return ""
    kept = json.dumps(str(got.get("kept", "")), ensure_ascii=False)
    if got.get("more"):
        return (f"NOTE: the page completed @{ref}'s text: it holds {kept}, more than the "
                f"{json.dumps(text, ensure_ascii=False)} filled.")
    why = (f" (it takes at most {got['limit']} characters)" if got.get("limit") else
           " (a slider moves in steps)" if got.get("step") else "")
    raise ActionError(f"Filled @{ref} with {json.dumps(text, ensure_ascii=False)}, but it "
                      f"holds {kept}{why}: the page cut or changed the text, so it is not "
                      "what was asked. Fill it with text the field takes (its format, its "
                      "length), or look at it again.")


_BOX_JS = """el => {
  const name = (n) => {
    const by = (n.getAttribute("aria-labelledby") || "").split(/\\s+/).filter(Boolean)
      .map((id) => n.getRootNode().getElementById?.(id)?.textContent || "").join(" ");
    const labels = n.labels ? [...n.labels].map((l) => l.textContent).join(" ") : "";
    return (n.getAttribute("aria-label") || by || labels || "").replace(/\\s+/g, " ").trim();
  };
  const key = (n) => [n.tagName, n.getAttribute("type") || "", n.getAttribute("role") || "",
    n.id, n.getAttribute("name") || "", n.getAttribute("value") || "", name(n)].join("\\u0001");
  return { el, root: el.getRootNode(), key: key(el), named: !!(el.id || name(el)), name,
           keyOf: key };
}"""

#: The box that took the clicked one's place: one of its kind whose id, name, value and
#: label are the same (None: none, or several — then it cannot be told which).
_BOX_NOW_JS = """box => {
  if (!box.named || box.el.isConnected) return null;
  const same = [...box.root.querySelectorAll("input, [role=checkbox], [role=radio], [role=switch]")]
    .filter((n) => n !== box.el && box.keyOf(n) === box.key);
  if (same.length !== 1) return null;
  const n = same[0];
  return { checked: "checked" in n ? n.checked : n.getAttribute("aria-checked") === "true",
           label: box.name(n) };
}"""


async def _set_checked(locator: Any, state: bool, timeout_ms: float, ref: str = "",
                       expect: dict[str, Any] | None = None) -> str:
    """Check or uncheck by a click, then confirm — also when the click took the box away.

    Playwright's own ``check()`` waits for the box after its click to confirm the new
    state; a to-do list that files a ticked item away removes the box with the click,
    and the action was then reported as failed although it was done. A page that
    re-renders the box from its model on change (``innerHTML``) puts a new box in its
    place, unchecked when the page refused the change (a plan limit): that was answered
    OK, with a note that the box left. So the box that took its place — the one box of
    its kind with the same id, name, value and label — is read; it must have the state
    asked for. Costs two in-page calls before the click: what kind of box it is
    (:func:`_box_kind`: a toggle button, a partly checked box, a radio) and the box.
    """
    kind = await _box_kind(locator, timeout_ms)
    if kind.get("pressed") is not None and not kind.get("box"):
        return await _set_pressed(locator, kind["pressed"] == "true", state, timeout_ms, ref,
                                  expect)
    if not state:
        _uncheckable(kind, ref)
    if await locator.is_checked(timeout=timeout_ms) == state:
        return ""
    action = "check" if state else "uncheck"
    box = await with_deadline(locator.first.evaluate_handle(_BOX_JS, timeout=timeout_ms),
                              timeout_ms / 1000 + EXPLAIN_DEADLINE, what="box")
    try:
        await _click(locator, timeout_ms, ref, action, expect)
        if await with_deadline(locator.count(), EXPLAIN_DEADLINE, what="count") == 0:
            try:
                now = await with_deadline(box.evaluate(_BOX_NOW_JS), EXPLAIN_DEADLINE,
                                          what="box in its place")
            except Exception as exc:  # navigated by the click: the document went with it
                logger.debug("box after %s not read: %r", action, exc)
                now = None
            if now is None:
                return ("GONE: the box left the page with the click (the page removed or "
                        "moved its row); look again to see where it went.")
            if bool(now.get("checked")) != state:
                raise ActionError(
                    f"Clicking the box did not {action} it: the page put a new box "
                    f"{json.dumps(str(now.get('label', '')), ensure_ascii=False)} in its "
                    f"place, and that one is {'unchecked' if state else 'checked'}: the page "
                    "did not keep the change (it may need something else first; look at "
                    "what it says).")
            return (f"RE-RENDERED: the page put a new box in place of @{ref}; it is "
                    f"{'checked' if state else 'unchecked'}. Look again for its new ref.")
    finally:
        with contextlib.suppress(Exception):
            await box.dispose()
    if await locator.is_checked(timeout=timeout_ms) != state:
        raise ActionError(f"Clicking the box did not {action} it: the page keeps it as it "
                          "was (it may need something else first).")
    return ""


_KIND_OF_BOX_JS = """el => ({
  box: ["checkbox", "radio"].includes(el.type) || el.hasAttribute("aria-checked"),
  radio: el.type === "radio" || ["radio", "menuitemradio"].includes(el.getAttribute("role")),
  mixed: !!el.indeterminate || el.getAttribute("aria-checked") === "mixed",
  checked: !!el.checked || el.getAttribute("aria-checked") === "true",
  pressed: el.getAttribute("aria-pressed") })"""


async def _box_kind(locator: Any, timeout_ms: float) -> dict[str, Any]:
    """What kind of box the element is (:data:`_KIND_OF_BOX_JS`); empty if not read."""
    try:
        got = await evaluate_in(locator.first, _KIND_OF_BOX_JS, timeout=timeout_ms,
                                deadline=EXPLAIN_DEADLINE, what="box kind")
    except Exception as exc:  # read again by is_checked, which says what is wrong
        logger.debug("box kind not read: %r", exc)
        return {}
    return dict(got or {})


async def _set_pressed(locator: Any, now: bool, state: bool, timeout_ms: float, ref: str,
                       expect: dict[str, Any] | None) -> str:
    """Check or uncheck a toggle button (``aria-pressed``: *Bold*, a segmented control's
    *Yearly*) by a click, when it is not already so; then it must be so. Playwright's
    ``check()`` refused it as "Not a checkbox or radio button" (review 48)."""
    if now == state:
        return ""
    action = "check" if state else "uncheck"
    await _click(locator, timeout_ms, ref, action, expect)
    kind = await _box_kind(locator, timeout_ms)
    if kind and (kind.get("pressed") == "true") != state:
        raise ActionError(f"Clicking @{ref} did not {'press' if state else 'release'} it: "
                          "the page keeps it as it was (it may need something else first).")
    return ""


def _uncheckable(got: dict[str, Any], ref: str) -> None:
    """Refuse an uncheck that cannot be done by clicking the box, before any click.

    Why (review 48): a partly checked box (*Select all* with some items ticked: native
    ``indeterminate`` or ``aria-checked=mixed``) reads as unchecked, so uncheck did
    nothing and answered OK while the items stayed ticked; a checked radio button was
    clicked (the page's handlers saw it) and only then refused, as a click keeps a
    radio on."""
    if got.get("mixed"):
        raise ActionError(f"@{ref} is partly checked (some of what it stands for is ticked), "
                          "so uncheck would leave it as it is; nothing was done. Uncheck the "
                          "items themselves, or click it (a click usually ticks them all, a "
                          "second one clears them).")
    if got.get("radio") and got.get("checked"):
        raise ActionError(f"@{ref} is a radio button that is on: a radio button is turned "
                          "off by choosing another of its group, not by a click on it. "
                          "Nothing was done; check the option meant instead.")


_LABEL_JS = """el => [...(el.labels || [])].find((l) => {
  const b = l.getBoundingClientRect();
  return b.width > 1 && b.height > 1 && (!l.checkVisibility ||
    l.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
}) || null"""


async def _check_by_label(locator: Any, state: bool, timeout_ms: float, ref: str) -> str:
    """Tick a box a person ticks through its label, by clicking that label; then the box
    must have the state asked for.

    Why: the common accessible switch keeps the real ``<input>`` visually hidden (1 px,
    clipped, or transparent) and draws its ``<label>``; the box was refused as "covered
    by <label> … Close or accept that first" or "hidden", though clicking the label is
    what checks it (a review's case). Only the box's own label (``label.control``) is
    clicked, and only when the box itself cannot be.
    """
    action = "check" if state else "uncheck"
    if await locator.is_checked(timeout=timeout_ms) == state:
        return ""
    handle = await with_deadline(locator.first.evaluate_handle(_LABEL_JS, timeout=timeout_ms),
                                 timeout_ms / 1000 + EXPLAIN_DEADLINE, what="label")
    try:
        label_el = handle.as_element()
        if label_el is None:
            raise ActionError(f"Cannot {action} @{ref}: it is hidden and its label is not "
                              "shown either. Open the section that shows it first.")
        await label_el.click(timeout=timeout_ms)
    finally:
        with contextlib.suppress(Exception):
            await handle.dispose()
    if await locator.is_checked(timeout=timeout_ms) != state:
        raise ActionError(f"Clicking the label of @{ref} did not {action} it: the page keeps "
                          "it as it was (it may need something else first).")
    return ""


def _text(value: Any, action: str) -> str:
    if value is None:
        raise ActionError(f"{action} needs a value ({ACTIONS[action]}).")
    return str(value)


_OPTIONS_JS = """s => s.tagName !== "SELECT" ? { tag: s.tagName.toLowerCase(),
    role: s.getAttribute("role") || "" } : { multiple: s.multiple,
  selected: [...s.options].filter(o => o.selected).map(o => o.index),
  options: [...s.options].map(
  o => [o.label, o.value, o.parentElement && o.parentElement.tagName === "OPTGROUP" ?
    o.parentElement.label : "", o.textContent,
    o.disabled || !!(o.parentElement && o.parentElement.tagName === "OPTGROUP" &&
                     o.parentElement.disabled)].map(
    x => typeof x === "string" ? x.split(/\\s+/).filter(Boolean).join(" ") : x)) }"""


def select_value(value: Any, option: Any) -> Any:
    """The option a ``select`` call asked for, under either keyword: a Page took
    ``option=`` and a Session ``value=`` (the docs show both), and the other keyword was a
    TypeError. Both given is refused: which one was meant is a guess."""
    if value is not None and option is not None:
        raise ActionError("select takes the option once: give option= or value= (they mean "
                          "the same: the option's label or value), not both. Nothing was "
                          "selected.")
    return option if value is None else value


def _wanted(value: Any) -> list[str]:
    """The options asked for, as text: one label or value, or a list of them (numbers are
    taken as their text: ``3`` is the option "3")."""
    def one(v: Any) -> str | None:
        if isinstance(v, str):
            return v
        if isinstance(v, int | float) and not isinstance(v, bool):
            return str(v)
        return None

    many = list(value) if isinstance(value, list | tuple) else [value]
    wanted = [one(v) for v in many]
    if value is None or value == [] or value == ():
        raise ActionError("select needs a value: the option's label or value.")
    if any(w is None for w in wanted):
        raise ActionError(
            f"select takes an option's label or value as text (or a list of them for a "
            f"select that takes several), not {type(value).__name__} {value!r}. Nothing "
            "was selected; give the option as it is shown, such as \"Large\".")
    return [w for w in wanted if w is not None]


def _loose(text: str) -> str:
    return " ".join(fold(text).replace("\u2019", "'").replace("\u2018", "'").split())


def _written_alike(options: list[tuple[str, str, str, str, bool]], w: str) -> list[int]:
    """The options an agent's text names as written otherwise: the same label but for
    case, accents and quotes ("united states", "Curacao", "Cote d'Ivoire"), else the
    one label that starts with it before a bracket or a dash ("Standard" for *Standard
    (5-7 days)*; review 48). Several such labels name none."""
    want = _loose(w)
    if not want:
        return []
    same = [i for i, o in enumerate(options) if want in (_loose(o[0]), _loose(o[3]))]
    if same:
        return same
    lead = [i for i, o in enumerate(options)
            if re.match(re.escape(want) + r"\s*[(\[\-\u2013\u2014:,]", _loose(o[0]))]
    return lead if len(lead) == 1 else []


def _numbers_shown(options: list[tuple[str, str, str, str, bool]]) -> bool:
    """Whether a number asked of these options may mean something else than a value:
    an option shows a number (sizes *11*, page sizes *10*, *50*), or the values count
    from 0 (months *0* … *11*: "3" is April by value and March to a person; review 48)."""
    if any(o[0].strip().isdigit() for o in options):
        return True
    values = [o[1] for o in options if o[1].isdigit()]
    return bool(values) and sorted(map(int, values))[:2] == [0, 1]


async def _select(locator: Any, value: Any, timeout_ms: float, ref: str = "") -> str:
    """Select by label (what an agent reads: ``option.label``, the ``label`` attribute
    or else the text), then by value, then by the option's own text; by index, so the
    option chosen here is the one selected.

    A label that options with different values carry (Portland under Maine and under
    Oregon, or two options shown "Large" — one by its ``label`` attribute) is refused
    with those options, their groups and values: Playwright took the first, and the
    answer said OK to a guess (reviews' cases; duplicates were looked for by text while
    Playwright matched ``option.label``). The agent then selects by value. Refused too:
    an option that is not there (with the ones that are), a disabled one, several on a
    select that keeps one (it kept the last, answered OK), and an element that is no
    ``<select>`` (a custom combobox is clicked open instead).
    """
    wanted = _wanted(value)
    got = await evaluate_in(locator.first, _OPTIONS_JS, timeout=timeout_ms,
                            deadline=EXPLAIN_DEADLINE, what="options")
    if "options" not in got:
        role, tag = str(got.get("role") or ""), str(got.get("tag") or "element")
        if role in ("combobox", "listbox", "menu", "radiogroup", "tablist", "tree", "grid") \
                or tag == "datalist":
            raise ActionError(
                f"Cannot select in @{ref}: it is not a native <select> but a {role or tag} "
                "whose options are elements of their own. Nothing was selected. Click it "
                "to open its list, then find the option (find with its label) and click it.")
        raise ActionError(
            f"Cannot select in @{ref}: it is a <{tag}>{f' ({role})' if role else ''}, not a "
            "select, so it has no options. Nothing was selected. Fill a text field (fill), "
            "or find the select meant (find with intent select).")
    options = [(str(lb), str(v), str(g), str(t), bool(d)) for lb, v, g, t, d in got["options"]]
    if len(wanted) > 1 and not got.get("multiple"):
        raise ActionError(
            f"Cannot select {len(wanted)} options in @{ref}: it is a single-choice select, "
            f"which keeps one. Nothing was selected. Select one of "
            f"{', '.join(repr(w) for w in wanted)}.")
    picked: list[int] = []
    for w in wanted:
        same = next((found for field in (0, 1, 3)
                     if (found := [i for i, o in enumerate(options) if o[field] == w])), []) \
            or _written_alike(options, w)
        if not same:
            shown = ", ".join(repr(o[0]) + (f" (value {o[1]!r})" if o[1] != o[0] else "")
                              for o in options[:12])
            raise ActionError(f"No option {w!r} in @{ref}; nothing was selected. Options: "
                              f"{shown or 'none'}.")
        if w.isdigit() and not any(options[i][0] == w for i in same) and \
                _numbers_shown(options):
            shown = ", ".join(repr(o[0]) for o in options[:12])
            raise ActionError(
                f"Cannot select {w!r} in @{ref}: no option shows {w!r}; it is the value of "
                f"{options[same[0]][0]!r}, and where the options show numbers or count from "
                f"0 a number may mean a label or a place as well. Nothing was selected. "
                f"Select the option by the label it shows: {shown}.")
        if len({options[i][1] for i in same}) > 1:
            shown = "; ".join(repr(options[i][0]) + (f" in group {options[i][2]!r}"
                                                     if options[i][2] else "")
                              + f" (value {options[i][1]!r}"
                              + (f", text {options[i][3]!r}" if options[i][3] != options[i][0]
                                 else "") + ")" for i in same)
            raise ActionError(
                f"Cannot select {w!r} in @{ref}: {len(same)} options carry that label: "
                f"{shown}. Nothing was selected. Select one by its value, such as "
                f"{options[same[0]][1]!r}.")
        if options[same[0]][4]:
            raise ActionError(f"Cannot select {w!r} in @{ref}: that option is disabled. "
                              "Nothing was selected; something else on the page may have "
                              "to happen first, or choose another option.")
        picked.append(same[0])
    await locator.select_option(index=picked, timeout=timeout_ms)
    dropped = [options[i][0] for i in got.get("selected", []) if i not in picked
               and 0 <= i < len(options)] if got.get("multiple") else []
    if not dropped:
        return ""
    # a multiple select keeps only what is selected: "Lifestyle" on Tags [News, Tech]
    # left Lifestyle alone, answered OK (review 48); the answer says what went
    return (f"NOTE: @{ref} keeps only the options selected now; "
            f"{', '.join(repr(d) for d in dropped)} {'was' if len(dropped) == 1 else 'were'} "
            "selected before and no longer are. To keep them, select them all at once.")


#: Actions whose answer shows the element's state after the action, not before it.
CHANGES_STATE = frozenset({"fill", "type", "press", "select", "check", "uncheck"})

_STATE_JS = """el => {
  const st = el.ownerDocument.defaultView[Symbol.for("domdex")];
  const secret = st && st.isSecret ? st.isSecret(el) : el.type === "password";
  return {
  value: "value" in el && !["checkbox", "radio", "file"].includes(el.type)
    ? (secret ? (el.value ? "\u2022\u2022\u2022\u2022" : "") : String(el.value))
    : ["slider", "spinbutton"].includes((el.getAttribute("role") || "").trim().split(" ")[0])
      ? el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow") : null,
  checked: "checked" in el ? Boolean(el.checked) : null,
  selected: el.options ? [...el.options].map(o => o.selected) : null,
  };
}"""


async def state_after(locator: Any, node: Node) -> Node:
    """``node`` with the value, checked and selected options the element has now.

    Why: the action's answer is built from the capture taken before the action, so
    ``fill … 3`` used to answer ``[value: "1"]``. One read-only call, under a short
    deadline; an element that left the page keeps its old line.
    """
    try:
        live = await evaluate_in(locator.first, _STATE_JS, timeout=1000, deadline=2.0,
                                 what="read the element's state")
    except Exception as exc:  # navigated, removed or re-rendered by the action itself
        logger.debug("state after the action unknown: %r", exc)
        return node
    states = set(node.states)
    if live.get("checked") is not None:
        states.discard("checked")
        if live["checked"]:
            states.add("checked")
    options = node.options
    picked = live.get("selected")
    if options is not None and picked is not None and len(picked) == len(options):
        options = [replace(o, selected=bool(p)) for o, p in zip(options, picked, strict=True)]
    value = live.get("value") if live.get("value") is not None else node.value
    if node.options is not None:
        value = node.value  # a select shows its choice through its options
    return replace(node, value=value, states=frozenset(states), options=options)


#: What each action needs of its element, checked before Playwright waits for it.
NEEDS: dict[str, frozenset[str]] = {
    "click": frozenset({"visible", "enabled", "uncovered"}),
    "check": frozenset({"visible", "enabled", "uncovered"}),
    "uncheck": frozenset({"visible", "enabled", "uncovered"}),
    "hover": frozenset({"visible", "uncovered"}),
    "drag": frozenset({"visible", "uncovered"}),
    "fill": frozenset({"visible", "enabled", "editable"}),
    "type": frozenset({"visible", "enabled", "editable"}),
    "press": frozenset({"visible", "enabled"}),  # a disabled one takes no focus
    "select": frozenset({"visible", "enabled"}),
}


def blocked(action: str, facts: dict[str, Any] | None) -> bool:
    """Would ``action`` fail on an element in this state (covered, disabled, hidden)?"""
    if facts is None:
        return False  # not found by explain: let Playwright say so
    needs = NEEDS.get(action, frozenset())
    if action in ("check", "uncheck") and facts.get("via_label") and not facts.get("disabled") \
            and not facts.get("inert"):
        return False  # ticked through its own label (:func:`_check_by_label`)
    return bool(("visible" in needs and not facts.get("visible"))
                or ("enabled" in needs and facts.get("disabled"))
                or ("uncovered" in needs and facts.get("covered_by"))
                or ("editable" in needs and not facts.get("editable", True))
                or ("uncovered" in needs and facts.get("inert")))


#: Seconds explain may take for each of its two in-page calls.
EXPLAIN_DEADLINE = 5.0


async def explain(locator: Any) -> dict[str, Any] | None:
    """What blocks the element (covered, disabled, hidden, detached), or None if gone."""
    try:  # count() waits for the frame without limit, so it is under the deadline too
        if await with_deadline(locator.count(), EXPLAIN_DEADLINE, what="count") == 0:
            return None
        return dict(await evaluate_in(locator.first, script("explain.js"), timeout=2000,
                                      deadline=EXPLAIN_DEADLINE, what="explain"))
    except Exception as exc:  # the frame navigated or closed while we looked
        logger.debug("explain failed: %r", exc)
        return None


def blocked_message(action: str, ref: str, facts: dict[str, Any] | None,
                    opener: str = "") -> str:
    """A sentence saying why ``action`` on ``ref`` could not be done; ``opener`` is the
    control that shows a hidden element (``@e9 "Jane Cooper"``), when the page declares
    one."""
    if facts is None or not facts.get("connected", True):
        return (f"Cannot {action} @{ref}: the element left the page while waiting. "
                "Capture again (regions / find) and retry.")
    if facts.get("covered_by_label") or (facts.get("via_label") and not facts.get("visible")
                                         and not facts.get("disabled")):
        return (f"Cannot {action} @{ref} itself: it is a box drawn by its own label (kept "
                "visually hidden). Use check or uncheck on it (they tick it through its "
                "label), or click the label.")
    if facts.get("covered_by"):
        said = facts.get("covered_text") or ""
        controls = facts.get("covered_controls") or []
        what = (f', which says "{said}"' if said else "") + \
            (f" and offers: {', '.join(controls)}" if controls else "")
        return (f"Cannot {action} @{ref}: it is covered by {facts['covered_by']}{what}. "
                "Close or accept that first (find it and click it), then retry.")
    if facts.get("disabled"):
        return (f"Cannot {action} @{ref}: it is disabled. Something else on the page must "
                "happen first (fill required fields, accept terms …).")
    if not facts.get("visible"):
        how = (f"Open {opener} first (click it, or hover it for a menu), then act again."
               if opener else "Open the menu, tab or section that shows it first.")
        return f"Cannot {action} @{ref}: it is hidden (not displayed or zero-sized). {how}"
    if facts.get("inert"):
        return f"Cannot {action} @{ref}: it is inert (behind a modal dialog). Close the dialog."
    if action in ("fill", "type") and not facts.get("editable", True):
        return f"Cannot {action} @{ref}: it is read-only."
    return (f"Cannot {action} @{ref}: it did not become ready in time (moving, or not "
            "receiving events). Wait, then retry.")
