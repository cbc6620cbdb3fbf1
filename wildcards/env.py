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


def env_int(name: str, default: int, environ: Mapping[str, str] | None = None, *,
            least: int | None = None) -> int:
    raw = env_str(name, environ=environ)
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None
    if least is not None and value < least:
        raise ImproperlyConfigured(f"{name} must be {least} or more.")
    return value


def env_float(name: str, default: float, environ: Mapping[str, str] | None = None) -> float:
    raw = env_str(name, environ=environ)
    if not raw:
        return default
    try:
        return float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number") from None


def env_list(name: str, default: str = "", environ: Mapping[str, str] | None = None) -> list[str]:
    environ = os.environ if environ is None else environ
    raw = environ.get(name, default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def database_config(url: str) -> dict:
    """Django DATABASES["default"] for a database URL (postgres://..., sqlite:///...)."""
    config = dj_database_url.parse(url)
    if config["ENGINE"] == "django.db.backends.postgresql":
        # A pool per process (psycopg's), not connections kept per thread: under ASGI each
        # request runs in a thread of its own, and a connection kept by a thread that ends is
        # lost until the server closes it (docs/benchmarks.md, "The event stream").
        config["CONN_MAX_AGE"] = 0
        config["OPTIONS"] = {**config.get("OPTIONS", {}), "pool": {
            "min_size": 1, "max_size": env_int("DATABASE_POOL_SIZE", 8), "timeout": 10},
            # The hot paths' statements are prepared from their second use on a connection
            # (`games.storage.sql.fetch_all` and `Batch`); Django's own cursors bind on the
            # client and never are.
            "prepare_threshold": 2}
    return config
