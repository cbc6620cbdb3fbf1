from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.refusal_fields import RefusalFields


T = TypeVar("T", bound="Refusal")


@_attrs_define
class Refusal:
    """A move the game did not take: nothing changed.

    Attributes:
        code (str): For programs: docs/api.md lists them.
        detail (str): For people: a sentence.
        fields (RefusalFields | Unset): The fields at fault, each with its messages (nested as in the request): with 400
            `invalid` and some other 400s, 403s and 422s.
        retry_after (int | Unset): 429 and 503 `rate-limit-unavailable`: seconds to wait (also `Retry-After`).
        version (int | Unset): The table's version, unchanged: with every refused or stale move (not with `idempotency-
            key-reused`).
    """

    code: str
    detail: str
    fields: RefusalFields | Unset = UNSET
    retry_after: int | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        detail = self.detail

        fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = self.fields.to_dict()

        retry_after = self.retry_after

        version = self.version

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
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.refusal_fields import RefusalFields

        d = dict(src_dict)
        code = d.pop("code")

        detail = d.pop("detail")

        _fields = d.pop("fields", UNSET)
        fields: RefusalFields | Unset
        if isinstance(_fields, Unset):
            fields = UNSET
        else:
            fields = RefusalFields.from_dict(_fields)

        retry_after = d.pop("retry_after", UNSET)

        version = d.pop("version", UNSET)

        refusal = cls(
            code=code,
            detail=detail,
            fields=fields,
            retry_after=retry_after,
            version=version,
        )

        refusal.additional_properties = d
        return refusal

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
