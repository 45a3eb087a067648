"""Filling date and time inputs with the dates people write.

``<input type="date">`` stores ``2010-05-20`` whatever it shows, and assigning it any
other text leaves it empty without an error: Playwright's ``fill("05/20/2010")``
returned normally and the field stayed blank, so the action was reported done. An
agent copies dates the way a task states them ("05/20/2010", "May 20, 2010",
"3:30 PM"), so domdex turns them into the input's own format first, and refuses
rather than guesses when the text does not say every part the field needs.

Day or month first ("10/11/2011") is read the way the field itself shows dates: in
the browser's locale order, which is what a person typing into that field would get.
Parsing is python-dateutil's; the rules here only decide which parts must be present.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from dateutil import parser as _dateparser

from ..capture.deadline import evaluate_in
from ..errors import ActionError

__all__ = ["DATE_TYPES", "fill_dated", "input_value"]

#: Input types whose value has a fixed machine format, and that format.
DATE_TYPES: dict[str, str] = {
    "date": "YYYY-MM-DD",
    "time": "HH:MM",
    "datetime-local": "YYYY-MM-DDTHH:MM",
    "month": "YYYY-MM",
    "week": "YYYY-Www",
}

#: A way of writing each type that domdex reads too, for the error message.
_EXAMPLE = {"date": "May 20, 2010", "time": "3:30 PM", "datetime-local": "May 20, 2010 3:30 PM",
            "month": "May 2010", "week": "a date in that week"}
#: The parts each type needs the text to state (y, m, d, t = a time of day).
_NEEDS = {"date": "ymd", "time": "t", "datetime-local": "ymdt", "month": "ym", "week": "ymd"}

_ISO = {
    "date": re.compile(r"\d{4}-\d{2}-\d{2}"),
    "time": re.compile(r"\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?"),
    "datetime-local": re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?"),
    "month": re.compile(r"\d{4}-\d{2}"),
    "week": re.compile(r"\d{4}-W\d{2}"),
}
#: A numeric date with dots: written day first (German, Russian, … dates; not US ones).
_DOTTED = re.compile(r"\d{1,2}\.\d{1,2}\.\d{2,4}\b")
_HAS_TIME = re.compile(r"\d{1,2}:\d{2}|\d\s*[ap]\.?m\b", re.I)
# Two far-apart defaults: a part the text does not state shows up as a difference.
_DEFAULTS = (datetime(2001, 1, 1, 0, 0), datetime(2002, 2, 2, 0, 0))
_MAX_LEN = 64

_KIND_JS = """el => {
  const parts = new Intl.DateTimeFormat(navigator.language || undefined)
    .formatToParts(new Date(2001, 10, 22));
  const order = parts.filter(p => ["day", "month", "year"].includes(p.type))
    .map(p => p.type[0]).join("");
  return {type: (el.type || "").toLowerCase(), order};
}"""


def input_value(text: str, kind: str, order: str = "mdy") -> str:
    """``text`` as the value an ``<input type=kind>`` stores, or :class:`ActionError`.

    ``order`` is the locale's order of day, month and year ("mdy", "dmy", "ymd"); it
    only decides numeric dates whose first two numbers could each be the month.
    """
    fmt = DATE_TYPES[kind]
    text = " ".join(str(text).split())
    if _ISO[kind].fullmatch(text):
        return text
    if not text or len(text) > _MAX_LEN:
        raise _refuse(text, kind, fmt)
    if _DOTTED.match(text):  # "05.03.2024" is the 5th of March wherever dots are written
        order = "dmy"
    try:
        one, two = (_dateparser.parse(text, default=d, dayfirst=order.startswith("d"),
                                      yearfirst=order.startswith("y")) for d in _DEFAULTS)
    except (ValueError, OverflowError, TypeError) as exc:
        raise _refuse(text, kind, fmt) from exc
    missing = [p for p, attr in (("y", "year"), ("m", "month"), ("d", "day"))
               if p in _NEEDS[kind] and getattr(one, attr) != getattr(two, attr)]
    if "t" in _NEEDS[kind] and not _HAS_TIME.search(text):
        missing.append("t")
    if missing:
        raise _refuse(text, kind, fmt, missing)
    if kind == "date":
        return one.strftime("%Y-%m-%d")
    if kind == "month":
        return one.strftime("%Y-%m")
    if kind == "week":
        year, week, _ = one.isocalendar()
        return f"{year:04d}-W{week:02d}"
    clock = one.strftime("%H:%M:%S" if one.second else "%H:%M")
    return clock if kind == "time" else f"{one.strftime('%Y-%m-%d')}T{clock}"


_PART = {"y": "the year", "m": "the month", "d": "the day", "t": "the time of day"}


def _refuse(text: str, kind: str, fmt: str, missing: list[str] | None = None) -> ActionError:
    shown = text if len(text) <= 40 else text[:40] + "…"
    why = (f"it does not say {' or '.join(_PART[p] for p in missing)}" if missing
           else "it is not a date or time domdex can read")
    return ActionError(f"Cannot fill this {kind} field with {shown!r}: {why}. Give the "
                       f"value in full, as {fmt} (or as {_EXAMPLE[kind]!r}).")


async def fill_dated(locator: Any, value: str, timeout_ms: float) -> str:
    """Fill ``value`` into the element behind ``locator``; a date or time input gets it
    in its own format, and must then hold it. Returns the action's note ("")."""
    kind, order = "", "mdy"
    try:
        facts = await evaluate_in(locator, _KIND_JS, timeout=timeout_ms,
                                  deadline=timeout_ms / 1000 + 1, what="read the input's type")
        if isinstance(facts, dict):
            kind, order = str(facts.get("type", "")), str(facts.get("order") or "mdy")
    except Exception:  # gone or slow: Playwright's own fill below says what is wrong
        kind = ""
    if kind not in DATE_TYPES:
        await locator.fill(value, timeout=timeout_ms)
        return ""
    text = input_value(value, kind, order)
    before = await locator.input_value(timeout=timeout_ms)
    await locator.fill(text, timeout=timeout_ms)
    held = await locator.input_value(timeout=timeout_ms)
    if held != text:  # "2010-02-30" has the shape of a date and is not one
        if before:
            await locator.fill(before, timeout=timeout_ms)  # lose nothing
        raise ActionError(f"The {kind} field did not take {text!r}: the date does not "
                          "exist, or the page rejects it. The field keeps its old value.")
    return ""  # the answer's [value: …] shows the date as the field now holds it
