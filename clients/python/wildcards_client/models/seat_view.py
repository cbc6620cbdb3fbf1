from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from ..models.seat_state_enum import SeatStateEnum, check_seat_state_enum

T = TypeVar("T", bound="SeatView")


@_attrs_define
class SeatView:
    """
    Attributes:
        seat (int):
        name (str):
        bot (BotLevelEnum | None):
        cards (int):
        score (int):
        state (SeatStateEnum): * `playing` - playing
            * `away` - away
            * `bot` - bot
            * `left` - left
        bot_account (bool): A bot account holds the seat: a program playing through the API.
    """

    seat: int
    name: str
    bot: BotLevelEnum | None
    cards: int
    score: int
    state: SeatStateEnum
    bot_account: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        bot: None | str
        if isinstance(self.bot, str):
            bot = self.bot
        else:
            bot = self.bot

        cards = self.cards

        score = self.score

        state: str = self.state

        bot_account = self.bot_account

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "bot": bot,
                "cards": cards,
                "score": score,
                "state": state,
                "bot_account": bot_account,
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

        cards = d.pop("cards")

        score = d.pop("score")

        state = check_seat_state_enum(d.pop("state"))

        bot_account = d.pop("bot_account")

        seat_view = cls(
            seat=seat,
            name=name,
            bot=bot,
            cards=cards,
            score=score,
            state=state,
            bot_account=bot_account,
        )

        seat_view.additional_properties = d
        return seat_view

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
