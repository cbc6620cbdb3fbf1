"""ASGI entry point: `uvicorn wildcards.asgi:application`, or gunicorn with
`-k wildcards.workers.UvicornWorker` (docs/hosting.md).

Django's own handler, with the list of work kept until the response is sent
(`wildcards.after_response`) opened around it: Django's ASGI handler sends `request_started`
in a task of its own, whose context the request never sees."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards.settings")

django_application = get_asgi_application()

from wildcards import after_response  # noqa: E402  (after Django is set up)


async def application(scope, receive, send):
    if scope["type"] == "http":
        after_response.open_request()
    await django_application(scope, receive, send)
