"""find on Playwright's AI snapshot (aria YAML): no tags, no classes, no boxes.

What an agent holding Playwright MCP's ``browser_snapshot`` gets from domdex. Every
sibling there has the same "shape" (a role and nothing else), so structure that the DOM
tells by tag or class must be told by role (bench/find_aria.py measures the whole corpus).
"""

from __future__ import annotations

import domdex
from domdex.search.api import find

PRODUCTS = """- main [ref=e1]:
  - heading "products" [level=1] [ref=e2]
  - paragraph [ref=e3]:
    - text: Suggested facets:
    - link "category" [ref=e4] [cursor=pointer]
  - paragraph [ref=e5]:
    - link "rating" [ref=e8] [cursor=pointer]
  - paragraph [ref=e6]:
    - link "View and edit SQL" [ref=e7] [cursor=pointer]
  - table [ref=e10]:
    - rowgroup [ref=e11]:
      - row [ref=e12]:
        - columnheader "name" [ref=e13]:
          - link "name" [ref=e16] [cursor=pointer]
        - columnheader "category" [ref=e14]:
          - link "category" [ref=e17] [cursor=pointer]
        - columnheader "price" [ref=e15]:
          - link "price" [ref=e18] [cursor=pointer]
    - rowgroup [ref=e20]:
      - row [ref=e21]:
        - cell "Classic Bin" [ref=e22]
        - cell "Kitchen" [ref=e23]
        - cell "247.36" [ref=e24]
      - row [ref=e31]:
        - cell "Compact Trowel" [ref=e32]
        - cell "Storage" [ref=e33]
        - cell "244.70" [ref=e34]
      - row [ref=e41]:
        - cell "Oak Shelf" [ref=e42]
        - cell "Garden" [ref=e43]
        - cell "120.00" [ref=e44]
"""


def test_an_ordinal_counts_the_table_rows_not_its_header_cells_or_row_groups() -> None:
    """Header cells (one shape there) label the records and row groups are structure:
    "the second product" is the second data row, and its *category* cell the answer."""
    idx = domdex.build_index(domdex.load_snapshot(PRODUCTS))
    result = find(idx, "the category of the second product", intent="read")
    assert result.ref == "e33", str(result)


SIGNATURE = """- main [ref=e1]:
  - heading "os — Miscellaneous operating system interfaces" [level=1] [ref=e2]
  - paragraph [ref=e3]:
    - text: Raises an auditing event
    - code [ref=e4]: os.walk
    - text: with arguments
    - code [ref=e5]: top
  - term [ref=e6]:
    - generic [ref=e7]: os.
    - generic [ref=e8]: walk
    - text: (
    - emphasis [ref=e9]:
      - generic [ref=e10]: top
    - text: ","
    - emphasis [ref=e11]:
      - generic [ref=e12]: topdown
      - generic [ref=e13]: =
      - generic [ref=e14]: "True"
    - text: )
  - definition [ref=e15]:
    - paragraph [ref=e16]: Generate the file names in a directory tree.
"""


def test_a_signature_split_into_pieces_reads_whole() -> None:
    """Each piece of a Sphinx signature is a line of its own: the term's text reads
    ``os.walk(top, topdown = True)`` (no space after ``os.`` or before ``(``), the pieces
    are no candidates, and "the signature of os.walk" is the term, not the inline code
    that mentions it in prose."""
    snap = domdex.load_snapshot(SIGNATURE)
    term = snap.get("e6")
    assert term is not None and term.text.startswith("os.walk(top,"), term
    assert snap.get("e7") is None and snap.get("e4") is None
    idx = domdex.build_index(snap)
    assert find(idx, "the signature of os.walk", intent="read").ref == "e6"
