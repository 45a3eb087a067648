"""Seed Ghost for the find corpus: a coffee roaster's journal, shop pages and members.

Run by setup.sh with the system python, against a fresh database while Ghost serves on
127.0.0.1:8116: ``seed.py URL EMAIL PASSWORD DBFILE``. Everything goes through Ghost's own
Admin API (the owner's session cookie, as the admin app uses it); staff invitations are
accepted through the same public endpoint an invited person uses, with the token read
from the database (no mail leaves the machine: the mail transport is a stub). Last, the
timestamps are pinned in the SQLite database so that the admin shows the same dates on
every machine.

Made ("Copperleaf Coffee Roasters"): the owner and 6 staff (look-alikes Maya Chen / Maya
Cheng, Tom Ridley / Tomas Riedel) plus 2 pending invites, 14 tags (look-alikes Brewing
Guides / Brewing Gear, Events / Event Recaps, two internal tags), 32 posts (drafts,
published, scheduled, featured; look-alike titles such as the V60 guides, the two
Ethiopia origin stories, Spring Menu 2024 / 2025), 8 pages, 3 newsletters, 2 paid tiers,
64 members with labels and notes (Emma Johnson / Emma Johnston / Emily Johnson...),
navigation menus, 2 custom integrations with webhooks (to a closed loopback port) and
snippets.
"""

# ruff: noqa: E501  (the seed data's rows read as one line each)
from __future__ import annotations

import datetime as dt
import http.cookiejar
import json
import random
import sqlite3
import struct
import sys
import urllib.error
import urllib.request
import uuid
import zlib

URL, EMAIL, PASSWORD, DBFILE = sys.argv[1:5]
API = URL + "/ghost/api/admin"
R = random.Random(20250704)

jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))


def call(method: str, path: str, body=None, *, what: str = ""):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(API + path, data=data, method=method)
    req.add_header("Origin", URL)
    req.add_header("Accept-Version", "v6.0")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with opener.open(req) as resp:
            raw = resp.read()
    except urllib.error.HTTPError as exc:
        raise SystemExit(f"{what or path}: HTTP {exc.code}: {exc.read()[:800]!r}") from None
    try:
        return json.loads(raw) if raw else None
    except ValueError:  # e.g. the session endpoint answers "Created"
        return raw.decode()


def png(w: int, h: int, top: tuple, bottom: tuple, stripe: tuple | None = None) -> bytes:
    """A small PNG: a vertical gradient from top to bottom, with an optional band."""
    rows = []
    for y in range(h):
        f = y / max(1, h - 1)
        c = tuple(int(a + (b - a) * f) for a, b in zip(top, bottom, strict=False))
        if stripe and h * 0.55 < y < h * 0.7:
            c = stripe
        rows.append(b"\x00" + bytes(c) * w)
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def upload(name: str, data: bytes, purpose: str = "image") -> str:
    """Upload a PNG through the admin's image endpoint; its URL."""
    boundary = uuid.UUID(int=R.getrandbits(128)).hex
    body = b""
    for field, value in [("purpose", purpose), ("ref", name)]:
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"\r\n\r\n"
                 f"{value}\r\n").encode()
    body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
             "Content-Type: image/png\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    req = urllib.request.Request(API + "/images/upload/", data=body, method="POST")
    req.add_header("Origin", URL)
    req.add_header("Content-Type", f"multipart/form-data; boundary={boundary}")
    try:
        with opener.open(req) as resp:
            return json.loads(resp.read())["images"][0]["url"]
    except urllib.error.HTTPError as exc:
        raise SystemExit(f"upload {name}: HTTP {exc.code}: {exc.read()[:400]!r}") from None


# --- owner and session -------------------------------------------------------------
OWNER = "Nora Whitaker"
call("POST", "/authentication/setup/", {"setup": [{
    "name": OWNER, "email": EMAIL, "password": PASSWORD,
    "blogTitle": "Copperleaf Coffee Roasters"}]}, what="setup")
call("POST", "/session/", {"username": EMAIL, "password": PASSWORD}, what="session")
me = call("GET", "/users/me/?include=roles")["users"][0]
call("PUT", f"/users/{me['id']}/", {"users": [{
    "name": OWNER, "slug": "nora-whitaker", "location": "Portland, Oregon",
    "bio": "Founder and head roaster. Ten years of cupping tables and broken grinders.",
    "website": "https://copperleaf.example.com"}]}, what="owner profile")

# --- Ghost's own starter content goes: its post, page and tag, and images on ghost.org -----
for kind in ("posts", "pages"):
    for item in call("GET", f"/{kind}/?limit=all&filter=status:[draft,published,scheduled]")[kind]:
        call("DELETE", f"/{kind}/{item['id']}/", what=f"delete starter {kind} {item['title']}")
for item in call("GET", "/tags/?limit=all")["tags"]:
    call("DELETE", f"/tags/{item['id']}/", what=f"delete starter tag {item['name']}")
icon = upload("copperleaf-icon.png", png(256, 256, (179, 92, 46), (120, 55, 25), (240, 200, 150)), "icon")
cover = upload("copperleaf-cover.png", png(1200, 500, (92, 60, 40), (40, 28, 20), (179, 92, 46)))

# --- settings ----------------------------------------------------------------------
def nav(items):
    return json.dumps([{"label": a, "url": b} for a, b in items])


call("PUT", "/settings/", {"settings": [
    {"key": "title", "value": "Copperleaf Coffee Roasters"},
    {"key": "description",
     "value": "Small-batch coffee roasted in Portland: brewing guides, origin stories and shop news."},
    {"key": "timezone", "value": "America/Los_Angeles"},
    {"key": "locale", "value": "en"},
    {"key": "accent_color", "value": "#b35c2e"},
    {"key": "twitter", "value": "@copperleafcoffee"},
    {"key": "facebook", "value": "copperleafcoffee"},
    {"key": "explore_ping", "value": False},
    {"key": "icon", "value": icon},
    {"key": "cover_image", "value": cover},
    {"key": "navigation", "value": nav([
        ("Home", "/"), ("Brewing Guides", "/tag/brewing-guides/"), ("Origins", "/tag/origins/"),
        ("Wholesale", "/wholesale/"), ("Visit Us", "/visit-us/"), ("About", "/about/")])},
    {"key": "secondary_navigation", "value": nav([
        ("FAQ", "/faq/"), ("Shipping & Returns", "/shipping-and-returns/"),
        ("Privacy Policy", "/privacy-policy/"), ("Contact", "/contact/")])},
]}, what="settings")

# --- staff (invite, then accept as the invitee would) --------------------------------
roles = {r["name"]: r["id"] for r in call("GET", "/roles/?permissions=assign")["roles"]}
STAFF = [
    ("Maya Chen", "maya.chen@example.com", "Editor", "Portland, Oregon",
     "Edits the journal and runs the Saturday cuppings."),
    ("Maya Cheng", "maya.cheng@example.com", "Author", "Seattle, Washington",
     "Wholesale account manager; writes about cafés we supply."),
    ("Tom Ridley", "tom.ridley@example.com", "Author", "Portland, Oregon",
     "Production roaster. Loves a long development time."),
    ("Tomas Riedel", "tomas.riedel@example.com", "Contributor", "Hamburg, Germany",
     "Green-coffee buyer; sends us notes from origin trips."),
    ("Priya Raman", "priya.raman@example.com", "Administrator", "Portland, Oregon",
     "Operations and the web shop."),
    ("Diego Alvarez", "diego.alvarez@example.com", "Contributor", "Huila, Colombia",
     "Producer partner at Finca La Esperanza."),
]
con = sqlite3.connect(DBFILE)
users: dict[str, dict] = {OWNER: me}
for name, email, role, _location, _bio in STAFF:
    call("POST", "/invites/", {"invites": [{"email": email, "role_id": roles[role]}]},
         what=f"invite {email}")
    token = con.execute("select token from invites where email = ?", (email,)).fetchone()[0]
    call("POST", "/authentication/invitation/", {"invitation": [{
        "token": token, "email": email, "name": name,
        "password": "Staff-bench-roast-9902"}]}, what=f"accept {email}")
for name, email, _role, location, bio in STAFF:
    u = call("GET", f"/users/email/{email}/")["users"][0]
    call("PUT", f"/users/{u['id']}/", {"users": [{
        "location": location, "bio": bio, "slug": name.lower().replace(" ", "-")}]},
         what=f"profile {email}")
    users[name] = u
# two invitations left pending
for email, role in [("sam.okoro@example.com", "Author"), ("lena.fischer@example.com", "Contributor")]:
    call("POST", "/invites/", {"invites": [{"email": email, "role_id": roles[role]}]},
         what=f"invite {email}")

# --- tags ----------------------------------------------------------------------------
TAGS = [
    ("Brewing Guides", "brewing-guides", "#2e7d6b",
     "Step-by-step recipes for pour-over, immersion and espresso at home."),
    ("Brewing Gear", "brewing-gear", "#3d6b8e",
     "Grinders, kettles and drippers we use and recommend."),
    ("Origins", "origins", "#8e5a2e", "Where our green coffee comes from and who grows it."),
    ("Shop News", "shop-news", "#6b4c9a", "Opening hours, new roasts and things happening in the café."),
    ("Events", "events", "#c0392b", "Upcoming cuppings, classes and pop-ups."),
    ("Event Recaps", "event-recaps", "#a0522d", "Photos and notes from past cuppings and classes."),
    ("Wholesale", "wholesale", "#34495e", "For cafés, offices and restaurants we supply."),
    ("Recipes", "recipes", "#d4a017", "Drinks and bakes that start with coffee."),
    ("Sustainability", "sustainability", "#4f8a3c", "Packaging, transparency reports and our carbon work."),
    ("Equipment", "equipment", "#7f8c8d", "Roastery machines and maintenance notes."),
    ("Espresso", "espresso", "#5d4037", "Dialing in, milk drinks and espresso blends."),
    ("Decaf", "decaf", "#90a4ae", "Swiss Water and sugarcane decafs."),
    ("#newsletter-only", "hash-newsletter-only", None, "Internal: sent by email, hidden on the site."),
    ("#archive", "hash-archive", None, "Internal: old posts kept for reference."),
]
tags: dict[str, dict] = {}
for name, slug, color, desc in TAGS:
    body = {"name": name, "slug": slug, "description": desc}
    if color:
        body["accent_color"] = color
    if name in ("Brewing Guides", "Origins"):
        body["meta_title"] = f"{name} | Copperleaf Coffee"
        body["meta_description"] = desc
    tags[name] = call("POST", "/tags/", {"tags": [body]}, what=f"tag {name}")["tags"][0]

# --- newsletters ---------------------------------------------------------------------
nls = call("GET", "/newsletters/")["newsletters"]
default_nl = nls[0]
call("PUT", f"/newsletters/{default_nl['id']}/", {"newsletters": [{
    "name": "The Weekly Roast", "description": "New roasts, brewing tips and café news every Thursday.",
    "sender_reply_to": "newsletter"}]}, what="default newsletter")
newsletters = {"The Weekly Roast": default_nl["id"]}
for name, desc, optin in [
    ("Wholesale Bulletin", "Price lists and harvest updates for our café partners.", False),
    ("Workshop Announcements", "First word on cupping classes and latte-art workshops.", True),
]:
    d = call("POST", "/newsletters/?opt_in_existing=false", {"newsletters": [{
        "name": name, "description": desc, "subscribe_on_signup": optin}]}, what=f"newsletter {name}")
    newsletters[name] = d["newsletters"][0]["id"]

# --- tiers -------------------------------------------------------------------------
tiers = {t["name"]: t for t in call("GET", "/tiers/?limit=all")["tiers"]}
paid = [t for t in tiers.values() if t["type"] == "paid"]
TIERS = [
    ("Bean Club", "A fresh 340 g bag every month, plus members-only brewing guides.", 1800, 18000,
     ["Monthly 340 g bag", "Members-only guides", "10% off in the café"]),
    ("Roaster's Circle", "Two bags a month, early access to micro-lots and a yearly cupping seat.",
     3500, 35000, ["Two bags a month", "Early micro-lot access", "A seat at the annual cupping"]),
]
for i, (name, desc, monthly, yearly, benefits) in enumerate(TIERS):
    body = {"name": name, "description": desc, "monthly_price": monthly, "yearly_price": yearly,
            "currency": "usd", "benefits": benefits, "visibility": "public", "active": True}
    if i < len(paid):
        d = call("PUT", f"/tiers/{paid[i]['id']}/", {"tiers": [body]}, what=f"tier {name}")
    else:
        d = call("POST", "/tiers/", {"tiers": [body]}, what=f"tier {name}")
    tiers[name] = d["tiers"][0]

# --- posts ---------------------------------------------------------------------------
def html(title: str, topic: str) -> str:
    parts = [
        f"<p>{topic}</p>",
        "<h2>What you need</h2>",
        "<ul><li>Freshly roasted beans, rested 5 to 10 days</li><li>A burr grinder</li>"
        "<li>Filtered water just off the boil</li></ul>",
        "<h2>How we do it</h2>",
        f"<p>Everything in {title.lower()} started at our cupping table on Alder Street. "
        "We taste every batch before it ships, and we wrote this down so that you can "
        "repeat it at home.</p>",
        "<blockquote>Taste, adjust one thing, taste again.</blockquote>",
        "<p>Questions? Reply to the newsletter or ask at the bar.</p>",
    ]
    return "".join(parts)


PUB = "published"
POSTS = [
    # title, status, date, authors, tags, featured, excerpt
    ("Brewing Guide: V60 Pour-Over", PUB, "2025-01-14", ["Maya Chen"], ["Brewing Guides"], True,
     "Our everyday recipe: 15 g of coffee, 250 g of water, three minutes."),
    ("Brewing Guide: V60 Pour-Over (Iced)", PUB, "2025-06-03", ["Maya Chen"], ["Brewing Guides", "Recipes"], False,
     "Brew hot onto ice for a bright, sweet iced coffee."),
    ("Brewing Guide: Chemex Pour-Over", PUB, "2025-02-11", ["Tom Ridley"], ["Brewing Guides"], False,
     "A cleaner cup with thicker filters and a coarser grind."),
    ("Brewing Guide: AeroPress", PUB, "2025-03-04", ["Tom Ridley"], ["Brewing Guides"], False,
     "The inverted method we use at pop-ups."),
    ("Brewing Guide: French Press", "draft", "2025-07-08", ["Maya Cheng"], ["Brewing Guides"], False,
     "Four minutes, a slow plunge and no sludge."),
    ("Brewing Guide: Moka Pot", "draft", "2025-07-10", ["Tom Ridley"], ["Brewing Guides", "Espresso"], False,
     ""),
    ("Ethiopia Guji — Origin Story", PUB, "2025-02-25", ["Tomas Riedel"], ["Origins"], True,
     "Natural-process heirlooms from the Hambela highlands."),
    ("Ethiopia Yirgacheffe — Origin Story", PUB, "2025-04-15", ["Tomas Riedel"], ["Origins"], False,
     "Washed coffees from the Kochere cooperative."),
    ("Colombia Huila — Finca La Esperanza", PUB, "2025-03-18", ["Diego Alvarez", "Tomas Riedel"], ["Origins"], False,
     "Diego on fermentation tanks and a wet harvest."),
    ("Guatemala Huehuetenango — Origin Story", "draft", "2025-07-15", ["Tomas Riedel"], ["Origins"], False,
     ""),
    ("Spring Menu 2024", PUB, "2024-03-19", ["Priya Raman"], ["Shop News", "#archive"], False,
     "Lavender honey latte and the return of the cold brew tonic."),
    ("Spring Menu 2025", "draft", "2025-03-01", ["Priya Raman"], ["Shop News"], False,
     "Cardamom cortado, a yuzu espresso tonic and the new oat supplier."),
    ("Summer Menu 2025", PUB, "2025-06-10", ["Priya Raman"], ["Shop News"], False,
     "Cold brew on tap and a coffee-cherry cascara soda."),
    ("Holiday Hours 2024", PUB, "2024-12-10", ["Priya Raman"], ["Shop News", "#archive"], False,
     "Closed Dec 25 and Jan 1; short hours on the 24th and 31st."),
    ("Holiday Hours 2025", "scheduled", "2028-12-01", ["Priya Raman"], ["Shop News"], False,
     "When the café and the web shop close over the holidays."),
    ("Saturday Cupping: Washed vs Natural", PUB, "2025-04-02", ["Maya Chen"], ["Events"], False,
     "Taste the same farm's coffee processed two ways."),
    ("Saturday Cupping: Washed vs Natural — Recap", PUB, "2025-04-14", ["Maya Chen"], ["Event Recaps"], False,
     "Twenty-two people, six coffees and one clear favourite."),
    ("Latte Art Workshop (May)", PUB, "2025-05-06", ["Maya Cheng"], ["Events", "Espresso"], False,
     "Hearts, tulips and rosettas in two hours."),
    ("Latte Art Workshop (June)", "scheduled", "2028-06-02", ["Maya Cheng"], ["Events", "Espresso"], False,
     "Second round: the sold-out class comes back."),
    ("Wholesale Price List — Q3 2025", PUB, "2025-07-01", ["Maya Cheng"], ["Wholesale", "#newsletter-only"], False,
     "Updated prices for café partners from July 1."),
    ("Wholesale Price List — Q2 2025", PUB, "2025-04-01", ["Maya Cheng"], ["Wholesale", "#newsletter-only"], False,
     "Prices for April to June."),
    ("How We Dial In Espresso Every Morning", PUB, "2025-05-20", ["Tom Ridley"], ["Espresso", "Brewing Guides"], True,
     "Dose, yield, time and a lot of tasting."),
    ("Choosing a Burr Grinder Under $300", PUB, "2025-01-28", ["Tom Ridley"], ["Brewing Gear"], False,
     "Five grinders, one week, lots of coffee."),
    ("Choosing a Gooseneck Kettle", "draft", "2025-07-12", ["Tom Ridley"], ["Brewing Gear"], False, ""),
    ("Our 2024 Transparency Report", PUB, "2025-02-04", [OWNER], ["Sustainability"], True,
     "What we paid for every green coffee we bought last year."),
    ("Compostable Bags: One Year In", PUB, "2025-05-27", [OWNER], ["Sustainability"], False,
     "What worked, what leaked and what comes next."),
    ("Meet the New Roaster: a Loring S35", PUB, "2025-03-25", [OWNER, "Tom Ridley"], ["Equipment"], False,
     "Why we moved to a convection roaster."),
    ("Roaster Maintenance Log — June", "draft", "2025-06-30", ["Tom Ridley"], ["Equipment"], False, ""),
    ("Cold Brew Concentrate at Home", PUB, "2025-06-17", ["Maya Chen"], ["Recipes"], False,
     "A 1:5 concentrate that keeps for a week."),
    ("Espresso Martini, the Copperleaf Way", PUB, "2025-05-13", ["Maya Cheng"], ["Recipes", "Espresso"], False,
     "Fresh espresso, a little demerara and a hard shake."),
    ("Decaf Without Compromise", PUB, "2025-01-07", ["Tomas Riedel"], ["Decaf", "Origins"], False,
     "Sugarcane-process decaf from Colombia."),
    ("Decaf Without Compromise (draft v2)", "draft", "2025-07-16", ["Tomas Riedel"], ["Decaf"], False, ""),
]
posts: dict[str, dict] = {}
for title, status, day, authors, tagnames, featured, excerpt in POSTS:
    body = {
        "title": title, "html": html(title, excerpt or title), "status": status,
        "authors": [{"id": users[a]["id"]} for a in authors],
        "tags": [{"id": tags[t]["id"]} for t in tagnames],
        "featured": featured,
    }
    if excerpt:
        body["custom_excerpt"] = excerpt
    if status == PUB and len(posts) % 3 != 2:
        shade = (60 + (len(posts) * 37) % 150, 70 + (len(posts) * 53) % 120, 50 + (len(posts) * 29) % 110)
        body["feature_image"] = upload(f"feature-{len(posts) + 1:02d}.png",
                                       png(800, 450, shade, (30, 24, 20), (200, 170, 120)))
        body["feature_image_alt"] = f"Photo for {title}"
    if status != "draft":
        body["published_at"] = f"{day}T16:00:00.000Z"
    d = call("POST", "/posts/?source=html", {"posts": [body]}, what=f"post {title}")
    posts[title] = d["posts"][0]

# --- pages ---------------------------------------------------------------------------
PAGES = [
    ("About", "about", PUB, "A small roastery on Alder Street since 2015."),
    ("Wholesale", "wholesale", PUB, "Coffee, training and equipment service for cafés and offices."),
    ("Visit Us", "visit-us", PUB, "Café open 7 am to 4 pm daily; roastery tours on Saturdays."),
    ("Contact", "contact", PUB, "Email hello@copperleaf.example.com or call (503) 555-0142."),
    ("FAQ", "faq", PUB, "Shipping times, grind sizes, subscriptions and returns."),
    ("Shipping & Returns", "shipping-and-returns", PUB, "Free shipping over $40 in the US."),
    ("Privacy Policy", "privacy-policy", PUB, "What we collect and why."),
    ("Careers", "careers", "draft", "We are hiring a weekend barista."),
]
for title, slug, status, intro in PAGES:
    body = {"title": title, "slug": slug, "status": status, "html": html(title, intro),
            "authors": [{"id": users[OWNER if title != "Wholesale" else "Maya Cheng"]["id"]}]}
    if status == PUB:
        body["published_at"] = "2025-01-02T16:00:00.000Z"
    call("POST", "/pages/?source=html", {"pages": [body]}, what=f"page {title}")

# --- members -------------------------------------------------------------------------
FIRST = ["Emma", "Liam", "Olivia", "Noah", "Ava", "Ethan", "Sophia", "Mason", "Isabella", "Lucas",
         "Mia", "Oliver", "Harper", "Elijah", "Amelia", "James", "Evelyn", "Benjamin", "Abigail",
         "Henry", "Chloe", "Daniel", "Grace", "Samuel", "Zoe", "Jack", "Nora", "Owen", "Lily",
         "Caleb", "Hannah", "Ryan", "Aria", "Nathan", "Ellie", "Isaac", "Stella", "Leo",
         "Violet", "Julian", "Hazel", "Aaron", "Aurora", "Gabriel", "Naomi", "Miles", "Ruby"]
LAST = ["Martin", "Nguyen", "Garcia", "Brooks", "Patel", "Kim", "Rossi", "Walsh", "Okafor",
        "Schmidt", "Tanaka", "Larsen", "Murphy", "Silva", "Cohen", "Dubois", "Novak", "Haddad",
        "Ferreira", "Yamamoto", "Kowalski", "Reyes", "Fischer", "Bennett", "Hughes"]
LOOKALIKES = [
    ("Emma Johnson", "emma.johnson@example.com"),
    ("Emma Johnston", "emma.johnston@example.com"),
    ("Emily Johnson", "emily.johnson@example.net"),
    ("Daniel Park", "daniel.park@example.com"),
    ("Daniel Parks", "dparks@example.org"),
    ("Sofia Marquez", "sofia.marquez@example.com"),
    ("Sophia Marques", "sophia.marques@example.com"),
    ("Ben Carter", "ben.carter@example.com"),
    ("Ben Carter", "ben.carter.cafe@example.com"),
]
LABELS = ["Bean Club", "Wholesale", "Café regular", "Workshop 2025", "VIP", "Cupping list"]
NOTES = ["Prefers whole bean.", "Asked about the Guji natural.", "Pays by invoice, net 30.",
         "Wants decaf samples.", "Moved from the old mailing list.", ""]
member_rows = list(LOOKALIKES)
seen = {n for n, _ in member_rows}
while len(member_rows) < 64:
    n = f"{R.choice(FIRST)} {R.choice(LAST)}"
    if n in seen:
        continue
    seen.add(n)
    member_rows.append((n, n.lower().replace(" ", ".") + R.choice(["@example.com", "@example.org", "@example.net"])))
CAFES = {"Maple Street Café", "Rivera Espresso Bar", "North Loop Bakery"}
members: dict[str, dict] = {}
for i, (_name, email) in enumerate(member_rows):
    labels = sorted(set(R.sample(LABELS, R.choice([0, 0, 1, 1, 2]))))
    if name == "Emma Johnston":
        labels = ["Wholesale", "VIP"]
    if name == "Emma Johnson":
        labels = ["Bean Club"]
    subs = [newsletters["The Weekly Roast"]] if R.random() < 0.8 else []
    if "Wholesale" in labels:
        subs.append(newsletters["Wholesale Bulletin"])
    if "Workshop 2025" in labels or R.random() < 0.25:
        subs.append(newsletters["Workshop Announcements"])
    body = {"name": name, "email": email, "labels": [{"name": lab} for lab in labels],
            "note": NOTES[i % len(NOTES)] if i % 3 else "",
            "newsletters": [{"id": s} for s in subs]}
    if name == "Emma Johnston":
        body["note"] = "Owns Rivera Espresso Bar; 12 kg a week of house espresso."
    if name == "Ben Carter" and "cafe" in email:
        body["note"] = "Buys for North Loop Bakery."
    d = call("POST", "/members/", {"members": [body]}, what=f"member {email}")["members"][0]
    members[email] = d
# comped subscriptions on the paid tiers
for email, tier in [("emma.johnson@example.com", "Bean Club"), ("daniel.park@example.com", "Bean Club"),
                    ("sofia.marquez@example.com", "Roaster's Circle"),
                    (member_rows[20][1], "Bean Club"), (member_rows[31][1], "Roaster's Circle")]:
    m = members[email]
    call("PUT", f"/members/{m['id']}/", {"members": [{"tiers": [{"id": tiers[tier]["id"]}]}]},
         what=f"comp {email}")

# --- snippets and integrations ---------------------------------------------------------
for name, text in [("Newsletter sign-off", "See you at the bar — the Copperleaf crew"),
                   ("Wholesale footer", "Wholesale questions: wholesale@copperleaf.example.com"),
                   ("Brew ratio box", "Ratio 1:16 · 15 g coffee · 240 g water · 94 °C")]:
    lexical = json.dumps({"namespace": "KoenigEditor", "nodes": [{"children": [{
        "detail": 0, "format": 0, "mode": "normal", "style": "", "text": text, "type": "extended-text",
        "version": 1}], "direction": "ltr", "format": "", "indent": 0, "type": "paragraph", "version": 1}]})
    call("POST", "/snippets/", {"snippets": [{"name": name, "mobiledoc": "{}", "lexical": lexical}]}, what=f"snippet {name}")
for name, desc, hooks in [
    ("Shopify order sync", "Creates members from web-shop orders.",
     [("member.added", "Member added → shop CRM"), ("member.deleted", "Member deleted → shop CRM")]),
    ("Zapier: Slack posts", "Posts new articles to the #journal channel.",
     [("post.published", "Published post → Slack")]),
]:
    integ = call("POST", "/integrations/?include=api_keys,webhooks",
                 {"integrations": [{"name": name, "description": desc}]}, what=f"integration {name}")
    iid = integ["integrations"][0]["id"]
    for event, hname in hooks:
        call("POST", "/webhooks/", {"webhooks": [{
            "event": event, "target_url": "http://127.0.0.1:9/hook", "name": hname,
            "integration_id": iid}]}, what=f"webhook {hname}")

# --- pin timestamps ------------------------------------------------------------------
def ts(day: str, hour: int = 16) -> str:
    return f"{day} {hour:02d}:00:00"


for title, _status, day, *_ in POSTS:
    pid = posts[title]["id"]
    con.execute("update posts set created_at = ?, updated_at = ? where id = ?",
                (ts(day, 15), ts(day, 17), pid))
con.execute("update posts set created_at = '2025-01-02 15:00:00', updated_at = '2025-01-02 17:00:00' "
            "where type = 'page'")
base = dt.datetime(2024, 9, 2, 14, 0)
for i, (_name, email) in enumerate(member_rows):
    when = (base + dt.timedelta(days=5 * i, hours=i % 7)).strftime("%Y-%m-%d %H:%M:%S")
    con.execute("update members set created_at = ?, updated_at = ? where email = ?", (when, when, email))
    for table in ("members_created_events", "members_status_events", "members_subscribe_events"):
        con.execute(f"update {table} set created_at = ? where member_id = "
                    "(select id from members where email = ?)", (when, email))
# the complimentary plans: Ghost (with no Stripe connected) links the tier but leaves the
# status free; set it as a comped member's would be
con.execute("update members set status = 'comped' where id in (select member_id from members_products)")
con.execute("update members_status_events set to_status = 'comped' "
            "where member_id in (select member_id from members_products)")
# pending invitations: sent on a fixed day and good until 2035 (Ghost's default is 7 days)
con.execute("update invites set expires = ?, created_at = '2025-07-01 16:00:00', "
            "updated_at = '2025-07-01 16:00:00'",
            (int(dt.datetime(2035, 1, 1, tzinfo=dt.UTC).timestamp() * 1000),))
con.execute("update users set created_at = '2024-08-01 10:00:00', updated_at = '2024-08-01 10:00:00'")
con.commit()
con.close()
print(f"seeded: {len(users)} staff, {len(tags)} tags, {len(posts)} posts, {len(PAGES)} pages, "
      f"{len(members)} members")
