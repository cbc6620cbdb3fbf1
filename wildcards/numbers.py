"""The one parser of the numbers a request carries in its address, its headers or a form: a
query's `limit`, `since` or `page`, a `Last-Event-ID`, a form's seat.

ASCII digits and nothing else, within bounds: `str.isdigit()` and `int()` take far more
("²", "٣", " 7", "1_000", "+7"), and a number past PostgreSQL's bigint fails in the database.
Anything else raises `BadNumber`, a `BadRequest` with the parameter's name and a sentence:
the API answers it `400 invalid` naming the parameter (`wildcards.api_errors`), a page
answers Django's 400 with the sentence (`handler400`).
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import BadRequest

BIGINT = 2**63 - 1  # the largest number PostgreSQL's bigint holds
_LONGEST = len(str(BIGINT))  # more digits than this is out of range whatever they are


class BadNumber(BadRequest):
    def __init__(self, name: str, detail: str) -> None:
        super().__init__(detail)
        self.name, self.detail = name, detail


def is_whole_number(raw: str, low: int = 0, high: int = BIGINT) -> bool:
    """`raw` is ASCII digits only, from `low` to `high` (leading zeros allowed)."""
    return (isinstance(raw, str) and raw.isascii() and raw.isdigit()
            and len(raw.lstrip("0")) <= _LONGEST and low <= int(raw) <= high)


def whole_number(raw: str | None, name: str, *, low: int = 0, high: int = BIGINT,
                 default: int | None = None) -> int | None:
    """`raw` as a number from `low` to `high`; `default` when it is None (not sent)."""
    if raw is None:
        return default
    if not is_whole_number(raw, low, high):
        raise BadNumber(name, out_of_range(name, low, high))
    return int(raw)


def out_of_range(name: str, low: int = 0, high: int = BIGINT) -> str:
    if high == BIGINT:
        return f"{name} must be a whole number, {low} or more, in ASCII digits."
    return f"{name} must be a whole number from {low} to {high}."


class WholeNumberFormField(forms.IntegerField):
    """A form's whole number through the same parser (Django's IntegerField takes "٣" and
    "1_000"): ASCII digits up to a bigint, else the field's "Enter a whole number."; then
    `min_value` and `max_value` as Django checks them."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if not is_whole_number(str(value)):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return int(value)
