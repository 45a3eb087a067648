"""Public names of a package, imported on first use (PEP 562).

Why: every ``domdex`` command of a shell session is a new Python process, and most of
them only send one request to the session's daemon. Importing the whole library first
(Playwright, NumPy, the session, the search) cost about 0.4 s a command; a package whose
``__init__`` hands its names out lazily lets such a command import only what it runs.
The package still lists its names in an ``if TYPE_CHECKING:`` block, so type checkers
and editors see the real objects.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["exports"]


def exports(module_globals: dict[str, Any], table: Mapping[str, tuple[str, ...]]
            ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for the package whose
    ``globals()`` are ``module_globals``: ``table`` maps a relative module name to the
    public names it defines."""
    package = module_globals["__name__"]
    where = {name: module for module, names in table.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        module_globals[name] = value  # the next lookup is a plain one
        return value

    def __dir__() -> list[str]:
        return sorted({*module_globals, *where})

    return __getattr__, __dir__
