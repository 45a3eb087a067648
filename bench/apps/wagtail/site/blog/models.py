"""Page types, snippets and site settings of the bench site (a small travel-and-food blog)."""

from django import forms
from django.db import models
from modelcluster.contrib.taggit import ClusterTaggableManager
from modelcluster.fields import ParentalKey, ParentalManyToManyField
from taggit.models import TaggedItemBase
from wagtail import blocks
from wagtail.admin.panels import (
    FieldPanel,
    FieldRowPanel,
    InlinePanel,
    MultiFieldPanel,
)
from wagtail.contrib.forms.models import AbstractEmailForm, AbstractFormField
from wagtail.contrib.forms.panels import FormSubmissionsPanel
from wagtail.contrib.settings.models import BaseSiteSetting, register_setting
from wagtail.fields import RichTextField, StreamField
from wagtail.images.blocks import ImageChooserBlock
from wagtail.models import Page
from wagtail.search import index
from wagtail.snippets.models import register_snippet

TEMPLATE = "blog/page.html"


class BodyBlock(blocks.StreamBlock):
    heading = blocks.CharBlock(form_classname="title", icon="title")
    paragraph = blocks.RichTextBlock(features=["bold", "italic", "link", "ol", "ul"])
    image = ImageChooserBlock()
    quote = blocks.BlockQuoteBlock()


@register_snippet
class Author(index.Indexed, models.Model):
    name = models.CharField(max_length=120)
    role = models.CharField(max_length=120, blank=True,
                            help_text="Shown under the byline, e.g. 'Food editor'")
    email = models.EmailField(blank=True)
    bio = models.TextField(blank=True)
    portrait = models.ForeignKey("wagtailimages.Image", null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+")

    panels = [FieldPanel("name"), FieldPanel("role"), FieldPanel("email"),
              FieldPanel("bio"), FieldPanel("portrait")]
    search_fields = [index.SearchField("name"), index.AutocompleteField("name")]

    def __str__(self):
        return self.name


@register_snippet
class BlogCategory(models.Model):
    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=80)

    panels = [FieldPanel("name"), FieldPanel("slug")]

    class Meta:
        verbose_name = "blog category"
        verbose_name_plural = "blog categories"
        ordering = ["name"]

    def __str__(self):
        return self.name


class HomePage(Page):
    hero_heading = models.CharField(max_length=200, blank=True)
    hero_text = models.TextField(blank=True, help_text="Two or three lines under the big heading")
    featured_post = models.ForeignKey("wagtailcore.Page", null=True, blank=True,
                                      on_delete=models.SET_NULL, related_name="+",
                                      help_text="The post shown in the large card on the home page")
    body = StreamField(BodyBlock(), blank=True)

    content_panels = Page.content_panels + [
        MultiFieldPanel([FieldPanel("hero_heading"), FieldPanel("hero_text")], heading="Hero"),
        FieldPanel("featured_post"),
        FieldPanel("body"),
    ]
    template = TEMPLATE
    max_count = 1


class BlogIndexPage(Page):
    intro = RichTextField(blank=True, features=["bold", "italic", "link"])
    posts_per_page = models.PositiveIntegerField(default=10,
                                                 help_text="How many posts to list before paging")

    content_panels = Page.content_panels + [FieldPanel("intro"), FieldPanel("posts_per_page")]
    subpage_types = ["blog.BlogPage"]
    template = TEMPLATE


class BlogPageTag(TaggedItemBase):
    content_object = ParentalKey("blog.BlogPage", related_name="tagged_items",
                                 on_delete=models.CASCADE)


class BlogPage(Page):
    subtitle = models.CharField(max_length=250, blank=True)
    date = models.DateField("Post date")
    intro = models.CharField(max_length=300, blank=True,
                             help_text="One sentence that sums the post up; shown on the blog index")
    body = StreamField(BodyBlock(), blank=True)
    author = models.ForeignKey(Author, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="posts")
    categories = ParentalManyToManyField(BlogCategory, blank=True)
    tags = ClusterTaggableManager(through=BlogPageTag, blank=True)
    feed_image = models.ForeignKey("wagtailimages.Image", null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   help_text="Picture used on the blog index and when shared")
    reading_time = models.PositiveIntegerField(null=True, blank=True,
                                               help_text="Estimated minutes to read")
    allow_comments = models.BooleanField(default=True)

    search_fields = Page.search_fields + [index.SearchField("intro"), index.SearchField("body")]
    content_panels = Page.content_panels + [
        FieldPanel("subtitle"),
        MultiFieldPanel([
            FieldRowPanel([FieldPanel("date"), FieldPanel("reading_time")]),
            FieldPanel("author"),
            FieldPanel("categories", widget=forms.CheckboxSelectMultiple),
            FieldPanel("tags"),
        ], heading="Post details"),
        FieldPanel("intro"),
        FieldPanel("feed_image"),
        FieldPanel("body"),
    ]
    promote_panels = Page.promote_panels + [FieldPanel("allow_comments")]
    parent_page_types = ["blog.BlogIndexPage"]
    template = TEMPLATE


class StandardPage(Page):
    intro = models.TextField(blank=True, help_text="Short text above the body")
    body = StreamField(BodyBlock(), blank=True)

    content_panels = Page.content_panels + [FieldPanel("intro"), FieldPanel("body")]
    template = TEMPLATE


class ContactFormField(AbstractFormField):
    page = ParentalKey("blog.ContactPage", on_delete=models.CASCADE, related_name="form_fields")


class ContactPage(AbstractEmailForm):
    intro = RichTextField(blank=True)
    thank_you_text = RichTextField(blank=True)
    phone = models.CharField(max_length=40, blank=True)
    postal_address = models.TextField(blank=True)

    content_panels = AbstractEmailForm.content_panels + [
        FormSubmissionsPanel(),
        FieldPanel("intro"),
        InlinePanel("form_fields", label="Form fields"),
        FieldPanel("thank_you_text"),
        MultiFieldPanel([FieldPanel("phone"), FieldPanel("postal_address")],
                        heading="Office details"),
        MultiFieldPanel([
            FieldRowPanel([FieldPanel("from_address"), FieldPanel("to_address")]),
            FieldPanel("subject"),
        ], heading="Email"),
    ]
    template = TEMPLATE
    landing_page_template = TEMPLATE


@register_setting(icon="site")
class SocialMediaSettings(BaseSiteSetting):
    mastodon = models.URLField(blank=True, help_text="Full address of the Mastodon profile")
    instagram = models.CharField(max_length=60, blank=True, help_text="Handle without the @")
    youtube = models.URLField(blank=True, help_text="Channel address")

    class Meta:
        verbose_name = "social media accounts"


@register_setting(icon="mail")
class NewsletterSettings(BaseSiteSetting):
    signup_heading = models.CharField(max_length=120, blank=True)
    signup_text = models.TextField(blank=True, help_text="Shown under the heading in the footer")
    list_address = models.EmailField(blank=True,
                                     help_text="Address the mailing-list provider sends from")
    double_opt_in = models.BooleanField(default=True)

    class Meta:
        verbose_name = "newsletter"
