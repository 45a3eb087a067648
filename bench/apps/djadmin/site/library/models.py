"""A lending library: authors, publishers, books, members and their loans."""

from django.db import models


class Author(models.Model):
    first_name = models.CharField(max_length=80)
    last_name = models.CharField(max_length=80)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    country = models.CharField(max_length=60, blank=True)
    website = models.URLField(blank=True)
    bio = models.TextField(blank=True)

    class Meta:
        ordering = ["last_name", "first_name"]

    def __str__(self):
        return f"{self.first_name} {self.last_name}"


class Publisher(models.Model):
    name = models.CharField(max_length=120, unique=True)
    city = models.CharField(max_length=80, blank=True)
    founded = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class Book(models.Model):
    GENRES = [
        ("fiction", "Fiction"),
        ("mystery", "Mystery & crime"),
        ("scifi", "Science fiction"),
        ("fantasy", "Fantasy"),
        ("history", "History"),
        ("biography", "Biography"),
        ("science", "Popular science"),
        ("children", "Children's"),
        ("poetry", "Poetry"),
        ("cookery", "Cookery"),
    ]
    FORMATS = [("hardback", "Hardback"), ("paperback", "Paperback"),
               ("large_print", "Large print"), ("audio", "Audiobook (CD)")]

    title = models.CharField(max_length=200)
    author = models.ForeignKey(Author, on_delete=models.PROTECT, related_name="books")
    publisher = models.ForeignKey(Publisher, on_delete=models.SET_NULL, null=True,
                                  blank=True, related_name="books")
    isbn = models.CharField("ISBN", max_length=17, unique=True,
                            help_text="13 digits, with or without hyphens.")
    genre = models.CharField(max_length=20, choices=GENRES)
    format = models.CharField(max_length=20, choices=FORMATS, default="paperback")
    edition = models.PositiveSmallIntegerField(default=1)
    published = models.DateField("publication date")
    pages = models.PositiveIntegerField(null=True, blank=True)
    price = models.DecimalField("replacement price", max_digits=7, decimal_places=2)
    in_stock = models.BooleanField("in stock", default=True)
    shelf_mark = models.CharField(max_length=20, blank=True)
    summary = models.TextField(blank=True)
    added_on = models.DateTimeField("added to catalogue", auto_now_add=True)
    updated_on = models.DateTimeField("last updated", auto_now=True)

    class Meta:
        ordering = ["title", "edition"]

    def __str__(self):
        ed = f" ({self.edition}. ed.)" if self.edition > 1 else ""
        return f"{self.title}{ed}"


class Member(models.Model):
    MEMBERSHIPS = [("standard", "Standard"), ("student", "Student"),
                   ("senior", "Senior"), ("family", "Family")]

    card_number = models.CharField("library card", max_length=12, unique=True)
    first_name = models.CharField(max_length=80)
    last_name = models.CharField(max_length=80)
    email = models.EmailField()
    phone = models.CharField(max_length=30, blank=True)
    membership = models.CharField(max_length=20, choices=MEMBERSHIPS, default="standard")
    joined = models.DateField("member since")
    active = models.BooleanField(default=True)
    last_visit = models.DateTimeField(null=True, blank=True)
    newsletter = models.BooleanField("receives newsletter", default=False)
    address = models.CharField(max_length=200, blank=True)
    notes = models.TextField(blank=True)

    class Meta:
        ordering = ["last_name", "first_name"]

    def __str__(self):
        return f"{self.first_name} {self.last_name} ({self.card_number})"


class Loan(models.Model):
    book = models.ForeignKey(Book, on_delete=models.CASCADE, related_name="loans")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="loans")
    borrowed_on = models.DateField()
    due_date = models.DateField()
    returned = models.BooleanField(default=False)
    returned_on = models.DateField(null=True, blank=True)
    renewals = models.PositiveSmallIntegerField(default=0)
    fine = models.DecimalField(max_digits=6, decimal_places=2, default=0)
    notes = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-borrowed_on", "-id"]

    def __str__(self):
        return f"Loan #{self.pk}: {self.book.title}"
