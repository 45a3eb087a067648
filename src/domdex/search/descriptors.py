"""Descriptors: what a person would say about an element, as weighted text fields.

A name alone rarely tells look-alikes apart ("Submit", "Edit", "¶", "built-in
function"). People add context: the form or fieldset a control sits in, the row of a
table (its key cell) and the column header, the list item, the term a definition
explains, the nearest heading, the region. Each descriptor keeps those as separate
fields with their own weight, so a word found in the name counts more than the same
word found in the heading above it.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..index.labels import PLAIN_LABELS, class_words, label, value_label
from ..snapshot import Node
from ..words import has_unspaced
from .purposes import form_purposes
from .stopping import check
from .tables import first_row_heads, table_of

if TYPE_CHECKING:
    from ..index import PageIndex
    from ..index.tree import Tree

__all__ = ["FIELD_WEIGHTS", "Descriptor", "build_descriptors", "is_multi_line"]

#: How much a query word found in each field counts (1.0 = found in the name).
FIELD_WEIGHTS: dict[str, float] = {
    "name": 1.0,
    "text": 0.9,
    "label": 0.9,
    "role": 1.0,
    "key": 0.8,
    "context": 0.7,
    "href": 0.8,
    "attr": 0.55,
    "heading": 0.6,
    "region": 0.45,
    "row": 0.0,  # set from ROW_WEIGHT below
}
#: A cell's row (the other cells' text): "what role does Jin Kim have" names the Role
#: cell by its row. Weaker than the key; fitted by bench/sweep.py.
ROW_WEIGHT = 0.5
#: How far above a control its table cell may be (``<td><div><span><input>``)
_CELL_DEPTH = 4
#: Controls whose names, when other controls of the page carry them too, say which
#: control and not which record (see _own_text).
_REPEATED_ROLES = frozenset({"button", "menuitem", "menuitemcheckbox", "menuitemradio"})
#: an item or cell holding more nodes than this keeps its text whole (see _own_text)
_OWN_TEXT_NODES = 120
#: Boxes whose value is typed text that may name a record (not a number, not a choice)
_TYPED_ROLES = frozenset({"textbox", "searchbox"})

_SKIP_TAGS = frozenset({"label", "legend",  # their words name a control: in its fields
                        "html", "head", "body", "script", "style", "noscript", "template",
                        "meta", "link", "br", "hr", "svg", "path", "g", "defs", "use"})
_INLINE_TAGS = frozenset({"span", "code", "em", "strong", "b", "i", "small", "tt", "var", "kbd",
                          "samp", "mark", "abbr", "cite", "sup", "sub", "u", "s", "q", "font",
                          "bdi", "bdo", "time", "data", "pre"})
_BLOCK_HINT = re.compile(r"\b(note|warning|tip|hint|admonition|alert|callout|notice|caution|"
                         r"important|danger|error|info|seealso|deprecated)\b", re.I)
_SECTIONING = frozenset({"section", "article", "aside", "nav", "header", "footer", "dialog",
                         "fieldset", "details", "hgroup"})
#: Containers whose text is their children's: a definition, a cell, a list item.
_VALUE_TAGS = frozenset({"dd", "dt", "td", "th", "li", "blockquote", "figcaption", "caption"})
_VALUE_ROLES = frozenset({"definition", "term", "cell", "gridcell", "listitem", "note"})
_ZONE_HINTS = [
    ("sidebar", re.compile(r"side-?bar|sidenav|aside|\bside\b|toc-?drawer", re.I)),
    ("header", re.compile(r"header|masthead|topbar|top-bar|banner", re.I)),
    ("footer", re.compile(r"footer|colophon|bottom-?bar", re.I)),
    ("nav", re.compile(r"\bnav|navbar|menu|breadcrumb|related", re.I)),
    ("breadcrumb", re.compile(r"bread-?crumb", re.I)),
]
_ZONE_ROLES = {"complementary": "sidebar", "banner": "header", "contentinfo": "footer",
               "navigation": "nav"}
_ZONE_TAGS = {"aside": "sidebar", "header": "header", "footer": "footer", "nav": "nav"}
_CELL_ROLES = frozenset({"cell", "gridcell", "columnheader", "rowheader"})
_CELL_TAGS = frozenset({"td", "th"})
_HEADER_CELL = frozenset({"columnheader"})
_SECTION_NUMBER = re.compile(r"^\s*(?:\d+\.)+\d*\s*")
_PILCROW = re.compile(r"[¶#]\s*$")
_HEAD_SAMPLE = 30  # rows read to tell a first row of labels from data
_WORDY = re.compile(r"[^\W_]{2,}")  # a word of two letters or digits, any script
_HREF_SPLIT = re.compile(r"[/?#=&]+")
_LETTERS = re.compile(r"[^\W\d_]{2,}")  # a word of two letters, any script
_KEY_MIN_ROWS = 3  # a key column is told from the others by differing over 3+ rows
_KEY_SHARE = 0.8  # … in this share of the rows
_SHORT_BLOCK = 100  # a paragraph this short is a label line, not running text
#: An inline key ("Phone:", "Last login:") is at most this long, its colon included,
#: and has a letter (a notebook's "[3]:" prompt is no key).
_INLINE_KEY = 40
_LETTER = re.compile(r"[^\W\d_]")
_ALNUM = re.compile(r"[^\W_]")  # a letter or a digit, any script (str.isalnum's)
#: Elements whose key their markup gives (a dd's dt, a cell's row and column).
_KEYED_TAGS = frozenset({"dd", "td", "th"})
_KEYED_ROLES = frozenset({"definition", "cell", "gridcell", "rowheader", "columnheader"})
#: What a link to a file is, by the file's extension: people ask for the kind of file.
_FILE_KINDS = {
    "py": "python source code module", "c": "source code", "h": "source code",
    "js": "source code script", "java": "source code", "rs": "source code",
    "go": "source code", "rb": "source code", "ts": "source code",
    "rst": "restructuredtext rest source text markup", "md": "markdown source text markup",
    "txt": "text plain", "pdf": "pdf document", "epub": "ebook document",
    "zip": "download archive", "gz": "download archive", "bz2": "download archive",
    "xz": "download archive", "tgz": "download archive", "whl": "download package wheel",
    "exe": "download installer", "msi": "download installer", "dmg": "download installer",
    "csv": "data spreadsheet", "xlsx": "spreadsheet", "json": "data",
    "png": "image picture", "jpg": "image picture", "svg": "image",
}
_EXT = re.compile(r"\.([a-z0-9]{1,5})$")

#: Words describing each landmark, as people say them.
LANDMARK_WORDS = {
    "HEADER": "header top banner",
    "NAV": "navigation nav menu",
    "MAIN": "main content body",
    "ASIDE": "sidebar aside side",
    "FOOTER": "footer bottom",
    "SEARCH": "search",
    "FORM": "form",
    "DIALOG": "dialog popup modal",
    "REGION": "",
    "SECTION": "",
}

#: Role words added to each role, so "button" in a query meets role=button.
ROLE_TEXT = {
    "button": "button",
    "link": "link",
    "textbox": "textbox field input box",
    "searchbox": "searchbox textbox field input box search",
    "combobox": "combobox dropdown select field list",
    "listbox": "listbox dropdown select list",
    "checkbox": "checkbox box",
    "radio": "radio option",
    "switch": "switch toggle",
    "heading": "heading",
    "img": "image img icon",
    "image": "image img icon",
    "tab": "tab",
    "menuitem": "menu item",
    "option": "option",
    "slider": "slider",
    "spinbutton": "field input number",
    "table": "table",
    "row": "row",
    "cell": "cell",
    "gridcell": "cell",
    "paragraph": "paragraph text",
    "dialog": "dialog",
}


#: Role words of a multi-line text field on top of a textbox's.
MULTI_LINE_TEXT = "textarea area editor"


def _role_text(role: str, interactive: bool, multi_line: bool) -> str:
    """The role field: the role's words."""
    text = ROLE_TEXT.get(role, role) + (" button" if interactive and role not in ROLE_TEXT
                                        else "")
    return text + " " + MULTI_LINE_TEXT if multi_line else text  # "the editor", "the text area"


def is_multi_line(node: Node) -> bool:
    """A textarea, a contenteditable or a textbox the page marks multi-line."""
    return node.tag == "textarea" or "multiline" in node.states or "editable" in node.states or \
        node.attrs.get("contenteditable", "") not in ("", "false") or \
        node.attrs.get("aria-multiline") == "true"


@dataclass(slots=True)
class Descriptor:
    """One element as the matcher sees it: fields of text plus facts used in ranking."""

    pos: int
    ref: str
    node: Node
    role: str
    fields: dict[str, str] = field(default_factory=dict)
    label: str = ""  # what a view prints as the element's name
    is_key: bool = False  # a dt, a row key cell, a heading: names something
    is_value: bool = False  # a dd, a data cell: says something about a key
    column: str = ""  # a cell's column header: cells of one column are look-alikes
    row: str = ""  # a cell's row: the other cells' text (the row a request names)
    hidden: int = 0  # 0 shown, 1 laid out but invisible (hover-revealed), 2 not rendered
    zones: frozenset[str] = frozenset()  # sidebar / header / footer / nav it sits in
    in_prose: bool = False  # inside a paragraph of running text (a link in the text)
    guessed: bool = False  # named only by its id and class words (an icon): a guess
    #: a shown ``<label>`` standing in for the hidden box it labels (a CSS toggle): it
    #: takes the box's name and role, and a click on it toggles the box
    proxy: bool = False

    def embed_text(self) -> str:
        """The text the embedder sees: the element's own words first, then context."""
        f = self.fields
        name = f.get("name", "")[:60]
        said = name.casefold().split()
        if len(set(said)) < len(said):  # "Pay with Apple Pay" is no more about "pay"
            name = " ".join(dict.fromkeys(said))
        parts = [self.role, name, f.get("label", "")[:40],
                 f.get("text", "")[:40], f.get("key", "")[:40], f.get("context", "")[:40],
                 f.get("heading", "")[-40:]]
        return " ".join(p for p in parts if p)[:140]

    def to_dict(self) -> dict[str, Any]:
        return {"ref": self.ref, "role": self.role, "label": self.label, "fields": self.fields}


def clean_heading(text: str) -> str:
    """A heading as people say it: no section number, no trailing pilcrow."""
    return _PILCROW.sub("", _SECTION_NUMBER.sub("", text)).strip()


def element_role(node: Node) -> str:
    """The role people would name: Chromium's role, else one from the tag."""
    role = node.role
    if role and role not in ("generic", "none", "presentation"):
        return role
    if "editable" in node.states:  # a contenteditable editor: typed into as a text box
        return "textbox"
    tag = node.tag
    if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return "heading"
    if tag == "a" and "href" in node.attrs:
        return "link"
    if tag == "button" or (tag == "input" and node.attrs.get("type") in
                           ("submit", "button", "reset", "image")):
        return "button"
    if tag in ("input", "textarea"):
        t = node.attrs.get("type", "text")
        return {"checkbox": "checkbox", "radio": "radio", "search": "searchbox"}.get(t, "textbox")
    if tag == "select":
        return "combobox"
    if tag == "img":
        return "img"
    if tag == "p":
        return "paragraph"
    if tag in ("td", "th"):
        return "cell"
    if tag == "dt":
        return "term"
    if tag == "dd":
        return "definition"
    if tag == "li":
        return "listitem"
    return role or tag


#: What a control shown only as a symbol means (a pager's "»", a dialog's "×").
SYMBOL_WORDS = {
    "«": "previous back first", "‹": "previous back", "<": "previous back",
    "»": "next forward last", "›": "next forward", ">": "next forward",
    "×": "close dismiss remove", "✕": "close dismiss remove", "✖": "close dismiss remove",
    "x": "close dismiss", "☰": "menu", "≡": "menu", "⋮": "more menu options",
    "⋯": "more menu options", "…": "more", "...": "more", "+": "add new plus",
    "−": "remove minus", "-": "remove minus", "✎": "edit", "✏": "edit", "🗑": "delete trash",
    "🔍": "search", "⚙": "settings", "↻": "refresh reload", "⟳": "refresh reload",
    "✓": "done confirm", "✔": "done confirm", "▾": "open menu dropdown",
    "▼": "open menu dropdown", "▸": "expand", "▶": "expand play",
}


#: Words of Unicode character names that describe the glyph's drawing, not its meaning.
_GLYPH_STYLE = frozenset({"black", "white", "heavy", "light", "medium", "small", "large",
                          "lower", "upper", "pointing", "sign", "symbol", "with", "and",
                          "of", "emoji", "modifier", "component", "full", "stop",
                          "number", "regional", "indicator", "letter"})


def symbol_words(label: str) -> str:
    """The meaning of a symbol-only name: "»" → "next forward last" (what the web means
    by it), else a pictograph's Unicode name ("📅" → "calendar", "🔔" → "bell", "🗑" →
    "wastebasket"); "" for a name with a letter or digit in it."""
    if _ALNUM.search(label) and label.strip().lower() not in SYMBOL_WORDS:
        return ""  # most names: a word, not a symbol (but a close button's "x")
    return _symbol_words(label)


@lru_cache(maxsize=1024)
def _symbol_words(label: str) -> str:
    """:func:`symbol_words` of a name with no letter or digit, worked out once per name
    (a docs page has a "¶" link by every heading: the glyph's Unicode name each time was
    a fifth of the descriptors' own time on os.html)."""
    key = label.strip().lower()
    known = SYMBOL_WORDS.get(key)
    if known is not None:
        return known
    if not key or len(key) > 4 or not is_symbol_only(key):
        return ""
    names = (unicodedata.name(c, "") for c in key
             if not unicodedata.category(c).startswith(("M", "C", "Z")))
    words = [w for n in names for w in n.lower().replace("-", " ").split()]
    return " ".join(w for w in words if w not in _GLYPH_STYLE)


def is_symbol_only(name: str) -> bool:
    """A name with no letter and no digit ("📅", "×", "…"): it shows, it does not say."""
    return bool(name.strip()) and not _ALNUM.search(name)


#: Controls a shown label may stand in for when they are hidden (a styled toggle).
_PROXIED_ROLES = frozenset({"checkbox", "radio", "switch"})


def label_proxies(nodes: list[Node], end: list[int]) -> dict[int, int]:
    """Shown ``<label>``s that stand in for a hidden checkbox, radio or switch → that
    control's position.

    A CSS toggle hides its box (``display:none``, or laid out unseen) and shows a styled
    label: furo's sidebar expanders (``<input id=t hidden><label for=t>`` with an icon),
    custom checkboxes and radio buttons. A person clicks the label; find saw a hidden box
    and a label with no words. The label is bound by ``for`` or wraps the box."""
    out: dict[int, int] = {}
    ids: dict[str, int] | None = None
    for i, node in enumerate(nodes):
        if not _plain_label(node) or _hidden_kind(node):
            continue  # a label with a role of its own (MediaWiki's role=button) is a control
        target = node.attrs.get("for")
        if target is not None:
            if ids is None:  # an id two elements share binds the first: a guess, none
                ids = {}
                for j, n in enumerate(nodes):
                    if "id" in n.attrs:
                        ids[n.attrs["id"]] = -1 if n.attrs["id"] in ids else j
            c = ids.get(target, -1)
            c = c if c >= 0 and nodes[c].tag == "input" else -1
        else:
            inside = [j for j in range(i + 1, end[i]) if nodes[j].tag == "input"]
            c = inside[0] if len(inside) == 1 else -1
        if c >= 0 and element_role(nodes[c]) in _PROXIED_ROLES and _hidden_kind(nodes[c]):
            out[i] = c
    return out


def _plain_label(node: Node) -> bool:
    """A ``<label>`` without a role of its own: its words name a control."""
    return node.tag == "label" and node.role in ("", "generic")


def _hidden_kind(node: Node) -> int:
    if node.visible:
        return 0
    box = node.box
    if box is not None and box.width > 0 and box.height > 0:
        return 1
    return 2


_SITE = re.compile(r"^[a-z]+://(?:www\.)?([^/?#]+)")


def _href_words(href: str) -> str:
    """The informative parts of a URL: its site's name, last path segments, fragment."""
    if href[:1] == "#" and not _HREF_SPLIT.search(href, 1):  # "#os.walk": the fragment
        frag = href[1:]  # (what the general case below makes of it, without its splits)
        return "" if frag in ("", "..", ".") else frag.strip()
    site = ""
    m = _SITE.match(href)
    if m:
        href = href[m.end():]
        site = m.group(1)
    parts = [p for p in _HREF_SPLIT.split(href.split("#")[0].split("?")[0])
             if p and p not in ("..", ".")]
    ext = _EXT.search(parts[-1].lower()) if parts and site else None
    kind = _FILE_KINDS.get(ext.group(1), "") if ext else ""
    parts = [p for p in _HREF_SPLIT.split(href) if p and p not in ("..", ".")]
    return " ".join([site, *parts[-4:], kind]).strip()


@lru_cache(maxsize=4096)  # the short labels a page repeats ("¶", "Edit"); 65,536 held 7 MB
def _is_tiny(label: str) -> bool:
    """A name that says nothing by itself: a symbol, one letter, empty."""
    return _WORDY.search(label) is None or (len(label) <= 2 and not has_unspaced(label))


class _Builder:
    """One pass over the index's tree collecting context for every node."""

    def __init__(self, idx: PageIndex) -> None:
        self.idx = idx
        self.tree: Tree = idx.tree
        self.nodes: list[Node] = idx.nodes
        #: per node: its own label, whether it is a control, whether it is a heading
        plain = [label(n) for n in self.nodes]
        self.labels = [p or value_label(n) for p, n in zip(plain, self.nodes, strict=True)]
        cache = getattr(idx, "cache", None)  # found by a value too ^
        if isinstance(cache, dict) and "identity.groups" not in cache:
            cache[PLAIN_LABELS] = plain  # the look-alike groups, made next, read them
            if "identity.groups" in cache:  # made meanwhile on another thread: unread
                cache.pop(PLAIN_LABELS, None)
        facts = getattr(idx, "facts", None)
        self.inter: list[bool] = facts.interactive if facts is not None else \
            [idx.is_interactive(n) for n in self.nodes]
        self.heads = [_is_heading(n) for n in self.nodes]
        self.proxies = label_proxies(self.nodes, self.tree.end)
        #: what each node says about the elements inside it (context()'s cases)
        self.kinds = [_context_kind(n, h) for n, h in zip(self.nodes, self.heads, strict=True)]
        #: per node, its nearest ancestor that says something (a kind above), else -1:
        #: context() reads the two nearest ancestors and then only those, instead of
        #: stepping through up to ten plain ``<div>``s for every element
        self.said_above = said = [-1] * len(self.nodes)
        kinds = self.kinds
        for i, p in enumerate(self.tree.parent_pos):
            if p >= 0:  # preorder: a parent's entry is made before its children's
                said[i] = p if kinds[p] else said[p]
        self._cells_cache: dict[int, list[int]] = {}
        #: labels that two or more buttons of the page carry (*Remove*, *Email*, *Edit*),
        #: or menu items (each row's ⋮ menu: *Rename*, *Share*)
        counts: dict[str, int] = {}
        labels, nodes = self.labels, self.nodes
        for i, inter in enumerate(self.inter):
            if inter and labels[i] and nodes[i].role in _REPEATED_ROLES:
                counts[labels[i]] = counts.get(labels[i], 0) + 1
        self._repeated = {t for t, c in counts.items() if c > 1}
        self._own_texts: dict[int, str] = {}
        self.heading_path: list[tuple[str, ...]] = self._heading_paths()
        self.zones: list[frozenset[str]] = self._zones()
        self._row_cache: dict[int, tuple[str, list[int]]] = {}
        self._cell_ctx: dict[int, tuple[str, str]] = {}
        #: table -> (its row of column labels or -1, the column labels)
        self._col_cache: dict[int, tuple[int, list[str]]] = {}
        #: row -> its table's entry of _col_cache (a cell asks up to four times)
        self._head_of_row: dict[int, tuple[int, list[str]]] = {}
        self._rows_cache: dict[int, list[int]] = {}
        self._key_col_cache: dict[int, int] = {}
        self._region_text: dict[str, str] = {}  # one string per region, not per element
        self._region_of = getattr(idx, "region_of_pos", None)
        self._to_paragraph = self._paragraph_distances()
        self._heading_text: dict[tuple[str, ...], str] = {}
        self._role_text: dict[tuple[str, bool, bool], str] = {}
        #: the button of a small form whose fields say what it is for (login, search)
        self.purposes: dict[int, str] = form_purposes(idx, self.inter)

    # Headings -----------------------------------------------------------------
    def _heading_paths(self) -> list[tuple[str, ...]]:
        """For each node, the headings above it (outermost first) within its top region.

        A heading that opens a section (``<section><h2>…``) stops applying where its
        section ends, so a form after a "Shipping to" box is not "under" it.
        """
        out: list[tuple[str, ...]] = []
        stack: list[tuple[int, str, int, int]] = []  # (level, text, top start, scope end)
        top_of = getattr(self.idx, "top_region_of_pos", None)
        region_of = getattr(self.idx, "region_of_pos", None)
        #: a region's top region's start, by id() (the top is a function of the deepest
        #: region, so one walk up per region, not one per node)
        tops: dict[int, int] = {}
        tree = self.tree
        n_nodes = len(self.nodes)
        path: tuple[str, ...] = ()  # the same tuple while the stack does not change
        ends = n_nodes + 1  # the first scope end on the stack
        for i, n in enumerate(self.nodes):
            if top_of is None:
                start = -1
            elif region_of is not None:
                r = region_of(i)
                start = tops.get(id(r), -2)
                if start == -2:
                    top = top_of(i)
                    start = tops[id(r)] = top.start if top is not None else -1
            else:
                top = top_of(i)
                start = top.start if top is not None else -1
            if stack and (ends <= i or stack[0][2] != start):
                stack = [s for s in stack if s[2] == start and s[3] > i]
                ends = min((s[3] for s in stack), default=n_nodes + 1)
                path = tuple(s[1] for s in stack[-3:])
            out.append(path)
            if self.heads[i] and n.visible:
                level = n.level or (int(n.tag[1]) if n.tag[:1] == "h" and n.tag[1:].isdigit()
                                    else 2)
                stack = [s for s in stack if s[0] < level]
                p = tree.parent_pos[i]
                scoped = p >= 0 and self.nodes[p].tag in _SECTIONING
                stack.append((level, clean_heading(self.labels[i])[:80], start,
                              tree.end[p] if scoped else n_nodes))
                ends = min(s[3] for s in stack)
                path = tuple(s[1] for s in stack[-3:])
        return out

    def _zones(self) -> list[frozenset[str]]:
        """Page zones each node sits in, from landmark roles, tags, ids and classes."""
        out: list[frozenset[str]] = []
        parent_pos = self.tree.parent_pos
        empty: frozenset[str] = frozenset()
        #: the hint regexes' verdict per distinct id + class text: pages repeat class
        #: lists on thousands of nodes, and five searches a node were a fifth of the
        #: descriptors' time on os.html
        hinted: dict[str, tuple[str, ...]] = {" ": ()}
        for i, n in enumerate(self.nodes):
            p = parent_pos[i]
            zones = out[p] if p >= 0 else empty
            role, tag, attrs = n.role, n.tag, n.attrs
            landmark = role in _ZONE_ROLES or tag in _ZONE_TAGS
            hint = attrs.get("id", "") + " " + attrs.get("class", "")
            if landmark:  # <nav aria-label="Breadcrumb">
                hint += " " + attrs.get("aria-label", "")
            said = hinted.get(hint)
            if said is None:
                said = hinted[hint] = tuple(z for z, rx in _ZONE_HINTS if rx.search(hint)) \
                    if hint.strip() else ()
            if not landmark and not said:
                out.append(zones)  # most nodes: nothing of their own
                continue
            own = set(said)
            if role in _ZONE_ROLES:
                own.add(_ZONE_ROLES[role])
            if tag in _ZONE_TAGS and (role in ("", "generic") or role in _ZONE_ROLES):
                own.add(_ZONE_TAGS[tag])
            out.append(zones | own if own else zones)
        return out

    # Context ------------------------------------------------------------------
    def context(self, i: int) -> tuple[list[str], list[str], bool, bool]:
        """(key texts, context texts, is_key, is_value) of node ``i``."""
        node = self.nodes[i]
        keys: list[str] = []
        ctx: list[str] = []
        is_key = is_value = False
        label = self.labels[i]
        tiny = _is_tiny(label)
        tag, role = node.tag, node.role
        interactive = self.inter[i]
        if tag == "dd" or role == "definition":
            term = self._prev_sibling_text(i, ("dt",), ("term",))
            if term:
                keys.append(term)
                is_value = True
        elif tag == "dt" or role == "term":
            is_key = True
        if role == "columnheader" or (tag == "th" and role not in ("rowheader", "cell")):
            is_key = True
        elif (tag in _CELL_TAGS or role in _CELL_ROLES) and \
                self._heads_columns(self._row_of(i)):
            is_key = True  # a plain cell of the row of column labels: *Type*
        elif tag in _CELL_TAGS or role in _CELL_ROLES:
            rk, ch = self._cell_context(i)
            if rk and rk != label:
                keys.append(rk)
                is_value = True
            elif rk:
                is_key = True
            if ch:
                keys.append(ch)
        if self.heads[i]:
            is_key = True
        if not keys and not is_key and not (tag in _CELL_TAGS or role in _CELL_ROLES):
            inline = self._inline_key(i, label)
            if inline is True:
                is_key = True
            elif inline:
                keys.append(inline)
                is_value = True
        labels, parent_pos, kinds = self.labels, self.tree.parent_pos, self.kinds
        said_above, tree_depth = self.said_above, self.tree.depth
        in_cell = tag in _CELL_TAGS or role in _CELL_ROLES
        depth = 0
        p = parent_pos[i]
        li_seen = 0
        while p >= 0 and depth < 10:
            if depth == 0 and (tiny or tag in ("span", "img", "i", "svg")):
                pl = labels[p]
                if pl and not _is_tiny(pl):
                    ctx.append(clean_heading(pl)[:80])
                tiny = tiny and not pl
            elif depth == 1 and tiny:
                pl = labels[p]
                if pl:
                    ctx.append(clean_heading(pl)[:80])
            kind = kinds[p]
            if kind == _ROW:
                if depth == 0 and not in_cell:
                    cells = self._cells(p)
                    if cells:  # a control straight in a row: the row's key cell names it
                        rk, _ = self._cell_context(cells[0])
                        ctx.append(rk or labels[cells[0]][:60])
                    kind = 0
                else:
                    kind = _group_kind(self.nodes[p].tag, self.nodes[p].role)
            if not kind:
                pass
            elif kind == _DEFINITION:
                term = self._prev_sibling_text(p, ("dt",), ("term",))
                if term:
                    ctx.append("definition of " + term)
            elif kind == _TERM:
                ctx.append(clean_heading(labels[p])[:80])
            elif kind == _ITEM:
                if li_seen < 2 and p != i:
                    text = self._own_text(p)
                    if text and text != label:
                        ctx.append(text[:60])
                li_seen += 1
            elif kind == _CELL:
                rk, ch = self._cell_context(p)
                ctx.extend(x for x in (rk, ch) if x)
            elif kind == _FIELDSET:
                legend = self.nodes[p].name or self._legend(p)
                if legend:
                    ctx.append(legend)
            elif kind == _FORM:
                if self.nodes[p].name:
                    ctx.append(self.nodes[p].name)
            elif kind == _LABEL:
                ctx.append(labels[p][:60])
            elif depth < 3 and interactive:  # a paragraph
                # "Source code: Lib/os.py", "Download: app.zip": a short line labels its link
                text = labels[p]
                if text and text != label and len(text) <= _SHORT_BLOCK:
                    ctx.append(text)
            if depth:  # past the parent's parent only a kind adds context
                p = said_above[p]
                depth = tree_depth[i] - tree_depth[p] - 1 if p >= 0 else depth
            else:
                p = parent_pos[p]
                depth = 1
        return keys, ctx, is_key, is_value

    def _inline_key(self, i: int, label: str) -> str | bool:
        """An inline "Key: value" pair: ``True`` for the key (a short text ending in a
        colon, with one element after it and nothing else in their parent), the key's words
        for the value (that element, or the one element of a wrapper there); "" otherwise.
        "Share: <a>Facebook</a> <a>Twitter</a>" or "Sort by: [Name] [Date]" is a label over
        a group: its first member is no value of it (a review's case: "share" clicked
        *Facebook*).

        Why: a contact card's "Phone: <a>234-851-5952</a>" gave "phone number of Verile"
        the bold *Phone:* rather than the number; a ``dt``/``dd`` pair or a table row says
        the same thing in markup and was read so, this one only in its colon.
        """
        parent_pos, child_pos, labels = self.tree.parent_pos, self.tree.child_pos, self.labels
        if label.endswith(":"):
            p = parent_pos[i]
            if len(label) <= _INLINE_KEY and p >= 0 and _LETTER.search(label):
                kids = child_pos[p]  # the key and its one value, alone in their parent
                return (len(kids) == 2 and kids[0] == i) or ""
            return ""
        c = i
        for _ in range(2):  # the value itself, or a wrapper that holds only it
            p = parent_pos[c]
            if p < 0:
                return ""
            kids = child_pos[p]
            at = bisect.bisect_left(kids, c)
            if at:
                if at != 1 or len(kids) != 2:  # "Share: Facebook Twitter" is a group
                    return ""
                prev = labels[kids[0]]
                if prev.endswith(":") and len(prev) <= _INLINE_KEY and _LETTER.search(prev):
                    return prev[:-1].strip()
                return ""
            n = self.nodes[p]
            if len(kids) > 1 or n.tag in _KEYED_TAGS or n.role in _KEYED_ROLES:
                return ""  # a dd's or a cell's key is its own, read from its markup
            c = p
        return ""

    def _prev_sibling_text(self, i: int, tags: tuple[str, ...], roles_: tuple[str, ...]) -> str:
        p = self.tree.parent_pos[i]
        if p < 0:
            return ""
        best = ""
        for c in self.tree.child_pos[p]:
            if c >= i:
                break
            n = self.nodes[c]
            if n.tag in tags or n.role in roles_:
                best = clean_heading(self.labels[c])[:80]
        return best

    def _legend(self, i: int) -> str:
        for c in self.tree.child_pos[i]:
            n = self.nodes[c]
            if n.tag == "legend":
                return self.labels[c]
        return ""

    def _row_of(self, cell: int) -> int:
        p = self.tree.parent_pos[cell]
        return p

    def _cells(self, row: int) -> list[int]:
        found = self._cells_cache.get(row)
        if found is None:
            nodes = self.nodes
            found = self._cells_cache[row] = [
                c for c in self.tree.child_pos[row]
                if nodes[c].tag in _CELL_TAGS or nodes[c].role in _CELL_ROLES]
        return found

    def _cell_above(self, i: int) -> int:
        """The table cell a control sits in (a few levels up), else -1."""
        p, nodes = self.tree.parent_pos[i], self.nodes
        for _ in range(_CELL_DEPTH):
            if p < 0:
                return -1
            if nodes[p].tag in _CELL_TAGS or nodes[p].role in _CELL_ROLES:
                return p
            p = self.tree.parent_pos[p]
        return -1

    def _row_text(self, cell: int) -> str:
        """The other cells of the cell's row, as text (capped)."""
        row = self._row_of(cell)
        if row < 0:
            return ""
        own = self._own_text
        return " ".join(filter(None, [own(c) for c in self._cells(row) if c != cell]))[:200]

    def _own_text(self, p: int) -> str:
        """The text a list item or table cell says of its record: its label without the
        names of the buttons (and menu items) in it that other buttons of the page carry
        too (*Remove*, *Email*, *Edit*), with the values of the text boxes in it.

        Why the buttons go: an item's text is the context of every element in it, and
        the names of its buttons then described its title link too: "email Aisha Khan"
        clicked the link *Aisha Khan*, whose item said "Aisha Khan Owner Remove Email",
        over the *Email* button beside it. A name shared by every record's button says
        which control, not which record; a name only one control carries (the record's
        title link) stays, and so do links and boxes (an author or a category link
        repeats because its value does, and it tells records apart all the same). The
        last copies of each go (the control comes after the record's words it acts on),
        and only as many as there are such controls in it.

        Why the values come: a line of an invoice or a recipe is named by what is typed
        in its first box (*Caster sugar*), which no text of the page says, and "the
        quantity of caster sugar" met every line's *Quantity* alike (review 56).
        """
        found = self._own_texts.get(p)
        if found is not None:
            return found
        text = self.labels[p]
        end = self.tree.end[p]
        if end - p > 1 and end - p <= _OWN_TEXT_NODES:
            labels, nodes, repeated = self.labels, self.nodes, self._repeated
            names: dict[str, int] = {}
            typed: list[str] = []
            for x in range(p + 1, end):
                n = nodes[x]
                if n.role in _REPEATED_ROLES and labels[x] in repeated:
                    names[labels[x]] = names.get(labels[x], 0) + 1
                elif n.value and n.role in _TYPED_ROLES and \
                        n.attrs.get("type", "").lower() != "password" and n.value not in text:
                    typed.append(n.value)
            for name, times in names.items():
                hits = [m.span() for m in re.finditer(
                    rf"(?<!\w){re.escape(name)}(?!\w)", text)][-times:]
                for a, b in reversed(hits):
                    text = text[:a] + text[b:]
            if names or typed:
                text = " ".join(" ".join([text, *typed]).split())
        self._own_texts[p] = text
        return text

    def _cell_context(self, cell: int) -> tuple[str, str]:
        """(row key text, column header text) of a table cell; worked out once per cell
        (the cell asks, and so does each element inside it)."""
        found = self._cell_ctx.get(cell)
        if found is None:
            found = self._cell_ctx[cell] = self._find_cell_context(cell)
        return found

    def _find_cell_context(self, cell: int) -> tuple[str, str]:
        row = self._row_of(cell)
        if row < 0:
            return "", ""
        if row not in self._row_cache:
            cells = self._cells(row)
            key = ""
            kc = self._key_column(self._table_of(row))
            own = self._own_text  # a line named by its first box's value has a key too
            if 0 <= kc < len(cells) and not self._is_header_row(cells):
                key = own(cells[kc])
            for c in cells if not key else ():
                n = self.nodes[c]
                if n.role == "rowheader" or (n.tag == "th" and n.role != "columnheader"):
                    key = own(c)
                    break
            if not key:
                for c in cells:
                    text = own(c)
                    if _WORDY.search(text):
                        key = text
                        break
            if key:
                kcol = next((j for j, c in enumerate(cells) if own(c) == key), -1)
                heads = self._column_headers(row)
                if 0 <= kcol < len(heads) and heads[kcol] and heads[kcol] != key:
                    key = f"{heads[kcol]} {key}"
            if 0 <= kc < len(cells) and len(key) > 60:
                key = key[:60].rsplit(" ", 1)[0]  # the key column's long title: its start
            self._row_cache[row] = (key if len(key) <= 60 else "", cells)
        key, cells = self._row_cache[row]
        col = cells.index(cell) if cell in cells else -1
        header = ""
        if col >= 0 and self.nodes[cell].role not in _HEADER_CELL and \
                not self._heads_columns(row):
            headers = self._column_headers(row)
            if col < len(headers):
                header = headers[col]
        return key, header

    def _table_of(self, row: int) -> int:
        return table_of(self.nodes, self.tree.parent_pos, row)

    def _column_headers(self, row: int) -> list[str]:
        return self._header_row(row)[1]

    def _heads_columns(self, row: int) -> bool:
        """Whether ``row`` is its table's row of column labels."""
        return row >= 0 and self._header_row(row)[0] == row

    def _header_row(self, row: int) -> tuple[int, list[str]]:
        """(the row of column labels of ``row``'s table or -1, those labels)."""
        found = self._head_of_row.get(row)
        if found is None:
            found = self._head_of_row[row] = self._table_header_row(row)
        return found

    def _table_header_row(self, row: int) -> tuple[int, list[str]]:
        table = self._table_of(row)
        if table < 0:
            return -1, []
        found = self._col_cache.get(table)
        if found is None:
            head_row = -1
            for j in range(table, self.tree.end[table]):
                n = self.nodes[j]
                if n.role == "columnheader" or (n.tag == "th" and n.role != "rowheader"):
                    head_row = self.tree.parent_pos[j]
                    break
            if head_row < 0:  # no column header cell: the row of a <thead> is the header
                head_row = next((r for r in self._rows(table)
                                 if self.nodes[self.tree.parent_pos[r]].tag == "thead"), -1)
            if head_row < 0:  # nor a <thead> (capture keeps none): a first row of labels
                rows = self._rows(table)[:_HEAD_SAMPLE]
                if first_row_heads([[self.labels[c] for c in self._cells(r)] for r in rows]):
                    head_row = rows[0]
            headers = [self.labels[c][:40] for c in self._cells(head_row)] if head_row >= 0 \
                else []
            found = self._col_cache[table] = (head_row, headers)
        return found

    def _rows(self, table: int) -> list[int]:
        """The rows of ``table`` (not of a table nested in it), in document order."""
        if table not in self._rows_cache:
            self._rows_cache[table] = [
                j for j in range(table + 1, self.tree.end[table])
                if (self.nodes[j].tag == "tr" or self.nodes[j].role == "row")
                and self._table_of(j) == table]
        return self._rows_cache[table]

    def _is_header_row(self, cells: list[int]) -> bool:
        return bool(cells) and all(self.nodes[c].role in _HEADER_CELL or (
            self.nodes[c].tag == "th" and self.nodes[c].role != "rowheader") for c in cells)

    def _key_column(self, table: int) -> int:
        """The column that names a table's rows: the first whose cells hold words (not
        only numbers), differ from row to row and are not a selection checkbox's cell
        (*Select row*, *edit*); -1 when no column does or the table has too few rows."""
        if table < 0:
            return -1
        if table in self._key_col_cache:
            return self._key_col_cache[table]
        body = [cells for r in self._rows(table)
                if (cells := self._cells(r)) and not self._is_header_row(cells)]
        best = -1
        if len(body) >= _KEY_MIN_ROWS:
            width = max(len(c) for c in body)
            for j in range(width):
                texts = [self.labels[c[j]] for c in body if j < len(c)]
                worded = [t for t in texts if _LETTERS.search(t)]
                if len(worded) < _KEY_SHARE * len(body):
                    continue
                if len(set(worded)) < _KEY_SHARE * len(worded):
                    continue  # the same words on every row: a label, not a key
                if sum(self._holds_choice(c[j]) for c in body if j < len(c)) > len(body) / 2:
                    continue
                best = j
                break
        self._key_col_cache[table] = best
        return best

    def _holds_choice(self, cell: int) -> bool:
        """Whether a cell holds a checkbox or radio button (a row's selection)."""
        for j in range(cell, self.tree.end[cell]):
            n = self.nodes[j]
            if n.role in ("checkbox", "radio") or (
                    n.tag == "input" and n.attrs.get("type") in ("checkbox", "radio")):
                return True
        return False

    # Descriptor ---------------------------------------------------------------
    def region_text(self, i: int) -> str:
        region_of = self._region_of
        r = region_of(i) if region_of else None
        if r is None:
            return ""
        known = self._region_text.get(r.id)
        if known is None:
            known = self._region_text[r.id] = self._region_words(r)
        return known

    def _region_words(self, r: Any) -> str:
        parts: list[str] = []
        while r is not None:
            parts.append(r.name)
            parts.append(LANDMARK_WORDS.get(r.landmark, ""))
            parent = r.parent
            r = self.idx.region(parent) if parent else None
        return " ".join(p for p in parts if p)

    def _in_prose(self, i: int) -> bool:
        """Whether a paragraph is among the node's three nearest ancestors."""
        return 0 < self._to_paragraph[i] <= 3

    def _paragraph_distances(self) -> list[int]:
        """Per node, how many levels up its nearest paragraph ancestor is (0: none), in
        one pass down the tree instead of a climb per element."""
        nodes = self.nodes
        out = [0] * len(nodes)
        for i, p in enumerate(self.tree.parent_pos):
            if p >= 0:  # preorder: the parent's entry is made first
                n = nodes[p]
                out[i] = 1 if n.tag == "p" or n.role == "paragraph" else \
                    (out[p] + 1 if out[p] else 0)
        return out

    def _duplicates_parent(self, i: int, node: Node, label: str) -> bool:
        """An inline wrapper (``<span>``, ``<code>``) repeating an enclosing element's words,
        or one token of a highlighted code block: the enclosing element is the target."""
        if node.tag not in _INLINE_TAGS or "title" in node.attrs:
            return False
        p = self.tree.parent_pos[i]
        for _ in range(4):
            if p < 0:
                return False
            parent = self.nodes[p]
            if parent.tag == "pre":
                return True
            ptext = parent.text or parent.name
            if ptext and label in ptext:
                return True
            if parent.tag not in _INLINE_TAGS:
                return False
            p = self.tree.parent_pos[p]
        return False

    def _wraps_link(self, i: int, node: Node, label: str) -> bool:
        """A list item (a table-of-contents entry) whose words are its one link's: the
        link is the element to act on or read, the item only repeats it."""
        if node.tag != "li" and node.role != "listitem":
            return False
        for c in self.tree.child_pos[i]:
            child = self.nodes[c]
            if child.tag == "a" or child.role == "link":
                # "Drafts (3) |": the separator after the link is not a word of the item
                return _WORDY.findall(self.labels[c]) == _WORDY.findall(label)
        return False

    def _proxy(self, i: int, control: int) -> Descriptor | None:
        """The shown label of a hidden toggle, described as the toggle (its name, role,
        context) where it is: what a click on it does is what the toggle does."""
        d = self.describe(control)
        if d is None:
            return None
        node = self.nodes[i]
        fields = dict(d.fields)
        if node.text and node.text != fields.get("name"):
            fields["text"] = node.text[:300]
        return Descriptor(i, node.ref, node, d.role, fields, d.label, d.is_key, d.is_value,
                          d.column, d.row, 0, self.zones[i], self._in_prose(i), d.guessed,
                          proxy=True)

    def _aggregate(self, i: int) -> str:
        """Text of a note-like box (``div.admonition``) or a code block, from inside it."""
        node = self.nodes[i]
        if node.tag == "pre":
            stop = min(self.tree.end[i], i + 300)
            text = " ".join(self.nodes[j].text for j in range(i + 1, stop) if self.nodes[j].text)
            return text[:300]
        hint = node.attrs.get("class", "") + " " + node.role
        container = node.tag in _VALUE_TAGS or node.role in _VALUE_ROLES
        if not (container or _BLOCK_HINT.search(hint)) or self.tree.size(i) > 60:
            return ""
        parts = [self.labels[c] for c in self.tree.child_pos[i]]
        return " ".join(p for p in parts if p and not _is_tiny(p))[:300]

    def _in_control(self, i: int) -> bool:
        """Inside another control (the icon of a named menu item): that control is the
        thing to name, and a class like ``ui-icon-zoomout`` must not answer for it."""
        p = self.tree.parent_pos[i]
        for _ in range(3):
            if p < 0:
                return False
            if self.inter[p]:
                return True
            p = self.tree.parent_pos[p]
        return False

    def _beside(self, i: int) -> str:
        """For a control without a name of its own: the name of what sits just before it
        in the same parent (the field an icon button belongs to)."""
        p = self.tree.parent_pos[i]
        if p < 0:
            return ""
        siblings = self.tree.child_pos[p]
        k = bisect.bisect_left(siblings, i)  # children come in document order
        field = self.nodes[i].role in _FIELD_ROLES
        own_id = self.nodes[i].attrs.get("id", "")
        end = self.tree.end
        for j in reversed(siblings[:k]):
            n = self.nodes[j]
            if field and n.tag == "label" and (
                    any(self.inter[x] for x in range(j + 1, end[j])) or
                    n.attrs.get("for", own_id) != own_id):
                return ""  # another field's label (it wraps it, or names it by id); an
                # icon button beside that field does take its name (the date picker)
            # a field's neighbour field is not its name (From, To): only a label is
            if n.tag == "label" or (not field and (
                    n.tag in ("input", "select", "textarea") or n.role in _FIELD_ROLES)):
                return (n.name or n.attrs.get("placeholder", "") or n.text)[:40]
            if self.inter[j] or self.tree.child_pos[j]:
                return ""  # another control, or a container: not this one's field
        return ""

    def _nearby_label(self, i: int) -> str:
        """For a field with no name at all: the short text that shares its own small box
        (``<div>Genre</div><input>``, ``<input><span>Genre</span>``, a label cell beside
        the input's cell) -- what a person reads as its label although nothing binds it.

        Climbs at most three boxes and stops at one that holds another control: there the
        text could as well be that control's -- unless that control is a button before the
        field, with a short text and nothing else beside the two: a field's name drawn as
        a button that opens its menu (``<button class=field-name>Title</button><input>``),
        drawn above the field as a label is (a *Generate* button on the field's line acts
        on it and names nothing).
        The closest text before the field wins, else the first after it.
        """
        tree, nodes, inter = self.tree, self.nodes, self.inter
        end = tree.end
        p = tree.parent_pos[i]
        for _ in range(3):
            if p < 0 or end[p] - p > _LABEL_BOX:
                return ""
            # the box's own words (``<div>Language: <select>``) read as before the field
            before, after = nodes[p].text if not _is_tiny(nodes[p].text) else "", ""
            head = ""  # a button before the field that is its box's only other control
            j = p + 1
            while j < end[p]:
                if j == i:
                    j = end[i]
                    continue
                if inter[j] and nodes[j].visible:
                    if j < i and not head and not before and nodes[j].role == "button" \
                            and not _is_tiny(text := nodes[j].text or nodes[j].name) \
                            and len(text) <= _SHORT_LABEL and _above(nodes[j], nodes[i]):
                        head = text  # <button class=field-name>Title</button><input>
                        j = end[j]
                        continue
                    return ""
                text = nodes[j].text
                if text and not _is_tiny(text):
                    if any(inter[x] and nodes[x].visible and not i <= x < end[i]
                           for x in range(j + 1, end[j])):
                        return ""  # the words share a box with another control: its
                    if j < i:
                        before = text
                    elif not after:
                        after = text
                    j = end[j]  # its inner blocks repeat its text
                    continue
                j += 1
            text = before or head or after
            if text:
                return clean_heading(text)[:60] if len(text) <= _SHORT_LABEL else ""
            p = tree.parent_pos[p]
        return ""

    def describe(self, i: int) -> Descriptor | None:
        if i in self.proxies:
            return self._proxy(i, self.proxies[i])
        node = self.nodes[i]
        if node.tag in _SKIP_TAGS and (node.tag != "label" or _plain_label(node)):
            return None  # a <label role=button> (MediaWiki's menu toggle) is a control
        label = self.labels[i]
        interactive = self.inter[i]
        if not interactive:
            if not label or _is_tiny(label):
                label = self._aggregate(i) or label
                if not label:
                    return None
            elif self._duplicates_parent(i, node, label) or self._wraps_link(i, node, label):
                return None
        role = element_role(node)
        a = node.attrs
        get = a.get
        guessed = False
        typed = "editable" in node.states and not node.name  # an editor's text was typed:
        if typed:  # what it holds, not what it is called ("the title field")
            label = ""
        name = node.name or label
        fields: dict[str, str] = {}  # filled in this order, empty texts left out
        if name:
            fields["name"] = name
        if node.text and node.text != name and not typed:
            fields["text"] = node.text[:300]
        extra = [get("title", ""), get("alt", ""), get("placeholder", ""), get("aria-label", ""),
                 node.description, node.value or ""]
        if node.options:
            extra.append(" ".join(o.label for o in node.options if o.selected))
        if interactive:
            said = symbol_words(node.name or label)  # node.name's own when it has one
            extra.append(said)
            if not node.name or is_symbol_only(node.name) or said:
                extra.append(self._beside(i))  # the date picker next to "Date"
            if not node.name and role in _NAMED_BY_BOX:  # a value is not a name
                extra.append(self._nearby_label(i))  # <div>Genre</div><input>
            if not name and not node.text and not any(extra) and not typed and \
                    role not in _FIELD_ROLES and not self._in_control(i):
                guessed = bool(own := class_words(node))
                extra.append(own)  # <span class="trash">: an icon named by class
        text = " ".join([x for x in extra if x and x != name])
        if text:
            fields["label"] = text
        if "href" in a:
            text = _href_words(a["href"])
            if text:
                fields["href"] = text
        attr = [get("id", ""), get("name", ""), get("class", ""), get("type", "")]
        p = self.tree.parent_pos[i]
        if p >= 0:
            pa = self.nodes[p].attrs
            attr += [pa.get("id", ""), pa.get("class", "")]
        text = " ".join(filter(None, attr))
        if text:
            fields["attr"] = text
        how = (role, interactive, role == "textbox" and is_multi_line(node))
        role_text = self._role_text.get(how)  # one string per role, not per element
        if role_text is None:
            role_text = self._role_text[how] = _role_text(*how)
        if role_text:
            fields["role"] = role_text
        keys, ctx, is_key, is_value = self.context(i)
        if i in self.purposes:  # "press login" for a login form's *OK*
            ctx = [*ctx, self.purposes[i]]
        is_cell = node.tag in _CELL_TAGS or node.role in _CELL_ROLES
        column = self._cell_context(i)[1] if is_cell else ""
        row_text = self._row_text(i) if is_cell else ""
        row = row_text if column else ""
        if interactive and not is_cell and (cell := self._cell_above(i)) >= 0:
            row_text = self._row_text(cell)  # "the checkbox for Ben": the control's row
        if row_text and node.role not in _HEADER_CELL and ROW_WEIGHT > 0:
            fields["row"] = row_text  # "the role of Jin Kim": the row
        if keys:
            text = " ".join(keys)
            if text:
                fields["key"] = text
        if ctx:
            text = " ".join(dict.fromkeys(ctx))
            if text:
                fields["context"] = text
        path = self.heading_path[i]
        if path:
            heading = self._heading_text.get(path)  # one string per path, not per element
            if heading is None:
                heading = self._heading_text[path] = " ".join(path)
            if heading:
                fields["heading"] = heading
        text = self.region_text(i)
        if text:
            fields["region"] = text
        return Descriptor(i, node.ref, node, role, fields, label[:80], is_key, is_value,
                          column, row, _hidden_kind(node), self.zones[i], self._in_prose(i),
                          guessed)


#: What an ancestor adds to an element's context, by the first case that fits it.
_DEFINITION, _TERM, _ITEM, _CELL, _ROW, _FIELDSET, _FORM, _LABEL, _PARAGRAPH = range(1, 10)


#: Roles of the fields an icon button may serve (a date picker beside "Date").
_FIELD_ROLES = frozenset({"textbox", "combobox", "searchbox", "spinbutton"})
#: Controls that an unbound label beside them names (see _Builder._nearby_label).
_NAMED_BY_BOX = _FIELD_ROLES | {"listbox", "slider", "checkbox", "radio", "switch"}
#: The most nodes a field's own box may hold, and the longest text read as its label.
_LABEL_BOX = 12
_SHORT_LABEL = 60


def _above(head: Node, field_: Node) -> bool:
    """Whether ``head``'s box ends above ``field_``'s (a label over its field); False
    without boxes."""
    a, b = head.box, field_.box
    return a is not None and b is not None and a.height > 0 and a.y + a.height <= b.y + 2


def _context_kind(node: Node, heading: bool) -> int:
    tag, role = node.tag, node.role
    if tag == "dd" or role == "definition":
        return _DEFINITION
    if tag == "dt" or role == "term" or heading:
        return _TERM
    if tag == "li" or role == "listitem":
        return _ITEM
    if tag in _CELL_TAGS or role in _CELL_ROLES:
        return _CELL
    if tag == "tr" or role == "row":
        return _ROW  # only for a control straight in it; else the cases below
    return _group_kind(tag, role)


def _group_kind(tag: str, role: str) -> int:
    if tag == "fieldset" or role == "group":
        return _FIELDSET
    if tag == "form" or role in ("form", "search", "dialog", "alertdialog"):
        return _FORM
    if tag == "label":
        return _LABEL
    if tag == "p" or role == "paragraph":
        return _PARAGRAPH
    return 0


def _is_heading(node: Node) -> bool:
    return node.role == "heading" or node.tag in ("h1", "h2", "h3", "h4", "h5", "h6")


def build_descriptors(idx: Any) -> list[Descriptor]:
    """Descriptors for every element worth finding, in document order."""
    b = _Builder(idx)
    out: list[Descriptor] = []
    for i in range(len(b.nodes)):
        if not i & 4095:
            check()  # a build nobody wants any more (see search/stopping.py) stops here
        d = b.describe(i)
        if d is not None:
            out.append(d)
    return out
