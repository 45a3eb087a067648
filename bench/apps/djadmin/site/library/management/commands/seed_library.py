"""Seed the library: 60 authors, 12 publishers, 250 books, 120 members, 400 loans, staff
users and groups, and an admin history. Deterministic (random.Random(11)) on an empty
database, so tasks written against it stay true after a fresh setup; does nothing when
books already exist."""

import random
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal

from django.contrib.admin.models import ADDITION, CHANGE, DELETION, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management.base import BaseCommand
from django.db import transaction

from library.models import Author, Book, Loan, Member, Publisher

PASSWORD = "millbrook-bench-2024"

AUTHOR_FIRST = ["Margaret", "Thomas", "Eleanor", "Samuel", "Ines", "Rafael", "Helen",
                "Jonah", "Aiko", "Femi", "Clara", "Viktor", "Nadia", "Owen", "Priya",
                "Lucia", "Henrik", "Maeve", "Tobias", "Yara"]
AUTHOR_LAST = ["Holloway", "Achebe-Grant", "Lindqvist", "Marlowe", "Castellano",
               "Okonkwo", "Fairbairn", "Sato", "Delacroix", "Whitlock", "Brennan",
               "Varga", "Ashdown", "Kowalczyk", "Moreau", "Penhaligon", "Rahman",
               "Thorne", "Ellery", "Quist"]
COUNTRIES = ["United Kingdom", "Ireland", "United States", "Canada", "Nigeria", "Sweden",
             "Japan", "France", "Spain", "Poland", "India", "Hungary"]
PUBLISHERS = [("Harrow & Finch", "London", 1921), ("Bluewater Press", "Dublin", 1968),
              ("Northlight Books", "Edinburgh", 1984), ("Quayside Publishing", "Bristol", 1992),
              ("Larkspur House", "New York", 1947), ("Cinder Lane", "Toronto", 2003),
              ("Old Mill Editions", "Manchester", 1979), ("Paper Kite", "Melbourne", 2011),
              ("Greywether", "Oxford", 1902), ("Tidewater & Sons", "Boston", 1888),
              ("Lantern Row", "Cardiff", 2015), ("Saltmarsh Press", "Norwich", 1999)]
ADJ = ["Silent", "Salt", "Winter", "Hollow", "Amber", "Glass", "Northern", "Last",
       "Crooked", "Paper", "Iron", "Quiet", "Burning", "Distant", "Lantern", "Drowned",
       "Summer", "Hidden", "Copper", "Forgotten"]
NOUN = ["Road", "Garden", "Harbour", "Orchard", "Lighthouse", "Archive", "River",
        "Kingdom", "Station", "Meadow", "Atlas", "Letters", "Island", "Tide", "Bridge",
        "Clockmaker", "Cartographer", "Daughters", "Winter", "Sparrow"]
SINGULAR = [n for n in NOUN if not n.endswith("s")]
PLACE = ["Millbrook", "the Marsh", "Kestrel Point", "Ashgrove", "the North", "Lisbon",
         "Hollow Creek", "the Fens", "Calloway Street", "the Lowlands"]
# (title, author index, editions): the same title in several editions
EDITION_SETS = [("The Salt Road", 0, 3), ("A History of Millbrook", 6, 2),
                ("The Clockmaker's Daughter", 2, 2), ("Stars Over Kestrel Point", 4, 2),
                ("The Quiet Orchard", 1, 2), ("Bread and Salt", 9, 3)]
# titles that look alike across different authors
LOOKALIKE_TITLES = [("The Winter Garden", 3), ("A Winter Garden", 12),
                    ("The Winter Gardens", 21), ("The Lighthouse Keeper", 5),
                    ("The Lighthouse Keepers", 17), ("Letters from the Marsh", 8),
                    ("Letters to the Marsh", 26)]
MEMBER_FIRST = ["James", "Olivia", "Amelia", "Noah", "Sophie", "Arjun", "Chloe", "Daniel",
                "Grace", "Hannah", "Isaac", "Leah", "Mohammed", "Ruby", "Sean", "Zara",
                "Emily", "Kwame", "Lily", "Patrick"]
MEMBER_LAST = ["Smith", "Jones", "Patel", "Murphy", "Taylor", "Brown", "O'Neill", "Khan",
               "Walsh", "Evans", "Wilson", "Roberts", "Nguyen", "Hughes", "Byrne"]
STREETS = ["Mill Lane", "Church Street", "Brook Road", "Station Road", "Orchard Close",
           "High Street", "Kestrel Way", "Willow Crescent"]
STAFF = [
    # username, first, last, groups, superuser, active
    ("admin", "Alex", "Morgan", [], True, True),
    ("hgreen", "Harriet", "Green", ["Librarians"], False, True),
    ("dokafor", "David", "Okafor", ["Librarians", "Front desk"], False, True),
    ("sgreen", "Sam", "Green", ["Front desk"], False, True),
    ("mpatel", "Meera", "Patel", ["Front desk"], False, True),
    ("tbyrne", "Tom", "Byrne", ["Volunteers"], False, True),
    ("lwalsh", "Laura", "Walsh", ["Volunteers"], False, False),
]


def isbn13(rng: random.Random) -> str:
    digits = [9, 7, 8, 1] + [rng.randint(0, 9) for _ in range(8)]
    check = (10 - sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10) % 10
    return "".join(map(str, digits)) + str(check)


def plural(noun: str) -> str:
    if noun == "Atlas":
        return "Atlases"
    return noun if noun.endswith("s") else noun + "s"


def an(phrase: str) -> str:
    return ("An " if phrase[0] in "AEIOU" else "A ") + phrase


def at(d: date, h: int = 10, m: int = 0) -> datetime:
    return datetime(d.year, d.month, d.day, h, m, tzinfo=timezone.utc)


class Command(BaseCommand):
    help = "Seed the lending library (no-op when books exist)."

    def handle(self, *args, **opts):
        if Book.objects.exists():
            self.stdout.write("already seeded")
            return
        with transaction.atomic():
            self.seed()

    def seed(self):
        rng = random.Random(11)
        User = get_user_model()

        # groups and staff
        lib_perms = Permission.objects.filter(content_type__app_label="library")
        groups = {
            "Librarians": lib_perms,
            "Front desk": lib_perms.filter(codename__in=[
                "view_book", "view_author", "view_publisher", "add_member", "change_member",
                "view_member", "add_loan", "change_loan", "view_loan"]),
            "Volunteers": lib_perms.filter(codename__startswith="view_"),
            "Cataloguers": lib_perms.filter(content_type__model__in=[
                "book", "author", "publisher"]),
        }
        for name, perms in groups.items():
            Group.objects.create(name=name).permissions.set(perms)
        users = {}
        for i, (username, first, last, gnames, su, active) in enumerate(STAFF):
            u = User.objects.filter(username=username).first() or User(username=username)
            u.first_name, u.last_name = first, last
            u.email = f"{first.lower()}.{last.lower()}@millbrook-library.example"
            u.is_staff, u.is_superuser, u.is_active = True, su, active
            u.date_joined = at(date(2022, 3, 1) + timedelta(days=40 * i))
            u.set_password(PASSWORD)
            u.save()
            u.groups.set(Group.objects.filter(name__in=gnames))
            users[username] = u

        # authors and publishers
        authors = []
        seen = set()
        while len(authors) < 60:
            f, last = rng.choice(AUTHOR_FIRST), rng.choice(AUTHOR_LAST)
            if (f, last) in seen:
                continue
            seen.add((f, last))
            authors.append(Author.objects.create(
                first_name=f, last_name=last, birth_year=rng.randint(1925, 1995),
                country=rng.choice(COUNTRIES),
                bio=f"{f} {last} writes novels and essays."))
        pubs = [Publisher.objects.create(name=n, city=c, founded=y) for n, c, y in PUBLISHERS]

        # books
        genres = [g for g, _ in Book.GENRES]
        formats = [f for f, _ in Book.FORMATS]
        isbns = set()

        def make_book(title, author, edition=1, published=None):
            while True:
                isbn = isbn13(rng)
                if isbn not in isbns:
                    isbns.add(isbn)
                    break
            published = published or date(1985, 1, 1) + timedelta(days=rng.randint(0, 14500))
            return Book(
                title=title, author=author, publisher=rng.choice(pubs + [None] * 1),
                isbn=isbn, genre=rng.choice(genres), format=rng.choice(formats),
                edition=edition, published=published, pages=rng.randint(96, 720),
                price=Decimal(rng.randrange(699, 3499)) / 100,
                in_stock=rng.random() < 0.8,
                shelf_mark=f"{rng.choice('ABCDEFGH')}{rng.randint(1, 40):02d}.{rng.randint(1, 9)}",
                summary=f"A {rng.choice(['gentle', 'gripping', 'sweeping', 'spare', 'witty'])} "
                        f"book about {rng.choice(NOUN).lower()}s and "
                        f"{rng.choice(PLACE)}.")

        books = []
        for title, ai, n in EDITION_SETS:
            first = date(1988, 1, 1) + timedelta(days=rng.randint(0, 5000))
            for ed in range(1, n + 1):
                b = make_book(title, authors[ai], ed, first + timedelta(days=365 * 4 * (ed - 1)))
                b.genre = books[-1].genre if ed > 1 else b.genre
                books.append(b)
        for title, ai in LOOKALIKE_TITLES:
            books.append(make_book(title, authors[ai]))
        # one prolific author (authors[0]) and a few busy ones
        titles = {b.title for b in books}

        def new_title():
            while True:
                t = rng.choice([
                    lambda: f"The {rng.choice(ADJ)} {rng.choice(NOUN)}",
                    lambda: f"{rng.choice(NOUN)} of {rng.choice(PLACE)}",
                    lambda: an(f"{rng.choice(ADJ)} {rng.choice(SINGULAR)}"),
                    lambda: f"{rng.choice(ADJ)} {plural(rng.choice(NOUN))}",
                ])()
                words = t.split()
                if t not in titles and len(set(words)) == len(words):
                    titles.add(t)
                    return t

        for _ in range(12):
            books.append(make_book(new_title(), authors[0]))
        weights = [6 if i < 8 else 1 for i in range(len(authors))]
        while len(books) < 250:
            books.append(make_book(new_title(), rng.choices(authors, weights)[0]))
        Book.objects.bulk_create(books)
        books = list(Book.objects.order_by("id"))
        for b in books:
            added = at(date(2021, 1, 4) + timedelta(days=rng.randint(0, 1400)),
                       rng.randint(8, 17), rng.randint(0, 59))
            Book.objects.filter(pk=b.pk).update(
                added_on=added, updated_on=added + timedelta(days=rng.randint(0, 300)))

        # members
        members = []
        for i in range(120):
            f, last = rng.choice(MEMBER_FIRST), rng.choice(MEMBER_LAST)
            joined = date(2015, 1, 1) + timedelta(days=rng.randint(0, 3800))
            members.append(Member(
                card_number=f"MB-{10001 + i}", first_name=f, last_name=last,
                email=f"{f.lower()}.{last.lower().replace(chr(39), '')}{i + 1}@mail.example",
                phone=f"01632 {rng.randint(100000, 999999)}",
                membership=rng.choice(["standard"] * 4 + ["student", "senior", "family"]),
                joined=joined, active=rng.random() < 0.88, newsletter=rng.random() < 0.4,
                last_visit=at(date(2025, 1, 1) + timedelta(days=rng.randint(0, 360)),
                              rng.randint(9, 19), rng.randint(0, 59)),
                address=f"{rng.randint(1, 120)} {rng.choice(STREETS)}, Millbrook",
                notes=rng.choice(["", "", "", "Prefers large print.",
                                  "Volunteers at the Saturday story hour.",
                                  "Card replaced after loss."])))
        Member.objects.bulk_create(members)
        members = list(Member.objects.order_by("id"))

        # loans
        loans = []
        for _ in range(400):
            borrowed = date(2024, 1, 2) + timedelta(days=rng.randint(0, 700))
            due = borrowed + timedelta(days=21)
            renewals = rng.choice([0, 0, 0, 1, 2])
            due += timedelta(days=14 * renewals)
            returned = rng.random() < 0.85
            returned_on = due + timedelta(days=rng.randint(-18, 9)) if returned else None
            if returned_on and returned_on < borrowed:
                returned_on = borrowed + timedelta(days=1)
            late = (returned_on - due).days if returned_on and returned_on > due else 0
            loans.append(Loan(
                book=rng.choice(books), member=rng.choice(members), borrowed_on=borrowed,
                due_date=due, returned=returned, returned_on=returned_on, renewals=renewals,
                fine=Decimal(late * 25) / 100,
                notes=rng.choice(["", "", "", "", "Spine damaged on return.",
                                  "Reserved by another member."])))
        Loan.objects.bulk_create(loans)

        # admin history
        ct = {m: ContentType.objects.get_for_model(m) for m in (Book, Member, Loan, Author)}
        history = [
            ("admin", Book, 1, CHANGE, '[{"changed": {"fields": ["Replacement price"]}}]'),
            ("hgreen", Book, 1, CHANGE, '[{"changed": {"fields": ["In stock"]}}]'),
            ("hgreen", Book, 1, CHANGE, '[{"changed": {"fields": ["Shelf mark", "Summary"]}}]'),
            ("dokafor", Book, 2, CHANGE, '[{"changed": {"fields": ["Publisher"]}}]'),
            ("admin", Book, 4, ADDITION, '[{"added": {}}]'),
            ("sgreen", Member, 7, CHANGE, '[{"changed": {"fields": ["Phone"]}}]'),
            ("mpatel", Member, 12, CHANGE, '[{"changed": {"fields": ["Membership"]}}]'),
            ("mpatel", Loan, 30, CHANGE, '[{"changed": {"fields": ["Returned", "Returned on"]}}]'),
            ("dokafor", Author, 3, CHANGE, '[{"changed": {"fields": ["Bio"]}}]'),
            ("admin", Member, 20, CHANGE, '[{"changed": {"fields": ["Active"]}}]'),
            ("admin", Loan, 55, CHANGE, '[{"changed": {"fields": ["Due date", "Renewals"]}}]'),
            ("admin", Book, 9, CHANGE, '[{"changed": {"fields": ["Genre"]}}]'),
            ("admin", Book, 251, DELETION, ""),
        ]
        t = datetime(2025, 11, 3, 9, 15, tzinfo=timezone.utc)
        for i, (username, model, pk, flag, msg) in enumerate(history):
            obj = model.objects.filter(pk=pk).first()
            repr_ = str(obj) if obj else "The Drowned Atlas (withdrawn copy)"
            LogEntry.objects.create(
                user=users[username], content_type=ct[model], object_id=str(pk),
                object_repr=repr_[:200], action_flag=flag, change_message=msg,
                action_time=t + timedelta(days=i * 2, hours=i))
        self.stdout.write(f"seeded {len(authors)} authors, {len(books)} books, "
                          f"{len(members)} members, {len(loans)} loans")
