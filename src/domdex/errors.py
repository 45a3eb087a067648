"""The one exception tree every domdex failure comes from.

    DomdexError                      anything domdex raises on purpose
     ├── BrowserError                Chromium could not be started or connected to
     │    └── ClosedError            a call on a browser or session already closed
 ├── ConfigError                 a browser option or config file that cannot be used
     ├── NavigationError             a page did not load: unreachable, timeout, not HTML
     ├── SnapshotError               a snapshot (ours or a foreign one) cannot be read
     ├── RefError                    a ref that is malformed or not on this page
     │    └── StaleRefError          a ref whose element is gone or from another document
     ├── RegionNotFoundError         a region id that the page does not have
     ├── QueryError                  a bad pattern or query (e.g. an invalid regex)
     └── ActionError                 an action that could not be carried out

Messages are whole sentences that say what to do next; the CLI prints them as they
are and the MCP server returns them as tool errors, so no traceback reaches a user. A
foreign error (Playwright's, Chromium's) enters a message as its :func:`first_line`.
"""

from __future__ import annotations


class DomdexError(Exception):
    """Base of every error domdex raises on purpose."""


class BrowserError(DomdexError):
    """Chromium could not be launched or connected to."""


class ClosedError(BrowserError, RuntimeError):
    """A call on a sync domdex browser, page or session after it was closed.

    Also a :class:`RuntimeError`, what it was before it had a class of its own, so
    ``except RuntimeError`` still catches it.
    """

    def __init__(self, message: str = "This domdex browser or session is closed; start "
                                      "another.") -> None:
        super().__init__(message)


class ConfigError(DomdexError):
    """A browser option, config file or saved state that cannot be used; the message
    names the option and what to write instead."""


class NavigationError(DomdexError):
    """A page could not be opened: unreachable, timed out, or not an HTML document."""

    #: for a navigation that timed out, the sentence that says so (without the advice,
    #: which each front end words in its own terms: ``timeout=`` or ``--timeout``)
    timed_out: str | None = None


class SnapshotError(DomdexError):
    """A snapshot is malformed or in a format domdex does not recognise."""


class RefError(DomdexError):
    """A ref is malformed or does not name an element of this page."""

    def __init__(self, message: str, ref: str | None = None) -> None:
        super().__init__(message)
        self.ref = ref


class StaleRefError(RefError):
    """A ref named an element that is gone, or belongs to a previous document."""


class RegionNotFoundError(DomdexError):
    """A region id that the page does not have; the message lists the valid ones."""

    def __init__(self, message: str, region: str, valid: list[str], closest: str | None) -> None:
        super().__init__(message)
        self.region = region
        self.valid = valid
        self.closest = closest


class QueryError(DomdexError):
    """A pattern or query that cannot be run, such as an invalid regular expression."""


class StoreError(DomdexError):
    """The knowledge store file cannot be opened or written (not a database, locked …)."""


class ActionError(DomdexError):
    """An action (click, fill, …) that could not be carried out; the message says why."""


def first_line(exc: BaseException, limit: int | None = None) -> str:
    """The first line of a foreign error's message (Playwright's go on with a call log),
    cut at ``limit`` characters; the error's type name when the message is empty."""
    lines = str(exc).strip().splitlines()
    return lines[0][:limit] if lines else type(exc).__name__
