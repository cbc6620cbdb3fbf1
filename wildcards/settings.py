"""Django settings for Wild Cards.

Everything that differs between a laptop and a server comes from environment variables;
docs/hosting.md lists each one with its default.
"""

import warnings
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from wildcards.celery_config import celery_settings
from wildcards.email_config import email_settings
from wildcards.env import database_config, env_bool, env_float, env_int, env_list, env_str
from wildcards.https_config import https_settings
from wildcards.log_config import log_format_and_level, logging_config
from wildcards.spectacular_config import SPECTACULAR

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it to a long random string, or set DEBUG=1 for development."
        )
    SECRET_KEY = "django-insecure-development-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default="localhost,127.0.0.1")

INSTALLED_APPS = [
    # First, so its registration/ templates (the log-in and password pages) are found before
    # the admin's templates of the same names.
    "web",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and Redoc served from our static files, offline
    "django_htmx",
    "accounts",
    "games",
    "notifications",
    "ratings",
]

MIDDLEWARE = [
    # First: its request id and timing cover everything below (wildcards/logs.py).
    "wildcards.logs.RequestLogMiddleware",
    # A Host the site does not serve: 400, quietly; JSON under /api/ with DEBUG on too.
    "wildcards.api_errors.ApiErrorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files (CSS, JavaScript, htmx), where nginx does not serve them: compressed and
    # cached (wildcards/static.py; docs/hosting.md, "Static files").
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Pages show times in the viewer's time zone (web/timezones.py).
    "web.timezones.ViewerTimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A page that needed a rate limit while Redis is down: 503, not 500 (wildcards/throttling.py).
    "web.limits.LimitsUnavailableMiddleware",
]

ROOT_URLCONF = "wildcards.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "web.links.site_links",
                "web.csrf.for_django_templates",
            ],
        },
    },
    {  # the table's live part only: drawn after every move (web/jinja.py says why)
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"environment": "web.jinja.environment",
                    "context_processors": ["web.links.site_links", "web.csrf.for_jinja"]},
    },
]

WSGI_APPLICATION = "wildcards.wsgi.application"
ASGI_APPLICATION = "wildcards.asgi.application"

DATABASES = {
    "default": database_config(
        env_str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
    ),
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Empty means "no Redis": whatever needs a broker or a cache must then do without.
REDIS_URL = env_str("REDIS_URL") or None

AUTH_USER_MODEL = "accounts.User"
# Django's own backend; the session's user is read back in one prepared query.
AUTHENTICATION_BACKENDS = ["web.authentication.SessionUserBackend"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where `collectstatic` copies the files: a server names a folder of its own (STATIC_ROOT=...).
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "staticfiles")
# `collectstatic` writes hashed, gzipped copies and a manifest (wildcards/static.py); the app then
# serves those, the hashed names with a year's immutable cache. Until then (make run, the tests)
# it serves the apps' own folders, under the files' own names. A server reads whether the files
# were collected when it starts: restart it after collectstatic.
STATIC_COLLECTED = (STATIC_ROOT / "staticfiles.json").is_file()
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "wildcards.static.StaticFiles"},
}
WHITENOISE_USE_FINDERS = DEBUG or not STATIC_COLLECTED
WHITENOISE_AUTOREFRESH = DEBUG
# Under ASGI Django reads a file's answer (a synchronous iterator) in a thread, whole, and warns
# each time: our files are small (the largest, a source map of Redoc's, 3.9 MB), and behind
# nginx the app serves none (deploy/nginx/wildcards.conf). servestatic, WhiteNoise's
# asynchronous fork, was tried: with it a browser test of the event stream ran out of database
# connections one run in three (docs/benchmarks.md, "Static files").
warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous "
                                          "iterators", category=Warning)
# Without `collectstatic` WhiteNoise warns that STATIC_ROOT is missing; the finders serve the
# same files then, so the warning says nothing useful.
warnings.filterwarnings("ignore", message="No directory at: .*staticfiles", category=UserWarning)

# The web pages' log-in (Django's own auth views, web/urls.py).
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Email: from the environment, as docs/notifications.md says (wildcards/email_config.py).
globals().update(email_settings())

# Lets a table be dealt from a deck order chosen by the host (for demos and tests only).
WILDCARDS_ALLOW_RIGGED_DECKS = env_bool("WILDCARDS_ALLOW_RIGGED_DECKS", default=False)
# How games are loaded and saved on the hot paths: "prepared" (SQL written once, one round trip
# for a move's writes) or "orm" (the plain ORM). docs/benchmarks.md has the A/B of the two.
WILDCARDS_STORAGE_SQL = env_str("WILDCARDS_STORAGE_SQL", default="prepared")
if WILDCARDS_STORAGE_SQL not in ("prepared", "orm"):
    raise ImproperlyConfigured("WILDCARDS_STORAGE_SQL must be prepared or orm.")
# How long a bot seems to think before it moves at a real-time table, in milliseconds (turn by
# turn it moves at once; the test suite sets 0).
WILDCARDS_BOT_DELAY_MS = env_int("WILDCARDS_BOT_DELAY_MS", default=1200)
# How long a "your turn" email waits after the turn began, in seconds: it goes only to a player
# who has not been at the table meanwhile (docs/notifications.md).
WILDCARDS_TURN_NOTICE_DELAY = env_int("WILDCARDS_TURN_NOTICE_DELAY", default=120, least=0)
# How long a standing order waits when its turn comes, in seconds, while the others may still
# jump in or catch a missed last-card call (docs/playing.md, "Standing orders").
WILDCARDS_ORDER_DELAY = env_int("WILDCARDS_ORDER_DELAY", default=60, least=0)
# Vacation days an account banks in a year, a twelfth each month (docs/playing.md, "Vacation").
WILDCARDS_VACATION_DAYS_PER_YEAR = env_int("WILDCARDS_VACATION_DAYS_PER_YEAR", default=14,
                                           least=0)
# Where the site is reachable from outside: used to build absolute links in emails.
WILDCARDS_BASE_URL = env_str("WILDCARDS_BASE_URL", default="http://127.0.0.1:8000").rstrip("/")

# Accounts (docs/api.md, "Tokens" and "Log-in limits"). An API token stops working this many
# days after it was made; 0 (the default): never.
WILDCARDS_TOKEN_TTL_DAYS = env_int("WILDCARDS_TOKEN_TTL_DAYS", default=0)
# After this many failed log-ins for one username within the window (minutes), whatever the
# address they come from, further attempts for it are refused until the oldest leaves the window.
WILDCARDS_LOGIN_FAILURES = env_int("WILDCARDS_LOGIN_FAILURES", default=10)
WILDCARDS_LOGIN_WINDOW_MINUTES = env_int("WILDCARDS_LOGIN_WINDOW_MINUTES", default=15)
# A password-reset email goes to an address at most once in this many minutes (0: no limit),
# whoever asks and from wherever: nobody can flood a stranger's inbox through the form.
WILDCARDS_PASSWORD_RESET_MINUTES = env_int("WILDCARDS_PASSWORD_RESET_MINUTES", default=15)
if min(WILDCARDS_TOKEN_TTL_DAYS, WILDCARDS_LOGIN_FAILURES - 1,
       WILDCARDS_LOGIN_WINDOW_MINUTES - 1, WILDCARDS_PASSWORD_RESET_MINUTES) < 0:
    raise ImproperlyConfigured("WILDCARDS_TOKEN_TTL_DAYS and WILDCARDS_PASSWORD_RESET_MINUTES "
                               "must be 0 or more, "
                               "WILDCARDS_LOGIN_FAILURES and WILDCARDS_LOGIN_WINDOW_MINUTES 1 "
                               "or more.")

REST_FRAMEWORK = {
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "games.api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "wildcards.api_errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "signup": env_str("WILDCARDS_THROTTLE_SIGNUP", default="20/hour"),
        "token": env_str("WILDCARDS_THROTTLE_TOKEN", default="30/minute"),
        "moves": env_str("WILDCARDS_THROTTLE_MOVES", default="240/minute"),
        # The password-reset page (per address; each email address gets one email per
        # WILDCARDS_PASSWORD_RESET_MINUTES besides).
        "password-reset": env_str("WILDCARDS_THROTTLE_PASSWORD_RESET", default="10/hour"),
    },
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    # JSON in, JSON out: a form-encoded body is answered 415, one nested too deeply 400.
    "DEFAULT_PARSER_CLASSES": ["wildcards.api_content.JSONParser"],
    # JSON only, DEBUG or not: `Accept: text/html` gets JSON too (the API's pages for people
    # are /api/docs/ and /api/redoc/).
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "wildcards.api_content.JSONUnlessAsked",
}

# The OpenAPI schema's settings (drf-spectacular) are in wildcards/spectacular_config.py.
SPECTACULAR_SETTINGS = SPECTACULAR

# Celery's settings (CELERY_*: broker, serializers, limits, beat's schedule) are in
# wildcards/celery_config.py, which says why each is so. An installed copy (`pip install .`)
# lives in site-packages: a server names a folder of its own for the broker's files without
# Redis and beat's schedule.
CELERY_DATA_DIR = Path(env_str("CELERY_DATA_DIR") or BASE_DIR / ".celery")
globals().update(celery_settings(REDIS_URL, CELERY_DATA_DIR))

# Sessions (the web pages' log-in) are read from the cache and written through to the database:
# a page needs no query for its session while Redis holds it.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# Shared by every web process when Redis is there, so throttles count across processes.
# django-redis rather than Django's own Redis backend: Django's builds a new client object at
# every cache call (a fifth of a page's session read; docs/benchmarks.md, "The table's web
# page"), django-redis keeps one per process.
# A Redis outage must not take the pages down: the cache then misses (sessions are read from
# the database) and its writes are dropped, with a warning a minute
# (wildcards.log_filters.OutageFilter) rather than a 500; /healthz reports it.
CACHES = {
    "default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": REDIS_URL,
                "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 2,
                            "SOCKET_TIMEOUT": 2}}
    if REDIS_URL else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
DJANGO_REDIS_LOGGER = "wildcards.cache"


# ------------------------------------------------------------------ behind an HTTPS proxy
# HTTPS redirect, secure cookies, HSTS, the proxy's header, trusted origins and proxies, from the
# environment with production defaults: wildcards/https_config.py (docs/hosting.md).
_https = https_settings(DEBUG, WILDCARDS_BASE_URL)
globals().update(_https)
REST_FRAMEWORK["NUM_PROXIES"] = _https["WILDCARDS_TRUSTED_PROXIES"]


# ------------------------------------------------------------------ logs, errors, health
# Everything to stderr (systemd's journal, the container's log): "text" lines, or "json" lines
# for a log collector (docs/hosting.md, "Logs and errors").
LOG_FORMAT, LOG_LEVEL = log_format_and_level()
LOGGING = logging_config(LOG_FORMAT, LOG_LEVEL)
# Celery's worker keeps the LOGGING above instead of putting its own handler on the root.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

SENTRY_DSN = env_str("SENTRY_DSN")
if SENTRY_DSN:
    from wildcards import sentry

    sentry.start(SENTRY_DSN, environment=env_str("SENTRY_ENVIRONMENT", default="production"),
                 traces_sample_rate=env_float("SENTRY_TRACES_SAMPLE_RATE", default=0.0))
