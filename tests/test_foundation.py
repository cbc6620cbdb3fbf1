import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from wildcards.env import database_config, env_bool, env_int, env_list
from wildcards.pytest_env import redis_database, worker_redis_url

BASE_DIR = Path(__file__).resolve().parent.parent


def test_the_home_page_answers_and_names_the_game(client):
    response = client.get("/")

    assert response.status_code == 200
    assert "Wild Cards" in response.content.decode()


def test_the_admin_asks_an_anonymous_visitor_to_log_in(client):
    response = client.get("/admin/")

    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_the_user_model_is_the_custom_accounts_user():
    assert settings.AUTH_USER_MODEL == "accounts.User"
    assert get_user_model()._meta.label == "accounts.User"


@pytest.mark.django_db
def test_a_user_can_be_created_and_checked_against_their_password():
    user = get_user_model().objects.create_user("ada", "ada@example.com", "s3cret-enough")

    assert user.check_password("s3cret-enough")
    assert not user.check_password("wrong")


@pytest.mark.parametrize("word", ["1", "true", "TRUE", "yes", "Yes", "on", " true "])
def test_env_bool_reads_yes_words_as_true(word):
    assert env_bool("DEBUG", environ={"DEBUG": word}) is True


@pytest.mark.parametrize("word", ["0", "false", "no", "off", ""])
def test_env_bool_reads_no_words_as_false(word):
    assert env_bool("DEBUG", default=True, environ={"DEBUG": word}) is False


def test_env_bool_falls_back_to_the_default_when_unset():
    assert env_bool("DEBUG", environ={}) is False
    assert env_bool("DEBUG", default=True, environ={}) is True


def test_env_bool_refuses_a_word_it_does_not_know():
    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        env_bool("DEBUG", environ={"DEBUG": "ture"})


def test_env_list_splits_on_commas_and_drops_blanks():
    environ = {"ALLOWED_HOSTS": " example.com, www.example.com ,,"}

    assert env_list("ALLOWED_HOSTS", environ=environ) == ["example.com", "www.example.com"]


def test_env_list_uses_the_default_when_unset():
    assert env_list("ALLOWED_HOSTS", default="localhost,127.0.0.1", environ={}) == [
        "localhost",
        "127.0.0.1",
    ]


def test_env_int_reads_a_number_and_refuses_anything_else():
    assert env_int("EMAIL_PORT", default=25, environ={"EMAIL_PORT": "587"}) == 587
    assert env_int("EMAIL_PORT", default=25, environ={}) == 25
    with pytest.raises(ImproperlyConfigured, match="EMAIL_PORT"):
        env_int("EMAIL_PORT", default=25, environ={"EMAIL_PORT": "smtp"})


def test_a_postgres_url_takes_connections_from_a_pool_of_the_process():
    config = database_config("postgres://cards:pw@db.internal:5433/wildcards")

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.internal", 5433, "wildcards")
    assert (config["USER"], config["PASSWORD"]) == ("cards", "pw")
    assert config["CONN_MAX_AGE"] == 0  # pooled connections are given back after a request
    assert config["OPTIONS"]["pool"]["max_size"] == 8


def test_a_sqlite_url_opens_a_connection_per_request():
    config = database_config("sqlite:////tmp/cards.sqlite3")

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == "/tmp/cards.sqlite3"
    assert config["CONN_MAX_AGE"] == 0


@pytest.mark.django_db
@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
    reason="DATABASE_URL does not point to PostgreSQL (make test always sets it)",
)
def test_the_test_database_is_postgresql_when_database_url_points_to_it():
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)


def run_django_setup(extra_env: dict[str, str]) -> subprocess.CompletedProcess:
    scrubbed = {
        name: value
        for name, value in os.environ.items()
        if name not in {"SECRET_KEY", "DEBUG", "DATABASE_URL", "REDIS_URL"}
    }
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); print('started')"],
        env={**scrubbed, "DJANGO_SETTINGS_MODULE": "wildcards.settings", **extra_env},
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_settings_refuse_to_start_without_secret_key_when_debug_is_off():
    result = run_django_setup({})

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY" in result.stderr


def test_the_settings_start_without_secret_key_in_debug_mode():
    result = run_django_setup({"DEBUG": "1"})

    assert result.returncode == 0, result.stderr
    assert "started" in result.stdout


def make_run_script():
    """scripts/run.py, what `make run` runs (a script, not a module: loaded from its file)."""
    spec = importlib.util.spec_from_file_location("make_run", BASE_DIR / "scripts" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tests_never_use_the_redis_database_that_make_run_uses():
    """The tests flush their Redis database (the throttle tests clear the cache) and run Celery
    workers on it; a dev server's queue there would lose its tasks."""
    from wildcards.celery import app

    make_run = redis_database(make_run_script().LOCAL_REDIS_URL)
    used = [settings.REDIS_URL, settings.CACHES["default"].get("LOCATION"),
            app.conf.broker_url, app.conf.result_backend]
    for url in used:
        if url and str(url).startswith(("redis://", "rediss://")):
            assert redis_database(url) != make_run, url


def test_each_xdist_worker_has_a_redis_database_of_its_own():
    url = "redis://127.0.0.1:6379/14"

    assert worker_redis_url(url, None) == url
    assert worker_redis_url(url, "gw0") == url
    assert worker_redis_url(url, "gw1") == "redis://127.0.0.1:6379/13"
    assert worker_redis_url("redis://cache.internal:6380/3?x=1", "gw2") == (
        "redis://cache.internal:6380/1?x=1")
    with pytest.raises(pytest.UsageError, match="gw15"):
        worker_redis_url(url, "gw15")


def test_a_test_run_on_the_redis_database_of_make_run_stops_before_any_test():
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider",
         "tests/test_concurrency.py"],
        env={**env, "REDIS_URL": "redis://localhost:6379"},  # no number: database 0
        cwd=BASE_DIR, capture_output=True, text=True, timeout=60,
    )

    assert result.returncode == pytest.ExitCode.USAGE_ERROR, result.stdout + result.stderr
    assert "is the Redis database of `make run`" in result.stdout + result.stderr


def test_threads_that_queue_tasks_share_one_result_backend():
    """Under ASGI each request runs in a new thread; a backend per thread was built again (with
    its Redis connection pool) for every task a request queued (docs/benchmarks.md)."""
    import threading

    from wildcards.celery import app

    backends = []
    worker = threading.Thread(target=lambda: backends.append(app.backend))
    worker.start()
    worker.join()
    assert backends == [app.backend]
