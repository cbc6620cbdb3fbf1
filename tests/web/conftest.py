"""Fixtures of the page tests: people logged in with Django's test client."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

_names = itertools.count(1)


class Person:
    """Someone with an account and a browser session (Django's test client)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.user = get_user_model().objects.create_user(name, f"{name}@example.com",
                                                         "a-long-passw0rd")
        self.client = Client()
        self.client.force_login(self.user)

    def get(self, path: str, **kwargs):
        return self.client.get(path, **kwargs)

    def post(self, path: str, data: dict | None = None, **kwargs):
        return self.client.post(path, data or {}, **kwargs)


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_tasks):
    """Bot turns run in the test's process."""


@pytest.fixture
def make_person(db):
    def make(name: str | None = None) -> Person:
        return Person(name or f"person{next(_names)}")

    return make


@pytest.fixture
def ana(make_person) -> Person:
    return make_person("ana")


@pytest.fixture
def ben(make_person) -> Person:
    return make_person("ben")
