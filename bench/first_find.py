"""The first find on a page through a session, with find's matcher warmed while the
agent thinks and without (issue 12), side by side in one run.

    .venv/bin/python bench/first_find.py [--pages os,16k,64k,128k] [--pauses 0,2,5]
                                         [--runs 3] [--json bench/out/first_find.json]

An agent's loop is: open or act (the session captures the page), then its model thinks
for a while, then it asks find. The first find on a capture builds the matcher (every
element described, indexed and embedded); ``SessionOptions(warm_find=True)``, the
default, builds it on a thread right after the capture instead (session/warmer.py), once
the session has run a find. For each page, pause and setting, in a fresh session: one
find on a one-button page (the agent has searched before), then ``open``, ``regions()``,
sleep for the pause (the model's turn), and time one ``find``. ``warm_find`` off and on
alternate run by run. Pages: ``os`` is ``library/os.html`` from Debian's
``python3.11-doc`` (skipped when missing), ``16k`` … ``128k`` the synthetic table of
``bench/scale.py``, served on 127.0.0.1. Medians of ``--runs``; a benchmark, nothing
asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from domdex.localsite import LocalSite  # noqa: E402
from domdex.session import AsyncSession, SessionOptions  # noqa: E402
from scale import page_html  # noqa: E402

OS_HTML = Path("/usr/share/doc/python3.11/html/library/os.html")
#: The request timed on each page (a read, as bench/scale.py asks).
QUERIES = {"os": "os.walk", "synthetic": "the Buy button of item 7"}


async def one_run(url: str, query: str, warm: bool, pause: float) -> dict[str, Any]:
    session = await AsyncSession.start(options=SessionOptions(warm_find=warm))
    try:
        # an agent that searches: the session builds ahead once it has run a find
        await session.open("data:text/html,<button>Start</button>")
        await session.find("Start")
        await session.open(url)
        await session.regions()
        await asyncio.sleep(pause)
        t = time.perf_counter()
        result = await session.find(query)
        took = time.perf_counter() - t
        return {"find_s": took, "ref": result.ref, "built": session.warmer.built}
    finally:
        await session.close()


def _pages(names: list[str], root: Path, site: LocalSite) -> list[tuple[str, str, str]]:
    out = []
    for name in names:
        if name == "os":
            if OS_HTML.exists():
                out.append((name, OS_HTML.as_uri(), QUERIES["os"]))
            else:
                print(f"skipped os: {OS_HTML} is missing (apt-get install python3.11-doc)")
            continue
        n = int(name.lower().replace("k", "000"))
        (root / f"{name}.html").write_text(page_html(n), encoding="utf-8")
        out.append((name, f"{site.url}/{name}.html", QUERIES["synthetic"]))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", default="os,16k,64k,128k")
    parser.add_argument("--pauses", default="0,2,5")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", type=Path, default=None, dest="out")
    args = parser.parse_args()
    pauses = [float(p) for p in args.pauses.split(",")]
    rows = []
    print(f"{'page':>6}{'pause s':>9}{'cold find ms':>14}{'warm find ms':>14}{'same answer':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        site = LocalSite(tmp)
        try:
            for name, url, query in _pages(args.pages.split(","), Path(tmp), site):
                for pause in pauses:
                    runs: dict[bool, list[dict[str, Any]]] = {False: [], True: []}
                    for _ in range(args.runs):
                        for warm in (False, True):
                            runs[warm].append(asyncio.run(one_run(url, query, warm, pause)))
                    cold = statistics.median(r["find_s"] for r in runs[False]) * 1000
                    warm_ms = statistics.median(r["find_s"] for r in runs[True]) * 1000
                    same = {r["ref"] for r in runs[False]} == {r["ref"] for r in runs[True]}
                    rows.append({"page": name, "pause_s": pause, "cold_find_ms": round(cold, 1),
                                 "warm_find_ms": round(warm_ms, 1), "same_answer": same,
                                 "runs": args.runs})
                    print(f"{name:>6}{pause:>9g}{cold:>14.0f}{warm_ms:>14.0f}{same!s:>13}",
                          flush=True)
        finally:
            site.close()
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"rows": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
