"""Session-wide settings (:class:`SessionOptions`), apart from the session that reads
them, so that every part of the session can name them without importing the session."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..policy import UrlPolicy
from .dialogs import Policy

__all__ = ["SessionOptions"]


@dataclass(frozen=True, slots=True)
class SessionOptions:
    """Session-wide settings. Timeouts are in seconds."""

    action_timeout: float = 5.0
    navigation_timeout: float = 30.0
    dialog_policy: Policy = "accept"
    intent_cache_size: int = 256
    intent_ttl: float = 600.0
    region_cache_size: int = 64
    #: Where the browser may go and what it may upload (the servers pass a strict one).
    urls: UrlPolicy = field(default_factory=UrlPolicy)
    #: Build find's matcher for each new capture on a thread while the agent thinks, so
    #: that the first find on a page answers at once (session/warmer.py).
    warm_find: bool = True
