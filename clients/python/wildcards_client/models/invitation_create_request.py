from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="InvitationCreateRequest")


@_attrs_define
class InvitationCreateRequest:
    """
    Attributes:
        to (str): A username, or an email address (with an @), whatever its case.
    """

    to: str

    def to_dict(self) -> dict[str, Any]:
        to = self.to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "to": to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        to = d.pop("to")

        invitation_create_request = cls(
            to=to,
        )

        return invitation_create_request
