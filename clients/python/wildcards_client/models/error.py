from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_fields import ErrorFields


T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """Every error answer of the API.

    Attributes:
        code (str): For programs: docs/api.md lists them.
        detail (str): For people: a sentence.
        fields (ErrorFields | Unset): The fields at fault, each with its messages (nested as in the request): with 400
            `invalid` and some other 400s, 403s and 422s.
        retry_after (int | Unset): 429 and 503 `rate-limit-unavailable`: seconds to wait (also `Retry-After`).
    """

    code: str
    detail: str
    fields: ErrorFields | Unset = UNSET
    retry_after: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        detail = self.detail

        fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = self.fields.to_dict()

        retry_after = self.retry_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "detail": detail,
            }
        )
        if fields is not UNSET:
            field_dict["fields"] = fields
        if retry_after is not UNSET:
            field_dict["retry_after"] = retry_after

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_fields import ErrorFields

        d = dict(src_dict)
        code = d.pop("code")

        detail = d.pop("detail")

        _fields = d.pop("fields", UNSET)
        fields: ErrorFields | Unset
        if isinstance(_fields, Unset):
            fields = UNSET
        else:
            fields = ErrorFields.from_dict(_fields)

        retry_after = d.pop("retry_after", UNSET)

        error = cls(
            code=code,
            detail=detail,
            fields=fields,
            retry_after=retry_after,
        )

        error.additional_properties = d
        return error

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
