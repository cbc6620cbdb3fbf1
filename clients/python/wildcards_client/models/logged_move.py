from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.color_enum import ColorEnum, check_color_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event import Event


T = TypeVar("T", bound="LoggedMove")


@_attrs_define
class LoggedMove:
    """
    Attributes:
        version (int):
        round_ (int):
        seat (int):
        action (str): The move's action, or `deal`: a round dealt. Known values: `play`, `draw`, `take`, `pass`,
            `choose`, `concede`, `call`, `catch`, `deal`; a client must accept others.
        card (None | str):
        color (ColorEnum | None):
        target (int | None):
        by (str): Who made the move: the seat's `player`, a `bot`, the `timer` (a deadline passed), the `dealer` (a
            round's deal, action `deal`), a standing `order` of the player's, or an `email` link. Known values: `player`,
            `bot`, `timer`, `dealer`, `order`, `email`; a client must accept others.
        at (datetime.datetime):
        events (list[Event]):
        private (bool | Unset): On a `draw` by another seat (for a spectator, on every `draw`), and then true: the cards
            drawn are not shown (its `drew` event has `count`, no `cards`).
    """

    version: int
    round_: int
    seat: int
    action: str
    card: None | str
    color: ColorEnum | None
    target: int | None
    by: str
    at: datetime.datetime
    events: list[Event]
    private: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        round_ = self.round_

        seat = self.seat

        action = self.action

        card: None | str
        card = self.card

        color: None | str
        if isinstance(self.color, str):
            color = self.color
        else:
            color = self.color

        target: int | None
        target = self.target

        by = self.by

        at = self.at.isoformat()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        private = self.private

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "round": round_,
                "seat": seat,
                "action": action,
                "card": card,
                "color": color,
                "target": target,
                "by": by,
                "at": at,
                "events": events,
            }
        )
        if private is not UNSET:
            field_dict["private"] = private

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event import Event

        d = dict(src_dict)
        version = d.pop("version")

        round_ = d.pop("round")

        seat = d.pop("seat")

        action = d.pop("action")

        def _parse_card(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        card = _parse_card(d.pop("card"))

        def _parse_color(data: object) -> ColorEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_0 = check_color_enum(data)

                return color_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ColorEnum | None, data)

        color = _parse_color(d.pop("color"))

        def _parse_target(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        target = _parse_target(d.pop("target"))

        by = d.pop("by")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        private = d.pop("private", UNSET)

        logged_move = cls(
            version=version,
            round_=round_,
            seat=seat,
            action=action,
            card=card,
            color=color,
            target=target,
            by=by,
            at=at,
            events=events,
            private=private,
        )

        logged_move.additional_properties = d
        return logged_move

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
