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

from ..models.color_enum import ColorEnum, check_color_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Choose")


@_attrs_define
class Choose:
    """
    Attributes:
        action (Literal['choose']):
        expected_version (int | None | Unset):
        card (None | Unset):
        color (ColorEnum | Unset): * `red` - red
            * `yellow` - yellow
            * `green` - green
            * `blue` - blue
        target (None | Unset):
        call (bool | Unset):
    """

    action: Literal["choose"]
    expected_version: int | None | Unset = UNSET
    card: None | Unset = UNSET
    color: ColorEnum | Unset = UNSET
    target: None | Unset = UNSET
    call: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        expected_version: int | None | Unset
        if isinstance(self.expected_version, Unset):
            expected_version = UNSET
        else:
            expected_version = self.expected_version

        card = self.card

        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color

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
        action = cast(Literal["choose"], d.pop("action"))
        if action != "choose":
            raise ValueError(f"action must match const 'choose', got '{action}'")

        def _parse_expected_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expected_version = _parse_expected_version(d.pop("expected_version", UNSET))

        card = d.pop("card", UNSET)

        _color = d.pop("color", UNSET)
        color: ColorEnum | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = check_color_enum(_color)

        target = d.pop("target", UNSET)

        call = d.pop("call", UNSET)

        choose = cls(
            action=action,
            expected_version=expected_version,
            card=card,
            color=color,
            target=target,
            call=call,
        )

        return choose
