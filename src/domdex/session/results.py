"""What an action, a navigation or a wait answers: text for a model, a dict for programs.

One response carries everything the agent needs to decide its next step without a
second round trip: what was done to which element, a stale ref recovered (or the
candidates when it was not), a navigation, the dialogs answered since the last
response, and — when asked — the diff the action caused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..render.diff import DiffView
    from .dialogs import DialogEvent
    from .recovery import Recovery

__all__ = ["ActionResult", "DownloadInfo", "TabInfo", "size_text"]


@dataclass(slots=True)
class ActionResult:
    """The outcome of one call that changed (or waited on) the page."""

    action: str
    ref: str | None = None
    element: str = ""  # element_line of the target, as captured before acting
    query: str | None = None
    score: float | None = None
    recovery: Recovery | None = None
    url: str = ""
    navigated: bool = False
    status: int | None = None
    dialogs: list[DialogEvent] = field(default_factory=list)
    diff: DiffView | None = None
    message: str = ""
    downloads: list[DownloadInfo] = field(default_factory=list)

    @property
    def text(self) -> str:
        return self.render()

    def __str__(self) -> str:
        return self.render()

    def render(self, max_tokens: int | None = None) -> str:
        lines = [self._head(), *self._notes()]
        lines.extend(d.line() for d in self.dialogs)
        lines.extend(d.line() for d in self.downloads)
        if self.message:
            lines.append(self.message)
        if self.diff is not None:
            lines.append(self.diff.render(max_tokens))
        return "\n".join(lines)

    def render_parts(self, max_tokens: int | None = None) -> tuple[list[str], list[str]]:
        """The page's words (dialog messages, the diff) apart from domdex's (what was
        done, a recovery, a navigation, what to do next), for a front end that fences
        only the page's (see :mod:`domdex.fence`)."""
        page = [d.line() for d in self.dialogs if not d.advice]
        page += [d.line() for d in self.downloads]  # the file name is the server's
        advice = [self._head(), *self._notes(), *(d.line() for d in self.dialogs if d.advice)]
        if self.message:
            advice.append(self.message)
        if self.diff is not None:
            diff_page, diff_advice = self.diff.render_parts(max_tokens)
            page += diff_page
            advice += diff_advice
        return page, advice

    def _notes(self) -> list[str]:
        lines = []
        if self.recovery is not None and self.recovery.recovered:
            r = self.recovery
            why = r.reason or "same role, name and place"
            lines.append(f"RECOVERED: @{r.old_ref} was re-rendered; acted on @{r.new_ref} "
                         f"({why}; score {r.score:.2f}). Use @{r.new_ref} from now on.")
        if self.navigated:
            status = f" (HTTP {self.status})" if self.status and self.status >= 400 else ""
            lines.append(f"NAVIGATED: {self.url}{status} — a new document; refs from before "
                         "no longer apply.")
        return lines

    def _head(self) -> str:
        if self.ref:
            how = f" (found by {self.query!r}, score {self.score:.2f})" if self.query and \
                self.score is not None else ""
            target = self.element or f"@{self.ref}"
            return f"OK {self.action} {target}{how}"
        status = f" (HTTP {self.status}: the server answered with an error page)" \
            if self.status and self.status >= 400 and not self.navigated else ""
        return f"OK {self.action} {self.url}".rstrip() + status

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action, "ok": True, "ref": self.ref, "element": self.element,
            "query": self.query, "score": self.score,
            "recovery": self.recovery.to_dict() if self.recovery else None,
            "url": self.url, "navigated": self.navigated, "status": self.status,
            "dialogs": [d.to_dict() for d in self.dialogs],
            "diff": self.diff.to_dict() if self.diff is not None else None,
            "diff_text": self.diff.render() if self.diff is not None else None,
            "message": self.message,
            "downloads": [d.to_dict() for d in self.downloads],
        }


@dataclass(frozen=True, slots=True)
class TabInfo:
    """One open tab."""

    id: str
    url: str
    title: str
    current: bool

    def line(self) -> str:
        mark = "*" if self.current else " "
        return f"{mark} {self.id} {self.title[:60]!r} {self.url}"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "url": self.url, "title": self.title, "current": self.current}


@dataclass(frozen=True, slots=True)
class DownloadInfo:
    """One download: where it went, or why it failed."""

    seq: int
    name: str  # the server's suggested name, made safe
    path: str
    url: str
    tab: str
    size: int | None = None
    error: str | None = None
    done: bool = True

    def line(self) -> str:
        if self.error:
            return f"DOWNLOAD FAILED: {self.name} from {self.url}: {self.error}"
        if not self.done:
            return f"DOWNLOADING: {self.name} → {self.path} (not finished; downloads lists it)"
        return f"DOWNLOAD: {self.name} ({size_text(self.size or 0)}) saved to {self.path}"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "url": self.url, "tab": self.tab,
                "size": self.size, "error": self.error, "done": self.done}


def size_text(n: int) -> str:
    """``512 B``, ``3.2 KB``, ``1.5 MB``."""
    if n < 1024:
        return f"{n} B"
    return f"{n / 1024:.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MB"
