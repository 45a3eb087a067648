"""Whether a table's first row names its columns when the markup does not say so.

Chromium gives a column header role only to ``<th>`` cells, and capture keeps no
``<thead>`` (a wrapper with no role), so a table whose header row is made of ``<td>``
cells — Adminer's column lists, many admin grids — reaches find with no column
headers at all: "the type of the fuel column" then cannot meet the *Type* column, and
the header cell *Type* itself looks like the answer.

A first row heads its columns when it reads like labels of the rows below it: at
least two short cells without digits, none repeated in its own column below, over a
table of three rows or more and three columns or more (a two-column table is a list of
key/value pairs: its first row is a pair), where some column below holds digits in
most of its cells (labels are words; data is often numbers). The heuristic is cheap
and only ever adds headers where the markup gave none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["first_row_heads", "table_of"]

_DIGIT = re.compile(r"\d")
_TABLE_ROLES = frozenset({"table", "grid", "treegrid"})
_LABEL_MAX = 40  # characters of a column label


def table_of(nodes: Sequence[Any], parent_pos: Sequence[int], pos: int,
             levels: int | None = None) -> int:
    """Position of the table (or ARIA grid) that holds the node at ``pos`` (itself when it
    is one), looking at most ``levels`` ancestors up; -1 for none."""
    up = 0
    while pos >= 0 and nodes[pos].tag != "table" and nodes[pos].role not in _TABLE_ROLES:
        if levels is not None and up >= levels:
            return -1
        pos = parent_pos[pos]
        up += 1
    return pos


def first_row_heads(rows: Sequence[Sequence[str]]) -> bool:
    """Whether ``rows[0]`` (cell texts) labels the columns of ``rows[1:]``."""
    if len(rows) < 3:
        return False
    head, body = rows[0], rows[1:]
    if len(head) < 3:
        return False
    named = [t for t in head if t.strip()]
    if len(named) < 2 or any(len(t) > _LABEL_MAX or _DIGIT.search(t) for t in named):
        return False
    for j, label in enumerate(head):
        if label.strip() and any(j < len(r) and r[j] == label for r in body):
            return False  # a value of its own column: a data row
    for j in range(len(head)):
        column = [r[j] for r in body if j < len(r) and r[j].strip()]
        if len(column) * 2 >= len(body) and \
                sum(1 for t in column if _DIGIT.search(t)) * 2 >= len(column):
            return True
    return False
