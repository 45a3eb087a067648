"""What a tab's page logged and fetched: console messages and requests, since the last look.

Each tab keeps the last :data:`KEEP` console messages (uncaught exceptions included) and
the last :data:`KEEP` finished or failed requests in ring buffers filled by Playwright's
events, so nothing is fetched from the page when an agent asks. Asking shows what came
since the previous ask (``all=True``: everything kept), newest last, filtered by level,
type or words, and at most ``limit`` lines: an agent debugging a form sees the one
failed POST, not the 200 images of the page.

Messages, URLs and failure texts are the page's words: they are fenced like page
content (:meth:`LogView.render_parts`), and cut to a bounded length.
"""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import QueryError

__all__ = ["ConsoleEntry", "LogView", "RequestEntry", "TabLog"]

#: Entries kept per tab and kind (older ones are dropped, and counted).
KEEP = 1000
#: Characters of a message or URL kept.
TEXT_MAX = 400
#: Resource types that are noise unless they failed (Playwright's resource_type names).
STATIC = frozenset({"image", "font", "stylesheet", "media", "script", "manifest", "other"})
LEVELS = ("error", "warning", "info", "log", "debug")
_LEVEL_OF = {"warn": "warning", "assert": "error", "trace": "debug", "dir": "log",
             "dirxml": "log", "table": "log", "count": "log", "timeEnd": "log",
             "startGroup": "log", "startGroupCollapsed": "log", "endGroup": "log",
             "clear": "log", "profile": "log", "profileEnd": "log"}


def _cut(text: str, limit: int = TEXT_MAX) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class ConsoleEntry:
    seq: int
    at: float
    level: str  # error, warning, info, log, debug
    text: str
    where: str = ""  # url:line of the call

    def line(self) -> str:
        where = f" ({self.where})" if self.where else ""
        return f"[{self.level}] {self.text}{where}"

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "text": self.text, "where": self.where, "at": self.at}


@dataclass(frozen=True, slots=True)
class RequestEntry:
    seq: int
    at: float
    method: str
    url: str
    type: str  # Playwright's resource_type: document, xhr, fetch, script, image …
    status: int | None = None
    size: int | None = None  # Content-Length when the server sent one
    failure: str | None = None

    @property
    def failed(self) -> bool:
        return self.failure is not None or (self.status or 0) >= 400

    def line(self) -> str:
        outcome = f"FAILED {self.failure}" if self.failure is not None else str(self.status)
        size = f" {_size(self.size)}" if self.size is not None else ""
        return f"{self.method} {self.url} → {outcome} [{self.type}]{size}"

    def to_dict(self) -> dict[str, Any]:
        return {"method": self.method, "url": self.url, "type": self.type,
                "status": self.status, "size": self.size, "failure": self.failure,
                "at": self.at}


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    return f"{n / 1024:.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MB"


@dataclass(slots=True)
class _Ring:
    """A bounded log with a cursor: what the agent has already been shown."""

    entries: deque[Any] = field(default_factory=lambda: deque(maxlen=KEEP))
    next_seq: int = 0
    seen: int = 0  # entries with seq < seen were shown

    def add(self, make: Callable[[int], Any]) -> None:
        self.entries.append(make(self.next_seq))
        self.next_seq += 1

    def take(self, everything: bool) -> tuple[list[Any], int]:
        """The entries to look at, and how many of them were dropped from the ring."""
        first = 0 if everything else self.seen
        kept = [e for e in self.entries if e.seq >= first]
        oldest = self.entries[0].seq if self.entries else self.next_seq
        dropped = max(0, oldest - first)
        self.seen = self.next_seq
        return kept, dropped


class TabLog:
    """A tab's console and network log, filled by Playwright's page events."""

    def __init__(self) -> None:
        self.console = _Ring()
        self.network = _Ring()

    def watch(self, pw: Any) -> None:
        pw.on("console", self._on_console)
        pw.on("pageerror", self._on_pageerror)
        pw.on("response", self._on_response)
        pw.on("requestfailed", self._on_failed)

    def _on_console(self, msg: Any) -> None:
        try:
            level = _LEVEL_OF.get(msg.type, msg.type)
            loc = msg.location or {}
            where = f"{_cut(loc.get('url', ''), 160)}:{loc.get('lineNumber', 0) + 1}" \
                if loc.get("url") else ""
            text = _cut(msg.text)
        except Exception:  # a message of a frame that is already gone
            return
        self.console.add(lambda seq: ConsoleEntry(seq, time.time(), level, text, where))

    def _on_pageerror(self, error: Any) -> None:
        text = _cut(f"Uncaught {getattr(error, 'name', '') or 'Error'}: "
                    f"{getattr(error, 'message', '') or error}")
        self.console.add(lambda seq: ConsoleEntry(seq, time.time(), "error", text))

    def _on_response(self, resp: Any) -> None:
        try:
            req = resp.request
            if req.url.startswith("data:"):
                return
            length = resp.headers.get("content-length")
            entry = (req.method, _cut(req.url), req.resource_type, resp.status,
                     int(length) if length and length.isdigit() else None)
        except Exception:
            return
        self.network.add(lambda seq: RequestEntry(seq, time.time(), *entry))

    def _on_failed(self, req: Any) -> None:
        try:
            if req.url.startswith("data:"):
                return
            entry = (req.method, _cut(req.url), req.resource_type)
            failure = _cut(req.failure or "failed", 120)
        except Exception:
            return
        self.network.add(lambda seq: RequestEntry(seq, time.time(), *entry, failure=failure))

    # Views ---------------------------------------------------------------------------
    def console_view(self, *, level: str | None = None, pattern: str | None = None,
                     everything: bool = False, limit: int = 50) -> LogView:
        """Console messages since the last look, at ``level`` or worse."""
        if level is not None and level not in LEVELS:
            raise QueryError(f"Unknown console level {level!r}; use one of "
                             f"{', '.join(LEVELS)}.")
        worst = LEVELS.index(level) if level else len(LEVELS)
        words = _matcher(pattern)
        entries, dropped = self.console.take(everything)
        shown = [e for e in entries if LEVELS.index(e.level if e.level in LEVELS else "log")
                 <= worst and words(e.text)]
        return LogView("console", shown, len(entries), dropped, limit, everything)

    def network_view(self, *, failed: bool = False, types: Iterable[str] = (),
                     pattern: str | None = None, static: bool = False,
                     everything: bool = False, limit: int = 50) -> LogView:
        """Requests since the last look. Successful images, fonts, stylesheets and
        scripts are left out unless ``static`` (a failed one is always shown)."""
        kinds = {t.strip().lower() for t in types if t.strip()}
        words = _matcher(pattern)
        entries, dropped = self.network.take(everything)
        shown = [e for e in entries
                 if (not failed or e.failed) and (not kinds or e.type in kinds)
                 and (static or kinds or e.failed or e.type not in STATIC) and words(e.url)]
        return LogView("network", shown, len(entries), dropped, limit, everything)


def _matcher(pattern: str | None) -> Callable[[str], bool]:
    if not pattern:
        return lambda _text: True
    try:
        rx = re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        raise QueryError(f"Bad pattern {pattern!r}: {exc}. Escape special characters, or "
                         "give plain words.") from None
    return lambda text: rx.search(text) is not None


@dataclass(slots=True)
class LogView:
    """Console messages or requests, as text for a model (fenced) or a dict."""

    kind: Literal["console", "network"]
    entries: list[Any]
    total: int  # entries in the window before filtering
    dropped: int  # entries of the window that the ring had already let go
    limit: int = 50
    everything: bool = False

    def render_parts(self, max_tokens: int | None = None) -> tuple[list[str], list[str]]:
        shown = self.entries[-self.limit:] if self.limit > 0 else []
        since = "kept" if self.everything else "since the last look"
        what = "message" if self.kind == "console" else "request"
        what += "s" if len(self.entries) != 1 else ""
        head = f"{self.kind.upper()}: {len(self.entries)} {what} {since}"
        if len(self.entries) != self.total:
            head += f" ({self.total - len(self.entries)} more left out by the filter"
            head += "; static=true shows images, fonts, scripts)" if self.kind == "network" \
                else ")"
        advice = [head]
        if len(shown) < len(self.entries):
            advice.append(f"Showing the newest {len(shown)}; raise limit or filter to see "
                          "the rest.")
        if self.dropped:
            advice.append(f"{self.dropped} older {self.kind} entries were dropped (only "
                          f"the last {KEEP} are kept).")
        page = [e.line() for e in shown]
        if max_tokens is not None:
            page = _within(page, max_tokens, advice)
        return page, advice

    def render(self, max_tokens: int | None = None) -> str:
        page, advice = self.render_parts(max_tokens)
        return "\n".join([advice[0], *page, *advice[1:]])

    def __str__(self) -> str:
        return self.render()

    @property
    def text(self) -> str:
        return self.render()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "entries": [e.to_dict() for e in self.entries],
                "total": self.total, "dropped": self.dropped}


def _within(lines: list[str], max_tokens: int, advice: list[str]) -> list[str]:
    """The newest lines that fit ``max_tokens``; says how many were cut."""
    from ..tokens import count_tokens

    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        cost = count_tokens(line) + 1
        if used + cost > max_tokens:
            break
        kept.append(line)
        used += cost
    if len(kept) < len(lines):
        advice.append(f"{len(lines) - len(kept)} older lines cut to fit {max_tokens} tokens.")
    return kept[::-1]
