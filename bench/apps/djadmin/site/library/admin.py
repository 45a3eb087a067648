"""The library's admin: list filters, search, inlines, actions, fieldsets and the
related-object widgets (autocomplete, raw id, plain select with add/change icons)."""

from datetime import date

from django.contrib import admin, messages
from django.db.models import Count

from .models import Author, Book, Loan, Member, Publisher


class BookInline(admin.TabularInline):
    model = Book
    fields = ["title", "edition", "isbn", "genre", "published", "in_stock"]
    readonly_fields = ["title", "edition", "isbn", "genre", "published", "in_stock"]
    extra = 0
    can_delete = False
    show_change_link = True
    max_num = 0


@admin.register(Author)
class AuthorAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "country", "birth_year", "book_count"]
    list_filter = ["country"]
    search_fields = ["last_name", "first_name"]
    inlines = [BookInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_books=Count("books"))

    @admin.display(description="books", ordering="_books")
    def book_count(self, obj):
        return obj._books


@admin.register(Publisher)
class PublisherAdmin(admin.ModelAdmin):
    list_display = ["name", "city", "founded"]
    search_fields = ["name", "city"]


@admin.register(Book)
class BookAdmin(admin.ModelAdmin):
    list_display = ["title", "author", "edition", "isbn", "genre", "published", "price",
                    "in_stock"]
    list_display_links = ["title"]
    list_editable = ["price", "in_stock"]
    list_filter = ["genre", "in_stock", "format", "published", "publisher"]
    search_fields = ["title", "isbn", "author__last_name", "author__first_name"]
    list_per_page = 50
    list_select_related = ["author"]
    autocomplete_fields = ["author"]
    readonly_fields = ["added_on", "updated_on"]
    actions = ["mark_out_of_stock", "mark_in_stock"]
    save_on_top = True
    fieldsets = [
        (None, {"fields": ["title", "author", "publisher", "isbn", "edition"]}),
        ("Catalogue", {"fields": ["genre", "format", "published", "pages", "price",
                                  "in_stock"]}),
        ("Shelving and notes", {"classes": ["collapse"],
                                "description": "Where the copy lives and what it is about.",
                                "fields": ["shelf_mark", "summary", "added_on",
                                           "updated_on"]}),
    ]

    @admin.action(description="Mark selected books as out of stock")
    def mark_out_of_stock(self, request, queryset):
        n = queryset.update(in_stock=False)
        self.message_user(request, f"{n} book(s) marked as out of stock.", messages.SUCCESS)

    @admin.action(description="Mark selected books as back in stock")
    def mark_in_stock(self, request, queryset):
        n = queryset.update(in_stock=True)
        self.message_user(request, f"{n} book(s) marked as in stock.", messages.SUCCESS)


class LoanInline(admin.TabularInline):
    model = Loan
    fields = ["book", "borrowed_on", "due_date", "returned", "returned_on", "fine"]
    autocomplete_fields = ["book"]
    extra = 1
    ordering = ["-borrowed_on"]


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "card_number", "email", "membership",
                    "joined", "active"]
    list_filter = ["membership", "active", "newsletter", "joined"]
    search_fields = ["last_name", "first_name", "email", "card_number"]
    readonly_fields = ["card_number"]
    inlines = [LoanInline]
    fieldsets = [
        (None, {"fields": ["card_number", ("first_name", "last_name"), "email", "phone"]}),
        ("Membership", {"fields": ["membership", "joined", "active", "newsletter",
                                   "last_visit"]}),
        ("Address and notes", {"classes": ["collapse"], "fields": ["address", "notes"]}),
    ]

    def get_readonly_fields(self, request, obj=None):
        # the card number is issued on creation and fixed afterwards
        return ["card_number"] if obj else []


@admin.register(Loan)
class LoanAdmin(admin.ModelAdmin):
    list_display = ["id", "book", "member", "borrowed_on", "due_date", "returned",
                    "overdue", "fine"]
    list_display_links = ["id", "book"]
    list_filter = ["returned", "due_date", "member__membership", "book__genre"]
    date_hierarchy = "borrowed_on"
    search_fields = ["book__title", "member__last_name", "member__first_name",
                     "member__card_number"]
    autocomplete_fields = ["book"]
    raw_id_fields = ["member"]
    list_select_related = ["book", "member"]
    list_per_page = 40
    actions = ["mark_returned"]
    fieldsets = [
        (None, {"fields": ["book", "member"]}),
        ("Dates", {"fields": ["borrowed_on", "due_date", "renewals"]}),
        ("Return", {"fields": ["returned", "returned_on", "fine", "notes"]}),
    ]

    @admin.display(boolean=True, description="overdue")
    def overdue(self, obj):
        return not obj.returned and obj.due_date < date.today()

    @admin.action(description="Mark selected loans as returned today")
    def mark_returned(self, request, queryset):
        n = queryset.filter(returned=False).update(returned=True, returned_on=date.today())
        self.message_user(request, f"{n} loan(s) marked as returned.", messages.SUCCESS)
