"""Seed the bench's Roundcube mailbox: Nora Whitfield's mail at Aldermoor Architects.

Run by setup.sh with the system python while the bench's Dovecot (127.0.0.1:10143) and
Roundcube (127.0.0.1:8117) run: ``seed.py DATADIR``. Every message goes in by IMAP APPEND
with a fixed date (the Date header and the INTERNALDATE agree) and fixed flags, folder by
folder in date order, so the UIDs are the same on every machine. Last, one login through
Roundcube's own form makes Roundcube create its user row (seed.php fills it in after).

Made: the folders Projects/Harbourside Library, Projects/Quarry Lane Housing and Invoices
next to Inbox, Drafts, Sent, Archive, Junk and Trash; 71 messages dated September 2025 to
October 2026 (Europe/London): threads with In-Reply-To/References, PDF, PNG, CSV and vCard
attachments, flagged, unread, answered and forwarded mail, five messages from Lena Okafor
(structural engineer) and three from Lena Marsh (planning officer), look-alike subjects
(Invoice 2031 / Invoice 2032 / Re: Invoice 2031 / Invoice 2032 – payment reminder,
Fire strategy report v2 / v3, Unit type A / B layouts, weekly site report 14 / 15).
"""

from __future__ import annotations

import datetime as dt
import http.cookiejar
import imaplib
import re
import struct
import sys
import urllib.parse
import urllib.request
import zlib
from email.message import EmailMessage
from email.utils import format_datetime
from zoneinfo import ZoneInfo

DATA = sys.argv[1] if len(sys.argv) > 1 else ""
USER, PASSWORD = "nora", "Drafting-Table-58"
IMAP_PORT, WEB = 10143, "http://127.0.0.1:8117"
LONDON = ZoneInfo("Europe/London")
DOMAIN = "aldermoor-arch.example"

P = {
    "nora": ("Nora Whitfield", f"nora.whitfield@{DOMAIN}"),
    "ashworth": ("Tom Ashworth", f"tom.ashworth@{DOMAIN}"),
    "felix": ("Felix Morgan", f"felix.morgan@{DOMAIN}"),
    "amelia": ("Amelia Rhodes", f"amelia.rhodes@{DOMAIN}"),
    "sam": ("Sam Kowalski", f"sam.kowalski@{DOMAIN}"),
    "okafor": ("Lena Okafor", "lena.okafor@brightwell-structures.example"),
    "raj": ("Raj Patel", "raj.patel@brightwell-structures.example"),
    "owen": ("Owen Hughes", "owen.hughes@brightwell-structures.example"),
    "baines": ("Tom Baines", "tom.baines@kestrelbuild.example"),
    "gareth": ("Gareth Lloyd", "gareth.lloyd@kestrelbuild.example"),
    "nair": ("Priya Nair", "accounts@kestrelbuild.example"),
    "marsh": ("Lena Marsh", "lena.marsh@bristol-planning.example"),
    "chen": ("David Chen", "david.chen@bristol-planning.example"),
    "ellis": ("Margaret Ellis", "margaret.ellis@harbourside-trust.example"),
    "ruth": ("Ruth Adebayo", "ruth.adebayo@harbourside-trust.example"),
    "carter": ("James Carter", "james.carter@quarrylanehomes.example"),
    "hannah": ("Hannah Price", "hannah.price@quarrylanehomes.example"),
    "fox": ("Martin Fox", "martin.fox@clearview-glazing.example"),
    "okoro": ("James Okoro", "james.okoro@clearview-glazing.example"),
    "isla": ("Isla Grant", "isla.grant@greenroof-systems.example"),
    "shah": ("Priya Shah", "priya.shah@greenroof-systems.example"),
    "chloe": ("Chloe Hollis", "chloe@hollis-landscape.example"),
    "ortiz": ("Ben Ortiz", "ben.ortiz@westfield-survey.example"),
    "blake": ("Fiona Blake", "fiona.blake@blakeandco.example"),
    "daniel": ("Daniel Whitfield", "dan.whitfield@fastmail.example"),
    "ajweekly": ("AJ Weekly", "newsletter@architects-weekly.example"),
    "cadprize": ("CAD Prize Centre", "winner@cad-prizes.example"),
    "bimwebinar": ("BIM Forum Events", "events@bimforum.example"),
}

SIGN = "\n\nNora Whitfield\nProject Manager, Aldermoor Architects\n+44 117 496 0321"


# --- attachments -------------------------------------------------------------------------

def pdf(title: str, lines: list[str]) -> bytes:
    """A small valid one-page PDF showing ``title`` and ``lines``."""
    text = [f"BT /F1 16 Tf 56 780 Td ({title}) Tj ET"]
    for i, line in enumerate(lines):
        text.append(f"BT /F1 11 Tf 56 {750 - 16 * i} Td ({line}) Tj ET")
    stream = "\n".join(text).encode("latin-1")
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
        b"/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, obj in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + obj + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objs) + 1, xref)
    return bytes(out)


def png(w: int, h: int, top: tuple[int, int, int], bottom: tuple[int, int, int]) -> bytes:
    """A small PNG: a vertical gradient (a stand-in for a site photo)."""
    rows = []
    for y in range(h):
        f = y / max(1, h - 1)
        c = bytes(int(a + (b - a) * f) for a, b in zip(top, bottom, strict=True))
        rows.append(b"\x00" + c * w)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def vcard(name: str, email: str, org: str, phone: str) -> bytes:
    first, last = name.split(" ", 1)
    return ("BEGIN:VCARD\r\nVERSION:3.0\r\n"
            f"N:{last};{first};;;\r\nFN:{name}\r\nORG:{org}\r\n"
            f"EMAIL;TYPE=work:{email}\r\nTEL;TYPE=work:{phone}\r\nEND:VCARD\r\n").encode()


def invoice(no: str, supplier: str, date: str, lines: list[tuple[str, str]], total: str):
    body = [f"Invoice {no}", f"Date: {date}", "Bill to: Aldermoor Architects, Bristol"]
    body += [f"{d}  GBP {a}" for d, a in lines] + [f"Total due: GBP {total}"]
    return pdf(f"{supplier} - Invoice {no}", body)


# --- messages ----------------------------------------------------------------------------

MESSAGES: list[dict] = []


def m(folder: str, when: str, frm: str, to: list[str] | str, subject: str, body: str, *,
      cc: list[str] | None = None, att: list[tuple[str, str, bytes]] | None = None,
      flags: str = "S", key: str | None = None, reply: str | None = None) -> None:
    """One message; ``when`` is 'YYYY-MM-DD HH:MM' London time; ``flags`` letters:
    S seen, F flagged, A answered, W forwarded, D draft; ``key`` names it for replies."""
    MESSAGES.append({"folder": folder, "when": when, "from": frm,
                     "to": [to] if isinstance(to, str) else to, "cc": cc or [],
                     "subject": subject, "body": body, "att": att or [], "flags": flags,
                     "key": key, "reply": reply})


INBOX, SENT, DRAFTS, ARCHIVE = "INBOX", "Sent", "Drafts", "Archive"
INVOICES, JUNK, TRASH = "Invoices", "Junk", "Trash"
HL, QL = "Projects/Harbourside Library", "Projects/Quarry Lane Housing"
PDFT = "application/pdf"

# Archive: the start of both projects, autumn 2025 to January 2026
m(ARCHIVE, "2025-09-15 10:12", "ellis", "nora", "Harbourside Library – appointment letter",
  "Dear Nora,\n\nFurther to the trustees' decision last week, please find attached our "
  "formal letter appointing Aldermoor Architects for the refurbishment of Harbourside "
  "Library, RIBA stages 2 to 4.\n\nWith best wishes,\nMargaret Ellis\nChair, Harbourside "
  "Library Trust",
  att=[("HLT-appointment-letter.pdf", PDFT,
        pdf("Harbourside Library Trust", ["Letter of appointment", "Aldermoor Architects",
                                          "RIBA stages 2-4", "15 September 2025"]))])
m(ARCHIVE, "2025-10-02 09:03", "ashworth", "nora", "Welcome to the Harbourside project",
  "Nora,\n\nYou'll lead Harbourside from today. Felix will do the drawings, Sam helps with "
  "the surveys. Budget and fee tracker are on the shared drive under 2025-014.\n\nTom")
m(ARCHIVE, "2025-10-20 16:40", "nair", "nora", "Invoice 2029",
  "Hello,\n\nPlease find attached invoice 2029 for the enabling works at Harbourside "
  "Library. Payment terms 30 days.\n\nKind regards,\nPriya Nair\nAccounts, Kestrel Build Ltd",
  att=[("Invoice-2029.pdf", PDFT, invoice("2029", "Kestrel Build Ltd", "20/10/2025",
                                           [("Enabling works", "8,400.00")], "10,080.00"))])
m(ARCHIVE, "2025-11-18 11:25", "nair", "nora", "Invoice 2030",
  "Hello,\n\nPlease find attached invoice 2030 (strip-out, phase 1).\n\nKind regards,\n"
  "Priya Nair\nAccounts, Kestrel Build Ltd",
  att=[("Invoice-2030.pdf", PDFT, invoice("2030", "Kestrel Build Ltd", "18/11/2025",
                                           [("Strip-out phase 1", "12,950.00")],
                                           "15,540.00"))])
m(ARCHIVE, "2025-12-05 13:30", "amelia", "nora", "Christmas party – 19 December",
  "Hi all,\n\nThe office party is on Friday 19 December at the Arnolfini café, 6.30pm. "
  "Partners welcome. Let me know dietary needs by the 12th.\n\nAmelia")
m(ARCHIVE, "2026-01-12 08:47", "okafor", "nora", "Harbourside Library – survey scope",
  "Hi Nora,\n\nOur proposed scope for the structural survey: roof trusses, first floor "
  "joists, the reading room columns and the basement walls. Two days on site.\n\nLena\n"
  "Lena Okafor CEng MIStructE\nBrightwell Structures", key="arch-scope")
m(ARCHIVE, "2026-01-20 14:05", "chen", "nora", "Quarry Lane – pre-app meeting booked",
  "Dear Ms Whitfield,\n\nYour pre-application meeting for Quarry Lane is booked for "
  "3 February at 10:00, City Hall, room 2.14. The case officer will be Lena Marsh.\n\n"
  "David Chen\nDevelopment Management, Bristol City Council")
m(ARCHIVE, "2026-01-28 17:20", "carter", "nora", "Quarry Lane – appointment",
  "Nora,\n\nGood to meet you yesterday. We're happy to go ahead with Aldermoor for the "
  "12 homes at Quarry Lane; contract to follow from our solicitor.\n\nJames Carter\n"
  "Development Director, Quarry Lane Homes")

# Inbox and Sent, February to October 2026
m(INBOX, "2026-02-03 09:15", "okafor", "nora",
  "Harbourside Library – structural survey findings",
  "Hi Nora,\n\nThe survey report is attached. In short: the roof trusses are sound, two "
  "first-floor joists need sistering, and there is a diagonal crack in the basement wall "
  "under the reading room that we'd like to monitor for three months.\n\nLena",
  att=[("Harbourside_structural_survey.pdf", PDFT,
        pdf("Brightwell Structures", ["Harbourside Library - structural survey",
                                      "Roof trusses: sound", "First floor: 2 joists to sister",
                                      "Basement: diagonal crack, monitor 3 months"]))],
  flags="SA", key="survey")
m(SENT, "2026-02-05 11:02", "nora", "okafor",
  "Re: Harbourside Library – structural survey findings",
  "Thanks Lena, very clear. Could you propose a monitoring regime for the crack and a "
  "budget figure for the joist repairs?" + SIGN, key="survey-re", reply="survey")
m(INBOX, "2026-02-10 08:30", "ashworth", "nora", "Q1 workload planning",
  "Nora,\n\nCan you send me your hours forecast for Harbourside and Quarry Lane for "
  "February and March by Friday?\n\nThanks,\nTom")
m(INBOX, "2026-02-17 15:48", "ellis", "nora", "Trustees' meeting – design review",
  "Dear Nora,\n\nThe trustees meet on 3 March. Could you present the Stage 2 design for "
  "about twenty minutes, with time for questions?\n\nBest wishes,\nMargaret",
  flags="SA", key="trustees")
m(SENT, "2026-02-18 10:10", "nora", "ellis", "Re: Trustees' meeting – design review",
  "Dear Margaret,\n\nHappy to. I'll bring boards and a short slide deck; Felix will join "
  "me." + SIGN, reply="trustees")
m(INVOICES, "2026-02-27 12:00", "ortiz", "nora", "Westfield Surveying – invoice WS-0412",
  "Dear Nora,\n\nAttached is our invoice WS-0412 for the measured survey of Harbourside "
  "Library.\n\nBen Ortiz\nWestfield Surveying",
  att=[("WS-0412.pdf", PDFT, invoice("WS-0412", "Westfield Surveying", "27/02/2026",
                                      [("Measured building survey", "2,150.00")],
                                      "2,580.00"))])
m(INBOX, "2026-03-02 10:05", "nair", "nora", "Invoice 2031",
  "Hello,\n\nPlease find attached invoice 2031 for February's works at Harbourside "
  "Library (valuation 4).\n\nKind regards,\nPriya Nair\nAccounts, Kestrel Build Ltd",
  att=[("Invoice-2031.pdf", PDFT, invoice("2031", "Kestrel Build Ltd", "02/03/2026",
                                           [("Valuation 4 - structural repairs", "18,200.00"),
                                            ("Scaffold hire February", "1,640.00")],
                                           "23,808.00"))],
  flags="SA", key="inv2031")
m(SENT, "2026-03-04 09:12", "nora", "nair", "Re: Invoice 2031",
  "Hello Priya,\n\nThe scaffold hire line in invoice 2031 looks like it covers March as "
  "well as February. Could you check and reissue if needed?" + SIGN,
  key="inv2031-q", reply="inv2031")
m(INBOX, "2026-03-05 14:22", "marsh", "nora", "Pre-application advice – Quarry Lane",
  "Dear Ms Whitfield,\n\nPlease find our written pre-application advice attached. In "
  "summary the principle of 12 homes is acceptable; we would want to see the terrace "
  "stepped down towards the listed cottages.\n\nLena Marsh\nPlanning Officer",
  att=[("QL-preapp-advice.pdf", PDFT,
        pdf("Bristol City Council", ["Pre-application advice: Quarry Lane",
                                     "12 dwellings acceptable in principle",
                                     "Step the terrace down towards the cottages"]))],
  flags="SF")
m(INBOX, "2026-03-12 16:31", "okafor", "nora",
  "Re: Harbourside Library – structural survey findings",
  "Nora,\n\nMonitoring: tell-tales on the crack, read fortnightly by the contractor. "
  "Joist repairs: allow £3,500.\n\nLena", reply="survey-re")
m(INBOX, "2026-03-20 11:40", "nair", "nora", "Re: Invoice 2031",
  "Hello Nora,\n\nYou're right, the scaffold line covered six weeks by mistake. The "
  "corrected amount will be carried into invoice 2032.\n\nKind regards,\nPriya",
  reply="inv2031-q")
m(SENT, "2026-03-21 09:00", "nora", "baines", "Harbourside – site access",
  "Hi Tom,\n\nThe library staff need the side door kept clear on Tuesdays for book "
  "deliveries. Can you fence the compound accordingly?" + SIGN)
m(INVOICES, "2026-03-31 09:30", "raj", "nora", "Brightwell invoice BS-118",
  "Hi Nora,\n\nInvoice BS-118 attached for the Harbourside structural survey.\n\nRaj Patel\n"
  "Brightwell Structures", key="bs118", flags="SA",
  att=[("BS-118.pdf", PDFT, invoice("BS-118", "Brightwell Structures", "31/03/2026",
                                     [("Structural survey and report", "3,900.00")],
                                     "4,680.00"))])
m(INBOX, "2026-04-01 09:55", "nair", "nora", "Invoice 2032",
  "Hello,\n\nPlease find attached invoice 2032 for March's works at Harbourside Library "
  "(valuation 5), including the scaffold correction from invoice 2031.\n\nKind regards,\n"
  "Priya Nair\nAccounts, Kestrel Build Ltd",
  att=[("Invoice-2032.pdf", PDFT, invoice("2032", "Kestrel Build Ltd", "01/04/2026",
                                           [("Valuation 5 - roof and joists", "21,450.00"),
                                            ("Scaffold correction", "-820.00")],
                                           "24,756.00"))],
  flags="SF", key="inv2032")
m(INVOICES, "2026-04-03 10:14", "nora", "raj", "Re: Brightwell invoice BS-118",
  "Hi Raj, thanks — passed to our accounts for payment this month." + SIGN, reply="bs118")
m(INBOX, "2026-04-08 07:50", "baines", "nora", "Site visit Thursday – Harbourside",
  "Morning Nora,\n\nAre you still OK for a site walk on Thursday at 10? Hard hats and "
  "boots please, the roof is open.\n\nTom Baines\nSite Manager, Kestrel Build")
m(INBOX, "2026-04-15 13:10", "okafor", "nora", "Steel beam sizes for the reading room",
  "Hi Nora,\n\nBeam schedule rev B attached. The two new openings in the reading room "
  "need 254x146 UBs; the rest stays as drawn.\n\nLena",
  att=[("beam_schedule_rev_B.csv", "text/csv",
        b"mark,location,section,length_mm\nB1,reading room north,254x146x31 UB,4200\n"
        b"B2,reading room south,254x146x31 UB,4200\nB3,stair core,203x133x25 UB,2900\n")],
  flags="SF", key="beams")
m(INBOX, "2026-04-22 17:05", "carter", "nora", "Quarry Lane – revised unit mix",
  "Nora,\n\nSales want more three-beds: can we look at 4 x two-bed and 8 x three-bed "
  "instead of 6 and 6?\n\nJames")
m(INBOX, "2026-05-06 12:18", "fox", "nora", "Glazing quote – north elevation",
  "Dear Nora,\n\nOur quotation CG-4471 for the north elevation glazing is attached, "
  "along with my contact card.\n\nMartin Fox\nClearview Glazing",
  att=[("CG-quote-4471.pdf", PDFT,
        pdf("Clearview Glazing", ["Quotation CG-4471", "North elevation curtain wall",
                                  "Total GBP 46,300.00 + VAT"])),
       ("martin-fox.vcf", "text/vcard",
        vcard("Martin Fox", "martin.fox@clearview-glazing.example", "Clearview Glazing",
              "+44 117 496 0777"))], flags="SW")
m(INBOX, "2026-05-13 18:02", "felix", "nora", "Stage 3 drawings ready for review",
  "Nora,\n\nStage 3 set is done: plans, sections and the north elevation. PDF attached; "
  "the DWGs are on the server.\n\nFelix",
  att=[("HL-Stage3-drawings.pdf", PDFT,
        pdf("Aldermoor Architects", ["Harbourside Library - Stage 3 drawing set",
                                     "A-100 to A-142", "Issue P1"]))],
  flags="SA", key="stage3")
m(SENT, "2026-05-14 09:30", "nora", "felix", "Re: Stage 3 drawings ready for review",
  "Thanks Felix — comments marked up on A-110 and A-121, mostly door swings and the "
  "accessible WC." + SIGN, reply="stage3")
m(INBOX, "2026-05-20 10:44", "okafor", "nora", "Re: Steel beam sizes for the reading room",
  "Nora, a correction: B2 needs to be 254x146x37 as it also carries the new rooflight "
  "trimmer.\n\nLena", reply="beams")
m(INBOX, "2026-06-03 09:20", "nair", "nora", "Invoice 2033",
  "Hello,\n\nPlease find attached invoice 2033 (valuation 6).\n\nKind regards,\nPriya Nair\n"
  "Accounts, Kestrel Build Ltd",
  att=[("Invoice-2033.pdf", PDFT, invoice("2033", "Kestrel Build Ltd", "03/06/2026",
                                           [("Valuation 6 - reading room", "16,780.00")],
                                           "20,136.00"))], flags="")
m(INBOX, "2026-06-10 15:12", "marsh", "nora", "Quarry Lane – planning application validated",
  "Dear Ms Whitfield,\n\nYour application 26/01873/F for 12 dwellings at Quarry Lane has "
  "been validated. The target decision date is 9 September.\n\nLena Marsh\nPlanning Officer",
  flags="SFA", key="validated")
m(SENT, "2026-06-12 08:45", "nora", "marsh",
  "Re: Quarry Lane – planning application validated",
  "Dear Ms Marsh,\n\nThank you. Please let me know if you need anything further from us "
  "during the consultation." + SIGN, cc=["carter"], reply="validated")
m(INBOX, "2026-06-17 12:00", "amelia", ["nora", "felix", "sam", "ashworth"],
  "Office closed on 29 June",
  "Hi all,\n\nThe office is closed on Monday 29 June for the rewiring. Please work from "
  "home.\n\nAmelia")
m(INBOX, "2026-07-01 11:11", "ruth", "nora", "Accessibility audit comments",
  "Hi Nora,\n\nOur access group's comments on the Stage 3 plans are attached. The main "
  "one is a second lift stop at the mezzanine.\n\nRuth Adebayo\nHarbourside Library Trust",
  att=[("access-audit-comments.pdf", PDFT,
        pdf("Harbourside Library Trust", ["Access group comments on Stage 3",
                                          "1. Lift to stop at the mezzanine",
                                          "2. Hearing loop at the issue desk"]))])
m(SENT, "2026-07-02 17:30", "nora", ["ellis", "ruth", "baines", "okafor"],
  "Harbourside – progress meeting minutes",
  "All,\n\nMinutes of today's progress meeting attached. Next meeting 30 July, on site."
  + SIGN, cc=["felix"],
  att=[("HL-progress-minutes-2026-07-02.pdf", PDFT,
        pdf("Aldermoor Architects", ["Harbourside Library - progress meeting 2 July 2026",
                                     "Programme: 2 weeks behind (roof)",
                                     "Actions: TB revised programme, LO lift pit design"]))])
m(INBOX, "2026-07-08 09:02", "okafor", "nora", "Temporary works – lift shaft",
  "Nora,\n\nThe contractor's temporary works design for the new lift shaft needs our "
  "sign-off before they dig. I'll review by Friday.\n\nLena", flags="")
m(INBOX, "2026-07-15 14:37", "hannah", "nora", "Quarry Lane – show home finishes",
  "Hi Nora,\n\nMarketing would like oak flooring and a white kitchen in the show home. "
  "Can the spec allow for it?\n\nHannah Price\nQuarry Lane Homes")
m(INBOX, "2026-07-29 16:20", "baines", "nora", "Harbourside – weekly site report 14",
  "Nora,\n\nReport 14: roof covering 80% complete, first floor joists done. Photo "
  "attached.\n\nTom Baines",
  att=[("site-photo-roof.png", "image/png", png(160, 100, (120, 160, 210), (90, 80, 70)))])
m(INBOX, "2026-08-05 16:05", "baines", "nora", "Harbourside – weekly site report 15",
  "Nora,\n\nReport 15: roof watertight, new stair core started. Photo attached.\n\n"
  "Tom Baines",
  att=[("site-photo-stair.png", "image/png", png(160, 100, (200, 200, 190), (60, 60, 60)))],
  flags="")
m(INBOX, "2026-08-19 10:25", "isla", "nora", "Green roof build-up options",
  "Hi Nora,\n\nTwo options for the library's flat roof: extensive sedum (80 kg/m²) or a "
  "biodiverse substrate (120 kg/m²). Lena Okafor should check the loads.\n\nIsla Grant\n"
  "Greenroof Systems", flags="SA", key="greenroof")
m(SENT, "2026-08-20 09:15", "nora", "isla", "Re: Green roof build-up options",
  "Hi Isla, thanks — let's price the sedum option; I've asked Lena to check the loads."
  + SIGN, cc=["okafor"], reply="greenroof")
m(INBOX, "2026-08-26 07:00", "ajweekly", "nora", "AJ Weekly: Part L changes explained",
  "This week: what the Part L uplift means for refurbishments, and five libraries that "
  "got daylight right.\n\nUnsubscribe: architects-weekly.example/unsubscribe")
m(INBOX, "2026-09-02 10:30", "nair", "nora", "Invoice 2032 – payment reminder",
  "Hello,\n\nOur records show invoice 2032 (GBP 24,756.00) is now 30 days overdue. "
  "Could you let us know when payment is scheduled?\n\nKind regards,\nPriya Nair",
  flags="AF", key="inv2032-rem")
m(SENT, "2026-09-03 08:50", "nora", "nair", "Re: Invoice 2032 – payment reminder",
  "Hello Priya,\n\nApologies — invoice 2032 was approved last week and goes out in "
  "Friday's payment run." + SIGN, reply="inv2032-rem")
m(INBOX, "2026-09-09 13:13", "ortiz", "nora", "Topographical survey – Quarry Lane",
  "Dear Nora,\n\nThe topographical survey of the Quarry Lane site is attached (PDF; the "
  "DWG follows by transfer link).\n\nBen Ortiz\nWestfield Surveying",
  att=[("QL-topo-survey.pdf", PDFT,
        pdf("Westfield Surveying", ["Quarry Lane - topographical survey",
                                    "Levels to OD, 0.5 m contours"]))])
m(INBOX, "2026-09-23 11:48", "marsh", "nora", "Quarry Lane – planning committee date",
  "Dear Ms Whitfield,\n\nApplication 26/01873/F will go to the planning committee on "
  "14 October with a recommendation to approve.\n\nLena Marsh\nPlanning Officer", flags="")
m(INBOX, "2026-10-01 17:45", "ashworth", "nora", "Harbourside fee stage 4",
  "Nora,\n\nThe trust has asked for our Stage 4 fee. Can you draft it with hours by "
  "person? Let's talk Monday.\n\nTom", flags="SA", key="fee4")
m(SENT, "2026-10-02 09:05", "nora", "ashworth", "Re: Harbourside fee stage 4",
  "Tom, will do — draft by Wednesday." + SIGN, reply="fee4")
m(INBOX, "2026-10-06 08:20", "okafor", "nora", "Harbourside – crack monitoring results",
  "Nora,\n\nSix months of readings: the basement crack has not moved more than 0.2 mm. "
  "We can close it out with a resin repair.\n\nLena", flags="")

# Invoices folder: other suppliers, filed by Nora
m(INVOICES, "2026-05-29 15:00", "okoro", "nora", "Clearview Glazing – deposit invoice CG-4471-D",
  "Dear Nora,\n\nDeposit invoice for order CG-4471 attached (30%).\n\nJames Okoro\n"
  "Clearview Glazing",
  att=[("CG-4471-D.pdf", PDFT, invoice("CG-4471-D", "Clearview Glazing", "29/05/2026",
                                        [("Deposit 30% of CG-4471", "13,890.00")],
                                        "16,668.00"))])
m(INVOICES, "2026-06-30 09:40", "raj", "nora", "Brightwell invoice BS-119",
  "Hi Nora,\n\nInvoice BS-119 attached for the beam design and the lift pit.\n\nRaj Patel\n"
  "Brightwell Structures",
  att=[("BS-119.pdf", PDFT, invoice("BS-119", "Brightwell Structures", "30/06/2026",
                                     [("Beam design and lift pit", "2,750.00")],
                                     "3,300.00"))], flags="SF")
m(INVOICES, "2026-08-28 10:10", "shah", "nora", "Greenroof Systems – proforma PF-2210",
  "Hello Nora,\n\nProforma PF-2210 for the sedum roof materials is attached.\n\nPriya Shah\n"
  "Greenroof Systems",
  att=[("PF-2210.pdf", PDFT, invoice("PF-2210", "Greenroof Systems", "28/08/2026",
                                      [("Sedum blanket, 310 m2", "9,920.00")],
                                      "11,904.00"))], flags="")
m(INVOICES, "2026-10-05 12:30", "blake", "nora", "Blake & Co – quarterly accounts pack",
  "Hi Nora,\n\nThe Q3 project cost report for Harbourside and Quarry Lane is attached.\n\n"
  "Fiona Blake\nBlake & Co Accountants",
  att=[("Q3-project-costs.csv", "text/csv",
        b"project,fees_billed,costs,margin\nHarbourside Library,48200,39100,9100\n"
        b"Quarry Lane Housing,21600,17850,3750\n")])

# Project folders
m(HL, "2026-03-16 10:00", "felix", "nora", "Reading room lighting options",
  "Nora,\n\nThree options for the reading room: pendant, uplighting to the vault, or a "
  "mix. Renders on the server.\n\nFelix")
m(HL, "2026-04-27 15:30", "owen", "nora", "Fire strategy report v2",
  "Nora,\n\nFire strategy v2 attached, updated for the new stair.\n\nOwen Hughes\n"
  "Brightwell Structures (fire engineering)",
  att=[("HL-fire-strategy-v2.pdf", PDFT, pdf("Fire strategy v2", ["Harbourside Library",
                                                                 "Two protected stairs"]))])
m(HL, "2026-06-22 11:05", "owen", "nora", "Fire strategy report v3",
  "Nora,\n\nv3 attached: adds the mezzanine and the evacuation lift.\n\nOwen",
  att=[("HL-fire-strategy-v3.pdf", PDFT, pdf("Fire strategy v3", ["Harbourside Library",
                                                                 "Evacuation lift added"]))],
  flags="SFA", key="fire3")
m(HL, "2026-06-23 09:20", "nora", "owen", "Re: Fire strategy report v3",
  "Thanks Owen. Building control want the lift's standby power described — can you add a "
  "paragraph?" + SIGN, reply="fire3")
m(HL, "2026-07-20 16:45", "ellis", "nora", "Heritage statement – final",
  "Dear Nora,\n\nThe trust has approved the final heritage statement. Thank you.\n\n"
  "Margaret")
m(HL, "2026-09-14 08:55", "gareth", "nora", "Contractor's programme rev C",
  "Nora,\n\nProgramme rev C attached: completion moves to 19 March 2027.\n\nGareth Lloyd\n"
  "Quantity Surveyor, Kestrel Build",
  att=[("KB-programme-revC.pdf", PDFT, pdf("Kestrel Build", ["Programme rev C",
                                                            "Completion 19/03/2027"]))],
  flags="")
m(QL, "2026-02-24 14:00", "okafor", "nora", "Drainage strategy",
  "Nora,\n\nFor Quarry Lane we'd go with permeable paving and a small attenuation tank "
  "under the parking court.\n\nLena")
m(QL, "2026-03-30 10:30", "felix", "nora", "Unit type A layouts",
  "Nora,\n\nType A (two-bed) layouts attached.\n\nFelix",
  att=[("QL-type-A.pdf", PDFT, pdf("Quarry Lane", ["Unit type A", "2 bed, 4 person, 79 m2"]))])
m(QL, "2026-04-02 11:15", "felix", "nora", "Unit type B layouts",
  "Nora,\n\nType B (three-bed) layouts attached.\n\nFelix",
  att=[("QL-type-B.pdf", PDFT, pdf("Quarry Lane", ["Unit type B", "3 bed, 5 person, 93 m2"]))],
  key="typeb")
m(QL, "2026-04-06 09:40", "hannah", "nora", "Re: Unit type B layouts",
  "Nora, could type B have the utility by the back door rather than off the kitchen?\n\n"
  "Hannah", reply="typeb")
m(QL, "2026-05-11 16:00", "carter", "nora", "Affordable housing statement",
  "Nora,\n\nOur affordable housing statement for the application is attached.\n\nJames",
  att=[("QL-affordable-housing.pdf", PDFT, pdf("Quarry Lane Homes",
                                               ["Affordable housing statement",
                                                "3 of 12 homes shared ownership"]))],
  flags="SF")

# Drafts, Junk, Trash
m(DRAFTS, "2026-09-30 18:10", "nora", "chloe", "Landscape brief – Quarry Lane",
  "Hi Chloe,\n\nAs discussed, here is the brief for the Quarry Lane landscape: shared "
  "gardens, a play area and", flags="SD")
m(DRAFTS, "2026-10-05 21:40", "nora", "ellis", "Harbourside – opening event date",
  "Dear Margaret,\n\nWith completion now in March, would a reopening event in late "
  "April suit the trustees?", flags="SD")
m(DRAFTS, "2026-10-07 07:55", "nora", [], "Notes for Stage 4 fee proposal",
  "Stage 4 hours: NW 120, FM 260, SK 90. Check the trust's budget line first.", flags="SD")
m(JUNK, "2026-09-18 03:14", "cadprize", "nora", "You have WON a free CAD licence!!!",
  "Claim your prize today by confirming your bank details.", flags="")
m(TRASH, "2026-09-25 12:02", "sam", "nora", "Lunch on Friday?",
  "Pizza place on the corner, 12.30?\n\nSam")
m(TRASH, "2026-10-03 08:00", "bimwebinar", "nora", "Webinar: BIM for small practices",
  "Join our free webinar on 20 October.")


def build(msg: dict, ids: dict[str, str]) -> tuple[bytes, dt.datetime]:
    when = dt.datetime.strptime(msg["when"], "%Y-%m-%d %H:%M").replace(tzinfo=LONDON)
    e = EmailMessage()
    name, addr = P[msg["from"]]
    e["From"] = f"{name} <{addr}>"
    if msg["to"]:
        e["To"] = ", ".join(f"{P[k][0]} <{P[k][1]}>" for k in msg["to"])
    if msg["cc"]:
        e["Cc"] = ", ".join(f"{P[k][0]} <{P[k][1]}>" for k in msg["cc"])
    e["Subject"] = msg["subject"]
    e["Date"] = format_datetime(when)
    slug = re.sub(r"[^a-z0-9]+", "-", msg["subject"].lower()).strip("-")[:40]
    mid = f"<{when:%Y%m%d%H%M}.{slug}@{addr.split('@')[1]}>"
    e["Message-ID"] = mid
    if msg["key"]:
        ids[msg["key"]] = mid
    if msg["reply"]:
        parent = ids[msg["reply"]]
        e["In-Reply-To"] = parent
        refs = [r for r in ids.get(msg["reply"] + "#refs", "").split() if r] + [parent]
        e["References"] = " ".join(refs)
        if msg["key"]:
            ids[msg["key"] + "#refs"] = " ".join(refs)
    e["MIME-Version"] = "1.0"
    e.set_content(msg["body"])
    for fname, ctype, blob in msg["att"]:
        maintype, subtype = ctype.split("/")
        e.add_attachment(blob, maintype=maintype, subtype=subtype, filename=fname)
    return e.as_bytes(), when


FLAGS = {"S": "\\Seen", "F": "\\Flagged", "A": "\\Answered", "W": "$Forwarded",
         "D": "\\Draft"}


def quoted(mbox: str) -> str:
    return '"' + mbox.replace("\\", "\\\\").replace('"', '\\"') + '"'


def seed_mail() -> None:
    imap = imaplib.IMAP4("127.0.0.1", IMAP_PORT)
    imap.login(USER, PASSWORD)
    for mbox in ("Projects", HL, QL, INVOICES):
        imap.create(quoted(mbox))
        imap.subscribe(quoted(mbox))
    ids: dict[str, str] = {}
    built = [(msg, *build(msg, ids)) for msg in MESSAGES]
    # per folder in date order: the UIDs follow the dates
    for msg, raw, when in sorted(built, key=lambda x: (x[0]["folder"], x[2])):
        flags = "(" + " ".join(FLAGS[c] for c in msg["flags"]) + ")"
        typ, resp = imap.append(quoted(msg["folder"]), flags,
                                imaplib.Time2Internaldate(when), raw)
        if typ != "OK":
            raise SystemExit(f"APPEND to {msg['folder']} failed: {resp}")
    imap.logout()
    print(f"appended {len(MESSAGES)} messages")


def web_login() -> None:
    """Log in once through Roundcube's form: Roundcube creates the user's row."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    html = opener.open(WEB + "/").read().decode()
    token = re.search(r'name="_token" value="([^"]+)"', html)
    if not token:
        raise SystemExit("no login form on " + WEB)
    form = urllib.parse.urlencode({
        "_token": token.group(1), "_task": "login", "_action": "login",
        "_timezone": "Europe/London", "_url": "", "_user": USER, "_pass": PASSWORD}).encode()
    resp = opener.open(WEB + "/?_task=login", form)
    if "_task=login" in resp.geturl() or 'id="rcmloginuser"' in resp.read().decode():
        raise SystemExit("logging in to Roundcube failed")
    print("logged in once as", USER)


if __name__ == "__main__":
    seed_mail()
    web_login()
