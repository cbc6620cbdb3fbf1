from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChatReportRequest")


@_attrs_define
class ChatReportRequest:
    """
    Attributes:
        reason (str | Unset): Why, for the operator (at most 500 characters).
    """

    reason: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reason: str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_reason(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        chat_report_request = cls(
            reason=reason,
        )

        return chat_report_request
