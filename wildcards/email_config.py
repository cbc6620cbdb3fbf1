"""Django's email settings from the environment (docs/notifications.md, "Settings")."""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured

from wildcards.env import env_bool, env_int, env_str


def email_settings() -> dict:
    settings = {
        "EMAIL_BACKEND": env_str("EMAIL_BACKEND",
                                 default="django.core.mail.backends.console.EmailBackend"),
        "EMAIL_HOST": env_str("EMAIL_HOST", default="localhost"),
        "EMAIL_PORT": env_int("EMAIL_PORT", default=25),
        "EMAIL_HOST_USER": env_str("EMAIL_HOST_USER"),
        "EMAIL_HOST_PASSWORD": env_str("EMAIL_HOST_PASSWORD"),
        "EMAIL_USE_TLS": env_bool("EMAIL_USE_TLS", default=False),
        "EMAIL_USE_SSL": env_bool("EMAIL_USE_SSL", default=False),  # implicit TLS, port 465
        # Seconds to wait for the SMTP server: a silent one must not hold a worker until its
        # time limit.
        "EMAIL_TIMEOUT": env_int("EMAIL_TIMEOUT", default=30),
        "DEFAULT_FROM_EMAIL": env_str("DEFAULT_FROM_EMAIL",
                                      default="Wild Cards <wildcards@localhost>"),
    }
    if settings["EMAIL_USE_TLS"] and settings["EMAIL_USE_SSL"]:
        raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL exclude each other: set one.")
    return settings
