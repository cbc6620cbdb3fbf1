from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from wildcards.api_errors import not_found
from wildcards.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),  # for the proxy and monitors: docs/hosting.md
    path("", include("web.urls")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("games.api.urls")),
    path("", include("notifications.urls")),
    # Last: any other address under /api/ is a JSON 404, with DEBUG on as well.
    re_path(r"^api/", not_found),
]

handler404 = "wildcards.api_errors.not_found"
handler500 = "wildcards.api_errors.server_error"
