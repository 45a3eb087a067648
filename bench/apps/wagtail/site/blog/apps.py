from django.apps import AppConfig


class BlogConfig(AppConfig):
    name = "blog"
    default_auto_field = "django.db.models.AutoField"
