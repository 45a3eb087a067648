"""Seed Label Studio for the find corpus: an e-commerce data team's labeling workspace.

Run by setup.sh with the labelstudio venv's python, after ``label-studio init`` made the
admin user and organization. Everything goes through Label Studio's own REST API (DRF's
APIClient in-process, authenticated as the acting user, so no server need run), then
timestamps are pinned so that the UI shows the same dates on every machine. The random
generator is seeded: the same ids, texts and annotations every run on a fresh database.

Made: 9 more members (with look-alike names), 10 projects (look-alike titles, text
classification, NER, image boxes, rating/review, search relevance), 299 tasks with
data columns, predictions from two model versions, annotations by several people
(184, some tasks with two, some skipped), data-manager tabs with filters, and webhooks.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import random
import struct
import sys
import zlib

import label_studio

LS_PATH = os.path.dirname(label_studio.__file__)
sys.path.insert(0, LS_PATH)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "label_studio.core.settings.label_studio")

from django.core.wsgi import get_wsgi_application  # noqa: E402

get_wsgi_application()

from django.utils import timezone  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402
from users.models import User  # noqa: E402

R = random.Random(20250611)
BASE = dt.datetime(2025, 5, 12, 9, 0, tzinfo=dt.UTC)

ADMIN_EMAIL = os.environ.get("LABEL_STUDIO_USERNAME", "admin@example.com")


def client(user: User) -> APIClient:
    c = APIClient()
    c.force_authenticate(user=user)
    return c


def ok(resp, what: str):
    if resp.status_code >= 300:
        raise SystemExit(f"{what}: HTTP {resp.status_code}: {resp.content[:600]!r}")
    return resp.json() if resp.content else None


admin = User.objects.get(email=ADMIN_EMAIL)
api = client(admin)
ok(
    api.patch(
        f"/api/users/{admin.id}/", {"first_name": "Dana", "last_name": "Whitfield"}, format="json"
    ),
    "admin name",
)

# --- members (look-alikes: Maria Lopez / Mario Lopes, Priya Natarajan / Priya Nair,
# Jonas Weber / Jonas Weller) ---------------------------------------------------------
PEOPLE = [
    ("Maria", "Lopez", "maria.lopez@example.com"),
    ("Mario", "Lopes", "mario.lopes@example.com"),
    ("Priya", "Natarajan", "priya.natarajan@example.com"),
    ("Priya", "Nair", "priya.nair@example.com"),
    ("Jonas", "Weber", "jonas.weber@example.com"),
    ("Jonas", "Weller", "jonas.weller@example.com"),
    ("Aiko", "Tanaka", "aiko.tanaka@example.com"),
    ("Samuel", "Okafor", "samuel.okafor@example.com"),
    ("Chen", "Wei", "chen.wei@example.com"),
]
users: dict[str, User] = {}
for first, last, email in PEOPLE:
    d = ok(
        api.post(
            "/api/users/",
            {
                "first_name": first,
                "last_name": last,
                "email": email,
                "username": email.split("@")[0],
            },
            format="json",
        ),
        f"user {email}",
    )
    u = User.objects.get(id=d["id"])
    u.set_password("bench-labels-2025")
    u.active_organization = admin.active_organization
    u.save()
    users[f"{first} {last}"] = u
ANNOTATORS = list(users.values())

# --- label configs ----------------------------------------------------------------
SENTIMENT = """<View>
  <Header value="Product: $product"/>
  <Text name="review" value="$review"/>
  <Choices name="sentiment" toName="review" choice="single" showInline="true">
    <Choice value="Positive" background="#2e7d32"/>
    <Choice value="Negative" background="#c62828"/>
    <Choice value="Neutral" background="#757575"/>
    <Choice value="Mixed" background="#f9a825"/>
  </Choices>
</View>"""

INTENT = """<View>
  <Header value="Ticket $ticket_id from $customer"/>
  <Text name="message" value="$message"/>
  <Choices name="intent" toName="message" choice="multiple">
    <Choice value="Billing"/>
    <Choice value="Shipping"/>
    <Choice value="Returns"/>
    <Choice value="Account access"/>
    <Choice value="Technical issue"/>
    <Choice value="Other"/>
  </Choices>
  <Choices name="priority" toName="message" choice="single" showInline="true">
    <Choice value="Low"/>
    <Choice value="Normal"/>
    <Choice value="Urgent"/>
  </Choices>
</View>"""

INVOICE = """<View>
  <Labels name="entity" toName="text">
    <Label value="Vendor" background="#1e88e5"/>
    <Label value="Invoice Number" background="#8e24aa"/>
    <Label value="Invoice Date" background="#00897b"/>
    <Label value="Due Date" background="#43a047"/>
    <Label value="Total Amount" background="#e53935"/>
    <Label value="Tax Amount" background="#fb8c00"/>
  </Labels>
  <Text name="text" value="$text"/>
</View>"""

RECEIPT = """<View>
  <Labels name="entity" toName="text">
    <Label value="Store" background="#1e88e5"/>
    <Label value="Purchase Date" background="#00897b"/>
    <Label value="Total" background="#e53935"/>
    <Label value="Tax" background="#fb8c00"/>
    <Label value="Payment Method" background="#6d4c41"/>
  </Labels>
  <Text name="text" value="$text"/>
</View>"""

SHELF = """<View>
  <Image name="image" value="$image" zoom="true"/>
  <RectangleLabels name="box" toName="image">
    <Label value="Cereal" background="#f4511e"/>
    <Label value="Snack" background="#fdd835"/>
    <Label value="Beverage" background="#039be5"/>
    <Label value="Price Tag" background="#7cb342"/>
    <Label value="Empty Facing" background="#8d6e63"/>
  </RectangleLabels>
</View>"""

CALLS = """<View>
  <Header value="Call $call_id, agent $agent"/>
  <Text name="transcript" value="$transcript"/>
  <Rating name="quality" toName="transcript" maxRating="5" icon="star"/>
  <Choices name="resolved" toName="transcript" choice="single" showInline="true">
    <Choice value="Resolved"/>
    <Choice value="Escalated"/>
    <Choice value="Unresolved"/>
  </Choices>
  <TextArea name="coaching" toName="transcript" placeholder="Coaching note for the agent" rows="3"/>
</View>"""

HEADLINES = """<View>
  <Text name="headline" value="$headline"/>
  <Choices name="topic" toName="headline" choice="single">
    <Choice value="Politics"/>
    <Choice value="Business"/>
    <Choice value="Sports"/>
    <Choice value="Technology"/>
    <Choice value="Health"/>
    <Choice value="Entertainment"/>
  </Choices>
</View>"""

RELEVANCE = """<View>
  <Header value="Query: $query"/>
  <Text name="result" value="$result_title"/>
  <Text name="snippet" value="$snippet"/>
  <Choices name="relevance" toName="result" choice="single" showInline="true">
    <Choice value="Highly relevant"/>
    <Choice value="Somewhat relevant"/>
    <Choice value="Not relevant"/>
  </Choices>
</View>"""

# --- data --------------------------------------------------------------------------
PRODUCTS = [
    "Aero Wireless Earbuds",
    "Aero Wireless Earbuds Pro",
    "Cascade Water Bottle",
    "Cascade Water Bottle XL",
    "Nimbus Desk Lamp",
    "Nimbus Floor Lamp",
    "Trailhead Backpack 28L",
    "Trailhead Backpack 40L",
    "Velo Bike Light",
    "Pocket Espresso Maker",
    "Harbor Rain Jacket",
    "Summit Trekking Poles",
]
POS = [
    "Exactly as described and arrived two days early.",
    "Battery lasts all week, very happy.",
    "Solid build quality, would buy again.",
    "Fits perfectly and looks great.",
    "Best purchase I made this year.",
    "My kids love it, easy to clean.",
]
NEG = [
    "Stopped working after a week.",
    "The zipper broke on the first trip.",
    "Arrived scratched and the box was crushed.",
    "Much smaller than the pictures suggest.",
    "Customer service never answered my emails.",
    "Leaks every time I put it in my bag.",
]
NEU = [
    "It does what it says, nothing more.",
    "Delivered on the expected date.",
    "Average product for the price.",
    "Color is slightly different from the photo.",
]
MIX = [
    "Great sound but the case feels cheap.",
    "Bright light, yet the clip snapped quickly.",
    "Comfortable, although the straps fray already.",
    "Tastes great but it is loud.",
]
SENT_SOURCES = {"Positive": POS, "Negative": NEG, "Neutral": NEU, "Mixed": MIX}
STATES = ["CA", "TX", "NY", "WA", "OR", "IL", "FL", "CO"]


def reviews(n: int, prefix: str, market: list[str]):
    out = []
    for i in range(n):
        label = R.choice(["Positive", "Positive", "Negative", "Neutral", "Mixed"])
        a, b = R.sample(SENT_SOURCES[label], 2)
        out.append(
            (
                {
                    "review": f"{a} {b}",
                    "product": R.choice(PRODUCTS),
                    "stars": {
                        "Positive": R.choice([4, 5]),
                        "Negative": R.choice([1, 2]),
                        "Neutral": 3,
                        "Mixed": R.choice([2, 3, 4]),
                    }[label],
                    "order_id": f"{prefix}-{104200 + i * 7}",
                    "market": R.choice(market),
                },
                label,
            )
        )
    return out


INTENT_TEXTS = {
    "Billing": [
        "I was charged twice for order {o}.",
        "My invoice shows the wrong VAT number.",
        "The promo code was not applied at checkout.",
    ],
    "Shipping": [
        "Order {o} has been stuck in transit for ten days.",
        "The tracking link for {o} does not work.",
        "Can you ship to a PO box instead?",
    ],
    "Returns": [
        "How do I return the jacket from order {o}?",
        "I sent the lamp back two weeks ago and have no refund yet.",
        "The return label you emailed has expired.",
    ],
    "Account access": [
        "I cannot log in after resetting my password.",
        "Two-factor codes never arrive on my phone.",
        "Please merge my two customer accounts.",
    ],
    "Technical issue": [
        "The app crashes when I open my order history.",
        "Checkout page spins forever on Safari.",
        "Earbuds firmware update fails at 80 percent.",
    ],
}
CUSTOMERS = [
    "Olivia Brooks",
    "Liam Carter",
    "Emma Diaz",
    "Noah Evans",
    "Ava Foster",
    "Lucas Green",
    "Mia Hughes",
    "Ethan Ito",
    "Sofia Jensen",
    "Mason King",
]

VENDORS = [
    "Northwind Traders",
    "Northwind Logistics",
    "Contoso Office Supply",
    "Fabrikam Parts",
    "Globex Packaging",
    "Initech Software",
    "Umbrella Cleaning Co",
    "Acme Freight",
]


def invoice_text(i: int):
    v = R.choice(VENDORS)
    num = f"INV-{2025}{i:04d}"
    d1 = BASE.date() - dt.timedelta(days=R.randint(5, 60))
    d2 = d1 + dt.timedelta(days=30)
    total = R.randint(120, 9800) + R.choice([0, 0.5, 0.99, 0.25])
    tax = round(total * 0.08, 2)
    text = (
        f"{v}\nInvoice {num}\nIssued {d1:%B %d, %Y}. Payment due {d2:%B %d, %Y}.\n"
        f"Subtotal ${total - tax:,.2f}, sales tax ${tax:,.2f}, total due ${total:,.2f}."
    )
    spans = []
    for value, label in [
        (v, "Vendor"),
        (num, "Invoice Number"),
        (f"{d1:%B %d, %Y}", "Invoice Date"),
        (f"{d2:%B %d, %Y}", "Due Date"),
        (f"${total:,.2f}", "Total Amount"),
        (f"${tax:,.2f}", "Tax Amount"),
    ]:
        start = text.rfind(value) if label == "Total Amount" else text.find(value)
        spans.append((start, start + len(value), value, label))
    return {"text": text, "vendor": v, "invoice_no": num, "pages": R.randint(1, 4)}, spans


STORES = [
    "FreshMart #112",
    "FreshMart #118",
    "CornerGrocer Elm St",
    "CornerGrocer Oak St",
    "QuickStop Fuel 7",
    "Bean There Cafe",
]


def receipt_text(i: int):
    s = R.choice(STORES)
    d = BASE.date() - dt.timedelta(days=R.randint(1, 40))
    total = round(R.uniform(3, 180), 2)
    tax = round(total * 0.07, 2)
    pay = R.choice(["VISA ****4417", "MASTERCARD ****0921", "CASH", "AMEX ****3005"])
    text = (
        f"{s}\n{d:%m/%d/%Y} {R.randint(7, 21):02d}:{R.randint(0, 59):02d}"
        f"\nTAX {tax:.2f}\nTOTAL {total:.2f}\nPAID {pay}"
    )
    spans = []
    for value, label in [
        (s, "Store"),
        (f"{d:%m/%d/%Y}", "Purchase Date"),
        (f"{total:.2f}", "Total"),
        (f"{tax:.2f}", "Tax"),
        (pay, "Payment Method"),
    ]:
        start = text.find(value)
        spans.append((start, start + len(value), value, label))
    return {"text": text, "store": s}, spans


AGENTS = ["Rosa Martinez", "Rosa Martins", "Kofi Mensah", "Ingrid Olsen", "Tariq Aziz"]
CALL_LINES = [
    "Customer: Hi, my order never arrived. Agent: I am sorry, let me check the tracking.",
    "Customer: I need to change my delivery address. "
    "Agent: Sure, can you confirm the order number?",
    "Customer: The earbuds will not pair. "
    "Agent: Let's try a reset, hold both buttons for ten seconds.",
    "Customer: I want a refund. Agent: I can offer store credit or a refund to your card.",
    "Customer: Why was I charged twice? Agent: I see a pending authorization that will drop off.",
]
HEADLINE_TEXTS = {
    "Politics": [
        "Senate passes infrastructure bill after late-night vote",
        "Mayor announces re-election bid amid budget dispute",
        "Coalition talks stall over energy policy",
    ],
    "Business": [
        "Retailer posts record quarterly revenue on online sales",
        "Chipmaker shares fall after weak guidance",
        "Startup raises $40 million to expand grocery delivery",
    ],
    "Sports": [
        "Underdogs clinch title with stoppage-time winner",
        "Star pitcher signs five-year extension",
        "Marathon record falls in windy conditions",
    ],
    "Technology": [
        "New phone update brings offline maps to older models",
        "Open-source database reaches version 2.0",
        "Regulators probe app store payment rules",
    ],
    "Health": [
        "Study links daily walks to better sleep",
        "Flu season arrives early in northern states",
        "Hospital network expands telehealth visits",
    ],
    "Entertainment": [
        "Summer blockbuster tops box office for third week",
        "Streaming series renewed for final season",
        "Indie band announces surprise reunion tour",
    ],
}
QUERIES = [
    "waterproof hiking backpack",
    "wireless earbuds with case",
    "insulated water bottle 1l",
    "led desk lamp dimmable",
    "bike light usb rechargeable",
]
RESULTS = [
    ("Trailhead Backpack 40L", "Roll-top, waterproof fabric, fits a 16 inch laptop."),
    ("Trailhead Backpack 28L", "Daypack with rain cover and hydration sleeve."),
    ("Harbor Rain Jacket", "Packable shell with taped seams."),
    ("Aero Wireless Earbuds", "Eight hours of play, charging case included."),
    ("Aero Wireless Earbuds Pro", "Noise cancelling, wireless charging case."),
    ("Cascade Water Bottle XL", "1.2 litre, double-wall insulated steel."),
    ("Nimbus Desk Lamp", "Five brightness levels, USB-C powered."),
    ("Velo Bike Light", "300 lumen front light, USB rechargeable."),
]


def png(seed: int, w: int = 480, h: int = 320) -> bytes:
    """A small shelf-like PNG: coloured product blocks on three shelves."""
    rng = random.Random(seed)
    rows = [bytearray([235, 232, 225] * w) for _ in range(h)]
    for shelf in range(3):
        y0 = 20 + shelf * 100
        x = 10
        while x < w - 40:
            bw = rng.randint(30, 70)
            col = rng.choice(
                [(244, 81, 30), (253, 216, 53), (3, 155, 229), (124, 179, 66), (120, 90, 70)]
            )
            for y in range(y0, y0 + 70):
                rows[y][3 * x : 3 * (x + bw)] = bytes(col) * bw
            x += bw + rng.randint(4, 14)
        for y in range(y0 + 72, y0 + 78):
            rows[y][:] = bytes([90, 90, 90]) * w
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 6))
        + chunk(b"IEND", b"")
    )


# --- helpers ------------------------------------------------------------------------
def project(title, config, description, color, instruction="", **extra):
    body = {
        "title": title,
        "label_config": config,
        "description": description,
        "color": color,
        "expert_instruction": instruction,
        "show_instruction": bool(instruction),
        **extra,
    }
    return ok(api.post("/api/projects/", body, format="json"), f"project {title}")["id"]


def import_tasks(pid, tasks):
    ok(api.post(f"/api/projects/{pid}/import", tasks, format="json"), f"import {pid}")
    return [
        t["id"] for t in ok(api.get(f"/api/tasks/?project={pid}&page_size=1000"), "tasks")["tasks"]
    ]


def annotate(user, task_id, result, lead=None, cancelled=False):
    body = {
        "result": result,
        "lead_time": lead or round(R.uniform(8, 140), 1),
        "was_cancelled": cancelled,
    }
    return ok(
        client(user).post(f"/api/tasks/{task_id}/annotations/?project=", body, format="json"),
        f"annotation on {task_id}",
    )["id"]


def choice(from_name, to_name, values):
    return [
        {
            "from_name": from_name,
            "to_name": to_name,
            "type": "choices",
            "value": {"choices": values},
        }
    ]


def spans_result(spans, rid_prefix):
    return [
        {
            "id": f"{rid_prefix}{k}",
            "from_name": "entity",
            "to_name": "text",
            "type": "labels",
            "value": {"start": s, "end": e, "text": t, "labels": [lab]},
        }
        for k, (s, e, t, lab) in enumerate(spans)
    ]


def view(pid, title, filters=None, ordering=None, show=()):
    """A data-manager tab with the columns Label Studio shows by default (plus ``show``)."""
    cols = ok(api.get(f"/api/dm/columns/?project={pid}"), "columns")["columns"]
    hidden = {"explore": [], "labeling": []}
    for c in cols:
        vis = c.get("visibility_defaults")
        if not vis:
            continue
        key = f"tasks:{c['parent'] + '.' if c.get('parent') else ''}{c['id']}"
        for mode in hidden:
            if not vis.get(mode) and c["id"] not in show:
                hidden[mode].append(key)
    data = {
        "title": title,
        "ordering": ordering or [],
        "type": "list",
        "target": "tasks",
        "hiddenColumns": hidden,
    }
    if filters:
        data["filters"] = {"conjunction": "and", "items": filters}
    ok(api.post("/api/dm/views/", {"project": pid, "data": data}, format="json"), f"view {title}")


def other(u):
    return R.choice([a for a in ANNOTATORS if a != u])


# --- 1. Product Reviews - Sentiment -------------------------------------------------------
p1 = project(
    "Product Reviews - Sentiment",
    SENTIMENT,
    "Star reviews from the US storefront, labeled for the sentiment dashboard.",
    "#2e7d32",
    "<p>Pick <b>Mixed</b> only when the review praises and criticises the "
    "product in the same breath. Ignore shipping complaints unless they are the only topic.</p>",
    maximum_annotations=2,
)
rev = reviews(48, "US", STATES)
preds = []
for data, label in rev:
    guess = label if R.random() < 0.75 else R.choice(["Positive", "Negative", "Neutral", "Mixed"])
    preds.append(
        {
            "data": data,
            "predictions": [
                {
                    "model_version": "sentiment-bert-v3",
                    "score": round(R.uniform(0.51, 0.99), 2),
                    "result": choice("sentiment", "review", [guess]),
                }
            ],
        }
    )
ids1 = import_tasks(p1, preds)
for k, tid in enumerate(ids1[:34]):
    label = rev[k][1]
    u = ANNOTATORS[k % len(ANNOTATORS)]
    if k % 11 == 5:
        annotate(u, tid, [], cancelled=True)
        continue
    annotate(u, tid, choice("sentiment", "review", [label]))
    if k % 4 == 0:  # a second opinion, sometimes disagreeing
        second = label if k % 8 == 0 else R.choice([x for x in SENT_SOURCES if x != label])
        annotate(other(u), tid, choice("sentiment", "review", [second]))
view(p1, "Default")
view(
    p1,
    "Needs second opinion",
    [
        {
            "filter": "filter:tasks:total_annotations",
            "operator": "equal",
            "type": "Number",
            "value": 1,
        }
    ],
)
view(
    p1,
    "Low model confidence",
    [
        {
            "filter": "filter:tasks:predictions_score",
            "operator": "less",
            "type": "Number",
            "value": 0.7,
        }
    ],
    show=("predictions_score",),
)

# --- 2. Product Reviews - Sentiment (EU) ------------------------------------------------
p2 = project(
    "Product Reviews - Sentiment (EU)",
    SENTIMENT,
    "Same guidelines as the US project, reviews from the EU storefronts (translated).",
    "#1565c0",
    maximum_annotations=1,
)
rev2 = reviews(22, "EU", ["DE", "FR", "NL", "ES", "IT"])
ids2 = import_tasks(p2, [{"data": d} for d, _ in rev2])
for k, tid in enumerate(ids2[:9]):
    annotate(
        ANNOTATORS[(k + 3) % len(ANNOTATORS)], tid, choice("sentiment", "review", [rev2[k][1]])
    )

# --- 3. Support Tickets - Intent ---------------------------------------------------------
p3 = project(
    "Support Tickets - Intent",
    INTENT,
    "Inbound support emails; tag every intent that applies and a priority.",
    "#6a1b9a",
    "<p>A ticket may have several intents. Mark <b>Urgent</b> when money was taken twice "
    "or an account is locked.</p>",
)
tickets = []
for i in range(36):
    intents = R.sample(list(INTENT_TEXTS), R.choice([1, 1, 2]))
    msg = " ".join(R.choice(INTENT_TEXTS[x]).format(o=f"#{58000 + i * 13}") for x in intents)
    tickets.append(
        (
            {
                "message": msg,
                "ticket_id": f"T-{9100 + i}",
                "customer": R.choice(CUSTOMERS),
                "channel": R.choice(["email", "chat", "web form"]),
            },
            intents,
        )
    )
ids3 = import_tasks(p3, [{"data": d} for d, _ in tickets])
for k, tid in enumerate(ids3[:21]):
    intents = tickets[k][1]
    pr = (
        "Urgent"
        if "Billing" in intents or "Account access" in intents
        else R.choice(["Low", "Normal"])
    )
    annotate(
        ANNOTATORS[(k * 2) % len(ANNOTATORS)],
        tid,
        choice("intent", "message", intents) + choice("priority", "message", [pr]),
    )
view(p3, "Default")
view(
    p3,
    "Urgent only",
    [
        {
            "filter": "filter:tasks:annotations_results",
            "operator": "contains",
            "type": "String",
            "value": "Urgent",
        }
    ],
)
view(
    p3,
    "Chat channel",
    [
        {
            "filter": "filter:tasks:data.channel",
            "operator": "equal",
            "type": "String",
            "value": "chat",
        }
    ],
)

# --- 4. Invoice Entities ------------------------------------------------------------------
p4 = project(
    "Invoice Entities",
    INVOICE,
    "Vendor invoices (OCR text) for the accounts-payable extractor.",
    "#e65100",
    "<p>Label the <b>total due</b> as Total Amount, never the subtotal.</p>",
)
inv = [invoice_text(i) for i in range(1, 31)]
inv_tasks = []
for k, (d, spans) in enumerate(inv):
    t = {"data": d}
    if k % 3 == 0:
        t["predictions"] = [
            {
                "model_version": "layoutlm-invoices-0.4",
                "score": round(R.uniform(0.6, 0.95), 2),
                "result": spans_result(spans[:4], f"p{k}_"),
            }
        ]
    inv_tasks.append(t)
ids4 = import_tasks(p4, inv_tasks)
for k, tid in enumerate(ids4[:18]):
    annotate(ANNOTATORS[(k + 1) % len(ANNOTATORS)], tid, spans_result(inv[k][1], f"a{k}_"))

# --- 5. Receipt Entities ------------------------------------------------------------------
p5 = project(
    "Receipt Entities", RECEIPT, "Till receipts photographed by shoppers, OCR text.", "#ad1457"
)
rec = [receipt_text(i) for i in range(1, 27)]
ids5 = import_tasks(p5, [{"data": d} for d, _ in rec])
for k, tid in enumerate(ids5[:12]):
    annotate(ANNOTATORS[(k + 5) % len(ANNOTATORS)], tid, spans_result(rec[k][1], f"r{k}_"))

# --- 6. Shelf Photos - Product Boxes ------------------------------------------------------
p6 = project(
    "Shelf Photos - Product Boxes",
    SHELF,
    "Store shelf photos for the planogram-compliance detector.",
    "#00838f",
    "<p>Draw one box per facing. Use <b>Empty Facing</b> for gaps wider than a product.</p>",
)
files = {}
for i in range(1, 13):
    aisle = ["cereal", "snacks", "drinks"][i % 3]
    files[f"file{i}"] = (f"shelf_{aisle}_{i:02d}.png", io.BytesIO(png(i)), "image/png")
for name, buf, _ in files.values():
    buf.name = name
ok(
    api.post(f"/api/projects/{p6}/import", {k: v[1] for k, v in files.items()}, format="multipart"),
    "shelf upload",
)
ids6 = [t["id"] for t in ok(api.get(f"/api/tasks/?project={p6}&page_size=100"), "tasks")["tasks"]]
for k, tid in enumerate(ids6[:7]):
    res = []
    for j in range(R.randint(3, 6)):
        res.append(
            {
                "id": f"b{k}_{j}",
                "from_name": "box",
                "to_name": "image",
                "type": "rectanglelabels",
                "original_width": 480,
                "original_height": 320,
                "image_rotation": 0,
                "value": {
                    "x": round(2 + j * 15 + R.uniform(0, 3), 2),
                    "y": round(6 + (j % 3) * 31, 2),
                    "width": round(R.uniform(7, 13), 2),
                    "height": 21.5,
                    "rotation": 0,
                    "rectanglelabels": [
                        R.choice(["Cereal", "Snack", "Beverage", "Price Tag", "Empty Facing"])
                    ],
                },
            }
        )
    annotate(ANNOTATORS[k % 4], tid, res)

# --- 7. Call Transcripts - QA Review ------------------------------------------------------
p7 = project(
    "Call Transcripts - QA Review",
    CALLS,
    "Weekly sample of support calls scored by the QA team.",
    "#5d4037",
    maximum_annotations=1,
)
calls = [
    {
        "transcript": R.choice(CALL_LINES) + " " + R.choice(CALL_LINES),
        "call_id": f"C-{77100 + i * 3}",
        "agent": R.choice(AGENTS),
        "duration_s": R.randint(90, 1500),
    }
    for i in range(28)
]
ids7 = import_tasks(p7, [{"data": d} for d in calls])
for k, tid in enumerate(ids7[:15]):
    res = [
        {
            "from_name": "quality",
            "to_name": "transcript",
            "type": "rating",
            "value": {"rating": R.randint(2, 5)},
        }
    ]
    res += choice(
        "resolved", "transcript", [R.choice(["Resolved", "Resolved", "Escalated", "Unresolved"])]
    )
    res.append(
        {
            "from_name": "coaching",
            "to_name": "transcript",
            "type": "textarea",
            "value": {
                "text": [
                    R.choice(
                        [
                            "Confirm the order number earlier.",
                            "Good empathy, offer the refund options sooner.",
                            "Summarise next steps before ending the call.",
                        ]
                    )
                ]
            },
        }
    )
    annotate(ANNOTATORS[(k + 2) % len(ANNOTATORS)], tid, res)

# --- 8. News Headlines - Topic, and its archived twin --------------------------------------
p8 = project(
    "News Headlines - Topic",
    HEADLINES,
    "Headlines for the recommendations team's topic classifier.",
    "#283593",
)
heads = []
for i in range(60):
    topic = R.choice(list(HEADLINE_TEXTS))
    heads.append(
        (
            {
                "headline": R.choice(HEADLINE_TEXTS[topic]),
                "source": R.choice(["Daily Ledger", "Metro Wire", "The Courier", "Metro Times"]),
                "published": f"2025-04-{1 + i % 28:02d}",
            },
            topic,
        )
    )
ids8 = import_tasks(
    p8,
    [
        {
            "data": d,
            "predictions": [
                {
                    "model_version": "topic-distilbert-v1",
                    "score": round(R.uniform(0.4, 0.99), 2),
                    "result": choice("topic", "headline", [t]),
                }
            ],
        }
        for d, t in heads
    ],
)
for k, tid in enumerate(ids8[:40]):
    annotate(ANNOTATORS[k % len(ANNOTATORS)], tid, choice("topic", "headline", [heads[k][1]]))
view(p8, "Default")
view(
    p8,
    "Sports and Health",
    [
        {
            "filter": "filter:tasks:annotations_results",
            "operator": "contains",
            "type": "String",
            "value": "Sports",
        }
    ],
)

p9 = project(
    "News Headlines - Topic (2024 archive)",
    HEADLINES,
    "Frozen copy of last year's labels; do not annotate.",
    "#9e9e9e",
)
ids9 = import_tasks(p9, [{"data": d} for d, _ in heads[:12]])

# --- 10. Search Relevance ----------------------------------------------------------------
p10 = project(
    "Search Relevance - Storefront",
    RELEVANCE,
    "Judge whether a search result answers the shopper's query.",
    "#f9a825",
    maximum_annotations=3,
)
pairs = []
for q in QUERIES:
    for title, snip in R.sample(RESULTS, 5):
        pairs.append(
            {"query": q, "result_title": title, "snippet": snip, "rank": len(pairs) % 5 + 1}
        )
ids10 = import_tasks(p10, [{"data": d} for d in pairs])
for tid in ids10[:10]:
    for u in R.sample(ANNOTATORS, 2):
        annotate(
            u,
            tid,
            choice(
                "relevance",
                "result",
                [R.choice(["Highly relevant", "Somewhat relevant", "Not relevant"])],
            ),
        )

# --- webhooks on two projects ---------------------------------------------------------------
for pid, url in [
    (p1, "http://127.0.0.1:9/hooks/sentiment-dashboard"),
    (p1, "http://127.0.0.1:9/hooks/slack-labeling"),
    (p4, "http://127.0.0.1:9/hooks/ap-extractor-retrain"),
]:
    ok(
        api.post(
            "/api/webhooks/",
            {
                "project": pid,
                "url": url,
                "send_payload": True,
                "is_active": pid == p1,
                "actions": ["ANNOTATION_CREATED"],
            },
            format="json",
        ),
        f"webhook {url}",
    )

# --- pin the clock: fixed creation and update times everywhere --------------------------
from projects.models import Project  # noqa: E402
from tasks.models import Annotation, Prediction, Task  # noqa: E402

for n, p in enumerate(Project.objects.order_by("id")):
    t = BASE + dt.timedelta(days=n * 2, hours=n)
    Project.objects.filter(id=p.id).update(created_at=t, updated_at=t)
for n, t in enumerate(Task.objects.order_by("id")):
    ts = BASE + dt.timedelta(days=1, minutes=n * 3)
    Task.objects.filter(id=t.id).update(created_at=ts, updated_at=ts)
for n, a in enumerate(Annotation.objects.order_by("id")):
    ts = BASE + dt.timedelta(days=4, hours=n // 6, minutes=(n * 7) % 60)
    Annotation.objects.filter(id=a.id).update(created_at=ts, updated_at=ts)
from webhooks.models import Webhook  # noqa: E402

for n, w in enumerate(Webhook.objects.order_by("id")):
    Webhook.objects.filter(id=w.id).update(
        created_at=BASE + dt.timedelta(days=7, minutes=n * 5),
        updated_at=BASE + dt.timedelta(days=7, minutes=n * 5),
    )
Prediction.objects.update(
    created_at=BASE + dt.timedelta(days=1), updated_at=BASE + dt.timedelta(days=1)
)
Project.objects.filter(id=p1).update(pinned_at=BASE)
for u in User.objects.all():
    User.objects.filter(id=u.id).update(
        date_joined=BASE - dt.timedelta(days=30 - u.id),
        last_activity=BASE + dt.timedelta(days=6, hours=u.id),
    )
print(
    "seeded",
    Project.objects.count(),
    "projects,",
    Task.objects.count(),
    "tasks,",
    Annotation.objects.count(),
    "annotations at",
    timezone.now(),
)
