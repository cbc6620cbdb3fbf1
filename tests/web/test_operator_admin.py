"""The operator's admin (issue 25, item 9): API tokens, ratings and results are there, and
actions do what only the Django shell could: send a notice again, close an account, revoke a
token, lift a log-in lock-out. Superusers only; nothing else changes."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core import mail
from django.test import Client

from accounts.login_attempts import TooManyFailures, log_in
from accounts.models import ApiToken
from accounts.tokens import new_api_token
from games.models import Table
from games.service import lobby
from notifications.models import Notice

pytestmark = pytest.mark.django_db(transaction=True)
User = get_user_model()
PASSWORD = "a-long-passw0rd"


@pytest.fixture
def operator() -> Client:
    boss = User.objects.create_superuser("boss", "boss@example.com", PASSWORD)
    browser = Client()
    browser.force_login(boss)
    return browser


def act(browser: Client, model: str, action: str, *rows) -> str:
    response = browser.post(f"/admin/{model}/", {"action": action,
                                                 "_selected_action": [r.pk for r in rows]},
                            follow=True)
    assert response.status_code == 200
    return " ".join(str(m) for m in response.context["messages"])


def test_tokens_ratings_and_results_have_pages(operator):
    ana = User.objects.create_user("ana", "ana@example.com", PASSWORD)
    new_api_token(ana)
    for page in ("accounts/apitoken", "ratings/rating", "ratings/result"):
        response = operator.get(f"/admin/{page}/")
        assert response.status_code == 200, page
    tokens = operator.get("/admin/accounts/apitoken/").content.decode()
    assert "ana" in tokens and ApiToken.objects.get(user=ana).digest not in tokens


def test_closing_an_account_takes_it_off_its_tables_and_leaves_the_operators_own(operator):
    ana = User.objects.create_user("ana", "ana@example.com", PASSWORD)
    table = lobby.create_table(ana, {"players": 2}).table
    new_api_token(ana)
    boss = User.objects.get(username="boss")
    said = act(operator, "accounts/user", "close_accounts", ana, boss)
    assert "1 account(s) closed; 1 left alone" in said
    ana.refresh_from_db()
    assert ana.username == f"deleted-{ana.pk}" and not ana.is_active and not ana.email
    assert not Table.objects.filter(pk=table.pk).exists()  # the table she hosted: cancelled
    assert not ApiToken.objects.filter(user=ana).exists()
    assert User.objects.get(username="boss").is_active


def test_revoking_a_token(operator):
    ana = User.objects.create_user("ana", "ana@example.com", PASSWORD)
    token = new_api_token(ana)
    assert "1 API token(s) revoked" in act(operator, "accounts/user", "revoke_tokens", ana)
    assert Client().get("/api/me", HTTP_AUTHORIZATION=f"Token {token}").status_code == 401


def test_lifting_a_log_in_lock_out(operator, settings):
    settings.WILDCARDS_LOGIN_FAILURES = 2
    ana = User.objects.create_user("lockedana", "lockedana@example.com", PASSWORD)
    for _ in range(2):
        assert log_in(None, "lockedana", "wrong") is None
    with pytest.raises(TooManyFailures):
        log_in(None, "lockedana", PASSWORD)
    assert "they may log in at once" in act(operator, "accounts/user", "lift_lock_outs", ana)
    assert log_in(None, "lockedana", PASSWORD) == ana


def test_sending_a_failed_notice_again(operator, settings, eager_tasks):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    ana = User.objects.create_user("ana", "ana@example.com", PASSWORD)
    table = lobby.create_table(ana, {"players": 2}).table
    failed = Notice.objects.create(kind=Notice.Kind.GAME_OVER, user=ana, table=table,
                                   dedupe_key="game-over:x", status=Notice.Status.FAILED,
                                   attempts=8, last_error="SMTPServerDisconnected",
                                   context={"ranking": [], "your_seat": 0})
    sent = Notice.objects.create(kind=Notice.Kind.GAME_OVER, user=ana, table=table,
                                 dedupe_key="game-over:y", status=Notice.Status.SENT)
    said = act(operator, "notifications/notice", "retry", failed, sent)
    assert "1 notice(s) queued again; 1 sent or being sent, left alone" in said
    failed.refresh_from_db()
    assert failed.status == Notice.Status.SENT and failed.attempts == 1
    assert [m.to for m in mail.outbox] == [["ana@example.com"]]
    assert Notice.objects.get(pk=sent.pk).status == Notice.Status.SENT


def test_the_actions_are_for_superusers_only():
    staff = User.objects.create_user("sam", "sam@example.com", PASSWORD, is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(
        codename__in=["view_user", "change_user", "view_notice"]))
    ana = User.objects.create_user("ana", "ana@example.com", PASSWORD)
    browser = Client()
    browser.force_login(staff)
    response = browser.post("/admin/accounts/user/", {"action": "close_accounts",
                                                      "_selected_action": [ana.pk]})
    assert User.objects.get(pk=ana.pk).is_active
    assert "close_accounts" not in browser.get("/admin/accounts/user/").content.decode()
    assert response.status_code in (200, 302)
