"""Seed the Datasette app's SQLite database: wide tables, look-alike rows, many pages.

Deterministic (random.Random(7)), so tasks written against it stay true after a re-run.
"""

from __future__ import annotations

import random
import sqlite3
import sys
from datetime import date, datetime, timedelta

FIRST = ["Ana", "Ben", "Chloé", "Dev", "Elif", "Femi", "Greta", "Hiro", "Ines", "Jonas",
         "Kemal", "Lena", "Mateo", "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tara",
         "Uma", "Viktor", "Wen", "Ximena", "Yusuf", "Zoe"]
LAST = ["Almeida", "Brandt", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad",
        "Ivanova", "Jansen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov",
        "Quispe", "Rossi", "Schmidt", "Tanaka"]
CITIES = [("Lyon", "France", 522969, 47.87, 43), ("Marseille", "France", 873076, 240.6, -600),
          ("Porto", "Portugal", 231962, 41.42, 300), ("Lisbon", "Portugal", 545796, 100.05, -1200),
          ("Munich", "Germany", 1512491, 310.7, 1158), ("Hamburg", "Germany", 1892122, 755.2, 808),
          ("Bologna", "Italy", 390636, 140.86, -196), ("Turin", "Italy", 841600, 130.01, -28),
          ("Seville", "Spain", 681998, 140.8, -800), ("Valencia", "Spain", 807693, 134.65, -138),
          ("Ghent", "Belgium", 265086, 156.18, 630), ("Antwerp", "Belgium", 536079, 204.51, 726),
          ("Kraków", "Poland", 804237, 326.8, 1257), ("Gdańsk", "Poland", 486022, 261.96, 997),
          ("Utrecht", "Netherlands", 361924, 99.21, 47),
          ("Rotterdam", "Netherlands", 655468, 324.14, 1270),
          ("Aarhus", "Denmark", 285273, 91.0, 770), ("Bergen", "Norway", 289330, 465.3, 1070),
          ("Tampere", "Finland", 249009, 689.59, 1779),
          ("Gothenburg", "Sweden", 604616, 447.76, 1621),
          ("Brno", "Czechia", 382405, 230.22, 1243), ("Graz", "Austria", 291072, 127.58, 1128),
          ("Basel", "Switzerland", 173863, 23.91, 374), ("Cork", "Ireland", 222526, 187.0, 915),
          ("Lille", "France", 236234, 34.51, 1066), ("Nantes", "France", 320732, 65.19, -70)]
DEPTS = ["Engineering", "Sales", "Support", "Finance", "Marketing", "Legal"]
TITLES = ["Engineer", "Senior Engineer", "Account Manager", "Support Agent", "Analyst",
          "Designer", "Counsel", "Team Lead"]
STATUSES = ["pending", "paid", "shipped", "delivered", "refunded", "cancelled"]
CATEGORIES = ["Garden", "Kitchen", "Tools", "Lighting", "Outdoor", "Storage"]
NOUNS = ["Trowel", "Hose", "Lamp", "Kettle", "Shelf", "Rake", "Lantern", "Drill", "Bin",
         "Planter", "Pan", "Ladder"]


def main(path: str) -> None:
    rng = random.Random(7)
    db = sqlite3.connect(path)
    db.executescript("""
        DROP TABLE IF EXISTS order_items; DROP TABLE IF EXISTS orders;
        DROP TABLE IF EXISTS products; DROP TABLE IF EXISTS employees;
        DROP TABLE IF EXISTS cities; DROP TABLE IF EXISTS customers;
        CREATE TABLE cities (id INTEGER PRIMARY KEY, name TEXT, country TEXT,
            population INTEGER, area_km2 REAL, founded INTEGER, timezone TEXT);
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, email TEXT,
            city_id INTEGER REFERENCES cities(id), joined TEXT, tier TEXT);
        CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, email TEXT,
            department TEXT, title TEXT, salary INTEGER, hired TEXT, status TEXT,
            city_id INTEGER REFERENCES cities(id));
        CREATE TABLE products (sku TEXT PRIMARY KEY, name TEXT, category TEXT,
            price REAL, stock INTEGER, rating REAL);
        CREATE TABLE orders (order_no INTEGER PRIMARY KEY, customer_id INTEGER
            REFERENCES customers(id), status TEXT, total REAL, placed_at TEXT, items INTEGER);
        CREATE TABLE order_items (id INTEGER PRIMARY KEY, order_no INTEGER
            REFERENCES orders(order_no), sku TEXT REFERENCES products(sku), quantity INTEGER,
            unit_price REAL);
    """)
    for i, (name, country, pop, area, founded) in enumerate(CITIES, 1):
        db.execute("INSERT INTO cities VALUES (?,?,?,?,?,?,?)",
                   (i, name, country, pop, area, founded, "Europe/" + name))
    start = date(2019, 1, 1)
    t0 = datetime(2019, 1, 1)
    for i in range(1, 241):
        f, last = rng.choice(FIRST), rng.choice(LAST)
        db.execute("INSERT INTO customers VALUES (?,?,?,?,?,?)",
                   (i, f"{f} {last}", f"{f.lower()}.{last.lower()}{i}@example.org",
                    rng.randint(1, len(CITIES)),
                    (start + timedelta(days=rng.randint(0, 1800))).isoformat(),
                    rng.choice(["free", "plus", "pro"])))
    for i in range(1, 161):
        f, last = rng.choice(FIRST), rng.choice(LAST)
        db.execute("INSERT INTO employees VALUES (?,?,?,?,?,?,?,?,?)",
                   (i, f"{f} {last}", f"{f[0].lower()}{last.lower()}@corp.example",
                    rng.choice(DEPTS), rng.choice(TITLES), rng.randrange(38000, 160000, 500),
                    (start + timedelta(days=rng.randint(0, 2200))).isoformat(),
                    rng.choice(["active", "active", "active", "on leave", "left"]),
                    rng.randint(1, len(CITIES))))
    skus = []
    for i in range(1, 121):
        sku = f"SKU-{1000 + i}"
        skus.append(sku)
        db.execute("INSERT INTO products VALUES (?,?,?,?,?,?)",
                   (sku, f"{rng.choice(['Classic', 'Compact', 'Deluxe', 'Eco'])} "
                    f"{rng.choice(NOUNS)}", rng.choice(CATEGORIES),
                    round(rng.uniform(3, 250), 2), rng.randint(0, 400),
                    round(rng.uniform(2.5, 5), 1)))
    for n in range(1001, 1401):
        items = rng.randint(1, 5)
        total = 0.0
        for _ in range(items):
            q, price = rng.randint(1, 4), round(rng.uniform(3, 250), 2)
            total += q * price
            db.execute("INSERT INTO order_items (order_no, sku, quantity, unit_price) "
                       "VALUES (?,?,?,?)", (n, rng.choice(skus), q, price))
        db.execute("INSERT INTO orders VALUES (?,?,?,?,?,?)",
                   (n, rng.randint(1, 240), rng.choice(STATUSES), round(total, 2),
                    (t0 + timedelta(days=rng.randint(0, 2000), minutes=rng.randint(0, 1439)))
                    .isoformat(sep=" ", timespec="minutes"), items))
    db.commit()
    db.close()


if __name__ == "__main__":
    main(sys.argv[1])
