from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.card_enum import CardEnum, check_card_enum
from ..models.color_enum import ColorEnum, check_color_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Play")


@_attrs_define
class Play:
    """
    Attributes:
        action (Literal['play']):
        expected_version (int | None | Unset):
        card (CardEnum | Unset):
        color (ColorEnum | Unset): * `red` - red
            * `yellow` - yellow
            * `green` - green
            * `blue` - blue
        target (int | None | Unset): The seat a 7 under 7-0, a Wild Targeted Draw Two or a Wild Forced Swap names; the
            seat a `catch` catches.
        call (bool | Unset): `play` only: call "last card" with this play (it counts when the play leaves you one card).
            Only where the last-card call is on. Default: False.
    """

    action: Literal["play"]
    expected_version: int | None | Unset = UNSET
    card: CardEnum | Unset = UNSET
    color: ColorEnum | Unset = UNSET
    target: int | None | Unset = UNSET
    call: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        expected_version: int | None | Unset
        if isinstance(self.expected_version, Unset):
            expected_version = UNSET
        else:
            expected_version = self.expected_version

        card: str | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card

        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color

        target: int | None | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target

        call = self.call

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
            }
        )
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version
        if card is not UNSET:
            field_dict["card"] = card
        if color is not UNSET:
            field_dict["color"] = color
        if target is not UNSET:
            field_dict["target"] = target
        if call is not UNSET:
            field_dict["call"] = call

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = cast(Literal["play"], d.pop("action"))
        if action != "play":
            raise ValueError(f"action must match const 'play', got '{action}'")

        def _parse_expected_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expected_version = _parse_expected_version(d.pop("expected_version", UNSET))

        _card = d.pop("card", UNSET)
        card: CardEnum | Unset
        if isinstance(_card, Unset):
            card = UNSET
        else:
            card = check_card_enum(_card)

        _color = d.pop("color", UNSET)
        color: ColorEnum | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = check_color_enum(_color)

        def _parse_target(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        target = _parse_target(d.pop("target", UNSET))

        call = d.pop("call", UNSET)

        play = cls(
            action=action,
            expected_version=expected_version,
            card=card,
            color=color,
            target=target,
            call=call,
        )

        return play
