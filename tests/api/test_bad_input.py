"""Bad input never reaches a 500 nor an HTML page under /api/: a body nested thousands of
levels deep, a body over the size limit, any method at an unknown address, a forged host and an
`Accept: text/html` all answer JSON with a `code`, and change nothing."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client

from games.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

# The body: 6 KB, nested 3,000 levels deep, to the log-in that needs no account.
DEEP = '{"username": ' + "[" * 3000 + "]" * 3000 + ', "password": "x"}'
METHODS = ("get", "post", "put", "patch", "delete", "head", "options")


def assert_json_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, (response.status_code, response.content[:200])
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    assert body["code"] == code and body["detail"], body
    return body


@pytest.fixture
def browser():
    """An anonymous client that checks CSRF as a browser's request is checked."""
    return Client(enforce_csrf_checks=True)


def test_a_body_nested_3000_levels_deep_to_the_log_in_is_a_400(browser):
    assert len(DEEP) > 6000
    response = browser.post("/api/auth/token", DEEP, content_type="application/json")
    body = assert_json_error(response, 400, "parse-error")
    assert "nested" in body["detail"]


def test_a_body_just_within_the_nesting_bound_is_read_and_validated(browser):
    nested = {"username": "ana", "password": json.loads("[" * 31 + "]" * 31)}
    response = browser.post("/api/auth/token", nested, content_type="application/json")
    assert_json_error(response, 400, "invalid")  # read, then refused: a password is a string


@pytest.mark.parametrize(("method", "path"), [
    ("post", "/api/accounts"), ("post", "/api/tables"), ("post", "/api/tables/{id}/join"),
    ("post", "/api/tables/{id}/bots"), ("post", "/api/tables/{id}/moves"),
    ("post", "/api/tables/{id}/seats/1/bot"), ("patch", "/api/me/notifications"),
])
def test_a_deeply_nested_body_to_any_json_endpoint_is_a_400_and_changes_nothing(
        make_table, host, method, path):
    table = make_table()
    version = Table.objects.get(pk=table).version
    response = getattr(host.client, method)(path.format(id=table), DEEP,
                                            content_type="application/json")
    assert_json_error(response, 400, "parse-error")
    assert Table.objects.count() == 1 and Table.objects.get(pk=table).version == version


@pytest.mark.parametrize("path", ["/api/auth/token", "/api/accounts", "/api/tables"])
def test_a_body_over_the_size_limit_is_a_413_in_json(host, path):
    big = json.dumps({"username": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})
    response = host.client.post(path, big, content_type="application/json")
    assert_json_error(response, 413, "too-large")
    assert Table.objects.count() == 0


@pytest.mark.parametrize("method", METHODS)
def test_every_method_at_an_unknown_api_address_is_a_json_404(browser, host, method):
    for client in (browser, host.client):
        for path in ("/api/nothing-here", "/api/tables/1/nothing", "/api/tables/"):
            response = getattr(client, method)(path)
            assert response.status_code == 404, (method, path, response.content[:200])
            if method != "head":
                assert_json_error(response, 404, "not-found")


def test_a_forged_host_under_api_is_a_json_400(host):
    response = host.client.get("/api/tables", HTTP_HOST="forged.example")
    assert_json_error(response, 400, "bad-request")


@pytest.mark.parametrize("accept", ["text/html", "text/html,application/xhtml+xml", "image/png"])
def test_an_accept_the_api_cannot_meet_gets_json(host, make_table, accept):
    table = make_table()
    for path in ("/api/tables", f"/api/tables/{table}", "/api/games"):
        response = host.get(path, HTTP_ACCEPT=accept)
        assert response.status_code == 200, response.content[:200]
        assert response["Content-Type"] == "application/json"
        assert b"<html" not in response.content.lower()
    assert_json_error(host.get("/api/tables/987654", HTTP_ACCEPT="text/html"), 404, "not-found")


def test_the_browsable_api_is_off_without_debug():
    renderers = settings.REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"]
    assert settings.DEBUG is False
    assert renderers == ["rest_framework.renderers.JSONRenderer"]
