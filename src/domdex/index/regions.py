"""Landmark regions and their sub-sections.

Top-level regions come from landmarks (banner, navigation, main, complementary,
contentinfo, search, named forms and regions, dialogs). Content outside every landmark
is not dropped: the largest landmark-free subtrees become regions too, labelled from
their ids and classes (``div.footer`` → FOOTER) — so a page with no landmarks at all
still gets a header / main / footer split. Inside a region, sub-sections come from
nested landmarks, sectioning elements (section, article, form, fieldset, table, named
groups and toolbars), heading-led cards, and runs of content under a heading, named
from their label, legend, caption or heading (``R2.BillingAddress``). Wrappers that
hold nearly all of a region are looked through rather than listed.

Every region is a contiguous range of tree positions, so membership is a range check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..snapshot import Box
from ..words import WORD, transliterate
from . import roles
from .facts import Facts
from .tree import Tree

MAX_DEPTH = 2  # R2.A.B at most
WRAPPER_SHARE = 0.85  # a child holding this share of a region's nodes is a wrapper
MAX_SECTION_NAME = 60

_HINTS: list[tuple[str, str]] = [
    (r"footer|bottom|colophon", "FOOTER"),
    (r"header|masthead|topbar|top-bar|site-head", "HEADER"),
    (r"sidebar|side-bar|aside", "ASIDE"),
    (r"nav|menu|breadcrumb|toc|related", "NAV"),
    (r"search", "SEARCH"),
    (r"modal|dialog|popup|toast|overlay|cookie|consent", "DIALOG"),
    (r"main|content|body|article|post|document", "MAIN"),
]
_HINT_RES = [(re.compile(rf"(^|[-_\s]|\b)({p})", re.I), label) for p, label in _HINTS]
_WORD = re.compile(r"[A-Za-z0-9]+")


@dataclass(slots=True)
class Region:
    """A landmark region or a sub-section of one.

    ``start``/``stop`` are tree positions: the region is ``tree.nodes[start:stop]``.
    ``root`` is the ref of the node it is named after (for a run under a heading, the
    heading). ``note`` tells repeated structures apart ("same as R0, at the bottom").
    """

    id: str
    landmark: str
    name: str
    root: str
    start: int
    stop: int
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    depth: int = 0
    xpath: str = ""
    box: Box | None = None
    visible: bool = True
    summary: str = ""
    purpose: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    interactive: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    note: str = ""
    refs: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return self.stop - self.start

    @property
    def interactive_count(self) -> int:
        return sum(self.counts.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "landmark": self.landmark,
            "name": self.name,
            "root": self.root,
            "parent": self.parent,
            "children": list(self.children),
            "xpath": self.xpath,
            "box": self.box.to_list() if self.box else None,
            "visible": self.visible,
            "summary": self.summary,
            "purpose": self.purpose,
            "counts": dict(self.counts),
            "interactive": len(self.interactive),
            "terms": list(self.terms),
            "note": self.note,
            "elements": self.size,
        }


# ---------------------------------------------------------------------------
# Helpers over the tree
# ---------------------------------------------------------------------------
def hint_landmark(tree: Tree, i: int) -> str | None:
    """Guess a landmark from an element's tag, id and class (``div.footer`` → FOOTER)."""
    node = tree.nodes[i]
    if node.tag in roles.LANDMARK_TAGS and node.role in ("", "generic"):
        return roles.LANDMARK_TAGS[node.tag]
    text = f"{node.attrs.get('id', '')} {node.attrs.get('class', '')}".strip()
    if not text:
        return None
    for rx, label in _HINT_RES:
        if rx.search(text):
            return label
    return None


def humanize(text: str, identifier: bool = False) -> str:
    """Collapse whitespace and cap length; for ids, ``billing-address`` → ``billing address``."""
    if identifier:
        text = re.sub(r"[-_]+", " ", text)
        text = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)
    text = " ".join(text.split())
    if len(text) > MAX_SECTION_NAME:
        text = text[: MAX_SECTION_NAME - 1].rstrip() + "…"
    return text


def camel_id(name: str, max_words: int = 3) -> str:
    """``Billing Address`` → ``BillingAddress`` (used in region ids).

    Ids stay ASCII so that a ref or region id can be typed anywhere: Latin words lose
    their accents (``Adresse de livraison`` → ``AdresseDeLivraison``), Cyrillic and Greek
    are transliterated (``Адрес доставки`` → ``AdresDostavki``); a name in a script with
    no transliteration (Arabic, Chinese …) gives no id words, and the region is named by
    its landmark and position instead, its heading shown beside it.
    """
    if not name.isascii():
        name = " ".join(transliterate(w) for w in WORD.findall(name))
    words = _WORD.findall(name)
    if not words:
        return ""
    out = "".join(w[:1].upper() + w[1:] for w in words[:max_words])
    return out[:28]


def first_heading(tree: Tree, start: int, stop: int, limit: int = 12) -> int | None:
    """Position of the first heading among the first ``limit`` nodes of a range."""
    for i in range(start, min(stop, start + limit)):
        if roles.is_heading(tree.nodes[i]):
            return i
    return None


def heading_text(tree: Tree, i: int) -> str:
    node = tree.nodes[i]
    text = node.name or node.text
    return humanize(text.replace("¶", "").strip())


def region_name(tree: Tree, i: int, stop: int | None = None) -> str:
    """A region's display name: its label, legend or caption, else its first heading."""
    node = tree.nodes[i]
    plain = node.role in ("generic", "paragraph", "listitem", "cell", "list", "table")
    if node.name and not roles.is_interactive(node) and node.role != "heading" and \
            (not plain or node.tag in ("fieldset", "table")):
        return humanize(node.name)
    stop = tree.end[i] if stop is None else stop
    h = first_heading(tree, i, stop)
    if h is not None:
        return heading_text(tree, h)
    if roles.landmark(node) == "MAIN" or node.tag == "main":
        h1 = [k for k in range(i, min(stop, i + 3000)) if roles.is_heading(tree.nodes[k])
              and roles.heading_level(tree.nodes[k]) == 1]
        if len(h1) == 1:
            return heading_text(tree, h1[0])
    label = node.attrs.get("aria-label", "")
    if label:
        return humanize(label)
    return ""


def hint_name(tree: Tree, i: int) -> str:
    node = tree.nodes[i]
    ident = node.attrs.get("id", "")
    if ident and not re.search(r"\d{3,}", ident):
        return humanize(ident, identifier=True)
    cls = node.attrs.get("class", "").split()
    return humanize(cls[0], identifier=True) if cls else ""


def union_box(tree: Tree, positions: list[int]) -> Box | None:
    boxes = [b for b in (tree.nodes[p].box for p in positions)
             if b is not None and (b.width or b.height)]
    if not boxes:
        return None
    x0 = min(b.x for b in boxes)
    y0 = min(b.y for b in boxes)
    x1 = max(b.x + b.width for b in boxes)
    y1 = max(b.y + b.height for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


# ---------------------------------------------------------------------------
# Top-level regions
# ---------------------------------------------------------------------------
@dataclass(slots=True)
class _Span:
    start: int
    stop: int
    root: int
    landmark: str
    name: str
    members: list[int]


def _top_spans(tree: Tree, facts: Facts) -> list[_Span]:
    spans: list[_Span] = []

    def flush(group: list[int]) -> None:
        if not group:
            return
        spans.extend(_orphan_spans(tree, facts, group))
        group.clear()

    def visit_children(children: list[int]) -> None:
        group: list[int] = []
        for c in children:
            lm = facts.landmark[c]
            if lm:
                flush(group)
                spans.append(_Span(c, tree.end[c], c, lm, region_name(tree, c), [c]))
            elif facts.has_landmark_inside(c) and _wraps_as_one(tree, facts, c):
                flush(group)
                node = tree.nodes[c]
                name = humanize(node.name) if node.name else hint_name(tree, c)
                spans.append(_Span(c, tree.end[c], c, hint_landmark(tree, c) or "SECTION",
                                   name or region_name(tree, c), [c]))
            elif facts.has_landmark_inside(c):
                flush(group)
                visit_children(tree.child_pos[c])
            elif facts.content(c, tree.end[c]):
                group.append(c)
        flush(group)

    visit_children(tree.roots)
    spans = _absorb_crumbs(facts, spans)
    if spans and not any(s.landmark == "MAIN" for s in spans):
        _promote_main(tree, facts, spans)
    return spans


def _wraps_as_one(tree: Tree, facts: Facts, c: int) -> bool:
    """A container named a dialog, footer, header or menu by its id/class is one region,
    even with landmarks inside (a modal's <header>, a footer's <nav>): they become its
    sub-sections instead of top-level regions of their own."""
    hinted = hint_landmark(tree, c)
    if hinted not in ("DIALOG", "FOOTER", "HEADER", "NAV", "ASIDE"):
        return False
    inner = [facts.landmark[i] for i in facts.landmark_pos if c < i < tree.end[c]]
    return "MAIN" not in inner  # a "page-header" wrapping the whole page is no header


def _absorb_crumbs(facts: Facts, spans: list[_Span]) -> list[_Span]:
    """A lone unlabelled crumb between regions ("Skip to content") joins its neighbour.

    Only content-free wrappers lie between consecutive spans, so stretching the next
    (or previous) region over the crumb keeps every region one contiguous range.
    """
    def crumb(s: _Span) -> bool:
        return s.landmark == "SECTION" and not s.name and facts.content(s.start, s.stop) < 3
    out: list[_Span] = []
    carry: _Span | None = None
    for s in spans:
        if crumb(s) and len(spans) > 1:
            if carry is None:
                carry = s
            continue
        if carry is not None:
            s.start = carry.start
            s.members = [*carry.members, *s.members]
            carry = None
        out.append(s)
    if carry is not None and out:
        out[-1].stop = carry.stop
        out[-1].members.extend(carry.members)
    return out or spans


def _orphan_spans(tree: Tree, facts: Facts, group: list[int]) -> list[_Span]:
    """Regions for consecutive landmark-free siblings: split by hints and size."""
    # Look through single wrappers: body > div#page > [top, content, footer].
    while len(group) == 1:
        if hint_landmark(tree, group[0]) in ("HEADER", "FOOTER", "NAV", "DIALOG", "SEARCH",
                                              "ASIDE"):
            break
        kids = [c for c in tree.child_pos[group[0]] if facts.content(c, tree.end[c])]
        if not kids or (len(kids) > 1 and any(roles.is_heading(tree.nodes[k]) for k in kids)):
            break  # a flat run of headings and text is one region, split into sections later
        group = kids
    total = sum(facts.content(c, tree.end[c]) for c in group) or 1
    spans: list[_Span] = []
    pending: list[int] = []

    def close() -> None:
        if pending:
            first, last = pending[0], pending[-1]
            lm = hint_landmark(tree, first) or "SECTION"
            name = region_name(tree, first, tree.end[last])
            spans.append(_Span(first, tree.end[last], first, lm, name, list(pending)))
            pending.clear()

    for c in group:
        size = facts.content(c, tree.end[c])
        hinted = hint_landmark(tree, c)
        significant = size >= max(3, total * 0.08) or bool(hinted) or \
            roles.is_section_like(tree.nodes[c])
        if significant:
            close()
            pending.append(c)
            close()
        else:
            # Headings start a new group; small leftovers join the open group.
            if pending and roles.is_heading(tree.nodes[c]):
                close()
            pending.append(c)
    close()
    return _merge_small(tree, facts, spans)


def _merge_small(tree: Tree, facts: Facts, spans: list[_Span]) -> list[_Span]:
    """Merge unlabelled crumbs (a lone <br>-separated line) into their neighbour."""
    out: list[_Span] = []
    for s in spans:
        tiny = facts.content(s.start, s.stop) < 2 and s.landmark == "SECTION"
        if tiny and out and out[-1].stop == s.start and out[-1].landmark == "SECTION":
            prev = out[-1]
            prev.stop = s.stop
            prev.members.extend(s.members)
        else:
            out.append(s)
    return out


def _promote_main(tree: Tree, facts: Facts, spans: list[_Span]) -> None:
    """With no main landmark, the largest unlabelled content region is the main one."""
    candidates = [s for s in spans if s.landmark in ("SECTION", "REGION", "MAIN")]
    if not candidates:
        candidates = spans
    best = max(candidates, key=lambda s: facts.content(s.start, s.stop))
    if best.landmark in ("SECTION", "REGION"):
        best.landmark = "MAIN"


# ---------------------------------------------------------------------------
# Sub-sections
# ---------------------------------------------------------------------------
def _is_candidate(tree: Tree, facts: Facts, c: int) -> bool:
    node = tree.nodes[c]
    size = facts.content(c, tree.end[c])
    if size < 2:
        return False
    if facts.landmark[c]:
        return True
    if node.role == "listitem" or node.tag == "li":
        return False
    if node.role == "list" or node.tag in ("ul", "ol", "dl"):
        return bool(node.attrs.get("aria-label"))  # only labelled lists; plain ones are content
    if node.tag in ("iframe",):
        return True
    if roles.is_section_like(node):
        if node.role in ("group", "toolbar", "region") or node.tag == "fieldset":
            return True
        return node.tag in ("section", "article", "form", "table", "dialog", "details", "nav",
                            "aside", "header", "footer") or node.role in (
            "form", "table", "grid", "tablist", "dialog", "search", "menu", "menubar", "tree",
            "radiogroup", "article", "navigation", "complementary")
    # Heading-led cards: <div class="card"><h3>…</h3>…</div>
    h = first_heading(tree, c + 1, tree.end[c], limit=3)
    if h is not None and size >= 3:
        return True
    hinted = hint_landmark(tree, c)
    return bool(hinted) and facts.interactive_in(c, tree.end[c]) >= 2


def _heading_runs(tree: Tree, kids: list[int]) -> list[list[int]]:
    """Group siblings into runs that each start at a heading (flat h2/p/p/h2/p pages)."""
    headings = [k for k in kids if roles.is_heading(tree.nodes[k])]
    if not headings:
        return []
    levels = sorted({roles.heading_level(tree.nodes[h]) for h in headings})
    # The page title (a lone h1) does not split a page; its h2s do.
    top = next((lv for lv in levels
                if sum(roles.heading_level(tree.nodes[h]) == lv for h in headings) >= 2),
               levels[0])
    runs: list[list[int]] = []
    open_run = False
    for k in kids:
        node = tree.nodes[k]
        if roles.is_heading(node) and roles.heading_level(node) == top:
            runs.append([k])
            open_run = True
        elif roles.is_heading(node) and roles.heading_level(node) < top:
            open_run = False  # content under a higher heading stays with the parent
        elif open_run:
            runs[-1].append(k)
    return runs


def _sub_spans(tree: Tree, facts: Facts, start: int, stop: int, root: int,
               members: list[int], nested: bool = False) -> list[_Span]:
    total = facts.content(start, stop) or 1
    # Look through wrappers that hold (nearly) the whole region.
    kids = tree.child_pos[root] if len(members) == 1 else members
    guard = 0
    while len(kids) == 1 and guard < 50 and tree.child_pos[kids[0]]:
        kids = tree.child_pos[kids[0]]
        guard += 1
    spans: list[_Span] = []
    loose: list[int] = []

    def flush_loose() -> None:
        runs = _heading_runs(tree, loose)
        for run in runs:
            first, last = run[0], run[-1]
            if facts.content(first, tree.end[last]) >= 2:
                spans.append(_Span(first, tree.end[last], first, "SECTION",
                                   heading_text(tree, first), run))
        loose.clear()

    for c in kids:
        if _is_candidate(tree, facts, c) and _unnamed_wrapper(tree, facts, c):
            flush_loose()
            spans.extend(_sub_spans(tree, facts, c, tree.end[c], c, [c], nested=True))
        elif _is_candidate(tree, facts, c):
            share = facts.content(c, tree.end[c]) / total
            if share >= WRAPPER_SHARE and len(kids) > 0 and tree.child_pos[c]:
                flush_loose()
                inner = _sub_spans(tree, facts, c, tree.end[c], c, [c])
                if inner:
                    spans.extend(inner)
                    continue
            flush_loose()
            lm = facts.landmark[c] or _section_label(tree, c)
            spans.append(_Span(c, tree.end[c], c, lm, region_name(tree, c) or hint_name(tree, c),
                               [c]))
        elif tree.child_pos[c] and not roles.is_heading(tree.nodes[c]) and \
                any(_is_candidate(tree, facts, g) for g in tree.child_pos[c]) and \
                not tree.nodes[c].text:
            flush_loose()
            spans.extend(_sub_spans(tree, facts, c, tree.end[c], c, [c]))
        else:
            loose.append(c)
    flush_loose()
    # A single sub-section covering everything is no sub-section.
    if not nested and len(spans) == 1 and \
            facts.content(spans[0].start, spans[0].stop) >= total * WRAPPER_SHARE:
        return []
    return spans


def _unnamed_wrapper(tree: Tree, facts: Facts, c: int) -> bool:
    """An unnamed form or section that only wraps named groups is looked through."""
    if facts.landmark[c] or region_name(tree, c):
        return False
    inner = [g for g in tree.child_pos[c] if _is_candidate(tree, facts, g)]
    if not hint_name(tree, c):
        return bool(inner)
    # Named only by an id or class (form#billing-form): a labelled group filling most
    # of it (its fieldset "Billing Address") names the section better.
    size = facts.content(c, tree.end[c]) or 1
    return len(inner) == 1 and bool(region_name(tree, inner[0])) and \
        facts.content(inner[0], tree.end[inner[0]]) >= size * 0.6


def _section_label(tree: Tree, c: int) -> str:
    node = tree.nodes[c]
    if node.tag == "form" or node.role == "form":
        return "FORM"
    if node.tag == "table" or node.role in ("table", "grid"):
        return "TABLE"
    if node.tag == "fieldset" or node.role == "group":
        return "GROUP"
    if node.role == "toolbar":
        return "TOOLBAR"
    if node.tag == "iframe":
        return "FRAME"
    return "SECTION"


# ---------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------
def detect_regions(tree: Tree, facts: Facts | None = None) -> list[Region]:
    """All regions of a page, each top-level one followed by its sub-sections."""
    facts = facts or Facts(tree)
    out: list[Region] = []
    for n, span in enumerate(_top_spans(tree, facts)):
        region = _make_region(tree, span, f"R{n}", None, 0)
        out.append(region)
        _add_children(tree, facts, region, span, out)
    _mark_repeats(tree, facts, out)
    return out


def _make_region(tree: Tree, span: _Span, rid: str, parent: str | None, depth: int) -> Region:
    root = tree.nodes[span.root]
    visible = any(tree.nodes[m].visible for m in span.members)
    return Region(
        id=rid, landmark=span.landmark, name=span.name, root=root.ref, start=span.start,
        stop=span.stop, parent=parent, depth=depth, xpath=tree.xpath(span.root),
        box=union_box(tree, span.members), visible=visible,
    )


def _add_children(tree: Tree, facts: Facts, region: Region, span: _Span,
                  out: list[Region]) -> None:
    if region.depth >= MAX_DEPTH or not region.visible:
        return
    used: dict[str, int] = {}
    subs = _sub_spans(tree, facts, span.start, span.stop, span.root, span.members)
    # A run under the region's own title is its introduction, not a sub-section.
    subs = [s for s in subs if not (s.landmark == "SECTION" and s.name == region.name != "" and
                                    roles.is_heading(tree.nodes[s.root]))]
    for sub in subs:
        base = camel_id(sub.name) or camel_id(hint_name(tree, sub.root)) or sub.landmark.title()
        used[base] = used.get(base, 0) + 1
        suffix = str(used[base]) if used[base] > 1 else ""
        child = _make_region(tree, sub, f"{region.id}.{base}{suffix}", region.id, region.depth + 1)
        region.children.append(child.id)
        out.append(child)
        _add_children(tree, facts, child, sub, out)


def _mark_repeats(tree: Tree, facts: Facts, regions: list[Region]) -> None:
    """Tell repeated structures apart: the same nav above and below the content.

    The first *visible* region of a group of look-alikes is the one described; other
    visible copies say where they are relative to it, hidden ones (a mobile menu's copy
    of the sidebar) say they are hidden copies.
    """
    groups: dict[tuple[Any, ...], list[Region]] = {}
    for r in regions:
        if r.depth:
            continue
        names = tuple(
            (tree.nodes[i].role, tree.nodes[i].name)
            for i in facts.interactive_positions(r.start, r.stop)
        )
        groups.setdefault((r.landmark, r.name, names), []).append(r)
    for members in groups.values():
        if len(members) < 2:
            continue
        visible = [r for r in members if r.visible]
        first = visible[0] if visible else members[0]
        for r in members:
            if r is first:
                continue
            if not r.visible:
                r.note = f"hidden copy of {first.id}"
                continue
            where = ""
            if r.box and first.box:
                where = "below" if r.box.y > first.box.y else "above"
            r.note = f"same as {first.id}, {where} it" if where else f"same as {first.id}"
        if not first.note:
            first.note = "first of repeated"
