"""What a session counts (:class:`SessionStats`), apart from the session, so that each of
its parts can count what it does."""

from __future__ import annotations

from dataclasses import dataclass, field

from .recovery import Recovery

__all__ = ["SessionStats"]


@dataclass(slots=True)
class SessionStats:
    """Counters an operator (and the test suite) reads: recoveries, refusals, actions."""

    actions: int = 0
    recovered: int = 0
    recovery_refused: int = 0
    stale_document: int = 0
    captures: int = 0
    reused: int = 0
    recoveries: list[Recovery] = field(default_factory=list)
