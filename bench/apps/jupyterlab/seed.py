"""Seed JupyterLab's workspace: folders, notebooks with saved outputs, a CSV, a script, a README.

Deterministic (random.Random(11), no clock), so tasks written against it stay true after a
re-run. The notebooks carry their outputs (an HTML table, stream text, a PNG bar chart
drawn here without matplotlib), so nothing has to run for them to look used.
Usage: python seed.py DIR (DIR is created; existing files in it are overwritten).
"""

from __future__ import annotations

import base64
import json
import os
import random
import struct
import sys
import zlib
from pathlib import Path

REGIONS = ["North", "South", "East", "West", "Central"]
PRODUCTS = ["Trowel", "Hose", "Lamp", "Kettle", "Shelf", "Rake", "Lantern", "Planter"]
MONTHS = ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"]


def png(width: int, height: int, bars: list[float]) -> bytes:
    """A small bar chart as PNG bytes: white ground, grey axes, blue bars."""
    px = [[(255, 255, 255)] * width for _ in range(height)]
    left, bottom, top = 24, height - 20, 12
    for y in range(top, bottom + 1):
        px[y][left] = (90, 90, 90)
    for x in range(left, width - 8):
        px[bottom][x] = (90, 90, 90)
    slot = (width - 8 - left - 8) // len(bars)
    peak = max(bars)
    for i, v in enumerate(bars):
        h = int((bottom - top - 4) * v / peak)
        x0 = left + 8 + i * slot
        colour = (31, 119, 180) if i % 2 == 0 else (255, 127, 14)
        for y in range(bottom - h, bottom):
            for x in range(x0, x0 + slot - 10):
                px[y][x] = colour
    raw = b"".join(b"\x00" + bytes(c for p in row for c in p) for row in px)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def lines(text: str) -> list[str]:
    out = text.strip("\n").split("\n")
    return [s + "\n" for s in out[:-1]] + [out[-1]]


def md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": lines(text)}


def code(text: str, n: int | None, outputs: list[dict] | None = None) -> dict:
    return {"cell_type": "code", "execution_count": n, "metadata": {},
            "outputs": outputs or [], "source": lines(text)}


def stream(text: str) -> dict:
    return {"name": "stdout", "output_type": "stream", "text": lines(text + "\n")}


def result(n: int, text: str, html: str | None = None) -> dict:
    data = {"text/plain": lines(text)}
    if html:
        data["text/html"] = lines(html)
    return {"data": data, "execution_count": n, "metadata": {}, "output_type": "execute_result"}


def image(b: bytes, alt: str) -> dict:
    return {"data": {"image/png": base64.b64encode(b).decode(), "text/plain": [alt]},
            "metadata": {}, "output_type": "display_data"}


def notebook(cells: list[dict]) -> str:
    nb = {"cells": cells, "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                       "name": "python3"},
        "language_info": {"name": "python", "version": "3.11.7", "mimetype": "text/x-python",
                          "file_extension": ".py", "codemirror_mode": {"name": "ipython",
                                                                       "version": 3},
                          "nbconvert_exporter": "python", "pygments_lexer": "ipython3"}},
        "nbformat": 4, "nbformat_minor": 5}
    for i, c in enumerate(cells):
        c["id"] = f"cell-{i:02d}"
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def html_table(header: list[str], rows: list[list]) -> str:
    th = "".join(f"<th>{h}</th>" for h in header)
    body = "\n".join("<tr>" + "".join(f"<td>{v}</td>" for v in r) + "</tr>" for r in rows)
    return (f"<table border=\"1\" class=\"dataframe\">\n<thead><tr>{th}</tr></thead>\n"
            f"<tbody>\n{body}\n</tbody>\n</table>")


def main(root: Path) -> None:
    rng = random.Random(11)
    for d in ["analysis", "data", "reports", "scratch"]:
        (root / d).mkdir(parents=True, exist_ok=True)

    # data/sales_2024.csv: one row per order line
    rows = []
    for i in range(1, 61):
        rows.append([f"ORD-{2400 + i}", rng.choice(MONTHS) + f"-{rng.randint(1, 28):02d}",
                     rng.choice(REGIONS), rng.choice(PRODUCTS), rng.randint(1, 9),
                     f"{rng.uniform(4, 90):.2f}"])
    rows.sort(key=lambda r: r[0])
    csv = "order_id,date,region,product,units,unit_price\n" + "".join(
        ",".join(map(str, r)) + "\n" for r in rows)
    (root / "data" / "sales_2024.csv").write_text(csv)
    (root / "data" / "regions.csv").write_text(
        "region,manager,target_eur\nNorth,Greta Lindqvist,42000\nSouth,Mateo Garcia,38000\n"
        "East,Nadia Petrov,35000\nWest,Omar Haddad,40000\nCentral,Ines Costa,30000\n")

    revenue = {r: 0.0 for r in REGIONS}
    units = {r: 0 for r in REGIONS}
    for r in rows:
        revenue[r[2]] += r[4] * float(r[5])
        units[r[2]] += r[4]
    by_region = sorted(REGIONS, key=lambda r: -revenue[r])
    table_rows = [[r, units[r], f"{revenue[r]:,.2f}"] for r in by_region]
    plain = "    region  units   revenue\n" + "\n".join(
        f"{i}  {r:>7}  {u:>5}  {v:>9}" for i, (r, u, v) in enumerate(table_rows))
    chart = png(360, 200, [revenue[r] for r in by_region])

    (root / "analysis" / "sales.ipynb").write_text(notebook([
        md("# Sales 2024: first half\n\nRevenue by region from `data/sales_2024.csv`."),
        code("import pandas as pd\n\nsales = pd.read_csv('../data/sales_2024.csv')\n"
             "sales['revenue'] = sales.units * sales.unit_price\nlen(sales)", 1,
             [result(1, str(len(rows)))]),
        md("## Revenue by region"),
        code("by_region = (sales.groupby('region')\n"
             "             .agg(units=('units', 'sum'), revenue=('revenue', 'sum'))\n"
             "             .sort_values('revenue', ascending=False))\nby_region", 2,
             [result(2, plain, html_table(["region", "units", "revenue"], table_rows))]),
        code("ax = by_region.revenue.plot.bar(title='Revenue by region')", 3,
             [image(chart, "<Figure size 640x480 with 1 Axes>")]),
        md("## Best month\n\nWhich month sold the most units?"),
        code("best = sales.groupby(sales.date.str[:7]).units.sum().idxmax()\n"
             "print('best month:', best)", 4, [stream("best month: 2024-03")]),
        code("# TODO: compare with regions.csv targets", None),
    ]))

    (root / "analysis" / "sales_forecast.ipynb").write_text(notebook([
        md("# Sales forecast\n\nA naive forecast for the second half of 2024."),
        code("import pandas as pd\nsales = pd.read_csv('../data/sales_2024.csv')", 1),
        md("## Monthly totals"),
        code("monthly = sales.groupby(sales.date.str[:7]).units.sum()\nmonthly", 2,
             [result(2, "date\n2024-01    51\n2024-02    48\n2024-03    63\n2024-04    40\n"
                        "2024-05    57\n2024-06    44\nName: units, dtype: int64")]),
        md("## Forecast"),
        code("forecast = monthly.rolling(3).mean().iloc[-1]\n"
             "print(f'expected units per month: {forecast:.1f}')", 3,
             [stream("expected units per month: 47.0")]),
    ]))

    (root / "analysis" / "helpers.py").write_text(
        '"""Small helpers shared by the analysis notebooks."""\n\nimport pandas as pd\n\n\n'
        "def load_sales(path: str = '../data/sales_2024.csv') -> pd.DataFrame:\n"
        "    sales = pd.read_csv(path, parse_dates=['date'])\n"
        "    sales['revenue'] = sales.units * sales.unit_price\n    return sales\n\n\n"
        "def top_products(sales: pd.DataFrame, n: int = 3) -> pd.Series:\n"
        "    return sales.groupby('product').revenue.sum().nlargest(n)\n")

    (root / "reports" / "quarterly_review.ipynb").write_text(notebook([
        md("# Quarterly review Q2 2024\n\nPrepared for the regional managers."),
        md("## Targets\n\n| region | manager | target (EUR) |\n|---|---|---|\n"
           "| North | Greta Lindqvist | 42,000 |\n| South | Mateo Garcia | 38,000 |\n"
           "| West | Omar Haddad | 40,000 |"),
        code("from analysis.helpers import load_sales, top_products\n"
             "top_products(load_sales('data/sales_2024.csv'))", 1,
             [result(1, "product\nLantern    2,914.20\nKettle     2,507.85\nShelf      2,311.40\n"
                        "Name: revenue, dtype: float64")]),
        md("## Open questions\n\n- Why did the East region miss its target?\n"
           "- Should the Central target be raised?"),
    ]))

    (root / "scratch" / "notes.txt").write_text(
        "ideas\n- weekly report instead of monthly\n- ask Omar about the West returns\n")
    (root / "scratch" / "Untitled.ipynb").write_text(notebook([code("", None)]))

    (root / "README.md").write_text(
        "# Shop analytics\n\nNotebooks and data for the 2024 sales review.\n\n"
        "- `analysis/` notebooks: sales by region, a naive forecast\n"
        "- `data/` CSV exports from the shop database\n"
        "- `reports/` the quarterly review for the regional managers\n"
        "- `scratch/` anything unfinished\n")
    (root / "clean_data.py").write_text(
        '"""Drop duplicate orders from the CSV export."""\n\nimport csv\nimport sys\n\n\n'
        "def main(path: str) -> None:\n    with open(path, newline='') as f:\n"
        "        rows = list(csv.DictReader(f))\n"
        "    seen, out = set(), []\n    for row in rows:\n"
        "        if row['order_id'] not in seen:\n            seen.add(row['order_id'])\n"
        "            out.append(row)\n    print(f'{len(rows) - len(out)} duplicates')\n\n\n"
        "if __name__ == '__main__':\n    main(sys.argv[1])\n")

    # fixed modification times (no clock), newest first as a person's work would be
    stamp = 1719835200  # 2024-07-01 12:00 UTC
    for i, f in enumerate(sorted(root.rglob("*"), key=lambda p: (-len(p.parts), str(p)))):
        t = stamp - 3600 * 7 * i
        os.utime(f, (t, t))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
