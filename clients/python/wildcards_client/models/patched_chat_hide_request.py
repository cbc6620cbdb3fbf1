from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedChatHideRequest")


@_attrs_define
class PatchedChatHideRequest:
    """
    Attributes:
        hidden (bool | Unset): true: hidden from everyone but the host; false: shown again; left out: as it is.
    """

    hidden: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hidden = self.hidden

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if hidden is not UNSET:
            field_dict["hidden"] = hidden

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        hidden = d.pop("hidden", UNSET)

        patched_chat_hide_request = cls(
            hidden=hidden,
        )

        return patched_chat_hide_request
