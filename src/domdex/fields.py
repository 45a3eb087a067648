"""Reading one field of a snapshot someone else wrote: types checked, numbers bounded.

Snapshots arrive as JSON text, dicts and YAML written by other programs, by hand, or
cut short. Every field goes through one of these readers, which either return a value
the layers above can use without further checks or raise :class:`SnapshotError` naming
the field (``nodes[3].level``) and what it must be. The rules, the same for every format:

- text fields take a string; a number is read as its text; ``null`` is empty; a lone
  UTF-16 surrogate (``"\\ud800"`` in JSON) becomes U+FFFD, as a browser shows it;
- whole numbers take an integer (``2.0`` too), never ``true`` / ``false`` or ``2.5``;
- numbers must be finite: ``NaN`` and ``Infinity`` are refused;
- a number of the right kind but out of range is clamped into range (a page may say
  ``aria-level="213"``; refusing the whole snapshot for it would help nobody), except a
  ``level`` below 1, which is no level, as ARIA ignores an invalid ``aria-level``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import SnapshotError

#: ``level`` (headings, tree items, list items) is clamped to this.
MAX_LEVEL = 100
#: Sibling positions (``Node.index``) and viewport sizes are clamped to this.
MAX_COUNT = 1_000_000
#: Coordinates and sizes in CSS pixels are clamped to ± this (Chromium lays out at
#: most 2**25 px in either direction).
MAX_PIXELS = 2.0**25

_SURROGATE = re.compile("[\ud800-\udfff]")


def malformed(where: str, what: str, got: Any) -> SnapshotError:
    """``field 'nodes[3].level' must be an integer, got 'top'`` and what to do."""
    return SnapshotError(
        f"The snapshot cannot be read: field {where!r} must be {what}, got {_show(got)}. "
        "Fix or remove the field and load the snapshot again."
    )


def _show(value: Any) -> str:
    if isinstance(value, (Mapping, list, tuple)):
        return f"a {type(value).__name__}" if value else f"an empty {type(value).__name__}"
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def clean(value: str) -> str:
    """``value`` with lone surrogates as U+FFFD (they cannot be encoded as UTF-8)."""
    if value.isascii() or not _SURROGATE.search(value):
        return value
    return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def text(value: Any, where: str, default: str = "") -> str:
    if type(value) is str:
        return clean(value)
    if value is None:
        return default
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**100:
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return str(value)
    raise malformed(where, "a string", value)


def optional_text(value: Any, where: str) -> str | None:
    return None if value is None else text(value, where)


def flag(value: Any, where: str, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, bool) or value in (0, 1):
        return bool(value)
    raise malformed(where, "true or false", value)


def number(value: Any, where: str, low: float = -MAX_PIXELS, high: float = MAX_PIXELS) -> float:
    """A finite number, clamped into ``[low, high]``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise malformed(where, "a number", value)
    try:
        x = float(value)
    except OverflowError:  # an integer beyond any float: clamp by its sign
        x = math.inf if value > 0 else -math.inf
        if math.isinf(low if value < 0 else high):
            raise malformed(where, "a finite number", value) from None
    else:
        if not math.isfinite(x):
            raise malformed(where, "a finite number", value)
    return min(max(x, low), high)


def integer(value: Any, where: str, low: int, high: int) -> int:
    """A whole number (an integral float too), clamped into ``[low, high]``."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value)  # "2": lenient, as older readers were
    if isinstance(value, bool) or not isinstance(value, int):
        raise malformed(where, "a whole number", value)
    return min(max(value, low), high)


def level(value: Any, where: str) -> int | None:
    """A heading / tree level: ``None`` when absent or below 1, at most MAX_LEVEL."""
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isascii() \
            and value.strip().lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise malformed(where, "a whole number (a level such as 2)", value)
    return None if value < 1 else min(value, MAX_LEVEL)


def mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise malformed(where, "an object", value)
    return value


def sequence(value: Any, where: str) -> Sequence[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise malformed(where, "a list", value)
    return value


def pair(value: Any, where: str, low: float, high: float) -> tuple[float, float] | None:
    """Two numbers (``[w, h]``, ``[x, y]``) or ``None``."""
    if value is None:
        return None
    items = sequence(value, where)
    if len(items) != 2:
        raise malformed(where, "a list of two numbers", value)
    return (number(items[0], f"{where}[0]", low, high), number(items[1], f"{where}[1]", low, high))


def text_map(value: Any, where: str) -> dict[str, str]:
    """``attrs``: names to string values; ``null`` values are left out."""
    if value is None:
        return {}
    out: dict[str, str] = {}
    for key, v in mapping(value, where).items():
        if v is not None:
            out[text(key, where)] = text(v, f"{where}.{key}")
    return out


def text_list(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    return [text(v, f"{where}[{i}]") for i, v in enumerate(sequence(value, where))]
