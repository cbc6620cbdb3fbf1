"""Reading settings from environment variables.

Each helper takes the environment as an argument (default: os.environ) so the parsing can be
tested without touching the process environment.
"""

import os
from collections.abc import Mapping

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})


def env_str(name: str, default: str = "", environ: Mapping[str, str] | None = None) -> str:
    environ = os.environ if environ is None else environ
    return environ.get(name, default).strip()


def env_bool(name: str, default: bool = False, environ: Mapping[str, str] | None = None) -> bool:
    environ = os.environ if environ is None else environ
    if name not in environ:
        return default
    word = environ[name].strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    # A typo such as DEBUG=ture must not silently mean "off" (or "on").
    raise ImproperlyConfigured(
        f"{name}={environ[name]!r} is not a yes/no value: "
        "use one of 1/true/yes/on or 0/false/no/off"
    )


def env_int(name: str, default: int, environ: Mapping[str, str] | None = None) -> int:
    raw = env_str(name, environ=environ)
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None


def env_list(name: str, default: str = "", environ: Mapping[str, str] | None = None) -> list[str]:
    environ = os.environ if environ is None else environ
    raw = environ.get(name, default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def database_config(url: str) -> dict:
    """Django DATABASES["default"] for a database URL (postgres://..., sqlite:///...)."""
    config = dj_database_url.parse(url)
    if config["ENGINE"] == "django.db.backends.postgresql":
        # Keep connections open between requests, and check them before reuse.
        config["CONN_MAX_AGE"] = 60
        config["CONN_HEALTH_CHECKS"] = True
    return config
