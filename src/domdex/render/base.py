"""The one protocol every view follows: compact text for a model, data for programs.

A view builds a list of :class:`Line` objects once. Each line may name the *group* it
belongs to (``"R2.Table"``) and the way to see that group in full (``"expand
R2.Table"``). ``render(max_tokens)`` keeps whole lines while they fit and, when it has
to cut, ends with a line that says how much it left out of which group and how to get
it — an agent never loses content silently. Tokens are real ``o200k_base`` tokens.

A line marked ``advice`` is domdex's own word (``NEXT: …``, ``SUGGESTION: …``), not the
page's: :meth:`View.render_parts` hands those (and the cut note) back apart, so the
front ends put them after the page's fence (see :mod:`domdex.fence`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..tokens import count_tokens


@dataclass(frozen=True, slots=True)
class Line:
    """One output line; ``keep`` lines (headers) survive any cut; ``advice`` lines are
    domdex's words, shown outside the page's fence."""

    text: str
    group: str = ""
    more: str = ""
    keep: bool = False
    advice: bool = False


class View:
    """Base of all views. Subclasses implement :meth:`build` and :meth:`to_dict`."""

    #: The view's name in ``to_dict()["view"]`` and in the CLI.
    kind = "view"
    #: Default budget when the caller gives none (None: unlimited).
    default_max_tokens: int | None = None

    def __init__(self, max_tokens: int | None = None) -> None:
        self.max_tokens = max_tokens

    # Subclass API ------------------------------------------------------------------
    def build(self) -> list[Line]:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    # Rendering -------------------------------------------------------------------
    @cached_property
    def lines(self) -> list[Line]:
        return self.build()

    def render(self, max_tokens: int | None = None) -> str:
        """Text within ``max_tokens`` (the view's own budget, then its default)."""
        return "\n".join(line.text for line in self._fitted(max_tokens))

    def render_parts(self, max_tokens: int | None = None) -> tuple[list[str], list[str]]:
        """The lines :meth:`render` shows, split into the page's and domdex's advice."""
        lines = self._fitted(max_tokens)
        return ([line.text for line in lines if not line.advice],
                [line.text for line in lines if line.advice])

    def _fitted(self, max_tokens: int | None) -> list[Line]:
        budget = max_tokens if max_tokens is not None else self.max_tokens
        if budget is None:
            budget = self.default_max_tokens
        lines = self.lines
        if budget is None or count_tokens("\n".join(line.text for line in lines)) <= budget:
            return lines
        return _cut(lines, budget)

    @property
    def text(self) -> str:
        return self.render()

    def __str__(self) -> str:
        return self.render()

    @property
    def tokens(self) -> int:
        return count_tokens(self.render())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind}>"


def _cut(lines: list[Line], budget: int) -> list[Line]:
    """Keep lines in order while they fit; say what was cut and how to get it.

    Header lines (``keep``) always stay. Other lines are kept in order until the first
    that does not fit; then the cut note is written, and kept lines are given back from
    the end until text plus note fit the budget.
    """
    costs = [count_tokens(line.text) + 1 for line in lines]
    room = budget - sum(c for c, line in zip(costs, lines, strict=True) if line.keep)
    take: list[bool] = []
    for cost, line in zip(costs, lines, strict=True):
        fits = line.keep or (all(take) and cost <= room)
        if fits and not line.keep:
            room -= cost
        take.append(fits)
    while True:
        dropped = [line for line, t in zip(lines, take, strict=True) if not t]
        if not dropped:
            return lines
        note = cut_note(dropped)
        used = sum(c for c, t in zip(costs, take, strict=True) if t) + count_tokens(note)
        last = max((k for k, (t, line) in enumerate(zip(take, lines, strict=True))
                    if t and not line.keep), default=None)
        if used <= budget or last is None:
            kept = [line for line, t in zip(lines, take, strict=True) if t]
            return [*kept, Line(note, advice=True)]
        take[last] = False


def cut_note(dropped: list[Line]) -> str:
    """``… cut 37 lines: 30 in R2.Table (expand R2.Table), 7 more. Raise max_tokens for all.``"""
    by_group: Counter[str] = Counter(line.group for line in dropped)
    hows = {line.group: line.more for line in dropped if line.more}
    parts = []
    for group, n in by_group.most_common(3):
        if group:
            how = f" ({hows[group]})" if group in hows else ""
            parts.append(f"{n} in {group}{how}")
    rest = len(dropped) - sum(n for g, n in by_group.most_common(3) if g)
    if rest > 0 and parts:
        parts.append(f"{rest} more")
    detail = ": " + ", ".join(parts) if parts else ""
    return f"… cut {len(dropped)} lines{detail}. Raise max_tokens to see all."
