"""How one element is written for a model: ``BUTTON "Apply Filters" @e17 [primary]``.

Every view that lists elements (expand, grep, find, diff) uses these helpers so an
agent reads one format everywhere. Names are cut to a readable length and quotes are
escaped; page text is data, never markup of ours.
"""

from __future__ import annotations

from ..index import roles, summary
from ..index.facts import label
from ..snapshot import Node

MAX_NAME = 80
MAX_OPTIONS_LISTED = 5
#: States shown as themselves, in this order, after the others.
_PLAIN_STATES = ("disabled", "readonly", "invalid", "focused")


def quote(text: str, limit: int = MAX_NAME) -> str:
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def flags(node: Node, *, with_hidden: bool = True) -> list[str]:
    """The attributes that matter to an agent, as ``[flag]`` strings."""
    out: list[str] = []
    k = roles.kind(node)
    st = node.states
    if "required" in st:
        out.append("[required]")
    placeholder = node.attrs.get("placeholder")
    if placeholder and placeholder != node.name:
        out.append(f"[placeholder: {quote(placeholder, 40)}]")
    elif placeholder:
        out.append("[placeholder]")
    if node.options is not None:
        if len(node.options) <= MAX_OPTIONS_LISTED:
            out.append("[options: " + ", ".join(o.label for o in node.options) + "]")
        else:
            out.append(f"[options: {len(node.options)}]")
        chosen = [o.label for o in node.options if o.selected]
        if chosen:
            out.append(f"[selected: {quote(chosen[0], 40)}]")
    elif node.value and k in ("input", "select") and node.attrs.get("type") != "password":
        out.append(f"[value: {quote(node.value, 40)}]")
    elif node.value and node.attrs.get("type") == "password":
        out.append("[value: ••••]")
    if k in ("checkbox", "radio"):
        out.append("[checked]" if "checked" in st else
                   "[mixed]" if "mixed" in st else "[unchecked]")
    if "selected" in st and node.options is None:
        out.append("[selected]")
    if "expanded" in st:
        out.append("[expanded]")
    elif "collapsed" in st:
        out.append("[collapsed]")
    if "pressed" in st:
        out.append("[pressed]")
    if node.tag in ("button", "input") and node.attrs.get("type") == "submit" and k == "button":
        out.append("[type=submit]")
    if node.tag == "input" and node.attrs.get("type") == "file":
        out.append("[file input: upload]")  # Chromium calls it a button; it takes files
    if summary.is_primary(node):
        out.append("[primary]")
    out.extend(f"[{state}]" for state in _PLAIN_STATES if state in st)
    if with_hidden and not node.visible:
        out.append("[hidden]")
    return out


def element_line(node: Node, *, extra: list[str] | None = None, limit: int = MAX_NAME) -> str:
    """``ROLE "name" @ref [flags]`` — the one-line form of an element."""
    role = roles.display_role(node)
    name = label(node)
    parts = [role]
    if name:
        parts.append(quote(name, limit))
    parts.append("@" + node.ref)
    if roles.is_heading(node):
        parts.append(f"[h{roles.heading_level(node)}]")
    parts.extend(flags(node))
    if extra:
        parts.extend(extra)
    return " ".join(parts)
