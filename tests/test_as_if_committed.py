"""The `as_if_committed` fixture (tests/conftest.py): tests inside one rolled-back transaction
see on_commit callbacks run as if each of the code's transactions committed."""

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]


def test_a_callback_runs_when_the_outermost_block_of_the_code_exits():
    ran = []
    with transaction.atomic():
        with transaction.atomic():
            transaction.on_commit(lambda: ran.append("inner"))
        assert ran == []  # a savepoint released is no commit
        transaction.on_commit(lambda: ran.append("outer"))
        assert ran == []
    assert ran == ["inner", "outer"]


def test_the_callbacks_of_a_block_rolled_back_never_run():
    ran = []
    with transaction.atomic():
        transaction.on_commit(lambda: ran.append("kept"))
        with pytest.raises(ValueError), transaction.atomic():
            transaction.on_commit(lambda: ran.append("inner, rolled back"))
            raise ValueError
    with pytest.raises(ValueError), transaction.atomic():
        transaction.on_commit(lambda: ran.append("outer, rolled back"))
        raise ValueError
    with transaction.atomic():
        transaction.on_commit(lambda: ran.append("marked for rollback"))
        transaction.set_rollback(True)
    assert ran == ["kept"]


def test_outside_any_block_of_the_code_a_callback_runs_at_once():
    ran = []
    transaction.on_commit(lambda: ran.append(1))
    assert ran == [1]


def test_a_callback_that_opens_a_transaction_has_its_own_callbacks_run():
    ran = []

    def then():
        with transaction.atomic():
            transaction.on_commit(lambda: ran.append("second"))
        ran.append("after the second commit")

    with transaction.atomic():
        transaction.on_commit(then)
    assert ran == ["second", "after the second commit"]


def test_a_robust_callback_that_fails_does_not_stop_the_others(caplog):
    ran = []

    def broken():
        raise RuntimeError("broker down")

    with transaction.atomic():
        transaction.on_commit(broken, robust=True)
        transaction.on_commit(lambda: ran.append("next"))
    assert ran == ["next"]
    assert "broker down" in caplog.text


def test_a_function_decorated_with_atomic_commits_at_its_outermost_call():
    ran = []

    @transaction.atomic
    def nested(depth):
        transaction.on_commit(lambda: ran.append(depth))
        if depth:
            nested(depth - 1)
        assert ran == []

    nested(2)
    assert ran == [2, 1, 0]


def test_select_for_update_outside_a_transaction_fails_as_in_autocommit():
    users = get_user_model().objects.select_for_update()
    with pytest.raises(transaction.TransactionManagementError):
        list(users)
    with transaction.atomic():
        assert list(users) == []
