"""ASGI entry point: `uvicorn wildcards.asgi:application` (or any ASGI server)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards.settings")

application = get_asgi_application()
