from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="RecordPlayer")


@_attrs_define
class RecordPlayer:
    """
    Attributes:
        seat (int):
        name (str):
        bot (BotLevelEnum | None): The level of a bot's seat.

            * `easy` - easy
            * `normal` - normal
            * `hard` - hard
        bot_account (bool | Unset): A bot account held the seat (absent in a round dealt before the service had bot
            accounts).
    """

    seat: int
    name: str
    bot: BotLevelEnum | None
    bot_account: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        bot: None | str
        if isinstance(self.bot, str):
            bot = self.bot
        else:
            bot = self.bot

        bot_account = self.bot_account

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "bot": bot,
            }
        )
        if bot_account is not UNSET:
            field_dict["bot_account"] = bot_account

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        def _parse_bot(data: object) -> BotLevelEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_0 = check_bot_level_enum(data)

                return bot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevelEnum | None, data)

        bot = _parse_bot(d.pop("bot"))

        bot_account = d.pop("bot_account", UNSET)

        record_player = cls(
            seat=seat,
            name=name,
            bot=bot,
            bot_account=bot_account,
        )

        record_player.additional_properties = d
        return record_player

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
