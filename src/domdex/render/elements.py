"""How one element is written for a model: ``BUTTON "Apply Filters" @e17 [primary]``.

Every view that lists elements (expand, grep, find, diff) uses these helpers so an
agent reads one format everywhere. Names are cut to a readable length and quotes are
escaped; page text is data, never markup of ours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..index import roles
from ..index.flags import Flag, node_flags
from ..index.identity import row_text
from ..index.labels import label
from ..snapshot import Node

if TYPE_CHECKING:
    from ..index import PageIndex

MAX_NAME = 80
#: Characters of a look-alike's row text shown beside it.
ROW_CHARS = 50
MAX_OPTIONS_LISTED = 5
#: Flags written otherwise than ``[name]``.
_FIXED = {"secret": "[value: ••••]", "submit": "[type=submit]",
          "file": "[file input: upload]"}


def quote(text: str, limit: int = MAX_NAME) -> str:
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def row_suffix(index: PageIndex, ref: str, limit: int = ROW_CHARS) -> str:
    """`` · in "Alice Archer, active"`` for a control whose role and name other visible
    controls share: the words of its row (list item, card) are what tell ten "Delete"
    buttons apart, for the agent as for stale-ref recovery; "" for any other element."""
    return in_row(row_text(index, ref), limit)


def in_row(row: str, limit: int = ROW_CHARS) -> str:
    """`` · in "…"`` for a row's text already read; "" for none."""
    return f" · in {quote(row, limit)}" if row else ""


def ref_and_name(node: Node, limit: int = 30) -> str:
    """``@e9 "Jane Cooper"``: how a control the agent should use first is named."""
    name = label(node)
    return f"@{node.ref} {quote(name, limit)}" if name else f"@{node.ref}"


def flags(node: Node, *, with_hidden: bool = True) -> list[str]:
    """The attributes that matter to an agent, as ``[flag]`` strings."""
    return [flag_text(f) for f in node_flags(node, with_hidden=with_hidden)]


def flag_text(flag: Flag) -> str:
    """``[checked]``, ``[value: "Berlin"]``, ``[options: Red, Green]`` …"""
    fixed = _FIXED.get(flag.name)
    if fixed:
        return fixed
    if isinstance(flag.value, tuple):  # options
        if len(flag.value) <= MAX_OPTIONS_LISTED:
            return f"[{flag.name}: " + ", ".join(flag.value) + "]"
        return f"[{flag.name}: {len(flag.value)}]"
    if flag.value is not None:
        return f"[{flag.name}: {quote(flag.value, 40)}]"
    return f"[{flag.name}]"


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
