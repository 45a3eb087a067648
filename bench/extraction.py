"""Main-content extraction on real article pages: domdex vs trafilatura vs innerText.

Data: ``../shared/data/article-extraction-benchmark`` (181 news and blog pages with the
true article body; scrapinghub/article-extraction-benchmark, MIT). Scoring is that
benchmark's own: precision / recall / F1 over 4-token shingles of ``\\w+`` tokens
(each page's tp/fp/fn normalised to sum 1, precision and recall averaged over pages,
F1 from the averages). A plain bag-of-tokens F1 is printed too.

Every extractor sees the same pages in the same run:

* ``domdex``: ``read(page, scope="main")`` on the page rendered by Chromium, with
  JavaScript on and the network off (every non-``file:`` request is aborted, and
  navigations away from the page are answered "204 No Content" so that a page's
  scripts cannot replace it with an error page);
* ``innerText``: ``document.body.innerText`` of the same rendered page (no boilerplate
  removal at all: the floor);
* ``trafilatura``: ``trafilatura.extract`` on the raw HTML (its default settings).

    .venv/bin/python bench/extraction.py [--limit N] [--js off] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "article-extraction-benchmark"
sys.path.insert(0, str(ROOT / "src"))

_TOKEN = re.compile(r"\w+", re.UNICODE)

TpFpFn = tuple[float, float, float]


# -- the benchmark's metric --------------------------------------------------------
def shingles(text: str, n: int = 4) -> Counter[tuple[str, ...]]:
    tokens = _TOKEN.findall(text or "")
    return Counter(tuple(tokens[i : i + n]) for i in range(max(1, len(tokens) - n + 1)) if tokens)


def match(true: str, pred: str, n: int = 4) -> TpFpFn:
    """Normalised (tp, fp, fn) of two texts' n-token shingles (n=1: bag of tokens)."""
    a, b = shingles(true, n), shingles(pred, n)
    tp, fp, fn = sum((a & b).values()), sum((b - a).values()), sum((a - b).values())
    total = tp + fp + fn
    return (tp / total, fp / total, fn / total) if total else (0.0, 0.0, 0.0)


def _precision(tp: float, fp: float, fn: float) -> float:
    if fp == fn == 0:
        return 1.0
    return 0.0 if tp == fp == 0 else tp / (tp + fp)


def _recall(tp: float, fp: float, fn: float) -> float:
    if fp == fn == 0:
        return 1.0
    return 0.0 if tp == fn == 0 else tp / (tp + fn)


def metrics(rows: Sequence[TpFpFn]) -> dict[str, float]:
    p = statistics.mean([_precision(*r) for r in rows if r[0] + r[1] > 0] or [0.0])
    r = statistics.mean([_recall(*r) for r in rows if r[0] + r[2] > 0] or [0.0])
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}


# -- extractors ----------------------------------------------------------------------
def run_trafilatura(html: str) -> str:
    import trafilatura

    return trafilatura.extract(html) or ""


async def run_browser(
    keys: Sequence[str], workdir: Path, js: bool, raw_dir: Path | None
) -> dict[str, dict[str, Any]]:
    """domdex main text and innerText of every page, rendered once in Chromium."""
    from playwright.async_api import async_playwright

    from domdex.chromium import LAUNCH_ARGS, find_chromium
    from domdex.text.read import read
    from domdex.text.scripts import script

    out: dict[str, dict[str, Any]] = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        context = await browser.new_context(java_script_enabled=js)
        page = await context.new_page()
        target = {"url": ""}

        async def route(r: Any) -> None:
            req = r.request
            if not req.url.startswith("file:"):
                await r.abort()
            elif req.is_navigation_request() and req.url != target["url"]:
                await r.fulfill(status=204, body="")  # a script must not replace the page
            else:
                await r.continue_()

        await context.route("**/*", route)
        for n, key in enumerate(keys, 1):
            path = workdir / f"{key}.html"
            target["url"] = path.as_uri()
            try:
                await page.goto(target["url"], wait_until="domcontentloaded", timeout=15000)
                await page.wait_for_load_state("load", timeout=3000)
            except Exception:  # a slow page is read as far as it loaded
                pass
            out[key] = await _read_one(page, read, script, raw_dir, key)
            if n % 20 == 0:
                print(f"  browser: {n}/{len(keys)} pages", file=sys.stderr, flush=True)
        await browser.close()
    return out


async def _read_one(
    page: Any, read: Any, script: Any, raw_dir: Path | None, key: str
) -> dict[str, Any]:
    for _ in range(3):  # a page script may still be replacing the document
        try:
            started = time.perf_counter()
            result = await read(page, scope="main", nocache=True)
            ms = (time.perf_counter() - started) * 1000
            inner = await page.evaluate("() => document.body ? document.body.innerText : ''")
            if raw_dir is not None:
                raw = await page.evaluate(script("extract"), {})
                (raw_dir / f"{key}.json").write_text(json.dumps(raw))
            return {"domdex": result.page.main_text(), "innerText": inner, "ms": ms}
        except Exception:  # the document was replaced under us: try again
            await page.wait_for_timeout(500)
    return {"domdex": "", "innerText": "", "ms": 0.0}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=0, help="only the first N pages")
    parser.add_argument("--js", choices=("on", "off"), default="on", help="page JavaScript")
    parser.add_argument("--json", type=Path, help="write per-page and total results here")
    parser.add_argument("--save-raw", type=Path, help="keep extract.js output per page here")
    args = parser.parse_args(argv)

    truth = json.loads((DATA / "ground-truth.json").read_text(encoding="utf-8"))
    keys = sorted(truth)[: args.limit or None]
    if args.save_raw:
        args.save_raw.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="domdex-bench-") as tmp:
        workdir = Path(tmp)
        html: dict[str, str] = {}
        for key in keys:
            data = gzip.decompress((DATA / "html" / f"{key}.html.gz").read_bytes())
            (workdir / f"{key}.html").write_bytes(data)
            html[key] = data.decode("utf-8", errors="replace")
        started = time.perf_counter()
        rendered = asyncio.run(run_browser(keys, workdir, args.js == "on", args.save_raw))
        browser_s = time.perf_counter() - started
    traf: dict[str, str] = {}
    started = time.perf_counter()
    for key in keys:
        traf[key] = run_trafilatura(html[key])
    traf_ms = (time.perf_counter() - started) * 1000 / len(keys)

    preds = {
        "domdex": {k: rendered[k]["domdex"] for k in keys},
        "trafilatura": traf,
        "innerText": {k: rendered[k]["innerText"] for k in keys},
    }
    report: dict[str, Any] = {"pages": len(keys), "js": args.js, "extractors": {}}
    print(f"{len(keys)} pages, JavaScript {args.js}, network off (browser pass {browser_s:.0f}s)")
    print(f"{'extractor':<12} {'P':>6} {'R':>6} {'F1':>6}   {'token F1':>8}")
    for name, pred in preds.items():
        shingle = metrics([match(truth[k]["articleBody"], pred[k]) for k in keys])
        token = metrics([match(truth[k]["articleBody"], pred[k], n=1) for k in keys])
        report["extractors"][name] = {"shingle": shingle, "token": token}
        print(
            f"{name:<12} {shingle['precision']:6.3f} {shingle['recall']:6.3f} "
            f"{shingle['f1']:6.3f}   {token['f1']:8.3f}"
        )
    domdex_ms = statistics.median(rendered[k]["ms"] for k in keys)
    print(f"median time per page: domdex read {domdex_ms:.0f} ms (in browser), "
          f"trafilatura {traf_ms:.0f} ms (mean, raw HTML)")
    report["domdex_median_ms"] = domdex_ms
    report["trafilatura_mean_ms"] = traf_ms
    if args.json:
        report["per_page"] = {
            k: {name: match(truth[k]["articleBody"], preds[name][k]) for name in preds}
            for k in keys
        }
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
