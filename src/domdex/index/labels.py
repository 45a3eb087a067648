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

import re

from ..snapshot import Node
from ..words import IDENTIFIER_PARTS

__all__ = ["PLAIN_LABELS", "class_words", "icon_words", "label", "uncounted", "value_label"]

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
            said = " ".join(cand.split())
            return cand if said == cand else said  # no second copy of a clean text
    return ""


#: A count a control's name ends with, set off by a dot, a bar or brackets: "Like · 12",
#: "Comments (3)", "Replies | 4"; not "Page 2" or "Line 2", whose number is the name.
_COUNT = re.compile(r"\s*(?:[·•|]\s*\d[\d,.]*\s*[kKmM]?|\(\d[\d,.]*\s*[kKmM]?\))\s*$")


def uncounted(name: str) -> str:
    """``name`` without the count it ends with: "👍 Like · 12" is a *Like* as the
    uncounted one beside it is (review 59: the Like without a count won every "like X's
    comment", as no look-alike of it was told apart by its comment)."""
    return _COUNT.sub("", name) or name


def value_label(node: Node) -> str:
    """The value as :func:`label` gives it last: ``label(n, value=True)`` is
    ``label(n) or value_label(n)``."""
    v = node.value or ""
    return " ".join(v.split()) if v and not v.isspace() else ""


#: Words of class and id values that say how a thing looks or is built, not what it does.
_STYLE_WORDS = frozenset(str.split(
    "btn button ui fa fas far fab glyphicon bi mdi material symbols octicon svelte css js "
    "corner corners all state default active hover focus focused disabled enabled "
    "clickable wrapper wrap container inner outer left right top bottom small large "
    "big pull float flex inline block hidden show hide is has svg img sm md lg xs xl "
    "primary secondary text"))
#: Class words that say a state, which a click or the pointer moves between siblings.
_STATE_WORDS = frozenset(str.split(
    "selected checked unchecked open opened closed expanded collapsed current pressed "
    "toggled highlighted visible invisible filled empty loading loaded error invalid "
    "valid done complete completed pending read unread starred liked voted"))
#: Class names a framework puts on everything (Angular's ``ng-star-inserted``, Material's
#: ``mat-…``, styled-components' ``sc-…``): they say nothing of one element's job.
_FRAMEWORK_PREFIXES = ("ng-", "mat-", "mdc-", "cdk-", "sc-", "css-", "jsx-", "svelte-",
                       "ember", "tw-", "chakra-", "mui")
#: The largest side, in CSS pixels, of a box read as an icon.
_ICON_SIDE = 48


def class_words(node: Node, *, box: bool = True) -> str:
    """What an unnamed control's id and class values say it is (``span.trash``,
    ``i.icon-star``, ``#close-email``): for an icon whose picture carries its meaning,
    these words are all a page gives, and a small box without text is an icon. Parts
    with digits (``svelte-3jwzs9``, hashed names), framework classes and words about
    looks or layout are left out; more than two words left describe the box around it
    (``login-modal-close``), so none is taken.

    ``box=False`` is the element's identity (look-alike groups): nothing that changes
    with the pointer or a click, neither the box ("icon" for a small one) nor a state
    word (``vote selected`` moves from the up-vote to the down-vote)."""
    words: list[str] = []
    names = [node.attrs.get("id", "")] + [c for c in node.attrs.get("class", "").split()
                                          if not c.lower().startswith(_FRAMEWORK_PREFIXES)]
    for value in names:
        for part in IDENTIFIER_PARTS.split(value):
            w = part.lower()
            if len(w) > 2 and w.isalpha() and w not in _STYLE_WORDS and w not in words and \
                    (box or w not in _STATE_WORDS):
                words.append(w)
    if not [w for w in words if w != "icon"] and (glyph := icon_words(node)):
        return glyph  # nothing of its own, an icon inside it: *lucide-copy*, *fa-trash*
    if not words or len([w for w in words if w != "icon"]) > 2:
        return ""  # "delete-account-modal-close": the words of the box around it, not its job
    b = node.box if box else None  # the box changes on hover: no part of an identity
    if b is not None and 0 < b.width <= _ICON_SIDE and 0 < b.height <= _ICON_SIDE \
            and "icon" not in words:
        words.append("icon")
    return " ".join(words)


#: Words of icon class names and sprite ids that name the library or the size, not the
#: glyph (``lucide lucide-copy size-4``, ``fa-solid fa-trash``, ``bi bi-pencil-square``).
_ICON_NOISE = frozenset(str.split(
    "lucide fa fas far fab fal fad solid regular light duotone bi mdi icon icons ti tabler "
    "glyphicon codicon octicon feather heroicon heroicons ri bx bxs ph size svg sprite "
    "line fill filled outline outlined round rounded sharp square alt png gif webp "
    "inline flex shrink none"))
#: What a glyph means as an act, for the glyphs whose picture says it (a request says
#: "edit", the icon is a pencil).
_GLYPHS = {
    **dict.fromkeys(("pencil", "pen", "edit"), "edit"),
    **dict.fromkeys(("trash", "bin", "delete", "remove"), "delete"),
    **dict.fromkeys(("xmark", "times", "close", "cross"), "close"),
    **dict.fromkeys(("plus", "add"), "add"),
    **dict.fromkeys(("cog", "gear", "settings", "sliders"), "settings"),
    **dict.fromkeys(("magnifying", "search", "magnifier"), "search"),
    **dict.fromkeys(("copy", "clipboard", "duplicate", "clone"), "copy"),
    **dict.fromkeys(("download",), "download"), **dict.fromkeys(("upload",), "upload"),
    **dict.fromkeys(("heart",), "like"), **dict.fromkeys(("bell",), "notifications"),
    **dict.fromkeys(("ellipsis", "dots", "kebab", "more"), "more"),
    **dict.fromkeys(("filter", "funnel"), "filter"),
    **dict.fromkeys(("refresh", "rotate", "sync", "reload", "redo"), "refresh"),
    **dict.fromkeys(("eye",), "show"), **dict.fromkeys(("external",), "open"),
    **dict.fromkeys(("floppy", "save"), "save"), **dict.fromkeys(("printer", "print"), "print"),
    **dict.fromkeys(("envelope", "mail"), "email"), **dict.fromkeys(("question", "help"), "help"),
    **dict.fromkeys(("bars", "hamburger", "menu"), "menu"),
    **dict.fromkeys(("logout", "signout"), "logout"),
    **dict.fromkeys(("maximize", "expand", "fullscreen"), "expand"),
    **dict.fromkeys(("minimize", "collapse"), "collapse"),
}
#: Arrows and chevrons: their side says the step.
_ARROWS = frozenset({"chevron", "arrow", "angle", "caret"})
_SIDES = {"left": "previous", "right": "next", "up": "up", "down": "down"}


def icon_words(node: Node) -> str:
    """What the icon inside an unnamed control says it does, from what capture read of
    it (``dx-icon``: an svg's or icon font's class, a sprite's fragment, an image's file
    name): the glyph's words and the act it pictures ("trash delete", "chevron previous");
    empty when nothing names a glyph."""
    hint = node.attrs.get("dx-icon", "")
    if not hint:
        return ""
    parts = [p.lower() for p in IDENTIFIER_PARTS.split(hint.replace(".", " "))]
    glyph = [w for w in dict.fromkeys(parts) if len(w) > 1 and w.isalpha() and
             w not in _ICON_NOISE and (w not in _STYLE_WORDS or w in _SIDES)]
    out: list[str] = []
    for w in glyph[:3]:
        if w in _SIDES and _ARROWS & set(glyph):
            out.append(_SIDES[w])
        elif w in _GLYPHS and _GLYPHS[w] != w:
            out += [w, _GLYPHS[w]]
        else:
            out.append(w)
    return " ".join(dict.fromkeys(out))
