"""The states and attributes of an element that matter to an agent, as data.

Views write them as ``[flag]`` strings (:func:`domdex.render.elements.flags`); the diff
compares them as data, whole values included, so a value that changed past the length
a view shows still counts as a change.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..snapshot import Node
from . import roles, summary

#: States written as themselves, in this order, after the others.
PLAIN_STATES = ("disabled", "readonly", "invalid", "focused")


@dataclass(frozen=True, slots=True)
class Flag:
    """One fact about an element: ``Flag("checked")``, ``Flag("value", "Berlin")``.

    ``options`` carries the option labels; ``secret`` is a password field's value, which
    is never kept here.
    """

    name: str
    value: str | tuple[str, ...] | None = None


def node_flags(node: Node, *, with_hidden: bool = True) -> list[Flag]:
    """The element's flags in the order views write them."""
    out = [Flag("required")] if "required" in node.states else []
    out.extend(_fields(node))
    out.extend(_states(node))
    if node.tag in ("button", "input") and node.attrs.get("type") == "submit" \
            and roles.kind(node) == "button":
        out.append(Flag("submit"))
    if node.tag == "input" and node.attrs.get("type") == "file":
        out.append(Flag("file"))  # Chromium calls it a button; it takes files
    if summary.is_primary(node):
        out.append(Flag("primary"))
    out.extend(Flag(state) for state in PLAIN_STATES if state in node.states)
    if with_hidden and not node.visible:
        out.append(Flag("hidden"))
    return out


def _fields(node: Node) -> list[Flag]:
    """Placeholder, options and the chosen one, or the value."""
    out = []
    placeholder = node.attrs.get("placeholder")
    if placeholder:
        out.append(Flag("placeholder", None if placeholder == node.name else placeholder))
    if node.options is not None:
        out.append(Flag("options", tuple(o.label for o in node.options)))
        chosen = [o.label for o in node.options if o.selected]
        if chosen:
            out.append(Flag("selected", chosen[0]))
    elif node.value and roles.kind(node) in ("input", "select") \
            and node.attrs.get("type") != "password":
        out.append(Flag("value", node.value))
    elif node.value and node.attrs.get("type") == "password":
        out.append(Flag("secret"))
    return out


def _states(node: Node) -> list[Flag]:
    out = []
    st = node.states
    if roles.kind(node) in ("checkbox", "radio"):
        out.append(Flag("checked" if "checked" in st else
                        "mixed" if "mixed" in st else "unchecked"))
    if "selected" in st and node.options is None:
        out.append(Flag("selected"))
    if "expanded" in st:
        out.append(Flag("expanded"))
    elif "collapsed" in st:
        out.append(Flag("collapsed"))
    if "pressed" in st:
        out.append(Flag("pressed"))
    return out
