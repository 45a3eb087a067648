"""The in-page scripts of the text layer, read once from package data.

JavaScript lives in ``.js`` files next to this module (never inside Python strings),
so it can be read, linted and tested as JavaScript.
"""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def script(name: str) -> str:
    """The source of ``domdex/text/<name>.js``: a function expression for ``evaluate``."""
    return resources.files(__package__).joinpath(f"{name}.js").read_text(encoding="utf-8")
