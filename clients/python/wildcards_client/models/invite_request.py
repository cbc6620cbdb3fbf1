from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="InviteRequest")


@_attrs_define
class InviteRequest:
    """
    Attributes:
        invite (str):
    """

    invite: str

    def to_dict(self) -> dict[str, Any]:
        invite = self.invite

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invite": invite,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invite = d.pop("invite")

        invite_request = cls(
            invite=invite,
        )

        return invite_request
