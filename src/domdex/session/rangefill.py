"""Filling a slider or spin button that is not an input: set it by keys, and check it.

A slider built of ``<div>``s (``role="slider"``, ``aria-valuenow``; every component
library's slider, the WAI-ARIA pattern) takes no text: Playwright's ``fill`` throws
"Element is not an <input> …", so an agent asked to set *Volume* to 7 could not. A
person sets it with the keyboard, and so does domdex: it focuses the element, presses
the arrow keys towards the value and reads ``aria-valuenow`` after each press, and stops
when the element says the value asked for. A value the steps do not land on, a widget
whose value does not move, a press that moves the focus away: each is refused, with the
element put back to the value it had (the keys are pressed back), never left between.
A widget that does not say its value at all is refused before any key is pressed.
"""

from __future__ import annotations

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

#: After a press: the value, and whether the focus is still on the element.
_NOW_JS = """el => {
  const v = el.getAttribute("aria-valuenow");
  let f = el.ownerDocument.activeElement;
  while (f && f.shadowRoot && f.shadowRoot.activeElement) f = f.shadowRoot.activeElement;
  return {now: v === null || v.trim() === "" || !isFinite(Number(v)) ? null : Number(v),
          text: el.getAttribute("aria-valuetext"), focused: f === el || el.contains(f)};
}"""

_NUMBER = re.compile(r"[-+]?(?:\d+(?:[.,]\d+)?|[.,]\d+)")


def _number(value: str) -> float | None:
    """The number a value gives ("7", "-4", "7.5", "50 %"), or None for a word."""
    found = _NUMBER.findall(value.replace("\u2212", "-"))
    return float(found[0].replace(",", ".")) if len(found) == 1 else None


def _same(a: float, b: float) -> bool:
    """Equal but for float noise (a library's 0.1 steps say "0.30000000000000004")."""
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def _said(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


async def fill_range(locator: Any, value: str, timeout_ms: float, ref: str) -> bool:
    """Set a div-made slider or spin button to ``value`` by keys; False when the element
    is anything else (the caller fills it as a field). Raises :class:`ActionError` when
    the value cannot be set, after putting the old value back."""
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
    want = _number(value)
    if want is None:
        return await _to_text(locator, value, facts, kind, ref, seconds)
    low, high = facts.get("min"), facts.get("max")
    if (low is not None and want < low) or (high is not None and want > high):
        raise ActionError(
            f"Cannot fill @{ref} with {value!r}: the {kind} goes from "
            f"{_said(low) if low is not None else 'its lowest'} to "
            f"{_said(high) if high is not None else 'its highest'}. Nothing was pressed.")
    if _same(want, start):
        return True
    keys = _keys(facts)
    up = want > start
    deadline = time.monotonic() + seconds
    now, pressed = float(start), 0
    while not _same(now, want):
        if pressed >= MAX_PRESSES or time.monotonic() > deadline:
            await _back(locator, start, now, keys, deadline + 5)
            raise ActionError(
                f"Cannot fill @{ref} with {value!r}: {pressed} key presses did not get the "
                f"{kind} there from {_said(start)}, so it was put back. Give a nearer value, "
                "or press Home, End or PageUp on it first.")
        got = await _press(locator, keys[0] if up else keys[1], seconds)
        pressed += 1
        if got is None or got["now"] is None:
            raise ActionError(
                f"Cannot fill @{ref}: the {kind} lost the keyboard focus (or its value) while "
                f"being set; it was at {_said(now)}. Look at it again before retrying.")
        moved = got["now"]
        if moved == now:  # stuck: at an end, or this axis does nothing
            if pressed == 1 and len(keys) > 2:
                keys = keys[2:]  # the other pair of arrows
                continue
            await _back(locator, start, now, keys, deadline + 5)
            raise ActionError(
                f"Cannot fill @{ref} with {value!r}: the {kind} stopped at {_said(now)} and "
                "does not move further with the arrow keys; it was put back to "
                f"{_said(start)}.")
        if (moved > want) == up and not _same(moved, want):  # stepped over it
            await _back(locator, start, moved, keys, deadline + 5)
            raise ActionError(
                f"Cannot fill @{ref} with {value!r}: the {kind} moves in steps and goes from "
                f"{_said(now)} to {_said(moved)}, so it cannot hold {value!r}; it was put "
                f"back to {_said(start)}. Fill one of those values.")
        now = moved
    return True


def _keys(facts: dict[str, Any]) -> list[str]:
    """Increase / decrease keys, the other axis after them: a spin button and a vertical
    slider go up and down (the ARIA pattern), a slider right and left."""
    if facts["role"] == "spinbutton" or facts.get("vertical"):
        return ["ArrowUp", "ArrowDown", "ArrowRight", "ArrowLeft"]
    return ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"]


async def _press(locator: Any, key: str, seconds: float) -> dict[str, Any] | None:
    """One key on the element (Playwright focuses it first); its state after."""
    await locator.press(key, timeout=max(seconds, 1) * 1000)
    got = await evaluate_in(locator.first, _NOW_JS, timeout=2000, deadline=3.0,
                            what="read the slider")
    return got if got and got.get("focused") else None


async def _back(locator: Any, start: float, now: float, keys: list[str],
                deadline: float) -> None:
    """Press back to ``start`` (lose nothing); best effort, as far as the value moves."""
    for _ in range(MAX_PRESSES):
        if _same(now, start) or time.monotonic() > deadline:
            return
        got = await _press(locator, keys[1] if now > start else keys[0], 2.0)
        if got is None or got["now"] is None or got["now"] == now:
            return
        now = got["now"]


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
    now, seen = start, []
    for step in range(MAX_PRESSES):
        key = "Home" if step == 0 else keys[0]
        got = await _press(locator, key, seconds)
        if got is None or got["now"] is None or time.monotonic() > deadline:
            break
        said = " ".join(str(got.get("text") or _said(got["now"])).split())
        if said.casefold() == want:
            return True
        if step and got["now"] == now:
            break
        now = got["now"]
        seen.append(said)
    await _back(locator, start, now, keys, deadline + 5)
    shown = ", ".join(dict.fromkeys(seen[:12]))
    more = ", …" if len(dict.fromkeys(seen)) > 12 else ""
    values = f" Its values: {shown}{more}." if shown else ""
    raise ActionError(f"Cannot fill @{ref} with {value!r}: the {kind} never said that value, "
                      f"so it was put back to {_said(start)}.{values} Fill one of them, or "
                      "a number.")
