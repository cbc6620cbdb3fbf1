from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Invitation")


@_attrs_define
class Invitation:
    """
    Attributes:
        id (int):
        to (str): As the host wrote it: the username, or the address (lowercased).
        created (datetime.datetime):
        used (datetime.datetime | None): When its link seated the person; null before.
    """

    id: int
    to: str
    created: datetime.datetime
    used: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        to = self.to

        created = self.created.isoformat()

        used: None | str
        if isinstance(self.used, datetime.datetime):
            used = self.used.isoformat()
        else:
            used = self.used

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "to": to,
                "created": created,
                "used": used,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        to = d.pop("to")

        created = datetime.datetime.fromisoformat(d.pop("created"))

        def _parse_used(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                used_type_0 = datetime.datetime.fromisoformat(data)

                return used_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        used = _parse_used(d.pop("used"))

        invitation = cls(
            id=id,
            to=to,
            created=created,
            used=used,
        )

        invitation.additional_properties = d
        return invitation

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
