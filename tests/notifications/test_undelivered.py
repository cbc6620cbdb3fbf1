"""A notice is `sent` only when a backend that delivers mail took it. Through the console,
file or dummy backend (development) it ends `undelivered`, with the backend named in
`last_error`; the console still prints it, and nothing tries it again. EMAIL_TIMEOUT and
EMAIL_USE_SSL are read from the environment."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
import time_machine
from django.utils import timezone
from notice_helpers import current_turn

from notifications import outbox
from notifications.tasks import send_pending_notices

pytestmark = pytest.mark.django_db

CONSOLE = "django.core.mail.backends.console.EmailBackend"


@pytest.mark.parametrize("backend", [CONSOLE, "django.core.mail.backends.dummy.EmailBackend",
                                     "django.core.mail.backends.filebased.EmailBackend"])
def test_a_backend_that_delivers_nothing_leaves_the_notice_undelivered(
        backend, settings, tmp_path, ana, table, django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = backend
    settings.EMAIL_FILE_PATH = tmp_path
    with django_capture_on_commit_callbacks(execute=True):
        notice = outbox.queue_your_turn(ana, table, **current_turn(table))

    notice.refresh_from_db()
    assert notice.status == "undelivered" and notice.sent_at is None
    assert notice.last_error == f"Not delivered: EMAIL_BACKEND is {backend}, which sends no email."
    with time_machine.travel(timezone.now() + timedelta(hours=1)):
        assert send_pending_notices.apply().get() == 0  # final: never tried again


def test_the_console_still_prints_the_email_it_does_not_deliver(
        settings, ana, table, capsys, django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = CONSOLE
    with django_capture_on_commit_callbacks(execute=True):
        outbox.queue_your_turn(ana, table, **current_turn(table))

    assert f"To: {ana.email}" in capsys.readouterr().out


def test_a_real_backend_marks_it_sent(ana, table, mailoutbox,
                                      django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # locmem: the tests' real backend
        notice = outbox.queue_your_turn(ana, table, **current_turn(table))

    notice.refresh_from_db()
    assert notice.status == "sent" and len(mailoutbox) == 1


def test_email_timeout_and_ssl_come_from_the_environment(bare_settings_of):
    values = bare_settings_of(EMAIL_TIMEOUT="7", EMAIL_USE_SSL="1", EMAIL_PORT="465")

    assert values == {"EMAIL_TIMEOUT": 7, "EMAIL_USE_SSL": True, "EMAIL_USE_TLS": False,
                      "EMAIL_PORT": 465}


def test_tls_and_ssl_together_stop_the_start(bare_settings_of):
    with pytest.raises(AssertionError, match="EMAIL_USE_TLS and EMAIL_USE_SSL exclude"):
        bare_settings_of(EMAIL_USE_TLS="1", EMAIL_USE_SSL="1")


@pytest.fixture
def bare_settings_of(tmp_path):
    def read(**variables: str) -> dict:
        env = {"PATH": "/usr/bin:/bin", "DEBUG": "1",
               "DJANGO_SETTINGS_MODULE": "wildcards.settings",
               "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", **variables}
        script = ("import json, django; from django.conf import settings; django.setup(); "
                  "print(json.dumps({n: getattr(settings, n) for n in "
                  "['EMAIL_TIMEOUT', 'EMAIL_USE_SSL', 'EMAIL_USE_TLS', 'EMAIL_PORT']}))")
        done = subprocess.run([sys.executable, "-c", script], env=env, text=True,
                              capture_output=True, cwd=Path(__file__).resolve().parents[2])
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return read
