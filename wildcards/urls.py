from django.contrib import admin
from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerView

from wildcards.api_errors import not_found
from wildcards.api_schema import SchemaView
from wildcards.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),  # for the proxy and monitors: docs/hosting.md
    # The API first: Django tries the patterns in order and keeps a list for each it tried,
    # alive as long as the request (an event stream's: as long as the stream).
    path("api/", include("games.api.urls")),
    path("", include("web.urls")),
    path("admin/", admin.site.urls),
    path("api/schema/", SchemaView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="api-schema",
                                                    template_name="api/redoc.html"),
         name="api-redoc"),
    path("", include("notifications.urls")),
    # Last: any other address under /api/ is a JSON 404, with DEBUG on as well, whatever the
    # method (without csrf_exempt a POST would meet the CSRF check's HTML 403 first; the view
    # changes nothing, so there is nothing to protect).
    re_path(r"^api/", csrf_exempt(not_found)),
]

handler400 = "wildcards.api_errors.bad_request"
handler404 = "wildcards.api_errors.not_found"
handler500 = "wildcards.api_errors.server_error"
