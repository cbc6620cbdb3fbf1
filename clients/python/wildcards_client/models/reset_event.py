from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ResetEvent")


@_attrs_define
class ResetEvent:
    """The `data` of a `reset` event: the follower is too far behind (more than 500 moves) or
    named a version the table never had. Read the state again; the stream goes on from
    `version`.

        Attributes:
            table (int):
            version (int): The table's version now (the event's id).
            detail (str): For people: a sentence.
    """

    table: int
    version: int
    detail: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        version = self.version

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "version": version,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        table = d.pop("table")

        version = d.pop("version")

        detail = d.pop("detail")

        reset_event = cls(
            table=table,
            version=version,
            detail=detail,
        )

        reset_event.additional_properties = d
        return reset_event

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
