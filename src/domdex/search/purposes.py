"""What a small form is for, read from its fields: the words its one button stands for.

A login form's button may say *OK*, *Go* or *Continue*; an agent asks to "press login".
The form says what it does by its fields: one password field is a sign-in, two are a
registration (password and its confirmation), a search box is a search. The submit
button of such a form (the only one or two in the smallest box around the field that
holds one) takes those words as context, weighted like the rest of its context, never
as its name.

Built once per index from the few fields that declare a purpose (``type=password``,
``type=search`` / ``role=searchbox``): a bounded look at the small boxes around them, then
one dict look-up per element, so a page of 100k buttons and no such field costs one pass.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PURPOSE_WORDS", "form_purposes"]

#: The words a form's button stands for, by what its fields declare.
PURPOSE_WORDS = {
    "login": "log in login sign in signin",
    "register": "register sign up signup create account",
    "search": "search find",
}
#: How far up from a declaring field the form's box may be, and its largest size.
_LEVELS = 4
_MAX_NODES = 80


def _purpose_of_field(node: Any) -> str:
    kind = node.attrs.get("type", "").lower() if node.tag == "input" else ""
    if kind == "password":
        return "login"
    if kind == "search" or node.role == "searchbox":
        return "search"
    return ""


def form_purposes(idx: Any, interactive: list[bool]) -> dict[int, str]:
    """Node position of each button that serves a form with a declared purpose → the
    purpose's words. A box holds the form when it is the smallest ancestor (up to
    :data:`_LEVELS` up, at most :data:`_MAX_NODES` nodes) of the declaring fields that
    holds a button; with more than two buttons there it is no small form, and nothing
    is said."""
    tree, nodes = idx.tree, idx.nodes
    fields: dict[int, list[str]] = {}  # box -> purposes of the fields under it
    for i, node in enumerate(nodes):
        purpose = _purpose_of_field(node)
        if not purpose:
            continue
        p = tree.parent_pos[i]
        for _ in range(_LEVELS):
            if p < 0 or tree.end[p] - p > _MAX_NODES:
                break
            buttons = [j for j in range(p + 1, tree.end[p])
                       if interactive[j] and _is_button(nodes[j])]
            if buttons:
                if len(buttons) <= 2:
                    fields.setdefault(p, []).append(purpose)
                break
            p = tree.parent_pos[p]
    out: dict[int, str] = {}
    for box, purposes in fields.items():
        logins = purposes.count("login")
        purpose = "register" if logins >= 2 else "login" if logins else purposes[0]
        for j in range(box + 1, tree.end[box]):
            if interactive[j] and _is_button(nodes[j]):
                out[j] = PURPOSE_WORDS[purpose]
    return out


def _is_button(node: Any) -> bool:
    """A button that submits: ``<button>`` with no type or ``type=submit``, an input of
    type submit or image. A ``type=button`` (a show-password eye, a clear ×) only acts
    on its field, and a ``<div role=button>`` says nothing of submitting."""
    kind = node.attrs.get("type", "").lower()
    if node.tag == "button":
        return kind in ("", "submit")
    return node.tag == "input" and kind in ("submit", "image")
