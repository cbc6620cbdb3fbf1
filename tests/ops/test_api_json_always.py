"""JSON under /api/ always (issue 25, item 7), with DEBUG on as under `make run`: a 405 asked
for with `Accept: text/html`, a Host the site does not serve, a server error, an unknown
`/api/schema/?format=`. A foreign Host is answered quietly on the pages too (item 6)."""

from __future__ import annotations

import logging

import pytest
from django.test import Client
from django.urls import path

import wildcards.urls


def boom(request):
    raise RuntimeError("the view broke on purpose")


urlpatterns = [path("api/boom", boom), path("boom", boom), *wildcards.urls.urlpatterns]
handler500 = wildcards.urls.handler500


@pytest.fixture(params=[True, False], ids=["debug", "no-debug"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


def assert_json(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json", response["Content-Type"]
    body = response.json()
    assert body["code"] == code, body
    return body


@pytest.mark.django_db
def test_a_405_asked_for_in_html_is_json(debug, sign_up):
    client, _ = sign_up("ana")
    response = client.delete("/api/games", HTTP_ACCEPT="text/html")
    assert_json(response, 405, "method-not-allowed")
    listed = client.get("/api/games", HTTP_ACCEPT="text/html")
    assert listed.status_code == 200 and listed["Content-Type"] == "application/json"


@pytest.mark.django_db
def test_a_foreign_host_is_a_quiet_400_json_under_the_api(debug, caplog):
    with caplog.at_level(logging.INFO):
        api = Client().get("/api/tables", HTTP_HOST="evil.example.com")
        page = Client().get("/accounts/login/", HTTP_HOST="evil.example.com")
    assert_json(api, 400, "bad-request")
    assert page.status_code == 400 and b"<html" not in page.content.lower()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], [
        (r.name, r.getMessage()) for r in caplog.records if r.levelno >= logging.WARNING]
    lines = [r for r in caplog.records if r.name == "wildcards.requests"]
    assert [(r.path, r.status) for r in lines] == [("/api/tables", 400),
                                                   ("/accounts/login/", 400)]


@pytest.mark.urls(__name__)
def test_a_server_error_under_the_api_is_json_with_its_traceback_logged(debug, caplog):
    response = Client(raise_request_exception=False).get("/api/boom")
    assert_json(response, 500, "server-error")
    errors = [r for r in caplog.records if r.name == "django.request"]
    assert len(errors) == 1 and errors[0].levelno == logging.ERROR
    assert errors[0].exc_info and "broke on purpose" in str(errors[0].exc_info[1])


@pytest.mark.urls(__name__)
def test_a_page_keeps_djangos_debug_page(settings):
    settings.DEBUG = True
    response = Client(raise_request_exception=False).get("/boom", HTTP_ACCEPT="text/html")
    assert response.status_code == 500 and b"RuntimeError" in response.content


@pytest.mark.django_db
def test_an_unknown_schema_format_is_a_json_404(debug):
    assert_json(Client().get("/api/schema/?format=xml"), 404, "not-found")
    assert Client().get("/api/schema/")["Content-Type"].startswith("application/vnd.oai.openapi")
    assert Client().get("/api/schema/?format=json").json()["openapi"] == "3.1.0"
