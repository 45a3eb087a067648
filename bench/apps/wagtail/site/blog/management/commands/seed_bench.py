"""Seed the bench site: a page tree of 20 pages, images, documents, snippets, users,
groups, form submissions and site settings. Deterministic; does nothing when the site
is already seeded (a HomePage exists)."""

import io
from datetime import date, datetime, timezone

from django.contrib.auth.models import Group, Permission
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.images import ImageFile
from django.core.management.base import BaseCommand
from django.db import transaction
from PIL import Image as PILImage, ImageDraw
from wagtail.contrib.forms.models import FormSubmission
from wagtail.documents import get_document_model
from wagtail.images import get_image_model
from wagtail.models import Collection, Page, PageViewRestriction, Site
from wagtail.rich_text import RichText

from blog.models import (
    Author,
    BlogCategory,
    BlogIndexPage,
    BlogPage,
    ContactFormField,
    ContactPage,
    HomePage,
    NewsletterSettings,
    SocialMediaSettings,
    StandardPage,
)

PASSWORD = "wagtail-bench-2024"

USERS = [
    # username, first, last, email, groups, active
    ("maya", "Maya", "Okafor", "maya.okafor@harbourlane.example", ["Editors"], True),
    ("jonas", "Jonas", "Brandt", "jonas.brandt@harbourlane.example", ["Moderators"], True),
    ("priya", "Priya", "Nakamura", "priya.nakamura@harbourlane.example",
     ["Editors", "Photographers"], True),
    ("elif", "Elif", "Haddad", "elif.haddad@harbourlane.example", ["Editors"], True),
    ("tom", "Tom", "Lindqvist", "tom.lindqvist@harbourlane.example", ["Editors"], False),
    ("sven", "Sven", "Rossi", "sven.rossi@harbourlane.example", ["Photographers"], True),
]

AUTHORS = [
    ("Maya Okafor", "Food editor", "maya.okafor@harbourlane.example",
     "Maya writes about markets, bakeries and the people behind them."),
    ("Jonas Brandt", "Rail and travel", "jonas.brandt@harbourlane.example",
     "Jonas has crossed Europe by night train more times than he can count."),
    ("Priya Nakamura", "Photographer", "priya.nakamura@harbourlane.example",
     "Priya shoots most of the pictures on this site."),
    ("Elif Haddad", "City guides", "elif.haddad@harbourlane.example",
     "Elif maps cafés, bookshops and quiet corners of busy cities."),
    ("The editors", "", "desk@harbourlane.example", "Posts written by the whole desk."),
]

CATEGORIES = ["City breaks", "Food & drink", "Slow travel", "Outdoors", "Practical tips",
              "Letters"]

IMAGES = [
    # title, file name, colours, collection, tags
    ("Lyon rooftops at dusk", "lyon-rooftops.jpg", ((231, 111, 81), (38, 70, 83)),
     "Blog photos", ["lyon", "france"]),
    ("Lyon market stall", "lyon-market.jpg", ((244, 162, 97), (42, 157, 143)),
     "Blog photos", ["lyon", "food"]),
    ("Porto riverside", "porto-riverside.jpg", ((69, 123, 157), (241, 250, 238)),
     "Blog photos", ["porto", "portugal"]),
    ("Ghent canal in winter", "ghent-canal.jpg", ((168, 218, 220), (29, 53, 87)),
     "Blog photos", ["ghent", "winter"]),
    ("Turin café counter", "turin-cafe.jpg", ((106, 76, 57), (233, 196, 106)),
     "Blog photos", ["turin", "coffee"]),
    ("Butter crêpes in Brittany", "brittany-crepes.jpg", ((255, 214, 165), (155, 93, 229)),
     "Blog photos", ["brittany", "food"]),
    ("Cinque Terre coastal path", "cinque-terre.jpg", ((0, 119, 182), (144, 224, 239)),
     "Blog photos", ["italy", "hiking"]),
    ("Danube cycle path", "danube-cycle.jpg", ((56, 176, 0), (0, 75, 35)),
     "Blog photos", ["danube", "cycling"]),
    ("Harbour Lane logo", "logo.png", ((20, 33, 61), (252, 163, 17)), "Press", ["brand"]),
    ("Team photo 2024", "team-2024.jpg", ((120, 120, 120), (220, 220, 220)), "Press", ["team"]),
]

DOCUMENTS = [
    ("Press kit 2024", "press-kit-2024.pdf", "Press"),
    ("Advertising rates", "advertising-rates.csv", "Press"),
    ("Contributor guidelines", "contributor-guidelines.txt", "Internal"),
    ("Photo release form", "photo-release-form.pdf", "Internal"),
    ("Annual report 2023", "annual-report-2023.pdf", None),
]

# title, slug, date, author, categories, image, status, intro
POSTS = [
    ("Autumn in Lyon", "autumn-in-lyon", date(2024, 10, 14), "Maya Okafor",
     ["City breaks", "Food & drink"], "Lyon rooftops at dusk", "live",
     "Chestnuts, bouchons and the first cold mornings on the Saône."),
    ("Spring in Lyon", "spring-in-lyon", date(2024, 4, 2), "Maya Okafor",
     ["City breaks"], "Lyon market stall", "live",
     "The Croix-Rousse market wakes up and so do the terraces."),
    ("A Weekend in Porto", "weekend-in-porto", date(2024, 6, 21), "Jonas Brandt",
     ["City breaks", "Slow travel"], "Porto riverside", "live+draft",
     "Two days, one river, far too many custard tarts."),
    ("Winter Markets of Ghent", "winter-markets-ghent", date(2023, 12, 8), "Priya Nakamura",
     ["City breaks", "Food & drink"], "Ghent canal in winter", "live",
     "Mulled wine, waffles and a canal that almost freezes."),
    ("Ten Cafés in Turin", "ten-cafes-turin", date(2024, 3, 11), "Elif Haddad",
     ["Food & drink"], "Turin café counter", "live",
     "Where to drink a bicerin, and where to skip it."),
    ("Night Trains Across Europe", "night-trains-europe", date(2024, 9, 3), "Jonas Brandt",
     ["Slow travel", "Practical tips"], None, "draft",
     "Couchettes, sleepers and what to pack for the overnight run."),
    ("Bread and Butter in Brittany", "bread-butter-brittany", date(2024, 8, 17),
     "Priya Nakamura", ["Food & drink"], "Butter crêpes in Brittany", "live",
     "Salted butter, buckwheat and a bakery at every crossroads."),
    ("Autumn in Kyoto", "autumn-in-kyoto", date(2024, 11, 5), "Maya Okafor",
     ["City breaks"], None, "scheduled",
     "Maple leaves, temple queues and how to dodge both."),
    ("Packing Light for Two Weeks", "packing-light", date(2024, 5, 30), "Elif Haddad",
     ["Practical tips"], None, "live",
     "One bag, seven shirts and no regrets."),
    ("Hiking the Cinque Terre", "hiking-cinque-terre", date(2024, 7, 9), "Jonas Brandt",
     ["Outdoors"], "Cinque Terre coastal path", "live",
     "The coastal path from Riomaggiore to Monterosso, in two days."),
    ("Reader Letters: March", "reader-letters-march", date(2024, 3, 28), "The editors",
     ["Letters"], None, "draft",
     "Your questions about rail passes, answered."),
    ("Cycling the Danube", "cycling-the-danube", date(2024, 8, 29), "Priya Nakamura",
     ["Outdoors", "Slow travel"], "Danube cycle path", "locked",
     "Passau to Vienna on two wheels, with a tailwind most days."),
]


def make_image(title, colours, size=(1200, 800)):
    w, h = size
    img = PILImage.new("RGB", size)
    draw = ImageDraw.Draw(img)
    (r1, g1, b1), (r2, g2, b2) = colours
    for y in range(h):
        t = y / (h - 1)
        draw.line([(0, y), (w, y)], fill=(int(r1 + (r2 - r1) * t), int(g1 + (g2 - g1) * t),
                                          int(b1 + (b2 - b1) * t)))
    draw.rectangle([40, h - 140, w - 40, h - 40], fill=(255, 255, 255))
    draw.text((70, h - 105), title, fill=(0, 0, 0))
    return img


def pdf_bytes(text):
    """A one-page PDF with one line of text (hand-written, valid xref)."""
    content = f"BT /F1 18 Tf 72 720 Td ({text}) Tj ET".encode()
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for i, obj in enumerate(objs, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % i + obj + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1))
    for off in offsets:
        out.write(b"%010d 00000 n \n" % off)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
              % (len(objs) + 1, xref))
    return out.getvalue()


def body_for(title, intro, image):
    blocks = [
        ("paragraph", RichText(f"<p>{intro}</p>")),
        ("heading", "Getting there"),
        ("paragraph", RichText("<p>Trains run every hour from the main station; the trip "
                               "takes a little under three hours.</p>")),
    ]
    if image:
        blocks.append(("image", image))
    blocks += [
        ("heading", "Where to eat"),
        ("paragraph", RichText("<p>Book ahead on weekends. Most places close on Mondays.</p>")),
        ("quote", f"We would go back to {title.split(' in ')[-1]} tomorrow."),
    ]
    return blocks


class Command(BaseCommand):
    help = "Seed the bench site (no-op when already seeded)."

    def handle(self, *args, **options):
        if HomePage.objects.exists():
            self.stdout.write("already seeded")
            return
        with transaction.atomic():
            self.seed()
        self.stdout.write("seeded")

    def seed(self):
        User = get_user_model()
        admin = User.objects.get(username="admin")

        # --- groups and users
        photographers, _ = Group.objects.get_or_create(name="Photographers")
        photographers.permissions.add(*Permission.objects.filter(
            content_type__app_label="wagtailimages",
            codename__in=["add_image", "change_image", "choose_image"]))
        Group.objects.get_or_create(name="Newsletter team")
        admin.first_name, admin.last_name = "Alex", "Morgan"
        admin.email = "alex.morgan@harbourlane.example"
        admin.save()
        users = {"admin": admin}
        for username, first, last, email, groups, active in USERS:
            u = User.objects.create_user(username, email, PASSWORD, first_name=first,
                                         last_name=last, is_active=active)
            u.groups.set(Group.objects.filter(name__in=groups))
            users[username] = u

        # --- collections, images, documents
        root_coll = Collection.get_first_root_node()
        colls = {None: root_coll}
        for name in ["Blog photos", "Press", "Internal"]:
            colls[name] = root_coll.add_child(name=name)
        Image = get_image_model()
        images = {}
        for title, fname, colours, coll, tags in IMAGES:
            buf = io.BytesIO()
            size = (600, 600) if fname.endswith(".png") else (1200, 800)
            make_image(title, colours, size).save(buf, "PNG" if fname.endswith(".png") else "JPEG",
                                                  quality=80)
            img = Image(title=title, collection=colls[coll],
                        uploaded_by_user=users["priya"],
                        file=ImageFile(io.BytesIO(buf.getvalue()), name=fname))
            img.save()
            img.tags.add(*tags)
            images[title] = img
        Document = get_document_model()
        for title, fname, coll in DOCUMENTS:
            if fname.endswith(".pdf"):
                data = pdf_bytes(title)
            elif fname.endswith(".csv"):
                data = b"format,size,price_eur\nbanner,728x90,450\nsidebar,300x250,300\n" \
                       b"newsletter,600x200,650\n"
            else:
                data = (f"{title}\n\nPlease keep posts under 1,500 words and send pictures "
                        f"at full size.\n").encode()
            doc = Document(title=title, collection=colls[coll], uploaded_by_user=admin,
                           file=ContentFile(data, name=fname))
            doc.save()

        # --- snippets
        authors = {}
        for name, role, email, bio in AUTHORS:
            authors[name] = Author.objects.create(name=name, role=role, email=email, bio=bio)
        authors["Priya Nakamura"].portrait = images["Team photo 2024"]
        authors["Priya Nakamura"].save()
        cats = {}
        for name in CATEGORIES:
            cats[name] = BlogCategory.objects.create(
                name=name, slug=name.lower().replace(" & ", "-").replace(" ", "-"))

        # --- the page tree
        root = Page.get_first_root_node()
        site = Site.objects.get(is_default_site=True)
        old_home = site.root_page
        home = HomePage(title="Home", slug="home-new", hero_heading="Harbour Lane Journal",
                        hero_text="Slow travel, good bread and the trains in between.",
                        seo_title="Harbour Lane Journal — slow travel and food")
        root.add_child(instance=home)
        site.root_page = home
        site.site_name = "Harbour Lane Journal"
        site.port = 8106
        site.hostname = "127.0.0.1"
        site.save()
        old_home.delete()
        home.slug = "home"
        home.save_revision(user=admin).publish(user=admin)
        home.refresh_from_db()

        def add(parent, page, user=admin, publish=True, when=None):
            page.live = publish  # a draft is never live; publish() sets live itself
            parent.add_child(instance=page)
            rev = page.save_revision(user=user, log_action=True)
            if publish:
                rev.publish(user=user, skip_permission_checks=True)
            page.refresh_from_db()
            if when and page.live:
                Page.objects.filter(pk=page.pk).update(first_published_at=when,
                                                       last_published_at=when)
            return page

        blog = add(home, BlogIndexPage(
            title="Blog", slug="blog",
            intro="<p>Stories from the road and the table.</p>",
            search_description="All posts of the Harbour Lane Journal"))
        for (title, slug, d, author, categories, image, status, intro) in POSTS:
            user = users[author.split()[0].lower()] if author != "The editors" else admin
            post = BlogPage(title=title, slug=slug, date=d, intro=intro,
                            author=authors[author],
                            feed_image=images.get(image) if image else None,
                            body=body_for(title, intro, images.get(image) if image else None),
                            reading_time=4 + len(title) % 7,
                            subtitle="",
                            seo_title=f"{title} | Harbour Lane Journal",
                            search_description=intro)
            if status == "scheduled":
                post.go_live_at = datetime(2031, 3, 1, 9, 0, tzinfo=timezone.utc)
            post.categories = [cats[c] for c in categories]
            post.tags.add(*[c.lower().replace(" & ", "-") for c in categories][:2])
            post = add(blog, post, user=user, publish=status != "draft",
                       when=datetime(d.year, d.month, d.day, 8, 30, tzinfo=timezone.utc))
            if status == "live+draft":
                post.subtitle = "Updated with new café picks"
                post.save_revision(user=user, log_action=True)
            if status == "locked":
                post.locked, post.locked_by = True, users["jonas"]
                post.locked_at = datetime(2024, 9, 1, 10, 0, tzinfo=timezone.utc)
                post.save(update_fields=["locked", "locked_by", "locked_at"])

        about = add(home, StandardPage(
            title="About us", slug="about",
            intro="A small team of writers and one photographer, based in Lyon.",
            body=[("paragraph", RichText("<p>We started the journal in 2019.</p>"))]))
        add(about, StandardPage(title="Our team", slug="team",
                                intro="Who writes what.",
                                body=[("image", images["Team photo 2024"])]))
        press = add(about, StandardPage(title="Press kit", slug="press",
                                        intro="Logos, photos and facts for journalists."))
        PageViewRestriction.objects.create(page=press, restriction_type="password",
                                           password="press2024")
        add(about, StandardPage(title="Work with us", slug="work-with-us",
                                intro="We pay for pitches we accept."), publish=False)
        contact = ContactPage(
            title="Contact", slug="contact",
            intro="<p>Write to us about a post, a pitch or an advert.</p>",
            thank_you_text="<p>Thanks, we answer within a week.</p>",
            phone="+33 4 72 00 00 00", postal_address="12 rue de la Harpe\n69005 Lyon",
            from_address="web@harbourlane.example", to_address="desk@harbourlane.example",
            subject="New message from the contact form")
        home.add_child(instance=contact)
        for i, (label, ftype, required) in enumerate([
                ("Your name", "singleline", True), ("Email address", "email", True),
                ("Topic", "dropdown", False), ("Message", "multiline", True)]):
            ContactFormField.objects.create(
                page=contact, sort_order=i, label=label, field_type=ftype, required=required,
                choices="A post\nA pitch\nAdvertising" if ftype == "dropdown" else "")
        contact.save_revision(user=admin).publish(user=admin, skip_permission_checks=True)
        for name, email, topic, msg in [
                ("Ana Costa", "ana.costa@example.org", "A post",
                 "Loved the Porto piece. Which bakery was the custard tart from?"),
                ("Hiro Tanaka", "hiro.tanaka@example.org", "A pitch",
                 "I would like to write about the ferries of the Inland Sea."),
                ("Greta Schmidt", "greta.schmidt@example.org", "Advertising",
                 "What are your rates for the newsletter?")]:
            FormSubmission.objects.create(page=contact, form_data={
                "your_name": name, "email_address": email, "topic": topic, "message": msg})
        add(home, StandardPage(title="Privacy policy", slug="privacy",
                               intro="What we keep about you, and for how long."))

        # home features a post
        home.featured_post = Page.objects.get(slug="autumn-in-lyon")
        home.save_revision(user=admin).publish(user=admin)

        # --- site settings
        social = SocialMediaSettings.for_site(site)
        social.mastodon = "https://mastodon.example/@harbourlane"
        social.instagram = "harbourlanejournal"
        social.save()
        news = NewsletterSettings.for_site(site)
        news.signup_heading = "Postcards, once a month"
        news.signup_text = "One email a month with new posts and a reader letter."
        news.list_address = "letters@harbourlane.example"
        news.save()
