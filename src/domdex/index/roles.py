"""What a role means to an agent: interactive or not, which kind, which landmark.

Roles are Chromium's computed ARIA roles as capture records them. Foreign snapshots
(aria YAML, accessibility trees) carry the same vocabulary, and a few tag fallbacks
cover nodes whose role was not computed.
"""

from __future__ import annotations

from ..snapshot import Node

#: Top-level landmark roles and the label the region list shows for them.
LANDMARKS: dict[str, str] = {
    "banner": "HEADER",
    "navigation": "NAV",
    "main": "MAIN",
    "complementary": "ASIDE",
    "contentinfo": "FOOTER",
    "search": "SEARCH",
    "form": "FORM",
    "dialog": "DIALOG",
    "alertdialog": "DIALOG",
    "region": "REGION",
}

#: Tags that are landmarks even when a foreign snapshot gave no role.
LANDMARK_TAGS: dict[str, str] = {
    "header": "HEADER",
    "nav": "NAV",
    "main": "MAIN",
    "aside": "ASIDE",
    "footer": "FOOTER",
    "search": "SEARCH",
    "dialog": "DIALOG",
}

KIND_OF_ROLE: dict[str, str] = {
    "button": "button",
    "menuitem": "button",
    "menuitemcheckbox": "checkbox",
    "menuitemradio": "radio",
    "tab": "button",
    "link": "link",
    "textbox": "input",
    "searchbox": "input",
    "spinbutton": "input",
    "slider": "input",
    "checkbox": "checkbox",
    "switch": "checkbox",
    "radio": "radio",
    "combobox": "select",
    "listbox": "select",
    "option": "option",
    "treeitem": "link",
}

INTERACTIVE_ROLES = frozenset(KIND_OF_ROLE)

INTERACTIVE_TAGS = frozenset({"button", "select", "textarea", "summary"})

#: Roles that take a value the agent gives (find's "fill" intent, the session's fill): text
#: fields, and the range widgets set by number (a slider, a spin button).
FILLABLE_ROLES = frozenset({"textbox", "searchbox", "spinbutton", "combobox", "slider"})

#: Display names for the kinds in counts ("12 links, 3 buttons").
KIND_PLURALS = {
    "button": "buttons",
    "link": "links",
    "input": "inputs",
    "checkbox": "checkboxes",
    "radio": "radios",
    "select": "selects",
    "option": "options",
    "other": "clickable",
}

KIND_SINGULAR = {"other": "clickable"}

HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})

#: Containers that group controls or content and so make good sub-sections.
SECTION_ROLES = frozenset(
    {"form", "group", "region", "toolbar", "table", "grid", "tablist", "list", "article",
     "dialog", "alertdialog", "search", "navigation", "complementary", "menu", "menubar",
     "tree", "radiogroup", "treegrid", "feed", "banner", "contentinfo", "main"}
)
SECTION_TAGS = frozenset(
    {"section", "article", "form", "fieldset", "table", "nav", "aside", "dialog", "ul", "ol",
     "dl", "header", "footer", "details", "iframe"}
)


def by_cursor(node: Node) -> bool:
    """Whether a node is interactive only by the "clickable" state capture gives a box
    with a pointer cursor or a click listener: no control's role or tag. Such a box may
    be a card whose own buttons do its acts, and a click on its middle does none."""
    return "clickable" in node.states and node.role not in INTERACTIVE_ROLES and \
        node.tag not in INTERACTIVE_TAGS and node.tag not in ("a", "input")


def is_interactive(node: Node) -> bool:
    """Would an agent act on this node (click, type, choose)?

    A native ``<option>`` is not: its ``<select>`` carries it (``Node.options``).
    """
    if node.tag in ("option", "optgroup"):
        return False
    if node.role in INTERACTIVE_ROLES:
        return True
    if node.tag in INTERACTIVE_TAGS:
        return True
    if node.tag == "input" and node.attrs.get("type", "text") != "hidden":
        return True
    if node.tag == "a" and "href" in node.attrs:
        return True
    return "clickable" in node.states or "editable" in node.states


def kind(node: Node) -> str:
    """The kind used in counts: button, link, input, checkbox, radio, select, option, other."""
    found = KIND_OF_ROLE.get(node.role)
    if found:
        return found
    tag = node.tag
    if tag == "a":
        return "link"
    if tag in ("button", "summary"):
        return "button"
    if tag == "select":
        return "select"
    if tag in ("input", "textarea"):
        t = node.attrs.get("type", "text")
        if t in ("checkbox", "radio"):
            return "checkbox" if t == "checkbox" else "radio"
        if t in ("button", "submit", "reset", "image"):
            return "button"
        return "input"
    return "other"


def landmark(node: Node) -> str | None:
    """The landmark label of a node (``"MAIN"``…), or ``None`` when it is not one.

    ``form`` and ``region`` count only with an accessible name, as ARIA says; an
    unnamed ``<section>`` or ``<form>`` is just a grouping.
    """
    role = node.role
    if role in LANDMARKS:
        if role in ("form", "region") and not node.name:
            return None
        return LANDMARKS[role]
    if not role:
        return LANDMARK_TAGS.get(node.tag)
    return None


def is_heading(node: Node) -> bool:
    return node.role == "heading" or node.tag in HEADING_TAGS


def heading_level(node: Node) -> int:
    if node.level:
        return node.level
    if node.tag in HEADING_TAGS:
        return int(node.tag[1])
    return 2


def is_section_like(node: Node) -> bool:
    return node.role in SECTION_ROLES or node.tag in SECTION_TAGS


def display_role(node: Node) -> str:
    """The upper-case role shown in views: BUTTON, LINK, SEARCHBOX, DATEPICKER …"""
    role = node.role
    if node.tag == "input":
        t = node.attrs.get("type", "")
        if t in ("date", "datetime-local", "month", "week", "time"):
            return "DATEPICKER"
    if not role or role in ("generic", "none", "presentation"):
        if is_heading(node):
            return "HEADING"
        if "editable" in node.states:  # a contenteditable editor
            return "TEXTBOX"
        return (node.tag or "element").upper()
    return role.upper()
