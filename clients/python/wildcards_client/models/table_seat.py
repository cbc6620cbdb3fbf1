from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from ..models.pending_enum import PendingEnum, check_pending_enum
from ..models.seat_state_enum import SeatStateEnum, check_seat_state_enum

T = TypeVar("T", bound="TableSeat")


@_attrs_define
class TableSeat:
    """
    Attributes:
        seat (int):
        name (str):
        bot (BotLevelEnum | None):
        state (SeatStateEnum): * `playing` - playing
            * `away` - away
            * `bot` - bot
            * `left` - left
        host (bool):
        bot_account (bool): A bot account holds the seat: a program playing through the API.
        pending (None | PendingEnum): A swap asked for during a game to a target score, made when the next round is
            dealt.

            * `bot` - bot
            * `person` - person
    """

    seat: int
    name: str
    bot: BotLevelEnum | None
    state: SeatStateEnum
    host: bool
    bot_account: bool
    pending: None | PendingEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        bot: None | str
        if isinstance(self.bot, str):
            bot = self.bot
        else:
            bot = self.bot

        state: str = self.state

        host = self.host

        bot_account = self.bot_account

        pending: None | str
        if isinstance(self.pending, str):
            pending = self.pending
        else:
            pending = self.pending

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "bot": bot,
                "state": state,
                "host": host,
                "bot_account": bot_account,
                "pending": pending,
            }
        )

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

        state = check_seat_state_enum(d.pop("state"))

        host = d.pop("host")

        bot_account = d.pop("bot_account")

        def _parse_pending(data: object) -> None | PendingEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pending_type_0 = check_pending_enum(data)

                return pending_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PendingEnum, data)

        pending = _parse_pending(d.pop("pending"))

        table_seat = cls(
            seat=seat,
            name=name,
            bot=bot,
            state=state,
            host=host,
            bot_account=bot_account,
            pending=pending,
        )

        table_seat.additional_properties = d
        return table_seat

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
