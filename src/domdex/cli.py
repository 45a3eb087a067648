"""Command-line front end (placeholder until the views land)."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    print("domdex: not ready yet")
    return 0
