from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TakeSeatRequest")


@_attrs_define
class TakeSeatRequest:
    """
    Attributes:
        invite (str | Unset):
    """

    invite: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        invite = self.invite

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if invite is not UNSET:
            field_dict["invite"] = invite

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invite = d.pop("invite", UNSET)

        take_seat_request = cls(
            invite=invite,
        )

        return take_seat_request
