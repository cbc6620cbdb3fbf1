from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChatMessage")


@_attrs_define
class ChatMessage:
    """
    Attributes:
        id (int):
        seat (int | None): The author's seat (null: given back before the deal).
        name (str): The author's username.
        text (str): As written: escape it before showing it in HTML.
        at (datetime.datetime):
        hidden (bool | Unset): To the host only: whether they hid it.
    """

    id: int
    seat: int | None
    name: str
    text: str
    at: datetime.datetime
    hidden: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        seat: int | None
        seat = self.seat

        name = self.name

        text = self.text

        at = self.at.isoformat()

        hidden = self.hidden

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "seat": seat,
                "name": name,
                "text": text,
                "at": at,
            }
        )
        if hidden is not UNSET:
            field_dict["hidden"] = hidden

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        name = d.pop("name")

        text = d.pop("text")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        hidden = d.pop("hidden", UNSET)

        chat_message = cls(
            id=id,
            seat=seat,
            name=name,
            text=text,
            at=at,
            hidden=hidden,
        )

        chat_message.additional_properties = d
        return chat_message

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
