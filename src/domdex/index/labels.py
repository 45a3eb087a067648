"""What an element is called: one label, the same in every view, diff, identity and find.

Three functions used to say it with three fallback orders (name / placeholder / text /
title for views, the same without the title for summaries, name / text / … / value for
find), so a field named only by its placeholder could be called one thing in ``find``
and another in the diff (issue 9). This is the one order, the reader's: the accessible
name, else the placeholder (what an empty field shows), else the element's text, else
what a pointer or a picture says of it (``title``, ``alt``, ``aria-label``). A field's
value is its content, not its name: only find, which looks for the element by what it
shows, asks for it as a last resort.
"""

from __future__ import annotations

from ..snapshot import Node

__all__ = ["PLAIN_LABELS", "label", "value_label"]

#: Key of an index's ``cache`` under which the matcher build leaves every node's
#: :func:`label` for the look-alike groups built after it (one pass over the nodes, not two).
PLAIN_LABELS = "labels.plain"


def label(node: Node, *, value: bool = False) -> str:
    """The element's label, whitespace collapsed; ``value=True`` falls back to the value
    (an unnamed text field that shows *42*), "" when nothing names it."""
    a = node.attrs
    for cand in (node.name, a.get("placeholder", ""), node.text, a.get("title", ""),
                 a.get("alt", ""), a.get("aria-label", ""),
                 (node.value or "") if value else ""):
        if cand and not cand.isspace():
            return " ".join(cand.split())
    return ""


def value_label(node: Node) -> str:
    """The value as :func:`label` gives it last: ``label(n, value=True)`` is
    ``label(n) or value_label(n)``."""
    v = node.value or ""
    return " ".join(v.split()) if v and not v.isspace() else ""
