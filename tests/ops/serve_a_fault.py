"""A process that serves one request to a view that raises, as a server would with DEBUG off,
and prints what the client got as JSON on stdout. Its stderr is the log. Run by
tests/ops/test_logs_and_errors.py with the environment under test (LOG_FORMAT, SENTRY_DSN)."""

import json
import os
import sys
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards.settings")
django.setup()

from django.test import Client, override_settings  # noqa: E402
from django.urls import path  # noqa: E402

import wildcards.urls  # noqa: E402


def boom(request):
    raise RuntimeError("the view broke on purpose")


urlpatterns = [path("api/boom", boom), *wildcards.urls.urlpatterns]
handler500 = wildcards.urls.handler500

with override_settings(ROOT_URLCONF="__main__"):
    client = Client(raise_request_exception=False, HTTP_HOST="localhost")
    response = client.get("/api/boom", secure=True, HTTP_X_REQUEST_ID=sys.argv[1])

import sentry_sdk  # noqa: E402

client = sentry_sdk.get_client()
sentry_sdk.flush(timeout=5)
print(json.dumps({
    "status": response.status_code,
    "content_type": response["Content-Type"],
    "body": response.json(),
    "request_id": response["X-Request-ID"],
    "sentry_active": client.is_active(),
    "sentry_integrations": sorted(getattr(client, "integrations", {})),
}))
