"""Accessibility trees as dicts read into a Snapshot.

Three shapes reach us from agent code:

- Playwright's ``page.accessibility.snapshot()``: a nested dict whose root is
  ``{"role": "WebArea", "name": <title>, "children": [...]}``, with ``value``,
  ``description``, ``checked`` (``True`` / ``"mixed"``), ``disabled``, ``expanded``,
  ``focused``, ``level``, ``selected``, ``required`` … on each node, and text as
  ``{"role": "text", "name": …}`` leaves;
- flat lists of ``AccessibilityRef``-like dicts (``ref, role, name, value,
  description, bounds``) as element finders build them;
- the JSON form of an aria snapshot (``role, name, ref, text, url, placeholder,
  box, children`` with strings among the children).

All three are the same tree with different spellings, so one walk reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import fields
from ..errors import SnapshotError
from ..snapshot import Box, Snapshot
from .outline import MAX_DEPTH, Entry, build_snapshot, collapse, normalise_ref, too_deep

#: Chromium / Playwright role spellings that domdex writes differently.
_ROLE_NAMES = {"webarea": "document", "rootwebarea": "document", "statictext": "text",
               "inlinetextbox": "text", "labeltext": "label"}

#: Boolean fields and the state each sets when true.
_BOOL_STATES = {"disabled": "disabled", "expanded": "expanded", "focused": "focused",
                "active": "focused", "selected": "selected", "required": "required",
                "readonly": "readonly", "multiselectable": "multiple", "modal": "modal",
                "invalid": "invalid"}

#: Fields kept as attributes, under the names an agent knows them by.
_ATTR_FIELDS = {"url": "href", "href": "href", "placeholder": "placeholder",
                "keyshortcuts": "aria-keyshortcuts", "roledescription": "aria-roledescription",
                "haspopup": "aria-haspopup", "autocomplete": "aria-autocomplete",
                "orientation": "aria-orientation", "valuemin": "aria-valuemin",
                "valuemax": "aria-valuemax", "valuetext": "aria-valuetext"}


def parse_tree(data: Mapping[str, Any] | Sequence[Any]) -> Snapshot:
    """Read an accessibility tree (one root dict, or a list of root / flat dicts)."""
    roots = [data] if isinstance(data, Mapping) else list(data)
    if not roots:
        raise SnapshotError("The accessibility tree is empty: there are no elements to read.")
    title = ""
    first = roots[0]
    if isinstance(first, Mapping) and _role(first, "[0]") == "document":
        title = _str(first.get("name"), "[0].name")
    entries = [_entry(item, f"[{i}]", 1) for i, item in enumerate(roots)]
    return build_snapshot(entries, source="ax-tree", title=title)


def is_tree(data: object) -> bool:
    """True for a dict or list of dicts shaped like an accessibility tree."""
    if isinstance(data, Mapping):
        return "role" in data or "children" in data
    if isinstance(data, Sequence) and not isinstance(data, (str, bytes)) and data:
        return all(isinstance(d, Mapping) and "role" in d for d in data)
    return False


def _role(node: Mapping[str, Any], where: str) -> str:
    role = fields.text(node.get("role") or "", f"{where}.role").strip()
    return _ROLE_NAMES.get(role.lower(), role.lower() if role else "")


def _entry(node: Any, where: str, depth: int) -> Entry | str:
    """One dict (and its children) as an Entry; text leaves become strings."""
    if isinstance(node, str):
        return fields.clean(node)
    if not isinstance(node, Mapping):
        raise SnapshotError(
            f"The accessibility tree node at {where} is a {type(node).__name__}, not a dict "
            "with a 'role'. Pass page.accessibility.snapshot()'s result as it is."
        )
    if depth > MAX_DEPTH:
        raise too_deep(where)
    role = _role(node, where)
    if role == "text" and not node.get("children"):
        return _str(node.get("name") or node.get("text"), f"{where}.name")
    entry = Entry(role=role, name=_str(node.get("name"), f"{where}.name"), where=where,
                  description=_str(node.get("description"), f"{where}.description"))
    if node.get("ref") is not None:
        entry.ref = normalise_ref(fields.text(node["ref"], f"{where}.ref"), where)
    entry.value = fields.optional_text(node.get("value"), f"{where}.value")
    entry.level = fields.level(node.get("level"), f"{where}.level")
    _read_states(node, entry, where)
    _read_attrs(node, entry, where)
    entry.box = Box.from_any(node.get("bounds", node.get("box")), f"{where}.bounds")
    if node.get("text") is not None:
        entry.children.append(_str(node["text"], f"{where}.text"))
    children = node.get("children") or []
    if not isinstance(children, Sequence) or isinstance(children, (str, bytes)):
        raise SnapshotError(f"The 'children' of the accessibility tree node at {where} must "
                            "be a list.")
    entry.children.extend(_entry(c, f"{where}.children[{i}]", depth + 1)
                          for i, c in enumerate(children))
    return entry


def _str(value: Any, where: str) -> str:
    """Names and descriptions collapsed like capture's; numbers (slider values) as text."""
    return collapse(fields.text(value, where))


def _read_states(node: Mapping[str, Any], entry: Entry, where: str) -> None:
    for key in ("checked", "pressed"):
        value = node.get(key)
        if value == "mixed":
            entry.states.add("mixed")
        elif value is True or value == "true":
            entry.states.add(key)
    for key, state in _BOOL_STATES.items():
        value = node.get(key)
        if value is True or (isinstance(value, str) and value not in ("", "false")):
            entry.states.add(state)
    if node.get("expanded") is False:
        entry.states.add("collapsed")
    entry.states.update(fields.text_list(node.get("states"), f"{where}.states"))
    if node.get("cursor") == "pointer":
        entry.states.add("clickable")


def _read_attrs(node: Mapping[str, Any], entry: Entry, where: str) -> None:
    for key, attr in _ATTR_FIELDS.items():
        value = node.get(key)
        if value is not None and value is not False:
            entry.attrs[attr] = "true" if value is True else fields.text(value, f"{where}.{key}")
    if node.get("ariaHidden"):
        entry.attrs["aria-hidden"] = "true"

