"""Seed the bench Directus project through its REST API (run by setup.sh on a fresh database).

Usage: seed.py BASE_URL ADMIN_EMAIL ADMIN_PASSWORD. Standard library only.

"Larkspur Books", an independent bookshop's back office: two collection folders
(Catalog: authors, books; Sales: customers, orders, with a hidden orders_books junction),
12 authors, 36 books (look-alike titles; two titles each in two formats; 2 archived),
24 customers (shared surnames), 30 orders with 46 order lines, a file library (2 folders,
9 files, covers on some books), roles and policies, 6 users (3 active with app access: the
Core plan's seat limit), bookmarks, default table columns, one Insights dashboard, two
flows, item comments by three users and one edit by Priya. Every name, date, amount and
uuid is fixed, and items are created in a fixed order on a fresh database, so their ids
are the same after every setup (comment and revision timestamps are the seeding time).
"""

from __future__ import annotations

import json
import struct
import sys
import urllib.error
import urllib.request
import uuid
import zlib

BASE, EMAIL, PASSWORD = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
NS = uuid.UUID("6f1c1d2e-5a77-4d0b-9a43-1b9a0c0de5e1")


def uid(name: str) -> str:
    return str(uuid.uuid5(NS, name))


TOKEN = ""


def call(method: str, path: str, body=None, *, raw: bytes | None = None,
         ctype: str = "application/json"):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", ctype)
    if TOKEN:
        req.add_header("Authorization", f"Bearer {TOKEN}")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            text = r.read().decode()
    except urllib.error.HTTPError as e:
        raise SystemExit(f"{method} {path} -> {e.code}: {e.read().decode()[:2000]}") from None
    return json.loads(text)["data"] if text else None


TOKEN = call("POST", "/auth/login", {"email": EMAIL, "password": PASSWORD})["access_token"]

# ------------------------------------------------------------------ settings
call("PATCH", "/settings", {
    "project_name": "Larkspur Books",
    "project_descriptor": "Shop back office",
    "project_color": "#2F6F5E",
    "project_usage": "personal",  # answers the licence prompt shown to admins otherwise
    "default_appearance": "light",
})


# ------------------------------------------------------------------ schema helpers
def pk() -> dict:
    return {"field": "id", "type": "integer",
            "meta": {"hidden": True, "interface": "input", "readonly": True},
            "schema": {"is_primary_key": True, "has_auto_increment": True}}


def folder(name: str, icon: str, sort: int, note: str) -> None:
    call("POST", "/collections", {"collection": name, "schema": None,
                                  "meta": {"icon": icon, "sort": sort, "note": note,
                                           "collapse": "open"}})


def collection(name: str, meta: dict) -> None:
    call("POST", "/collections", {"collection": name, "meta": meta, "schema": {},
                                  "fields": [pk()]})


def field(coll: str, name: str, ftype: str, meta: dict, schema: dict | None = None) -> None:
    body = {"field": name, "type": ftype, "meta": meta}
    if ftype != "alias":
        body["schema"] = schema or {}
    call("POST", f"/fields/{coll}", body)


def choices(*vals: str | tuple[str, str]) -> list[dict]:
    return [{"text": v, "value": v} if isinstance(v, str) else {"text": v[0], "value": v[1]}
            for v in vals]


def label_display(pairs: list[tuple[str, str, str]], dot: bool = False) -> dict:
    return {"display": "labels", "display_options": {"showAsDot": dot, "choices": [
        {"text": t, "value": v, "foreground": "#FFFFFF", "background": c} for t, v, c in pairs]}}


COUNTRIES = ["Egypt", "France", "Germany", "Ireland", "Italy", "Japan", "Nigeria", "Spain",
             "Sweden", "United Kingdom", "United States"]
GENRES = ["Fiction", "Mystery", "Science fiction", "History", "Poetry", "Children",
          "Cookery", "Travel"]

folder("catalog", "menu_book", 1, "What the shop sells")
folder("sales", "point_of_sale", 2, "Customers and their orders")

# authors
collection("authors", {"icon": "person_book", "group": "catalog", "sort": 1,
                       "display_template": "{{name}}", "note": "Writers of the books we stock",
                       "sort_field": None})
field("authors", "name", "string", {"interface": "input", "required": True, "width": "half",
                                    "sort": 2, "options": {"placeholder": "Full name"}},
      {"is_nullable": False})
field("authors", "country", "string", {"interface": "select-dropdown", "width": "half", "sort": 3,
                                       "options": {"choices": choices(*COUNTRIES)}})
field("authors", "born", "integer", {"interface": "input", "width": "half", "sort": 4,
                                     "note": "Year of birth"})
field("authors", "website", "string", {"interface": "input", "width": "half", "sort": 5,
                                       "options": {"placeholder": "https://", "iconLeft": "link"}})
field("authors", "bio", "text", {"interface": "input-multiline", "width": "full", "sort": 6,
                                 "note": "Two or three sentences for the shop's website"})

# books
collection("books", {"icon": "book_2", "group": "catalog", "sort": 2,
                     "display_template": "{{title}} ({{format}})",
                     "archive_field": "status", "archive_value": "archived",
                     "unarchive_value": "draft", "archive_app_filter": True,
                     "note": "Every title on the shelves and in the web shop"})
field("books", "status", "string", {
    "interface": "select-dropdown", "width": "half", "sort": 2,
    "options": {"choices": choices(("Published", "published"), ("Draft", "draft"),
                                   ("Archived", "archived"))},
    **label_display([("Published", "published", "#2ECDA7"), ("Draft", "draft", "#A2B5CD"),
                     ("Archived", "archived", "#F7971C")], dot=True)}, {"default_value": "draft"})
field("books", "featured", "boolean", {"interface": "boolean", "special": ["cast-boolean"],
                                       "width": "half", "sort": 3,
                                       "options": {"label": "Show on the home page"}},
      {"default_value": False})
field("books", "title", "string", {"interface": "input", "required": True, "width": "full",
                                   "sort": 4}, {"is_nullable": False})
field("books", "author", "integer", {"interface": "select-dropdown-m2o", "special": ["m2o"],
                                     "width": "half", "sort": 5,
                                     "options": {"template": "{{name}}"},
                                     "display": "related-values",
                                     "display_options": {"template": "{{name}}"}})
field("books", "genre", "string", {"interface": "select-dropdown", "width": "half", "sort": 6,
                                   "options": {"choices": choices(*GENRES)}})
field("books", "format", "string", {"interface": "select-radio", "width": "half", "sort": 7,
                                    "options": {"choices": choices("Hardcover", "Paperback",
                                                                   "Ebook")}})
field("books", "isbn", "string", {"interface": "input", "width": "half", "sort": 8,
                                  "note": "ISBN-13, digits only",
                                  "options": {"font": "monospace"}})
field("books", "price", "decimal", {"interface": "input", "width": "half", "sort": 9,
                                    "options": {"min": 0, "step": 0.5, "iconLeft": "euro"},
                                    "note": "Shelf price in euros"},
      {"numeric_precision": 10, "numeric_scale": 2})
field("books", "stock", "integer", {"interface": "input", "width": "half", "sort": 10,
                                    "note": "Copies in the shop and the back room"},
      {"default_value": 0})
field("books", "pages", "integer", {"interface": "input", "width": "half", "sort": 11})
field("books", "published_on", "date", {"interface": "datetime", "width": "half", "sort": 12,
                                        "display": "datetime",
                                        "display_options": {"format": "long"}})
field("books", "tags", "json", {"interface": "tags", "special": ["cast-json"], "width": "full",
                                "sort": 13, "options": {"presets": ["staff pick", "prize winner",
                                                                    "translated", "debut",
                                                                    "signed copies"]}})
field("books", "cover", "uuid", {"interface": "file-image", "special": ["file"],
                                 "width": "half", "sort": 14, "display": "image"})
field("books", "blurb", "text", {"interface": "input-rich-text-md", "width": "full", "sort": 15,
                                 "note": "Back-cover text, Markdown"})
call("POST", "/relations", {"collection": "books", "field": "author",
                            "related_collection": "authors",
                            "meta": {"one_field": "books"}, "schema": {"on_delete": "SET NULL"}})
call("POST", "/relations", {"collection": "books", "field": "cover",
                            "related_collection": "directus_files",
                            "schema": {"on_delete": "SET NULL"}})
field("authors", "books", "alias", {"interface": "list-o2m", "special": ["o2m"], "sort": 7,
                                    "width": "full",
                                    "options": {"template": "{{title}} ({{format}})"}})

# customers
collection("customers", {"icon": "groups", "group": "sales", "sort": 1,
                         "display_template": "{{first_name}} {{last_name}}",
                         "note": "Loyalty-card holders and web-shop buyers"})
field("customers", "first_name", "string", {"interface": "input", "width": "half", "sort": 2,
                                            "required": True})
field("customers", "last_name", "string", {"interface": "input", "width": "half", "sort": 3,
                                           "required": True})
field("customers", "email", "string", {"interface": "input", "width": "half", "sort": 4,
                                       "options": {"iconLeft": "alternate_email"}})
field("customers", "phone", "string", {"interface": "input", "width": "half", "sort": 5})
field("customers", "city", "string", {"interface": "input", "width": "half", "sort": 6})
field("customers", "member_since", "date", {"interface": "datetime", "width": "half",
                                            "sort": 7})
field("customers", "loyalty_points", "integer", {"interface": "input", "width": "half",
                                                 "sort": 8}, {"default_value": 0})
field("customers", "newsletter", "boolean", {"interface": "boolean", "special": ["cast-boolean"],
                                             "width": "half", "sort": 9,
                                             "options": {"label": "Gets the monthly letter"}},
      {"default_value": False})
field("customers", "notes", "text", {"interface": "input-multiline", "width": "full",
                                     "sort": 10})

# orders and the hidden junction to books
collection("orders", {"icon": "receipt_long", "group": "sales", "sort": 2,
                      "display_template": "{{order_no}}",
                      "note": "Shop and web-shop orders"})
collection("orders_books", {"hidden": True, "icon": "import_export"})
field("orders", "order_no", "string", {"interface": "input", "width": "half", "sort": 2,
                                       "readonly": True, "options": {"font": "monospace"}})
field("orders", "status", "string", {
    "interface": "select-dropdown", "width": "half", "sort": 3,
    "options": {"choices": choices(("Pending", "pending"), ("Paid", "paid"),
                                   ("Shipped", "shipped"), ("Delivered", "delivered"),
                                   ("Cancelled", "cancelled"))},
    **label_display([("Pending", "pending", "#A2B5CD"), ("Paid", "paid", "#3399FF"),
                     ("Shipped", "shipped", "#FFC23B"), ("Delivered", "delivered", "#2ECDA7"),
                     ("Cancelled", "cancelled", "#E35169")])}, {"default_value": "pending"})
field("orders", "customer", "integer", {"interface": "select-dropdown-m2o", "special": ["m2o"],
                                        "width": "half", "sort": 4,
                                        "options": {"template": "{{first_name}} {{last_name}}"},
                                        "display": "related-values",
                                        "display_options": {
                                            "template": "{{first_name}} {{last_name}}"}})
field("orders", "ordered_at", "dateTime", {"interface": "datetime", "width": "half", "sort": 5,
                                           "display": "datetime",
                                           "display_options": {"format": "short"}})
field("orders", "shipping", "string", {
    "interface": "select-radio", "width": "half", "sort": 6,
    "options": {"choices": choices(("Standard post", "standard"),
                                   ("Express courier", "express"),
                                   ("Collect in shop", "pickup"))},
    **label_display([("Standard post", "standard", "#F0F4F9"),
                     ("Express courier", "express", "#F0F4F9"),
                     ("Collect in shop", "pickup", "#F0F4F9")])})
field("orders", "total", "decimal", {"interface": "input", "width": "half", "sort": 7,
                                     "options": {"iconLeft": "euro"}, "readonly": True},
      {"numeric_precision": 10, "numeric_scale": 2})
field("orders", "gift_wrap", "boolean", {"interface": "boolean", "special": ["cast-boolean"],
                                         "width": "half", "sort": 8,
                                         "options": {"label": "Wrap as a gift"}},
      {"default_value": False})
field("orders", "notes", "text", {"interface": "input-multiline", "width": "full", "sort": 10})
field("orders_books", "orders_id", "integer", {"hidden": True})
field("orders_books", "books_id", "integer", {"hidden": True})
field("orders_books", "quantity", "integer", {"interface": "input", "width": "half"},
      {"default_value": 1})
call("POST", "/relations", {"collection": "orders", "field": "customer",
                            "related_collection": "customers",
                            "meta": {"one_field": None}, "schema": {"on_delete": "SET NULL"}})
call("POST", "/relations", {"collection": "orders_books", "field": "books_id",
                            "related_collection": "books",
                            "meta": {"junction_field": "orders_id"},
                            "schema": {"on_delete": "SET NULL"}})
call("POST", "/relations", {"collection": "orders_books", "field": "orders_id",
                            "related_collection": "orders",
                            "meta": {"one_field": "books", "junction_field": "books_id"},
                            "schema": {"on_delete": "SET NULL"}})
field("orders", "books", "alias", {"interface": "list-m2m", "special": ["m2m"], "sort": 9,
                                   "width": "full",
                                   "options": {"template":
                                               "{{books_id.title}} ({{books_id.format}}) "
                                               "× {{quantity}}"}})

# ------------------------------------------------------------------ files
PALETTE = [(47, 111, 94), (180, 83, 48), (52, 84, 140), (140, 52, 110), (200, 170, 60),
           (90, 90, 90), (30, 30, 60), (160, 40, 40), (70, 140, 200)]


def png(w: int, h: int, rgb: tuple[int, int, int]) -> bytes:
    row = b"\x00" + bytes(rgb) * w
    raw = row * h

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def pdf(text: str) -> bytes:
    body = f"BT /F1 18 Tf 72 720 Td ({text}) Tj ET".encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length " + str(len(body)).encode() + b" >>\nstream\n" + body
            + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offs)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def upload(fid: str, filename: str, title: str, folder_id: str, mime: str, content: bytes,
           description: str = "") -> None:
    boundary = "----domdexbenchboundary7d1f"
    parts = []
    for k, v in (("id", fid), ("title", title), ("folder", folder_id),
                 ("description", description)):
        parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n"
                     f"{v}\r\n".encode())
    parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
                 f"filename=\"{filename}\"\r\nContent-Type: {mime}\r\n\r\n".encode()
                 + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    call("POST", "/files", raw=b"".join(parts), ctype=f"multipart/form-data; boundary={boundary}")


COVERS = uid("folder:covers")
MARKETING = uid("folder:marketing")
call("POST", "/folders", [{"id": COVERS, "name": "Book covers"},
                          {"id": MARKETING, "name": "Marketing"}])
COVER_FILES = [  # (key, filename, title)
    ("salt-road", "salt-road-cover.png", "The Salt Road — cover"),
    ("glass-orchard", "glass-orchard-cover.png", "The Glass Orchard — cover"),
    ("lisbon-winter", "winter-in-lisbon-cover.png", "A Winter in Lisbon — cover"),
    ("lisbon-summer", "summer-in-lisbon-cover.png", "A Summer in Lisbon — cover"),
    ("tide-clock", "tide-clock-cover.png", "The Tide Clock — cover"),
    ("ember-kitchen", "ember-kitchen-cover.png", "Ember Kitchen — cover"),
]
for i, (key, fn, title) in enumerate(COVER_FILES):
    upload(uid(f"file:{key}"), fn, title, COVERS, "image/png", png(300, 450, PALETTE[i]))
upload(uid("file:poster"), "spring-reading-poster.png", "Spring reading night poster",
       MARKETING, "image/png", png(600, 400, PALETTE[6]),
       "A3 poster for the reading night on 12 April")
upload(uid("file:banner"), "newsletter-banner.png", "Newsletter banner — April",
       MARKETING, "image/png", png(1200, 300, PALETTE[7]))
upload(uid("file:pricelist"), "trade-price-list-2025.pdf", "Trade price list 2025",
       MARKETING, "application/pdf", pdf("Larkspur Books - trade price list 2025"),
       "Wholesale prices for schools and libraries")

# ------------------------------------------------------------------ items
AUTHORS = [  # name, country, born, website
    ("Mara Lindqvist", "Sweden", 1968, "https://maralindqvist.example"),
    ("Jonah Whitlock", "United Kingdom", 1975, None),
    ("Amara Okonkwo", "Nigeria", 1982, "https://amaraokonkwo.example"),
    ("Hiroshi Tanabe", "Japan", 1959, None),
    ("Elena Vasquez", "Spain", 1971, "https://elenavasquez.example"),
    ("Elena Marsh", "United States", 1988, "https://elenamarsh.example"),
    ("Theo Brandt", "Germany", 1964, None),
    ("Sofia Ricci", "Italy", 1979, None),
    ("Daniel Okafor", "Nigeria", 1990, "https://danielokafor.example"),
    ("Claire Dubois", "France", 1956, None),
    ("Rowan Hale", "Ireland", 1985, "https://rowanhale.example"),
    ("Nadia Karim", "Egypt", 1973, None),
]
BIOS = {
    "Mara Lindqvist": "Swedish novelist of coastal families and long winters. Her books "
                      "are translated into nineteen languages.",
    "Elena Vasquez": "Madrid-born travel writer who walked the old salt routes of Iberia. "
                     "Lives in Lisbon.",
    "Elena Marsh": "American crime writer and former court reporter from Baltimore.",
    "Hiroshi Tanabe": "Poet and essayist from Kanazawa; winner of the Yomiuri Prize.",
}
call("POST", "/items/authors", [
    {"name": n, "country": c, "born": b, "website": w, "bio": BIOS.get(n)}
    for n, c, b, w in AUTHORS])
A = {n: i for i, (n, *_r) in enumerate(AUTHORS, 1)}

# title, author, genre, format, price, stock, pages, published, status, featured, tags
BOOKS = [
    ("The Salt Road", "Elena Vasquez", "Travel", "Hardcover", 28.00, 14, 312, "2021-04-15",
     "published", True, ["staff pick"]),
    ("The Salt Roads of Castile", "Elena Vasquez", "History", "Paperback", 19.50, 6, 276,
     "2018-09-02", "published", False, []),
    ("The Glass Orchard", "Mara Lindqvist", "Fiction", "Hardcover", 26.00, 12, 384,
     "2022-02-10", "published", True, ["prize winner", "translated"]),
    ("The Glass Orchard", "Mara Lindqvist", "Fiction", "Paperback", 14.99, 31, 384,
     "2023-03-01", "published", False, ["translated"]),
    ("A Winter in Lisbon", "Jonah Whitlock", "Fiction", "Paperback", 13.50, 3, 298,
     "2019-11-20", "published", False, []),
    ("A Summer in Lisbon", "Jonah Whitlock", "Fiction", "Paperback", 13.50, 17, 305,
     "2021-06-03", "published", False, []),
    ("The Tide Clock", "Amara Okonkwo", "Science fiction", "Hardcover", 24.00, 11, 422,
     "2023-08-29", "published", True, ["debut"]),
    ("Harbour of Small Lights", "Amara Okonkwo", "Fiction", "Paperback", 15.00, 0, 260,
     "2020-05-12", "published", False, []),
    ("Ember Kitchen", "Sofia Ricci", "Cookery", "Hardcover", 34.00, 8, 256, "2022-10-06",
     "published", True, ["signed copies"]),
    ("Ember Kitchen: Winter Suppers", "Sofia Ricci", "Cookery", "Hardcover", 32.00, 2, 224,
     "2024-11-14", "published", False, []),
    ("One Hundred Autumn Haiku", "Hiroshi Tanabe", "Poetry", "Paperback", 11.00, 5, 120,
     "2017-09-22", "published", False, ["translated"]),
    ("The Lantern Ferry", "Hiroshi Tanabe", "Fiction", "Hardcover", 22.00, 4, 218,
     "2020-03-18", "published", False, ["translated"]),
    ("Cold Harbour", "Elena Marsh", "Mystery", "Paperback", 12.99, 22, 344, "2021-01-12",
     "published", False, []),
    ("Cold Harbour", "Elena Marsh", "Mystery", "Ebook", 7.99, 0, 344, "2021-01-12",
     "published", False, []),
    ("The Witness Stand", "Elena Marsh", "Mystery", "Paperback", 12.99, 12, 330,
     "2022-07-19", "published", False, []),
    ("Quiet Evidence", "Elena Marsh", "Mystery", "Hardcover", 23.00, 1, 352, "2025-02-25",
     "published", True, ["signed copies"]),
    ("The Cartographer's Daughter", "Theo Brandt", "History", "Hardcover", 29.00, 7, 464,
     "2016-10-04", "published", False, ["translated"]),
    ("Rivers of the Rhine", "Theo Brandt", "Travel", "Paperback", 17.00, 10, 288,
     "2019-04-30", "published", False, []),
    ("Moss and Granite", "Rowan Hale", "Poetry", "Paperback", 10.50, 9, 96, "2023-05-11",
     "published", False, ["debut"]),
    ("The Night Bus to Galway", "Rowan Hale", "Fiction", "Paperback", 14.00, 13, 240,
     "2024-02-08", "published", False, []),
    ("Paper Moons", "Daniel Okafor", "Children", "Hardcover", 16.99, 25, 48, "2022-11-01",
     "published", True, ["staff pick"]),
    ("Paper Moons and Kites", "Daniel Okafor", "Children", "Hardcover", 16.99, 4, 48,
     "2024-10-15", "published", False, []),
    ("The Brave Little Lighthouse", "Daniel Okafor", "Children", "Paperback", 8.99, 19, 32,
     "2021-09-09", "published", False, []),
    ("Letters from Alexandria", "Nadia Karim", "History", "Hardcover", 27.50, 5, 398,
     "2018-03-27", "published", False, ["translated"]),
    ("The Spice Ledger", "Nadia Karim", "History", "Paperback", 18.00, 0, 352, "2020-12-01",
     "archived", False, []),
    ("Bread of the Delta", "Nadia Karim", "Cookery", "Hardcover", 30.00, 6, 272,
     "2023-04-20", "published", False, []),
    ("A Grammar of Rain", "Claire Dubois", "Poetry", "Paperback", 12.00, 3, 110,
     "2015-06-16", "published", False, ["translated", "prize winner"]),
    ("The Provençal Table", "Claire Dubois", "Cookery", "Hardcover", 36.00, 2, 320,
     "2019-10-24", "published", False, ["translated"]),
    ("Midnight at the Archive", "Jonah Whitlock", "Mystery", "Hardcover", 21.00, 0, 336,
     "2025-05-06", "draft", False, []),
    ("Stations of the North", "Mara Lindqvist", "Fiction", "Hardcover", 27.00, 0, 410,
     "2025-09-18", "draft", False, ["translated"]),
    ("The Orbit Gardeners", "Amara Okonkwo", "Science fiction", "Paperback", 15.50, 16, 390,
     "2024-06-27", "published", False, []),
    ("Signal from Kepler Deep", "Amara Okonkwo", "Science fiction", "Ebook", 9.99, 0, 410,
     "2025-01-30", "published", False, []),
    ("Walking the Camino Slowly", "Elena Vasquez", "Travel", "Paperback", 16.50, 8, 262,
     "2023-03-14", "published", False, []),
    ("Little Fox Finds a Home", "Daniel Okafor", "Children", "Paperback", 7.99, 2, 28,
     "2020-02-20", "archived", False, []),
    ("The Map Room", "Theo Brandt", "Fiction", "Paperback", 13.99, 11, 300, "2022-08-08",
     "published", False, []),
    ("Small Hours", "Rowan Hale", "Poetry", "Ebook", 5.99, 0, 90, "2025-04-01", "draft",
     False, []),
]
COVER_OF = {1: "salt-road", 3: "glass-orchard", 4: "glass-orchard", 5: "lisbon-winter",
            6: "lisbon-summer", 7: "tide-clock", 9: "ember-kitchen"}
BLURBS = {
    1: "Elena Vasquez follows the **old salt road** from the Atlantic marshes of Aveiro "
       "to the high plains of Castile.\n\n> A book that smells of the sea. — *El País*",
    3: "Three generations of the Holm family tend an orchard of **glass apples** on an "
       "island in the Baltic.\n\nWinner of the August Prize.",
    13: "Detective Ruth Calder returns to the harbour town she left twenty years ago.",
}
books = []
for i, (t, a, g, f, p, s, pg, d, st, fe, tg) in enumerate(BOOKS, 1):
    isbn = f"978{(1_800_000_000 + i * 7_919_123) % 10**10:010d}"
    books.append({"title": t, "author": A[a], "genre": g, "format": f, "price": p,
                  "stock": s, "pages": pg, "published_on": d, "status": st,
                  "featured": fe, "tags": tg or None, "isbn": isbn,
                  "cover": uid(f"file:{COVER_OF[i]}") if i in COVER_OF else None,
                  "blurb": BLURBS.get(i)})
call("POST", "/items/books", books)

CUSTOMERS = [  # first, last, city, member_since, points, newsletter
    ("Anna", "Keller", "Zurich", "2019-03-04", 420, True),
    ("Ben", "Adeyemi", "London", "2021-07-19", 95, False),
    ("Carla", "Moreno", "Valencia", "2020-01-11", 310, True),
    ("David", "Keller", "Basel", "2022-05-30", 40, False),
    ("Emma", "Lindgren", "Uppsala", "2018-11-02", 780, True),
    ("Farid", "Haddad", "Marseille", "2023-02-14", 60, True),
    ("Grace", "O'Neill", "Dublin", "2017-06-25", 1210, True),
    ("Hugo", "Martin", "Lyon", "2024-09-03", 15, False),
    ("Ines", "Carvalho", "Porto", "2021-04-08", 230, True),
    ("Jakub", "Nowak", "Kraków", "2020-10-17", 145, False),
    ("Keiko", "Mori", "Osaka", "2022-12-01", 330, True),
    ("Liam", "Keller", "Zurich", "2024-01-20", 20, True),
    ("Maya", "Patel", "Leicester", "2019-08-12", 505, False),
    ("Nils", "Berg", "Oslo", "2023-06-06", 80, True),
    ("Olivia", "Brown", "Manchester", "2018-02-27", 960, True),
    ("Pablo", "Ruiz", "Seville", "2022-03-15", 175, False),
    ("Quinn", "Murphy", "Cork", "2025-01-09", 5, True),
    ("Rosa", "Bianchi", "Turin", "2020-07-21", 260, True),
    ("Samir", "Haddad", "Lyon", "2021-11-30", 110, False),
    ("Tara", "Brown", "Leeds", "2023-10-05", 70, True),
    ("Uma", "Iyer", "Bangalore", "2024-04-18", 35, False),
    ("Victor", "Lang", "Vienna", "2019-05-23", 640, True),
    ("Wen", "Zhao", "Shanghai", "2022-08-29", 190, False),
    ("Yusuf", "Demir", "Istanbul", "2021-02-02", 285, True),
]
call("POST", "/items/customers", [
    {"first_name": f, "last_name": last, "city": c, "member_since": m, "loyalty_points": pts,
     "newsletter": nl,
     "email": f"{f.lower()}.{last.lower().replace(chr(39), '')}@mail.example",
     "phone": f"+41 44 {300 + i:03d} {1000 + i * 37:04d}",
     "notes": ("Prefers collection in shop; call before holding books." if i == 7 else
               "Orders for the school library in Basel." if i == 4 else None)}
    for i, (f, last, c, m, pts, nl) in enumerate(CUSTOMERS, 1)])

# order_no, customer id, ordered_at, status, shipping, gift, lines [(book id, qty)], note
ORDERS = [
    (1, "2025-03-01T09:14:00", "delivered", "standard", False, [(1, 1), (13, 1)], None),
    (5, "2025-03-01T11:02:00", "delivered", "pickup", False, [(3, 1)], None),
    (7, "2025-03-02T15:40:00", "delivered", "express", True, [(9, 1), (28, 1)], "Birthday"),
    (2, "2025-03-03T10:05:00", "delivered", "standard", False, [(21, 2), (23, 1)], None),
    (13, "2025-03-04T17:21:00", "cancelled", "standard", False, [(16, 1)], "Out of stock"),
    (3, "2025-03-05T08:55:00", "delivered", "standard", False, [(33, 1), (1, 1)], None),
    (9, "2025-03-06T12:30:00", "delivered", "pickup", False, [(5, 1), (6, 1)], None),
    (15, "2025-03-07T19:10:00", "delivered", "express", False, [(17, 1), (24, 1)], None),
    (4, "2025-03-08T09:45:00", "shipped", "standard", False, [(21, 5), (22, 5), (23, 5)],
     "School library order, invoice to the school"),
    (11, "2025-03-09T14:12:00", "shipped", "express", True, [(11, 2)], None),
    (1, "2025-03-10T16:48:00", "shipped", "standard", False, [(7, 1), (31, 1)], None),
    (22, "2025-03-11T10:20:00", "shipped", "standard", False, [(18, 1)], None),
    (18, "2025-03-12T13:33:00", "paid", "standard", True, [(26, 1), (9, 1)], None),
    (6, "2025-03-13T09:01:00", "paid", "express", False, [(24, 1)], None),
    (14, "2025-03-13T18:27:00", "paid", "standard", False, [(19, 1), (20, 1)], None),
    (24, "2025-03-14T11:11:00", "paid", "pickup", False, [(4, 2)], None),
    (10, "2025-03-15T15:05:00", "paid", "standard", False, [(35, 1)], None),
    (20, "2025-03-16T10:40:00", "paid", "express", True, [(15, 1), (13, 1)], None),
    (12, "2025-03-17T09:30:00", "pending", "standard", False, [(6, 1)], None),
    (8, "2025-03-17T21:15:00", "pending", "standard", False, [(27, 1), (19, 1)], None),
    (16, "2025-03-18T12:00:00", "pending", "pickup", False, [(2, 1)], None),
    (19, "2025-03-18T16:45:00", "pending", "standard", False, [(26, 2)], None),
    (23, "2025-03-19T08:20:00", "pending", "express", False, [(7, 1)], None),
    (21, "2025-03-19T10:10:00", "cancelled", "standard", False, [(14, 1)],
     "Customer bought the ebook elsewhere"),
    (17, "2025-03-20T14:50:00", "pending", "standard", True, [(21, 1), (23, 2)], None),
    (7, "2025-03-20T17:35:00", "paid", "pickup", False, [(12, 1), (11, 1)], None),
    (5, "2025-03-21T09:25:00", "paid", "standard", False, [(30, 1)], "Pre-order"),
    (13, "2025-03-21T13:05:00", "pending", "standard", False, [(36, 1)], None),
    (15, "2025-03-22T10:55:00", "pending", "express", False, [(3, 1), (4, 1)], None),
    (2, "2025-03-22T18:40:00", "pending", "standard", False, [(34, 3)], None),
]
SHIP = {"standard": 4.50, "express": 9.90, "pickup": 0.0}
orders = []
for n, (cust, at, st, ship, gift, lines, note) in enumerate(ORDERS, 1):
    total = sum(BOOKS[b - 1][4] * q for b, q in lines) + SHIP[ship] + (2.0 if gift else 0.0)
    orders.append({"order_no": f"LB-{1000 + n}", "customer": cust, "ordered_at": at,
                   "status": st, "shipping": ship, "gift_wrap": gift,
                   "total": round(total, 2), "notes": note,
                   "books": [{"books_id": b, "quantity": q} for b, q in lines]})
call("POST", "/items/orders", orders)

# ------------------------------------------------------------------ roles, policies, users
R_EDITOR, R_STAFF, R_API = uid("role:editor"), uid("role:staff"), uid("role:api")
P_CATALOG, P_SALES, P_API = uid("policy:catalog"), uid("policy:sales"), uid("policy:api")
call("POST", "/roles", [
    {"id": R_EDITOR, "name": "Catalog editor", "icon": "edit_note",
     "description": "Keeps titles, prices and covers up to date"},
    {"id": R_STAFF, "name": "Shop staff", "icon": "storefront",
     "description": "Handles orders and customers at the till"},
    {"id": R_API, "name": "Storefront API", "icon": "api",
     "description": "Read-only access for the web shop"},
])
call("POST", "/policies", [
    {"id": P_CATALOG, "name": "Edit the catalog", "icon": "menu_book", "app_access": True,
     "admin_access": False, "description": "Create and update authors and books",
     "roles": [{"role": R_EDITOR}]},
    {"id": P_SALES, "name": "Handle sales", "icon": "point_of_sale", "app_access": True,
     "admin_access": False, "description": "Update orders; read customers and books",
     "roles": [{"role": R_STAFF}]},
    {"id": P_API, "name": "Public catalog read", "icon": "public", "app_access": False,
     "admin_access": False, "description": "Read books and their authors",
     "roles": [{"role": R_API}]},
])
perms = []
for coll in ("authors", "books"):
    for act in ("create", "read", "update"):
        perms.append({"policy": P_CATALOG, "collection": coll, "action": act, "fields": ["*"],
                      "permissions": {}})
for coll, acts in (("orders", ("read", "update")), ("orders_books", ("read",)),
                   ("customers", ("read",)), ("books", ("read",)), ("authors", ("read",))):
    for act in acts:
        perms.append({"policy": P_SALES, "collection": coll, "action": act, "fields": ["*"],
                      "permissions": {}})
perms.append({"policy": P_API, "collection": "books", "action": "read", "fields": ["*"],
              "permissions": {}})  # row filters need a paid plan
perms.append({"policy": P_API, "collection": "authors", "action": "read", "fields": ["*"],
              "permissions": {}})
call("POST", "/permissions", perms)

me = call("GET", "/users/me?fields=id")["id"]
call("PATCH", f"/users/{me}", {"first_name": "Morgan", "last_name": "Hale",
                               "title": "Owner", "location": "Larkspur Books, Zurich",
                               "appearance": "light"})
USERS = [  # key, first, last, email, role, status, title
    ("priya", "Priya", "Shah", "priya.shah@larkspurbooks.com", R_EDITOR, "active",
     "Catalog editor"),
    ("tom", "Tom", "Becker", "tom.becker@larkspurbooks.com", R_STAFF, "active",
     "Bookseller"),
    ("tomasz", "Tomasz", "Nowak", "tomasz.nowak@larkspurbooks.com", R_STAFF, "suspended",
     "Weekend bookseller"),
    ("lena", "Lena", "Ortiz", "lena.ortiz@larkspurbooks.com", R_EDITOR, "draft",
     "Intern (starts in May)"),
    ("bot", "Storefront", "Bot", "storefront@larkspurbooks.com", R_API, "active",
     "Web shop integration"),
]
call("POST", "/users", [
    {"id": uid(f"user:{k}"), "first_name": f, "last_name": last, "email": e, "role": r,
     "status": s, "title": t, "password": "larkspur-staff-2024", "appearance": "light"}
    for k, f, last, e, r, s, t in USERS])

# ------------------------------------------------------------------ presets and bookmarks
call("POST", "/presets", [
    {"collection": "books", "layout": "tabular",
     "layout_query": {"tabular": {"fields": ["title", "author", "format", "genre", "price",
                                             "stock", "status"],
                                  "sort": ["title"], "page": 1, "limit": 25}},
     "layout_options": {"tabular": {"widths": {"title": 240, "author": 150, "format": 110,
                                               "genre": 130, "price": 90, "stock": 90,
                                               "status": 110}}}},
    {"collection": "authors", "layout": "tabular",
     "layout_query": {"tabular": {"fields": ["name", "country", "born", "website"],
                                  "sort": ["name"], "page": 1, "limit": 25}}},
    {"collection": "customers", "layout": "tabular",
     "layout_query": {"tabular": {"fields": ["first_name", "last_name", "city",
                                             "loyalty_points", "newsletter", "member_since"],
                                  "sort": ["last_name"], "page": 1, "limit": 25}},
     "layout_options": {"tabular": {"widths": {"first_name": 120, "last_name": 120,
                                               "city": 120, "loyalty_points": 130,
                                               "newsletter": 110, "member_since": 170}}}},
    {"collection": "orders", "layout": "tabular",
     "layout_query": {"tabular": {"fields": ["order_no", "customer", "ordered_at", "status",
                                             "shipping", "total"],
                                  "sort": ["-ordered_at"], "page": 1, "limit": 25}},
     "layout_options": {"tabular": {"widths": {"order_no": 120, "customer": 150,
                                               "ordered_at": 180, "status": 120,
                                               "shipping": 140, "total": 100}}}},
    {"collection": "directus_files", "layout": "cards",
     "layout_query": {"cards": {"sort": ["filename_download"], "page": 1, "limit": 25}},
     "layout_options": {"cards": {"icon": "insert_drive_file", "title": "{{ title }}",
                                  "subtitle": "{{ type }} • {{ filesize }}", "size": 4,
                                  "imageFit": "crop"}}},
    {"collection": "books", "bookmark": "Low stock", "icon": "inventory_2", "color": "#E35169",
     "layout": "tabular",
     "layout_query": {"tabular": {"fields": ["title", "format", "stock", "status"],
                                  "sort": ["stock"], "page": 1, "limit": 25}},
     "filter": {"_and": [{"stock": {"_lt": 5}}, {"status": {"_eq": "published"}}]}},
    {"collection": "books", "bookmark": "Featured titles", "icon": "star", "layout": "tabular",
     "layout_query": {"tabular": {"fields": ["title", "author", "format", "price"],
                                  "sort": ["title"], "page": 1, "limit": 25}},
     "filter": {"_and": [{"featured": {"_eq": True}}]}},
    {"collection": "orders", "bookmark": "To ship", "icon": "local_shipping",
     "layout": "tabular",
     "layout_query": {"tabular": {"fields": ["order_no", "customer", "ordered_at", "shipping",
                                             "total"],
                                  "sort": ["ordered_at"], "page": 1, "limit": 25}},
     "filter": {"_and": [{"status": {"_eq": "paid"}}]}},
])

# ------------------------------------------------------------------ insights
DASH = uid("dashboard:shop")
call("POST", "/dashboards", {"id": DASH, "name": "Shop overview", "icon": "storefront",
                             "note": "Stock and orders at a glance", "color": "#2F6F5E"})
call("POST", "/panels", [
    {"dashboard": DASH, "name": "Copies in stock", "icon": "inventory_2", "type": "metric",
     "position_x": 1, "position_y": 1, "width": 11, "height": 6, "show_header": True,
     "options": {"collection": "books", "field": "stock", "function": "sum",
                 "sortField": "stock"}},
    {"dashboard": DASH, "name": "Orders in March", "icon": "receipt_long", "type": "metric",
     "position_x": 12, "position_y": 1, "width": 11, "height": 6, "show_header": True,
     "options": {"collection": "orders", "field": "id", "function": "count",
                 "sortField": "id"}},
    {"dashboard": DASH, "name": "Revenue (EUR)", "icon": "euro", "type": "metric",
     "position_x": 23, "position_y": 1, "width": 12, "height": 6, "show_header": True,
     "options": {"collection": "orders", "field": "total", "function": "sum",
                 "sortField": "total", "maximumFractionDigits": 0,
                 "filter": {"_and": [{"status": {"_neq": "cancelled"}}]}}},
    {"dashboard": DASH, "name": "Newest orders", "icon": "list", "type": "list",
     "position_x": 1, "position_y": 7, "width": 17, "height": 18, "show_header": True,
     "options": {"collection": "orders", "limit": 8, "sortField": "ordered_at",
                 "sortDirection": "desc", "displayTemplate": "{{order_no}} — {{status}}"}},
    {"dashboard": DASH, "name": "Out of stock", "icon": "remove_shopping_cart", "type": "list",
     "position_x": 18, "position_y": 7, "width": 17, "height": 18, "show_header": True,
     "options": {"collection": "books", "limit": 8, "sortField": "title",
                 "sortDirection": "asc", "displayTemplate": "{{title}} ({{format}})",
                 "filter": {"_and": [{"stock": {"_eq": 0}}]}}},
    {"dashboard": DASH, "name": "Note", "type": "label", "position_x": 1, "position_y": 25,
     "width": 34, "height": 4, "show_header": False,
     "options": {"text": "Stocktake on 31 March", "color": "#2F6F5E"}},
])

# ------------------------------------------------------------------ flows
call("POST", "/flows", [
    {"id": uid("flow:notice"), "name": "Send shipping notice", "icon": "local_shipping",
     "status": "active", "trigger": "manual", "accountability": "all",
     "description": "E-mail the customer that the parcel is on its way",
     "options": {"collections": ["orders"], "location": "item", "requireConfirmation": True,
                 "confirmationDescription": "Send the shipping e-mail to this customer?"}},
    {"id": uid("flow:restock"), "name": "Restock reminder", "icon": "inventory",
     "status": "inactive", "trigger": "event", "accountability": "all",
     "description": "Log a reminder when a book's stock drops to zero",
     "options": {"type": "action", "scope": ["items.update"], "collections": ["books"]}},
])
call("POST", "/operations", [
    {"id": uid("op:notice-log"), "name": "Log the notice", "key": "log_notice", "type": "log",
     "position_x": 19, "position_y": 1, "flow": uid("flow:notice"),
     "options": {"message": "Shipping notice for {{$trigger.body.keys}}"}},
    {"id": uid("op:restock-log"), "name": "Log reminder", "key": "log_restock", "type": "log",
     "position_x": 19, "position_y": 1, "flow": uid("flow:restock"),
     "options": {"message": "Restock {{$trigger.keys}}"}},
])
call("PATCH", f"/flows/{uid('flow:notice')}", {"operation": uid("op:notice-log")})
call("PATCH", f"/flows/{uid('flow:restock')}", {"operation": uid("op:restock-log")})

# ------------------------------------------------------------------ comments
admin_token = TOKEN
staff_tokens = {}
for email in ("priya.shah@larkspurbooks.com", "tom.becker@larkspurbooks.com"):
    TOKEN = ""
    staff_tokens[email] = call("POST", "/auth/login", {"email": email,
                                                      "password": "larkspur-staff-2024"})[
        "access_token"]
for who, coll, item, text in [
    ("priya.shah@larkspurbooks.com", "books", "3",
     "The hardcover reprint arrives on 2 April; hold the display table."),
    (None, "books", "3", "Translator's name is missing from the blurb — Priya to add."),
    ("priya.shah@larkspurbooks.com", "books", "16",
     "Author signing on 10 May. Order 20 more signed copies."),
    ("tom.becker@larkspurbooks.com", "orders", "9",
     "School asked for an invoice in the school's name, not the teacher's."),
]:
    TOKEN = staff_tokens[who] if who else admin_token
    call("POST", "/comments", {"collection": coll, "item": item, "comment": text})
TOKEN = staff_tokens["priya.shah@larkspurbooks.com"]
call("PATCH", "/items/books/3", {"stock": 9})
TOKEN = admin_token

print("seeded", len(books), "books,", len(orders), "orders")
