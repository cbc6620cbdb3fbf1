from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.preferences import Preferences


T = TypeVar("T", bound="Me")


@_attrs_define
class Me:
    """
    Attributes:
        id (int):
        username (str):
        email (str):
        bot_account (bool): A bot account: a program that plays through the API (POST /api/me/bot).
        notifications (Preferences):
    """

    id: int
    username: str
    email: str
    bot_account: bool
    notifications: Preferences
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        email = self.email

        bot_account = self.bot_account

        notifications = self.notifications.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "email": email,
                "bot_account": bot_account,
                "notifications": notifications,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.preferences import Preferences

        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        email = d.pop("email")

        bot_account = d.pop("bot_account")

        notifications = Preferences.from_dict(d.pop("notifications"))

        me = cls(
            id=id,
            username=username,
            email=email,
            bot_account=bot_account,
            notifications=notifications,
        )

        me.additional_properties = d
        return me

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
