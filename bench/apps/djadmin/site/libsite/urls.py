from django.contrib import admin
from django.urls import path
from django.views.generic import RedirectView

admin.site.site_header = "Millbrook Lending Library"
admin.site.site_title = "Millbrook admin"
admin.site.index_title = "Back office"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", RedirectView.as_view(url="/admin/", permanent=False)),
]
