from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SignUpRequest")


@_attrs_define
class SignUpRequest:
    """
    Attributes:
        username (str):
        email (str):
        password (str):
    """

    username: str
    email: str
    password: str

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        email = self.email

        password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "username": username,
                "email": email,
                "password": password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        username = d.pop("username")

        email = d.pop("email")

        password = d.pop("password")

        sign_up_request = cls(
            username=username,
            email=email,
            password=password,
        )

        return sign_up_request
