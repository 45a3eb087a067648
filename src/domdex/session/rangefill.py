"""Filling a slider or spin button that is not an input: set it by keys, and check it.

A slider built of ``<div>``s (``role="slider"``, ``aria-valuenow``; every component
library's slider, the WAI-ARIA pattern) takes no text: Playwright's ``fill`` throws
"Element is not an <input> …", so an agent asked to set *Volume* to 7 could not. A
person sets it with the keyboard, and so does domdex: it focuses the element, presses
the arrow keys towards the value, waits for ``aria-valuenow`` to move after each press
(a framework may set it a frame or a timer later), and stops when the element says the
value asked for; once the page has settled it reads the value again. A value the steps
do not land on, a widget that does not move or moves the other way twice, a press after
which the focus is elsewhere: each is refused, with the keys pressed back, and the
refusal says the value the element holds then — "put back" only when it is so. A widget
that does not take the focus or does not say its value is refused before any key is
pressed, so no key goes to another element.
"""

from __future__ import annotations

import math
import re
import time
from typing import Any

from ..capture.deadline import evaluate_in
from ..errors import ActionError

__all__ = ["MAX_PRESSES", "RANGE_ROLES", "fill_range"]

#: The roles set by keys when they are not inputs.
RANGE_ROLES = frozenset({"slider", "spinbutton"})

#: Presses allowed to reach a value (each is a round trip): beyond, the agent is told to
#: give a nearer value or to press Home / End / PageUp itself.
MAX_PRESSES = 200
#: How long a press may take to show in ``aria-valuenow`` (milliseconds).
SETTLE_MS = 500

#: The element's range facts, or null when ``fill`` is Playwright's own job (an input, a
#: text area, an editable box, or what wraps one: a label fills its control).
_FACTS_JS = """el => {
  if (el.matches("input, textarea, select, label") || el.isContentEditable) return null;
  const role = (el.getAttribute("role") || "").trim().split(/\\s+/)[0];
  if (role !== "slider" && role !== "spinbutton") return null;
  const num = (a) => {
    const v = el.getAttribute(a);
    return v === null || v.trim() === "" || !isFinite(Number(v)) ? null : Number(v);
  };
  return {role, now: num("aria-valuenow"), min: num("aria-valuemin"),
          max: num("aria-valuemax"), text: el.getAttribute("aria-valuetext"),
          vertical: el.getAttribute("aria-orientation") === "vertical"};
}"""

#: The element's value, waiting up to ``ms`` for it to differ from ``before``, and
#: whether the keyboard focus is on the element (or inside it).
_AFTER_JS = """(el, [before, ms]) => new Promise((done) => {
  const read = () => {
    const v = el.getAttribute("aria-valuenow");
    let f = el.ownerDocument.activeElement;
    while (f && f.shadowRoot && f.shadowRoot.activeElement) f = f.shadowRoot.activeElement;
    return {now: v === null || v.trim() === "" || !isFinite(Number(v)) ? null : Number(v),
            text: el.getAttribute("aria-valuetext"), focused: !!f && (f === el || el.contains(f))};
  };
  const start = performance.now();
  const tick = () => {
    const got = read();
    if (got.now !== before || performance.now() - start >= ms) done(got);
    else setTimeout(tick, 8);
  };
  tick();
})"""

#: The element's value once it has held still for ``quiet`` ms (at most ``ms`` in all):
#: a page may snap a value to a step or a limit a moment after the key (a debounced
#: handler), so the value read right after the last press is not yet the one it keeps.
_STEADY_JS = """(el, [quiet, ms]) => new Promise((done) => {
  const read = () => el.getAttribute("aria-valuenow");
  const start = performance.now();
  let last = read(), since = start;
  const tick = () => {
    const v = read(), t = performance.now();
    if (v !== last) { last = v; since = t; }
    if (t - since >= quiet || t - start >= ms) {
      done(v === null || v.trim() === "" || !isFinite(Number(v)) ? null : Number(v));
    } else setTimeout(tick, 10);
  };
  tick();
})"""

_NUMBER = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?|[.,]\d+)")
_THOUSANDS = re.compile(r"[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?")


def _number(value: str) -> float | None:
    """The number a value gives ("7", "-4", "7.5", "7,5", "1,000", "50 %"), or None for a
    word or several numbers."""
    found = _NUMBER.findall(value.replace("\u2212", "-"))
    if len(found) != 1:
        return None
    text = found[0]
    text = text.replace(",", "") if _THOUSANDS.fullmatch(text) else text.replace(",", ".")
    return float(text)  # inf for a number of hundreds of digits: refused by the caller


def _shown(value: str) -> str:
    """The value as a refusal quotes it: a long one cut."""
    return repr(value if len(value) <= 40 else value[:40] + "…")


def _same(a: float, b: float) -> bool:
    """Equal but for float noise (a library's 0.1 steps say "0.30000000000000004")."""
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def _said(x: float | None) -> str:
    if x is None:
        return "no value"
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


async def _read(locator: Any, before: float | None, ms: int = SETTLE_MS) -> dict[str, Any]:
    return dict(await evaluate_in(locator.first, _AFTER_JS, [before, ms], timeout=ms + 2000,
                                  deadline=ms / 1000 + 3, what="read the slider"))


async def _steady(locator: Any) -> float | None:
    """The value once the page stopped moving it (:data:`_STEADY_JS`)."""
    got = await evaluate_in(locator.first, _STEADY_JS, [SETTLE_MS, 4 * SETTLE_MS],
                            timeout=4 * SETTLE_MS + 2000, deadline=4 * SETTLE_MS / 1000 + 3,
                            what="read the slider")
    return None if got is None else float(got)


async def _press(locator: Any, key: str, seconds: float, before: float) -> dict[str, Any]:
    """One key on the element; its state once the value moved (or the wait ran out)."""
    await locator.press(key, timeout=max(seconds, 1) * 1000)
    return await _read(locator, before)


async def fill_range(locator: Any, value: str, timeout_ms: float, ref: str) -> bool:
    """Set a div-made slider or spin button to ``value`` by keys; False when the element
    is anything else (the caller fills it as a field). Raises :class:`ActionError` when
    the value cannot be set, after pressing the old value back."""
    seconds = timeout_ms / 1000
    facts = await evaluate_in(locator.first, _FACTS_JS, timeout=timeout_ms,
                              deadline=seconds + 1, what="read the slider")
    if not facts:
        return False
    kind = "slider" if facts["role"] == "slider" else "spin button"
    start = facts.get("now")
    if start is None:
        raise ActionError(
            f"Cannot fill @{ref}: it is a {kind} that does not say its value "
            "(no aria-valuenow), so domdex cannot tell when it is set. Nothing was pressed. "
            "Press keys on it (press ArrowRight / ArrowLeft, Home, End) and read the value "
            "the page shows beside it.")
    if not value.strip():
        raise ActionError(f"Cannot fill @{ref} with an empty value: a {kind} holds a "
                          "number (or one of its own words). Nothing was pressed.")
    await locator.focus(timeout=timeout_ms)
    if not (await _read(locator, start, 0)).get("focused"):
        raise ActionError(
            f"Cannot fill @{ref}: the {kind} does not take the keyboard focus, so the keys "
            "that set it would go to another element. Nothing was pressed. Find the part of "
            "it that takes the focus (its thumb), or drag it.")
    want = _number(value)
    if want is None:
        try:
            return await _to_text(locator, value, facts, kind, ref, seconds)
        except ActionError:
            raise
        except Exception as exc:
            raise _gone(ref, kind, start) from exc
    if not math.isfinite(want):
        raise ActionError(f"Cannot fill @{ref} with {_shown(value)}: no {kind} holds a number "
                          "that large. Nothing was pressed.")
    low, high = facts.get("min"), facts.get("max")
    if (low is not None and want < low) or (high is not None and want > high):
        raise ActionError(
            f"Cannot fill @{ref} with {_shown(value)}: the {kind} goes from "
            f"{_said(low) if low is not None else 'its lowest'} to "
            f"{_said(high) if high is not None else 'its highest'}. Nothing was pressed.")
    if _same(want, start):
        return True
    try:
        return await _to_number(locator, value, want, float(start), facts, kind, ref, seconds)
    except ActionError:
        raise
    except Exception as exc:  # re-rendered away, or the page stopped answering a key
        raise _gone(ref, kind, start) from exc


async def _to_number(locator: Any, value: str, want: float, start: float,
                     facts: dict[str, Any], kind: str, ref: str, seconds: float) -> bool:
    keys = _keys(facts)
    deadline = time.monotonic() + seconds
    now, pressed, turned = start, 0, False
    while not _same(now, want):
        up = want > now
        if pressed >= MAX_PRESSES or time.monotonic() > deadline:
            raise await _undo(locator, start, now, keys, deadline,
                              f"Cannot fill @{ref} with {_shown(value)}: {pressed} key presses did "
                              f"not get the {kind} there from {_said(start)}")
        got = await _press(locator, keys[0] if up else keys[1], seconds, now)
        pressed += 1
        moved = got.get("now")
        if not got.get("focused") or moved is None:
            raise ActionError(
                f"Cannot fill @{ref}: the {kind} lost the keyboard focus (or its value) while "
                f"being set, so no more keys were pressed; it says {_said(moved)} (it was "
                f"{_said(start)}). Look at it again before retrying.")
        if _same(moved, now):  # stuck: at an end, or this pair of arrows does nothing
            if pressed == 1 and len(keys) > 2:
                keys = keys[2:]
                continue
            raise await _undo(locator, start, now, keys, deadline,
                              f"Cannot fill @{ref} with {_shown(value)}: the {kind} stopped at "
                              f"{_said(now)} and does not move further with the arrow keys")
        if (moved > now) != up:  # the keys go the other way (a right-to-left page)
            if turned:
                raise await _undo(locator, start, moved, keys, deadline,
                                  f"Cannot fill @{ref} with {_shown(value)}: the {kind} does not "
                                  "move steadily towards it with the arrow keys")
            keys, turned = [keys[1], keys[0], *keys[2:]], True
        elif (moved > want) == up and not _same(moved, want):  # stepped over it
            raise await _undo(locator, start, moved, keys, deadline,
                              f"Cannot fill @{ref} with {_shown(value)}: the {kind} moves in steps "
                              f"and goes from {_said(now)} to {_said(moved)}, so it cannot "
                              f"hold {_shown(value)}")
        now = moved
    final = await _steady(locator)  # once the page stopped moving it
    if final is None or not _same(final, want):
        raise await _undo(locator, start, final if final is not None else now, keys, deadline,
                          f"Cannot fill @{ref} with {_shown(value)}: the {kind} said "
                          f"{_said(want)} and then {_said(final)}; the page moves it by itself")
    return True


def _gone(ref: str, kind: str, start: float) -> ActionError:
    return ActionError(f"Cannot fill @{ref}: the {kind} left the page or stopped answering "
                       f"while its keys were pressed (it was {_said(start)}), so it may have "
                       "moved. Look at the page again (find it) before retrying.")


def _keys(facts: dict[str, Any]) -> list[str]:
    """Increase / decrease keys, the other axis after them: a spin button and a vertical
    slider go up and down (the ARIA pattern), a slider right and left."""
    if facts["role"] == "spinbutton" or facts.get("vertical"):
        return ["ArrowUp", "ArrowDown", "ArrowRight", "ArrowLeft"]
    return ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"]


async def _undo(locator: Any, start: float, now: float, keys: list[str], deadline: float,
                said: str) -> ActionError:
    """Press back towards ``start`` (lose nothing), then the refusal ``said`` with the
    value the element holds now, read again: "put back" only when it is so."""
    try:  # ``keys`` raise the value first: the callers turned them on a right-to-left page
        for _ in range(MAX_PRESSES):
            if _same(now, start) or time.monotonic() > deadline + 5:
                break
            got = await _press(locator, keys[1] if now > start else keys[0], 2.0, now)
            moved = got.get("now")
            if not got.get("focused") or moved is None or _same(moved, now) or \
                    abs(moved - start) > abs(now - start):
                break  # at an end, or moving away (a slow page): no more keys
            now = moved
        final = await _steady(locator)
    except Exception:  # the page went away or stopped answering while being put back
        final = None
    if final is not None and _same(final, start):
        return ActionError(f"{said}; it was put back to {_said(start)}.")
    return ActionError(f"{said}, and it could not be put back: it says {_said(final)} (it was "
                       f"{_said(start)}). Set it by its ref with the value it should have.")


async def _to_text(locator: Any, value: str, facts: dict[str, Any], kind: str, ref: str,
                   seconds: float) -> bool:
    """A value given as a word ("Medium"): step through the values until the element
    says it (``aria-valuetext``), from its lowest up."""
    want = " ".join(value.split()).casefold()
    if (facts.get("text") or "").strip().casefold() == want:
        return True
    keys = _keys(facts)
    start = float(facts["now"])
    deadline = time.monotonic() + seconds
    now, seen, turned = start, [], False
    for step in range(MAX_PRESSES):
        got = await _press(locator, "Home" if step == 0 else keys[0], seconds, now)
        moved = got.get("now")
        if not got.get("focused") or moved is None or time.monotonic() > deadline:
            break
        said = " ".join(str(got.get("text") or _said(moved)).split())
        if said.casefold() == want:
            final = await _steady(locator)  # once the page stopped moving it
            if final is not None and _same(final, moved):
                return True
            raise await _undo(locator, start, final if final is not None else moved, keys,
                              deadline, f"Cannot fill @{ref} with {_shown(value)}: the {kind} "
                              f"said it and then moved to {_said(final)}; the page moves it by "
                              "itself")
        if step and (_same(moved, now) or moved < now):  # at its end, or going down
            if turned or step > 1:
                break
            # from its lowest, the first key must raise it: on a right-to-left page the
            # arrows are turned round
            keys, turned = [keys[1], keys[0], *keys[2:]], True
        now = moved
        seen.append(said)
    shown = ", ".join(list(dict.fromkeys(seen))[:12])
    more = ", …" if len(dict.fromkeys(seen)) > 12 else ""
    values = f" (its values: {shown}{more})" if shown else ""
    raise await _undo(locator, start, now, keys, deadline,
                      f"Cannot fill @{ref} with {_shown(value)}: the {kind} never said that "
                      f"value{values}; fill one of them, or a number")
