"""Capture the snapshot fixtures that index, search and render tests use offline.

    .venv/bin/python scripts/capture_fixtures.py            # all fixtures
    .venv/bin/python scripts/capture_fixtures.py dashboard  # some of them

Pages come from tests/pages (served on 127.0.0.1 by domdex.localsite.LocalSite) and from
Debian's python3.11-doc. Snapshots are written to tests/fixtures/snapshots/NAME.json
(large pages gzipped). Re-run it when capture changes, then update the golden views
with `pytest tests/test_views_golden.py --update-golden` and review the diff.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import domdex
from domdex.localsite import LocalSite

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "tests" / "pages"
OUT = ROOT / "tests" / "fixtures" / "snapshots"
PYDOCS = Path("/usr/share/doc/python3.11/html")

LOCAL = ["dashboard", "checkout", "product", "contact", "nolandmarks", "iframe", "shadow",
         "login", "spa", "modal", "form-errors"]
DOCS = {"pydocs-os": "library/os.html", "pydocs-search": "search.html",
        "pydocs-modindex": "py-modindex.html", "pydocs-glossary": "glossary.html"}


#: Fixture URLs use a fixed origin so golden views do not depend on the server's port.
ORIGIN = "http://127.0.0.1:8000"


def main(names: list[str]) -> int:
    wanted = names or [*LOCAL, *DOCS]
    OUT.mkdir(parents=True, exist_ok=True)
    with LocalSite(PAGES) as site, domdex.launch() as browser:
        base = site.url
        for name in wanted:
            url = f"{base}/{name}.html" if name in LOCAL else (PYDOCS / DOCS[name]).as_uri()
            page = browser.open(url)
            snap = page.snapshot()
            snap.url = snap.url.replace(base, ORIGIN)
            for frame in snap.frames:
                object.__setattr__(frame, "url", frame.url.replace(base, ORIGIN))
            text = snap.to_json()
            if len(text) > 200_000:
                (OUT / f"{name}.json.gz").write_bytes(gzip.compress(text.encode(), mtime=0))
            else:
                (OUT / f"{name}.json").write_text(text + "\n", encoding="utf-8")
            page.close()
            print(f"{name}: {len(snap.nodes)} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
