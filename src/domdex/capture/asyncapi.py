"""The async view of a Playwright object a sync-API user may have handed over."""

from __future__ import annotations

from typing import Any

__all__ = ["as_async"]


def as_async(obj: Any) -> Any:
    """The async-API view of a Playwright object that may be a sync-API one.

    Playwright caches one API wrapper per internal object; once a sync user has touched
    a frame, the async API hands back that *sync* wrapper. Re-wrapping the internal
    object in the async class of the same name keeps this module on async objects.
    """
    module = type(obj).__module__
    if module.startswith("playwright.sync_api"):
        from playwright.async_api import _generated as async_api

        return getattr(async_api, type(obj).__name__)(obj._impl_obj)
    return obj
