"""Write the MediaWiki bench wiki's seed content as a MediaWiki XML dump (stdout).

A community wiki about Port Aldwin's public transport: ~16 articles with sections,
infobox-like wikitables (row headers), lists and categories, category pages, talk pages
and user pages, and page histories of several revisions by four users at fixed dates in
2026. bench/apps/mediawiki/setup.sh imports it with maintenance/importDump.php (edits go
to the local users of the same names).
"""

from __future__ import annotations

import sys
from xml.sax.saxutils import escape

USERS = ["Admin", "Marta Lindqvist", "Oskar Brandt", "Priya Raman"]
A, M, OS, P = USERS


def infobox(title: str, rows: list[tuple[str, str]]) -> str:
    out = ['{| class="wikitable" style="float:right; margin:0 0 1em 1em; width:22em"',
           f'|+ {title}']
    for k, v in rows:
        out += ["|-", f'! scope="row" style="text-align:left" | {k}', f"| {v}"]
    out.append("|}")
    return "\n".join(out)


def table(headers: list[str], rows: list[list[str]], caption: str = "") -> str:
    out = ['{| class="wikitable sortable"']
    if caption:
        out.append(f"|+ {caption}")
    out += ["|-", "! " + " !! ".join(headers)]
    for r in rows:
        out += ["|-", f'! scope="row" | {r[0]}', "| " + " || ".join(r[1:])]
    out.append("|}")
    return "\n".join(out)


def cats(*names: str) -> str:
    return "\n".join(f"[[Category:{n}]]" for n in names)


# ---------------------------------------------------------------- articles (final text)

RED_INFO = infobox("Red Line", [
    ("Type", "Rapid transit"), ("System", "[[Port Aldwin Transit]]"),
    ("Termini", "[[Millbrook station|Millbrook]] – [[Quayside station|Quayside]]"),
    ("Stations", "14"), ("Opened", "12 May 1987"), ("Length", "18.4 km"),
    ("Daily ridership", "96,000 (2025)"), ("Rolling stock", "[[Class 4 metro train]]"),
    ("Colour on map", "Red")])
BLUE_INFO = infobox("Blue Line", [
    ("Type", "Rapid transit"), ("System", "[[Port Aldwin Transit]]"),
    ("Termini", "Fenwick Park – Airport"), ("Stations", "11"), ("Opened", "3 September 1994"),
    ("Length", "15.1 km"), ("Daily ridership", "71,500 (2025)"),
    ("Rolling stock", "[[Class 4 metro train]]"), ("Colour on map", "Blue")])
GREEN_INFO = infobox("Green Line", [
    ("Type", "Tram"), ("System", "[[Port Aldwin Transit]]"),
    ("Termini", "Old Town – Harbour Gate"), ("Stops", "22"), ("Opened", "19 June 2008"),
    ("Length", "9.7 km"), ("Daily ridership", "38,200 (2025)"),
    ("Rolling stock", "[[Class 3 tram]]"), ("Colour on map", "Green")])

ARTICLES: dict[str, list[str]] = {}

ARTICLES["Port Aldwin Transit"] = [
    infobox("Port Aldwin Transit", [
        ("Founded", "1962"), ("Headquarters", "Dock Street, Port Aldwin"),
        ("Service area", "Port Aldwin and the Lower Aldwin valley"),
        ("Lines", "3 rail lines, 1 ferry route, 42 bus routes"),
        ("Annual ridership", "74.3 million (2025)"), ("Chief executive", "Helen Marwick"),
        ("Website", "porttransit.example")])
    + "\n'''Port Aldwin Transit''' (PAT) is the public transport authority of the city of "
    "Port Aldwin. It runs the [[Red Line]] and [[Blue Line]] metro, the [[Green Line]] "
    "tram, the [[Harbour Ferry]] and the city's bus network, including the "
    "[[Night bus network]].",
    "== History ==\nThe authority was founded in 1962 to take over the private "
    "[[Aldwin Trolleybus]] company. The first metro line, the Red Line, opened in 1987.\n"
    "See [[Timeline of Port Aldwin Transit]] for a detailed chronology.",
    "== Network ==\n* [[Red Line]] – Millbrook to Quayside\n* [[Blue Line]] – Fenwick Park "
    "to Airport\n* [[Green Line]] – Old Town to Harbour Gate (tram)\n* [[Harbour Ferry]] – "
    "Quayside to Saltmarsh Point\n* [[Proposed Orange Line]] (planned)",
    "== Fares ==\nFares are zonal; see [[Fares and ticketing]].",
    "== Governance ==\nPAT is governed by a board of nine members, five appointed by the "
    "city council and four by the regional government.",
    "== See also ==\n* [[Central Station]]\n* [[Accessibility on Port Aldwin Transit]]\n\n"
    + cats("Port Aldwin Transit", "Transport organisations"),
]

ARTICLES["Red Line"] = [
    RED_INFO + "\nThe '''Red Line''' is the oldest line of the Port Aldwin metro, running "
    "north–south from [[Millbrook station|Millbrook]] to [[Quayside station|Quayside]] "
    "through [[Central Station]].",
    "== History ==\nConstruction began in 1981 after a decade of planning. The line opened "
    "on 12 May 1987 between Millbrook and Central Station; the extension to Quayside "
    "followed in 1991.",
    "=== Extension to Quayside ===\nThe 3.2 km extension under the old docks was built by "
    "cut-and-cover and opened on 2 April 1991.",
    "== Route ==\nThe line runs underground between Kingsgate and Quayside and on a "
    "viaduct north of Kingsgate.",
    "== Stations ==\n" + table(["Station", "Opened", "Zone", "Connections"], [
        ["[[Millbrook station|Millbrook]]", "1987", "3", "Bus 12, 14"],
        ["Hollins Road", "1987", "3", "—"],
        ["Kingsgate", "1987", "2", "Bus 7"],
        ["[[Central Station]]", "1987", "1", "[[Blue Line]], [[Green Line]], regional rail"],
        ["Market Square", "1991", "1", "[[Green Line]]"],
        ["[[Quayside station|Quayside]]", "1991", "1", "[[Harbour Ferry]]"],
    ], "Selected stations"),
    "== Rolling stock ==\nServices are run by 24 six-car [[Class 4 metro train]]s.",
    "== Future ==\nPlatform screen doors are to be installed at all stations by 2028.",
    "== References ==\n* PAT annual report 2025.\n\n" + cats("Rail lines", "Port Aldwin Transit"),
]

ARTICLES["Blue Line"] = [
    BLUE_INFO + "\nThe '''Blue Line''' is the second metro line of Port Aldwin, linking "
    "Fenwick Park in the west with the Airport via [[Central Station]].",
    "== History ==\nThe line opened on 3 September 1994. The airport branch was added in "
    "2003.",
    "== Route ==\nThe line is underground for most of its length.",
    "== Stations ==\n" + table(["Station", "Opened", "Zone", "Connections"], [
        ["Fenwick Park", "1994", "3", "Bus 21"],
        ["Elm Row", "1994", "2", "—"],
        ["[[Central Station]]", "1994", "1", "[[Red Line]], [[Green Line]]"],
        ["Riverside", "1994", "2", "Bus 30"],
        ["Airport", "2003", "4", "Airport coaches"],
    ], "Selected stations"),
    "== Rolling stock ==\nShares the [[Class 4 metro train]] fleet with the Red Line.\n\n"
    + cats("Rail lines", "Port Aldwin Transit"),
]

ARTICLES["Green Line"] = [
    GREEN_INFO + "\nThe '''Green Line''' is a tram line through the Old Town and along "
    "the harbour.",
    "== History ==\nTrams returned to Port Aldwin in 2008, 49 years after the last "
    "streetcar ran.",
    "== Route ==\nThe line shares the street with traffic in the Old Town and has its own "
    "track along Harbour Road.",
    "== Stops ==\n" + table(["Stop", "Opened", "Zone", "Connections"], [
        ["Old Town", "2008", "1", "Bus 3"],
        ["Market Square", "2008", "1", "[[Red Line]]"],
        ["[[Central Station]]", "2008", "1", "[[Red Line]], [[Blue Line]]"],
        ["Harbour Gate", "2008", "2", "[[Harbour Ferry]]"],
    ], "Selected stops"),
    "== Rolling stock ==\n18 [[Class 3 tram]]s.\n\n" + cats("Rail lines", "Trams",
                                                             "Port Aldwin Transit"),
]

ARTICLES["Harbour Ferry"] = [
    infobox("Harbour Ferry", [
        ("Type", "Passenger ferry"), ("Route", "Quayside – Saltmarsh Point"),
        ("Crossing time", "14 minutes"), ("Vessels", "3"), ("Opened", "1971"),
        ("Daily ridership", "6,300 (2025)")])
    + "\nThe '''Harbour Ferry''' crosses the Aldwin estuary from [[Quayside station|"
    "Quayside]] to Saltmarsh Point.",
    "== Vessels ==\n* MV ''Curlew'' (1998)\n* MV ''Tern'' (2004)\n* MV ''Plover'' (2019, "
    "battery-electric)",
    "== Timetable ==\nFerries leave every 20 minutes from 06:00 to 23:40.\n\n"
    + cats("Ferries", "Port Aldwin Transit"),
]

ARTICLES["Central Station"] = [
    infobox("Central Station", [
        ("Location", "Station Square, Port Aldwin"),
        ("Lines", "[[Red Line]], [[Blue Line]], [[Green Line]], regional rail"),
        ("Platforms", "12"), ("Opened", "1879 (main line), 1987 (metro)"),
        ("Passengers", "58,000 a day (2025)"), ("Zone", "1")])
    + "\n'''Central Station''' is the main railway station of Port Aldwin and the "
    "busiest interchange of [[Port Aldwin Transit]].",
    "== History ==\nThe Victorian train shed dates from 1879. The metro platforms opened in "
    "1987.",
    "== Layout ==\nMain-line platforms 1–8 are at street level; Red Line platforms 9–10 and "
    "Blue Line platforms 11–12 are underground.",
    "== Facilities ==\n* Ticket office (06:00–22:00)\n* Lost property\n* Cycle parking (420 "
    "spaces)\n\n" + cats("Stations", "Port Aldwin Transit"),
]

ARTICLES["Quayside station"] = [
    infobox("Quayside", [
        ("Lines", "[[Red Line]]"), ("Platforms", "2"), ("Opened", "2 April 1991"),
        ("Passengers", "12,400 a day (2025)"), ("Zone", "1")])
    + "\n'''Quayside''' is the southern terminus of the [[Red Line]], next to the "
    "[[Harbour Ferry]] pier.",
    "== History ==\nBuilt in the former bonded warehouse of the old docks.\n\n"
    + cats("Stations"),
]

ARTICLES["Millbrook station"] = [
    infobox("Millbrook", [
        ("Lines", "[[Red Line]]"), ("Platforms", "3"), ("Opened", "12 May 1987"),
        ("Passengers", "9,800 a day (2025)"), ("Zone", "3")])
    + "\n'''Millbrook''' is the northern terminus of the [[Red Line]].",
    "== Facilities ==\n* Park and ride (650 spaces)\n* Bus interchange\n\n" + cats("Stations"),
]

FARES = table(["Ticket", "Zone 1", "Zones 1–2", "Zones 1–3", "All zones"], [
    ["Single", "€2.10", "€2.80", "€3.40", "€4.60"],
    ["Day pass", "€6.50", "€8.00", "€9.50", "€12.00"],
    ["7-day pass", "€24.00", "€30.00", "€36.00", "€45.00"],
    ["Monthly pass", "€82.00", "€99.00", "€118.00", "€149.00"],
], "Adult fares from 1 January 2026")

ARTICLES["Fares and ticketing"] = [
    "'''Fares and ticketing''' on [[Port Aldwin Transit]] are zonal: the city is divided "
    "into four fare zones, with zone 1 covering the centre.",
    "== Fare table ==\n" + FARES,
    "== Concessions ==\n* Children under 6 travel free.\n* Ages 6–17: half fare.\n"
    "* Over 65: free off-peak with a Senior Card.\n* Students: 30% off passes.",
    "== Payment ==\nTickets can be bought from machines, the PAT app, or by tapping a "
    "contactless bank card (capped at the day-pass price).",
    "== Penalty fares ==\nTravelling without a valid ticket costs €60.\n\n"
    + cats("Fares", "Port Aldwin Transit"),
]

ARTICLES["Class 3 tram"] = [
    infobox("Class 3 tram", [
        ("Manufacturer", "Vossberg Rail"), ("Built", "2007–2008"), ("Number built", "18"),
        ("Length", "32.5 m"), ("Capacity", "212 (64 seated)"), ("Max speed", "70 km/h")])
    + "\nThe '''Class 3 tram''' is the low-floor tram used on the [[Green Line]].",
    "== Design ==\nFive-section articulated cars with 100% low floor.\n\n"
    + cats("Rolling stock", "Trams"),
]

ARTICLES["Class 4 metro train"] = [
    infobox("Class 4 metro train", [
        ("Manufacturer", "Nordwerk"), ("Built", "2012–2015"), ("Number built", "38 trains"),
        ("Formation", "6 cars"), ("Capacity", "1,020"), ("Max speed", "90 km/h")])
    + "\nThe '''Class 4 metro train''' runs on the [[Red Line]] and [[Blue Line]].",
    "== History ==\nReplaced the Class 1 trains of 1987.\n\n" + cats("Rolling stock"),
]

ARTICLES["Aldwin Trolleybus"] = [
    "The '''Aldwin Trolleybus''' company ran trolleybuses in Port Aldwin from 1931 to "
    "1962, when it was taken over by [[Port Aldwin Transit]].",
    "== Routes ==\n# Old Town – Fenwick\n# Dock Street – Millbrook\n# Station Square – "
    "Riverside",
    "== Closure ==\nThe last trolleybus ran on 30 September 1968.\n\n"
    + cats("Defunct transport companies"),
]

ARTICLES["Night bus network"] = [
    "The '''Night bus network''' of [[Port Aldwin Transit]] runs between midnight and "
    "05:00, when the metro is closed.",
    "== Routes ==\n" + table(["Route", "From", "To", "Frequency"], [
        ["N1", "Central Station", "Millbrook", "every 30 min"],
        ["N2", "Central Station", "Airport", "every 30 min"],
        ["N3", "Old Town", "Saltmarsh Point", "hourly"],
        ["N4", "Quayside", "Fenwick Park", "hourly"],
    ]),
    "== History ==\nIntroduced in 1999, replacing the last metro trains.\n\n"
    + cats("Bus services", "Port Aldwin Transit"),
]

ARTICLES["Accessibility on Port Aldwin Transit"] = [
    "This article describes '''accessibility on [[Port Aldwin Transit]]'''.",
    "== Step-free stations ==\nAll Blue Line and Green Line stations are step-free. On the "
    "Red Line, Hollins Road and Kingsgate still lack lifts.",
    "== Assistance ==\nStaff assistance can be booked 24 hours ahead.\n\n"
    + cats("Port Aldwin Transit"),
]

ARTICLES["Timeline of Port Aldwin Transit"] = [
    "A '''timeline of [[Port Aldwin Transit]]'''.",
    "== 20th century ==\n* 1931 – [[Aldwin Trolleybus]] opens.\n* 1962 – PAT founded.\n"
    "* 1971 – [[Harbour Ferry]] begins.\n* 1987 – [[Red Line]] opens.\n* 1991 – Red Line "
    "extended to Quayside.\n* 1994 – [[Blue Line]] opens.\n* 1999 – [[Night bus network]].",
    "== 21st century ==\n* 2003 – Blue Line reaches the Airport.\n* 2008 – [[Green Line]] "
    "trams.\n* 2015 – last Class 4 train delivered.\n* 2026 – contactless fares.\n\n"
    + cats("Port Aldwin Transit", "Timelines"),
]

ARTICLES["Proposed Orange Line"] = [
    "The '''Orange Line''' is a proposed fourth rail line for Port Aldwin.",
    "== Options ==\n{| class=\"wikitable\"\n! Option !! Route !! Cost\n|-\n! A\n| Light rail via "
    "Harbour Road || €640 million\n|-\n! B\n| Metro via Elm Row || €1.9 billion\n|}",
    "== Status ==\nA public consultation closed in October 2026.\n\n"
    + cats("Rail lines", "Proposals"),
]

ARTICLES["Main Page"] = [
    "'''Welcome to the Port Aldwin Transit Wiki''', the community encyclopedia of buses, "
    "trams, trains and ferries in Port Aldwin.",
    "== Lines ==\n* [[Red Line]] · [[Blue Line]] · [[Green Line]] · [[Harbour Ferry]]",
    "== Popular articles ==\n* [[Central Station]]\n* [[Fares and ticketing]]\n"
    "* [[Timeline of Port Aldwin Transit]]",
]

# ---------------------------------------------------------------- histories

# (title, [(date, user, summary, minor, how many chunks, tweak)]); the last revision is
# the full text.
HIST: dict[str, list[tuple[str, str, str, bool, int]]] = {
    "Main Page": [("2026-09-01T08:00:00Z", A, "Create main page", False, 2),
                  ("2026-10-02T09:15:00Z", A, "Add popular articles", False, 3)],
    "Port Aldwin Transit": [
        ("2026-09-02T10:12:00Z", M, "New article", False, 2),
        ("2026-09-05T14:40:00Z", OS, "Network and fares", False, 4),
        ("2026-09-19T08:05:00Z", P, "Governance section", False, 5),
        ("2026-10-11T17:30:00Z", M, "See also", False, 6)],
    "Red Line": [
        ("2026-09-03T09:00:00Z", M, "Start article on the Red Line", False, 2),
        ("2026-09-04T16:22:00Z", OS, "Extension to Quayside", False, 3),
        ("2026-09-10T11:47:00Z", P, "Route section", False, 4),
        ("2026-09-21T19:03:00Z", M, "Add stations table", False, 5),
        ("2026-10-03T07:58:00Z", OS, "Rolling stock", True, 6),
        ("2026-10-18T13:26:00Z", P, "Future plans", False, 7),
        ("2026-11-02T10:10:00Z", M, "References and categories", True, 8)],
    "Blue Line": [
        ("2026-09-06T12:00:00Z", OS, "New article", False, 2),
        ("2026-09-14T09:31:00Z", P, "Route", False, 3),
        ("2026-10-07T15:45:00Z", OS, "Stations table", False, 5)],
    "Green Line": [
        ("2026-09-08T10:20:00Z", P, "Green Line tram", False, 3),
        ("2026-10-09T18:12:00Z", M, "Stops and rolling stock", False, 5)],
    "Harbour Ferry": [("2026-09-12T08:44:00Z", OS, "New article", False, 2),
                      ("2026-10-20T06:30:00Z", P, "Timetable", True, 3)],
    "Central Station": [
        ("2026-09-09T13:13:00Z", P, "New article", False, 2),
        ("2026-09-30T20:01:00Z", M, "Layout", False, 3),
        ("2026-10-25T12:34:00Z", OS, "Facilities", False, 4)],
    "Quayside station": [("2026-09-15T09:00:00Z", OS, "Stub", False, 2)],
    "Millbrook station": [("2026-09-15T09:20:00Z", OS, "Stub", False, 2)],
    "Fares and ticketing": [
        ("2026-09-16T10:00:00Z", M, "Fares article", False, 2),
        ("2026-09-28T14:14:00Z", P, "Concessions", False, 3),
        ("2026-10-14T08:48:00Z", OS, "Payment", False, 4),
        ("2026-11-05T16:02:00Z", M, "2026 prices and penalty fares", False, 5)],
    "Class 3 tram": [("2026-09-18T11:11:00Z", P, "New article", False, 2)],
    "Class 4 metro train": [("2026-09-18T11:40:00Z", P, "New article", False, 2)],
    "Aldwin Trolleybus": [("2026-09-20T15:00:00Z", OS, "History article", False, 2),
                          ("2026-10-01T15:30:00Z", M, "Closure date", True, 3)],
    "Night bus network": [("2026-09-22T23:10:00Z", M, "New article", False, 3)],
    "Accessibility on Port Aldwin Transit": [
        ("2026-09-24T10:00:00Z", P, "New article", False, 3)],
    "Timeline of Port Aldwin Transit": [
        ("2026-09-25T09:00:00Z", OS, "Timeline", False, 2),
        ("2026-10-30T09:30:00Z", M, "21st century", False, 3)],
    "Proposed Orange Line": [("2026-10-28T17:00:00Z", P, "Consultation", False, 3)],
}


def sig(user: str, when: str) -> str:
    return f"[[User:{user}|{user}]] ([[User talk:{user}|talk]]) {when}"


OTHER: list[tuple[str, list[tuple[str, str, str, bool, str]]]] = [
    ("Talk:Red Line", [
        ("2026-09-22T08:00:00Z", OS, "/* Opening date */ new section", False,
         "== Opening date ==\nWas the opening 12 May or 14 May 1987? The annual report says "
         "14 May. " + sig(OS, "08:00, 22 September 2026 (UTC)")),
        ("2026-09-22T12:30:00Z", M, "/* Opening date */ reply", False,
         "== Opening date ==\nWas the opening 12 May or 14 May 1987? The annual report says "
         "14 May. " + sig(OS, "08:00, 22 September 2026 (UTC)") + "\n: The official "
         "opening was 12 May; public service began 14 May. " + sig(M, "12:30, 22 September "
         "2026 (UTC)") + "\n\n== Station photos ==\nWe need photos of Hollins Road. "
         + sig(P, "15:02, 23 September 2026 (UTC)"))]),
    ("Talk:Fares and ticketing", [
        ("2026-11-06T09:00:00Z", P, "/* 2026 prices */ new section", False,
         "== 2026 prices ==\nAre the day-pass prices including the contactless cap? "
         + sig(P, "09:00, 6 November 2026 (UTC)"))]),
    ("Talk:Central Station", [
        ("2026-10-26T10:00:00Z", M, "/* Platform numbers */ new section", False,
         "== Platform numbers ==\nPlatforms 11–12 were renumbered in 2019. "
         + sig(M, "10:00, 26 October 2026 (UTC)"))]),
    ("User:Marta Lindqvist", [("2026-09-01T12:00:00Z", M, "About me", False,
        "I write about the Red Line and fares. I live in Kingsgate.")]),
    ("User:Oskar Brandt", [("2026-09-01T12:30:00Z", OS, "About me", False,
        "Railway historian. Interested in the [[Aldwin Trolleybus]].")]),
    ("User:Priya Raman", [("2026-09-01T13:00:00Z", P, "About me", False,
        "Accessibility campaigner and tram enthusiast.")]),
    ("Category:Rail lines", [("2026-09-03T09:05:00Z", M, "New category", False,
        "Metro and tram lines of [[Port Aldwin Transit]].\n\n[[Category:Port Aldwin Transit]]")]),
    ("Category:Stations", [("2026-09-09T13:20:00Z", P, "New category", False,
        "Railway, metro and tram stations.\n\n[[Category:Port Aldwin Transit]]")]),
    ("Category:Port Aldwin Transit", [("2026-09-02T10:20:00Z", M, "New category", False,
        "Everything about [[Port Aldwin Transit]].")]),
    ("Category:Rolling stock", [("2026-09-18T11:50:00Z", P, "New category", False,
        "Trains and trams.\n\n[[Category:Port Aldwin Transit]]")]),
]


def revision(when: str, user: str, summary: str, minor: bool, text: str) -> str:
    return ("    <revision>\n"
            f"      <timestamp>{when}</timestamp>\n"
            f"      <contributor><username>{escape(user)}</username></contributor>\n"
            + ("      <minor/>\n" if minor else "")
            + f"      <comment>{escape(summary)}</comment>\n"
            "      <model>wikitext</model>\n      <format>text/x-wiki</format>\n"
            f"      <text xml:space=\"preserve\">{escape(text)}</text>\n"
            "    </revision>\n")


def page(title: str, revs: list[str]) -> str:
    ns = 0
    for prefix, n in (("Talk:", 1), ("User:", 2), ("Category:", 14)):
        if title.startswith(prefix):
            ns = n
    return (f"  <page>\n    <title>{escape(title)}</title>\n    <ns>{ns}</ns>\n"
            + "".join(revs) + "  </page>\n")


def main() -> None:
    if sys.argv[1:] == ["--main-page"]:
        # the installer's Main Page is newer than any imported revision: edit.php sets it
        sys.stdout.write("\n\n".join(ARTICLES["Main Page"]))
        return
    out = ['<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" '
           'xml:lang="en">\n']
    for title, chunks in ARTICLES.items():
        revs = HIST[title]
        body = []
        for i, (when, user, summary, minor, n) in enumerate(revs):
            last = i == len(revs) - 1
            text = "\n\n".join(chunks if last else chunks[:n])
            body.append(revision(when, user, summary, minor, text))
        out.append(page(title, body))
    for title, revs in OTHER:
        out.append(page(title, [revision(*r) for r in revs]))
    out.append("</mediawiki>\n")
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
