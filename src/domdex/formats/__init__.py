"""Parsers for snapshots made elsewhere, into domdex's :class:`~domdex.snapshot.Snapshot`.

:func:`load_snapshot` reads any of them, or domdex's own JSON, and says which it was not.

- Playwright MCP / ``aria_snapshot`` YAML text with or without ``[ref=…]`` markers
  (``aria.py``)
- Playwright accessibility-tree dicts, ``AccessibilityRef``-like lists and the JSON form
  of aria snapshots (``axtree.py``)

Both go through ``outline.py``, which turns a foreign tree into nodes the same way
for every format. Foreign snapshots have no tags and usually no boxes: the index works
from roles and names alone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import SnapshotError
from ..snapshot import Snapshot
from .aria import looks_like_aria, parse_aria
from .axtree import is_tree, parse_tree

__all__ = ["load_snapshot", "parse_aria", "parse_foreign", "parse_tree"]

_WHAT_TO_PASS = (
    "Pass domdex's snapshot JSON, the YAML of page.aria_snapshot() or Playwright MCP's "
    "browser_snapshot, or the dict of page.accessibility.snapshot()."
)


def load_snapshot(data: str | bytes | Mapping[str, Any] | list[Any]) -> Snapshot:
    """Read a snapshot from JSON text, a dict, or a foreign format.

    Accepts domdex's own JSON (text or dict), Playwright MCP / aria-snapshot YAML text
    with ``[ref=…]`` markers, and Playwright accessibility-tree dicts
    (``page.accessibility.snapshot()`` or a list of ``AccessibilityRef``-like dicts).
    """
    if isinstance(data, bytes):
        data = data.decode("utf-8", errors="replace")
    if isinstance(data, str):
        stripped = data.lstrip()
        if not stripped:
            raise SnapshotError("The snapshot is empty.")
        if stripped[0] in "{[":
            data = _parse_json(stripped)
        else:
            return parse_foreign(data)
    if isinstance(data, Mapping) and "nodes" in data:
        return Snapshot.from_dict(data)
    if isinstance(data, bytes):  # unreachable: decoded above; keeps the type checker sure
        raise SnapshotError("The snapshot could not be decoded.")
    return parse_foreign(data)


def _parse_json(text: str) -> Any:
    """``json.loads`` whose every failure is a SnapshotError (nesting deeper than the
    interpreter's stack and integers of thousands of digits included)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SnapshotError(
            f"The snapshot looks like JSON but does not parse: {exc.msg} "
            f"(line {exc.lineno}, column {exc.colno})."
        ) from exc
    except RecursionError as exc:
        raise SnapshotError(
            "The snapshot is nested too deeply to read (more than several hundred levels); "
            "snapshot a smaller part of the page."
        ) from exc
    except ValueError as exc:  # e.g. an integer longer than int() reads
        raise SnapshotError(f"The snapshot's JSON holds a value domdex cannot read: {exc}.") \
            from exc


def parse_foreign(data: str | Mapping[str, Any] | list[Any]) -> Snapshot:
    """Detect the format of a foreign snapshot and parse it.

    Text is aria YAML; a dict with ``role`` / ``children`` is an accessibility tree; a
    list of dicts with ``role`` is a flat or multi-root tree. An MCP tool result
    (``{"content": [{"type": "text", "text": …}]}``) is read through its text.
    """
    if isinstance(data, bytes):
        data = data.decode("utf-8", errors="replace")
    if isinstance(data, str):
        if not data.strip():
            raise SnapshotError("The snapshot is empty.")
        if looks_like_aria(data):
            return parse_aria(data)
        raise SnapshotError(f"This text ({_preview(data)}) is not a domdex snapshot, an aria "
                            f"snapshot or an accessibility tree. {_WHAT_TO_PASS}")
    if isinstance(data, Mapping):
        if "nodes" in data:
            return Snapshot.from_dict(data)
        text = _tool_result_text(data)
        if text is not None:
            return parse_foreign(text)
    if is_tree(data):
        return parse_tree(data)
    raise SnapshotError(f"{_describe(data)} is not a domdex snapshot, an aria snapshot or an "
                        f"accessibility tree. {_WHAT_TO_PASS}")


def _tool_result_text(data: Mapping[str, Any]) -> str | None:
    """The text of an MCP ``CallToolResult`` dict, or ``None`` when it is not one."""
    content = data.get("content")
    if not isinstance(content, Sequence) or isinstance(content, (str, bytes)):
        return None
    texts = [c.get("text", "") for c in content
             if isinstance(c, Mapping) and c.get("type") == "text"]
    return "\n".join(texts) if texts else None


def _preview(text: str) -> str:
    first = text.strip().splitlines()[0]
    return repr(first[:40] + ("…" if len(first) > 40 else ""))


def _describe(data: object) -> str:
    if isinstance(data, Mapping):
        keys = ", ".join(repr(k) for k in list(data)[:5])
        return f"A dict with keys {keys}" if keys else "An empty dict"
    if isinstance(data, Sequence) and not isinstance(data, (str, bytes)):
        return "An empty list" if not data else f"A list of {type(data[0]).__name__}"
    return f"A {type(data).__name__}"
