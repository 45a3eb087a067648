"""The sentences the session answers with when it refuses or fails."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import RefError
from ..errors import first_line as _first_line

if TYPE_CHECKING:
    from ..index import PageIndex
    from .intents import Intent
    from .recovery import Recovery

__all__ = ["ERROR_PAGE", "GONE", "closest", "first_line", "frame_changed", "left_on",
           "not_recovered", "page_changed"]

GONE = ("The browser stopped (it was killed or crashed), and its tabs with it. Open a page "
        "again (open URL): domdex starts a fresh browser with the same options.")


#: How a failed navigation's message goes on when Chromium's error page is left showing.
ERROR_PAGE = " The tab shows the browser's error page now"


def left_on(now: str, before: str) -> str:
    """Where a failed navigation left the tab, when it is not where it was: Chromium
    shows its own error page for a refused or unknown address."""
    if not now.startswith("chrome-error:") or now == before:
        return ""
    if before and before != "about:blank" and not before.startswith("chrome-error:"):
        return f"{ERROR_PAGE}; go back to return to {before}."
    return f"{ERROR_PAGE}; open another URL."


def first_line(exc: BaseException) -> str:
    """A foreign error's first line, at most 300 characters (a page's script may throw
    anything)."""
    return _first_line(exc, limit=300)


def page_changed(ref: str, shown: PageIndex, url: str) -> str:
    return (f"@{ref} belongs to the previous page ({shown.snapshot.url}); the tab has since "
            f"loaded a new document ({url}), so its refs no longer apply and nothing was "
            "done. Look again (regions / find) and use the new refs.")


def frame_changed(ref: str, fid: str, was: str, now: str) -> str:
    """A frame of the page loaded another document (the page around it did not)."""
    where = f" ({now})" if now != was else " (at the same address)"
    return (f"@{ref} belongs to the document frame {fid} showed before ({was}); that frame "
            f"has since loaded a new document{where}, so its refs no longer apply and "
            "nothing was done. Look again (regions / find) and use the new refs.")


def closest(idx: PageIndex, ref: str) -> str:
    try:
        idx.node(ref)
    except RefError as exc:
        return str(exc)
    return ""


def not_recovered(rec: Recovery, intent: Intent) -> str:
    d = intent.descriptor
    where = f" in the row {d.identity.item!r}" if d.identity.item else ""
    lines = [f"@{rec.old_ref} is stale: the {d.role.lower()} {d.name!r}{where} it named was "
             f"re-rendered, removed or now shows something else, and re-finding it was not "
             f"safe ({rec.reason}). Nothing was done."]
    if rec.candidates:
        lines.append("Candidates:")
        lines.extend(f"  {line} (score {s:.2f})" for _r, s, line in rec.candidates[:5])
        lines.append("Act on one of these refs if it is what you meant.")
    return "\n".join(lines)
