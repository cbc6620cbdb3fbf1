"""Errors to Sentry, when SENTRY_DSN names a project (docs/hosting.md, "Logs and errors")."""

from __future__ import annotations

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration


def start(dsn: str, *, environment: str, traces_sample_rate: float) -> None:
    """Send unhandled errors of the web (Django) and of the tasks (Celery) to Sentry. Personal
    data (addresses, cookies, user names) stays out of the events unless asked for."""
    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        traces_sample_rate=traces_sample_rate,
        send_default_pii=False,
    )
