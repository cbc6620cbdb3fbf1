"""Ready for a server behind an HTTPS proxy: `check --deploy` is clean with the documented
environment (deploy/wildcards.env.example), the defaults without DEBUG are the secure ones,
DEBUG (make run) keeps plain http, and the admin's log-in works through the proxy."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from ops_helpers import ROOT, run_python, settings_of

ENV_EXAMPLE = ROOT / "deploy" / "wildcards.env.example"
SECRET = "3vQ9x_" + "k7Zp2-Lw8RtY4mNb6HsJ1cVfXe0GdUaQoIi5" * 2


def documented_env(path: Path = ENV_EXAMPLE) -> dict[str, str]:
    """The example env file as systemd reads it (KEY=value lines, double quotes taken off),
    its SECRET_KEY filled."""
    env = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, value = line.split("=", 1)
            env[key.strip()] = value.removeprefix('"').removesuffix('"')
    assert env["SECRET_KEY"].startswith("CHANGE-ME")
    env["SECRET_KEY"] = SECRET
    return env


def test_check_deploy_is_clean_with_the_documented_production_environment(bare_env, tmp_path):
    env = bare_env(**{**documented_env(), "CELERY_DATA_DIR": str(tmp_path / "celery"),
                      "STATIC_ROOT": str(tmp_path / "static")})
    done = run_python(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")

    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout


def test_with_https_switched_off_check_deploy_warns(bare_env):
    """The check above can fail: it does as soon as HTTPS is switched off (the redirect and
    the secure cookies; the file's HSTS lines still stand)."""
    env = bare_env(**{**documented_env(), "WILDCARDS_HTTPS": "0"})
    done = run_python(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")

    assert done.returncode != 0
    found = set(re.findall(r"security\.W\d+", done.stdout + done.stderr))
    assert {"security.W008", "security.W012", "security.W016"} <= found


def test_with_debug_off_the_defaults_are_https_only(bare_env):
    values = settings_of(bare_env(SECRET_KEY=SECRET), "SECURE_SSL_REDIRECT",
                         "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_HSTS_SECONDS",
                         "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_PROXY_SSL_HEADER",
                         "REST_FRAMEWORK")

    assert values["SECURE_SSL_REDIRECT"] and values["SESSION_COOKIE_SECURE"]
    assert values["CSRF_COOKIE_SECURE"] and values["SECURE_HSTS_INCLUDE_SUBDOMAINS"]
    assert values["SECURE_HSTS_SECONDS"] >= 365 * 24 * 3600
    # No proxy is trusted until one is named: neither its scheme header nor its addresses.
    assert values["SECURE_PROXY_SSL_HEADER"] is None
    assert values["REST_FRAMEWORK"]["NUM_PROXIES"] == 0


def test_debug_as_make_run_sets_it_keeps_plain_http(bare_env):
    values = settings_of(bare_env(DEBUG="1"), "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE",
                         "CSRF_COOKIE_SECURE", "SECURE_HSTS_SECONDS")

    assert values == {"SECURE_SSL_REDIRECT": False, "SESSION_COOKIE_SECURE": False,
                      "CSRF_COOKIE_SECURE": False, "SECURE_HSTS_SECONDS": 0}


def test_the_proxy_settings_are_read_from_the_environment(bare_env):
    values = settings_of(
        bare_env(SECRET_KEY=SECRET, SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
                 WILDCARDS_TRUSTED_PROXIES="2", WILDCARDS_BASE_URL="https://cards.example.com",
                 CSRF_TRUSTED_ORIGINS="https://admin.example.com, https://cards.example.org",
                 SECURE_HSTS_SECONDS="600", SECURE_HSTS_PRELOAD="0"),
        "SECURE_PROXY_SSL_HEADER", "REST_FRAMEWORK", "CSRF_TRUSTED_ORIGINS",
        "SECURE_HSTS_SECONDS", "SECURE_HSTS_PRELOAD")

    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["REST_FRAMEWORK"]["NUM_PROXIES"] == 2
    assert values["CSRF_TRUSTED_ORIGINS"] == [
        "https://admin.example.com", "https://cards.example.com", "https://cards.example.org"]
    assert (values["SECURE_HSTS_SECONDS"], values["SECURE_HSTS_PRELOAD"]) == (600, False)


@pytest.mark.parametrize("variable, value, says", [
    ("WILDCARDS_TRUSTED_PROXIES", "-1", "WILDCARDS_TRUSTED_PROXIES must be 0 or more"),
    ("WILDCARDS_TRUSTED_PROXIES", "one", "is not a whole number"),
    ("SECURE_SSL_REDIRECT", "ture", "is not a yes/no value"),
    ("LOG_FORMAT", "xml", "LOG_FORMAT must be text or json"),
])
def test_a_bad_value_stops_the_start_with_a_sentence(bare_env, variable, value, says):
    env = bare_env(SECRET_KEY=SECRET, DJANGO_SETTINGS_MODULE="wildcards.settings",
                   **{variable: value})
    done = run_python(env, "-c", "import django; django.setup()")

    assert done.returncode != 0 and says in done.stderr


# ------------------------------------------------------------- the admin through the proxy
@pytest.fixture
def behind_the_proxy(settings, django_user_model):
    settings.ALLOWED_HOSTS = ["cards.example.com"]
    settings.SECURE_SSL_REDIRECT = True
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    django_user_model.objects.create_superuser("root", "root@example.com", "a-long-passw0rd")
    return settings


def admin_log_in(client: Client, **proxy_headers: str):
    client.get("/admin/login/", HTTP_HOST="cards.example.com", **proxy_headers)
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": "root", "password": "a-long-passw0rd",
         "csrfmiddlewaretoken": client.cookies["csrftoken"].value},
        HTTP_HOST="cards.example.com", HTTP_ORIGIN="https://cards.example.com", **proxy_headers)


@pytest.mark.django_db
def test_the_admin_log_in_through_the_https_proxy_answers_302(behind_the_proxy):
    client = Client(enforce_csrf_checks=True)
    response = admin_log_in(client, HTTP_X_FORWARDED_PROTO="https")

    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert client.cookies["sessionid"]["secure"]


@pytest.mark.django_db
def test_without_the_proxy_header_setting_the_same_log_in_is_refused(behind_the_proxy):
    """What the issue saw: Django takes the request for plain http, and the browser's https
    Origin for another site's."""
    behind_the_proxy.SECURE_PROXY_SSL_HEADER = None
    behind_the_proxy.SECURE_SSL_REDIRECT = False
    response = admin_log_in(Client(enforce_csrf_checks=True), HTTP_X_FORWARDED_PROTO="https")

    assert response.status_code == 403


def test_the_asgi_server_freezes_what_it_loaded_out_of_the_collectors_way(bare_env):
    """A full collection walks every object the collector tracks; what start-up loaded lives as
    long as the process (wildcards/asgi.py, docs/benchmarks.md "The event stream")."""
    done = run_python({**bare_env(DEBUG="1"), "DJANGO_SETTINGS_MODULE": "wildcards.settings"},
                      "-c", "import gc, wildcards.asgi; print(gc.get_freeze_count())")
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 20_000
