"""A page's text as sections: heading → content, main content told apart from furniture.

Pure and offline: :func:`build_page_text` turns the blocks of ``extract.js`` into a
:class:`PageText`. A section is a heading and the blocks up to the next heading; a
section also ends where the page changes zone (main content → footer, navigation →
article), so every section is wholly ``main`` or wholly ``boilerplate``. Blocks (a
list, a table, a code block) are never split: sections are made of whole blocks.

Why zones as well as headings: an article's last heading is often followed, with no
heading in between, by the site footer; labelling that footer "Conclusion" would
mislead a reader and a search. Main and boilerplate keep separate heading stacks for
the same reason: a sidebar's "Most popular" must not become a parent of the article's
next sub-heading.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..tokens import count_tokens
from .maincontent import main_blocks

MAIN = "main"
BOILERPLATE = "boilerplate"

_LANDMARK_LABELS = {
    "header": "page header",
    "nav": "navigation",
    "footer": "page footer",
    "aside": "sidebar",
    "form": "form",
}


@dataclass(frozen=True)
class Block:
    """One unit of reading kept whole: a paragraph, list, table, code block, …

    ``main`` is False for a small piece of furniture inside the article (a "source
    code" link line, a share bar): it stays in its section, so reading loses nothing,
    but it is not part of the main text.
    """

    kind: str
    text: str
    xpath: str
    level: int = 0
    main: bool = True
    #: the text with the refs of a table's controls (``Delete @e45``); "" when none
    marked: str = ""

    @property
    def shown(self) -> str:
        """What a reader sees: the text with refs when it has them."""
        return self.marked or self.text


@dataclass(frozen=True)
class Section:
    """A heading and its content; ``text`` is the plain content (the heading is in ``path``)."""

    id: str
    path: tuple[str, ...]
    level: int
    kind: str
    landmark: str
    xpath: str
    blocks: tuple[Block, ...]
    text: str
    tokens: int
    #: False when the section continues its heading's content after furniture (or
    #: borrows the page title): the heading belongs to an earlier section.
    headed: bool = True
    #: URL of the iframe the section is in ("" for the page's own document).
    frame: str = ""
    #: ``text`` with the refs of its tables' controls (``Delete @e45``): what ``read``
    #: shows. "" when it has none; the store, search and hashes use ``text``.
    marked: str = ""

    @property
    def shown(self) -> str:
        """What a reader sees: the text with refs when it has them."""
        return self.marked or self.text

    @property
    def heading(self) -> str:
        """The section's own heading (the last of its path), or ``""``."""
        return self.path[-1] if self.path else ""

    @property
    def title(self) -> str:
        """The heading path as one line: ``Install > From source``."""
        return " > ".join(self.path) if self.path else "(untitled)"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "path": list(self.path),
            "heading": self.heading,
            "level": self.level,
            "kind": self.kind,
            "landmark": self.landmark,
            "xpath": self.xpath,
            "frame": self.frame,
            "chars": len(self.text),
            "tokens": self.tokens,
            "text": self.shown,
        }


@dataclass(frozen=True)
class PageText:
    """Every section of one page, as extracted at ``extracted_at`` (epoch seconds)."""

    url: str
    title: str
    fingerprint: str
    sections: tuple[Section, ...]
    lang: str = ""
    extracted_at: float = field(default_factory=time.time)
    extraction_ms: float = 0.0

    @property
    def main(self) -> tuple[Section, ...]:
        return tuple(s for s in self.sections if s.kind == MAIN)

    @property
    def tokens(self) -> int:
        return sum(s.tokens for s in self.sections)

    @property
    def content_hash(self) -> str:
        """SHA-256 of the sections' text: equal hashes mean equal reading."""
        digest = hashlib.sha256()
        for s in self.sections:
            digest.update(f"{s.title}\n{s.text}\n\x00".encode())
        return digest.hexdigest()

    def section(self, section_id: str) -> Section | None:
        wanted = section_id.strip().lower()
        if wanted.isdigit():
            wanted = f"s{wanted}"
        return next((s for s in self.sections if s.id == wanted), None)

    def main_text(self) -> str:
        """The main content as plain text: headings and blocks, one blank line apart."""
        parts: list[str] = []
        for s in self.main:
            if s.heading and s.headed:
                parts.append(s.heading)
            parts.extend(b.text for b in s.blocks if b.kind != "heading" and b.main)
        return "\n\n".join(parts)


def _zone(block: dict[str, Any], main: bool, containers: Sequence[dict[str, Any]]) -> str:
    if main:
        return MAIN
    index = block["container"]
    while index >= 0:
        landmark = containers[index]["landmark"]
        if landmark in _LANDMARK_LABELS:
            return landmark
        index = containers[index]["parent"]
    return ""


class _Builder:
    """Accumulates blocks into sections while walking the page once."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.stacks: dict[bool, list[tuple[int, str]]] = {True: [], False: []}
        self.blocks: list[Block] = []
        self.zone = ""
        self.heading: tuple[int, str, str] | None = None  # level, text, xpath
        self.last_heading: tuple[int, str] | None = None

    def heading_block(self, block: dict[str, Any], zone: str) -> None:
        self.flush()
        stack = self.stacks[zone == MAIN]
        level = block["level"] or 2
        while stack and stack[-1][0] >= level:
            stack.pop()
        text = " ".join(block["text"].split())
        stack.append((level, text))
        self.last_heading = (level, text)
        self.zone = zone
        self.heading = (level, text, block["xpath"])

    def content_block(self, block: dict[str, Any], zone: str, embedded: bool = False) -> None:
        if embedded:
            self.blocks.append(Block(block["kind"], block["text"], block["xpath"], main=False,
                                     marked=block.get("marked", "")))
            return
        if zone != self.zone:
            self.flush()
            self.zone = zone
            self.heading = None
            if zone != MAIN:
                self.stacks[False] = []
            elif not self.stacks[True] and self.last_heading:
                # The article's title often sits just outside the main container.
                self.stacks[True] = [self.last_heading]
        self.blocks.append(Block(block["kind"], block["text"], block["xpath"],
                                 marked=block.get("marked", "")))

    def flush(self) -> None:
        if not self.blocks and self.heading is None:
            return
        main = self.zone == MAIN
        headed = self.heading is not None
        if self.heading is not None:
            path = tuple(t for _, t in self.stacks[main])
            level, xpath = self.heading[0], self.heading[2]
        else:
            stack = self.stacks[main] if main else []
            path = tuple(t for _, t in stack) or (
                (f"[{_LANDMARK_LABELS[self.zone]}]",) if self.zone in _LANDMARK_LABELS else ()
            )
            level, xpath = (stack[-1][0] if stack else 0), self.blocks[0].xpath
        text = "\n\n".join(b.text for b in self.blocks)
        marked = "\n\n".join(b.shown for b in self.blocks) \
            if any(b.marked for b in self.blocks) else ""
        self.sections.append(
            Section(
                id=f"s{len(self.sections) + 1}",
                path=path,
                level=level,
                kind=MAIN if main else BOILERPLATE,
                landmark="main" if main else self.zone,
                xpath=xpath,
                blocks=tuple(self.blocks),
                text=text,
                tokens=count_tokens(text) if text else 0,
                headed=headed,
                marked=marked,
            )
        )
        self.blocks = []
        self.heading = None


def build_sections(raw: dict[str, Any], main: Sequence[bool] | None = None) -> tuple[Section, ...]:
    """Sections of an ``extract.js`` result; ``main`` overrides the main-content flags."""
    flags = list(main) if main is not None else main_blocks(raw)
    containers = raw["containers"]
    blocks = raw["blocks"]
    zones = [_zone(b, m, containers) for b, m in zip(blocks, flags, strict=True)]
    embedded = _embedded(blocks, zones)
    builder = _Builder()
    for n, block in enumerate(blocks):
        if block["kind"] == "heading" and not embedded[n]:
            builder.heading_block(block, zones[n])
        else:
            builder.content_block(block, zones[n], embedded[n])
    builder.flush()
    return tuple(builder.sections)


#: Furniture inside an article shorter than this does not end the article's section.
EMBEDDED_CHARS = 200


def _embedded(blocks: Sequence[dict[str, Any]], zones: Sequence[str]) -> list[bool]:
    """Short runs of unlabelled furniture with main content on both sides."""
    out = [False] * len(blocks)
    n = 0
    while n < len(blocks):
        if zones[n] != "" or n == 0 or zones[n - 1] != MAIN:
            n += 1
            continue
        end = n
        while end < len(blocks) and zones[end] == "":
            end += 1
        size = sum(len(b["text"]) for b in blocks[n:end])
        if end < len(blocks) and zones[end] == MAIN and size < EMBEDDED_CHARS:
            out[n:end] = [True] * (end - n)
        n = end
    return out


def build_page_text(raw: dict[str, Any], extraction_ms: float = 0.0) -> PageText:
    """A :class:`PageText` from one ``extract.js`` result."""
    return PageText(
        url=raw.get("url", ""),
        title=raw.get("title", ""),
        fingerprint=raw.get("fingerprint", ""),
        sections=build_sections(raw),
        lang=raw.get("lang", ""),
        extraction_ms=extraction_ms,
    )
