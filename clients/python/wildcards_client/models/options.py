from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Options")


@_attrs_define
class Options:
    """
    Attributes:
        stacking (bool | Unset):  Default: False.
        seven_zero (bool | Unset):  Default: False.
        jump_in (bool | Unset):  Default: False.
        draw_until_playable (bool | Unset):  Default: False.
        last_card_call (bool | None | Unset): Say "last card" with your second-to-last card or be caught (draw 2). Left
            out or null: as the deck has it (on with all-wild, off with classic).
    """

    stacking: bool | Unset = False
    seven_zero: bool | Unset = False
    jump_in: bool | Unset = False
    draw_until_playable: bool | Unset = False
    last_card_call: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stacking = self.stacking

        seven_zero = self.seven_zero

        jump_in = self.jump_in

        draw_until_playable = self.draw_until_playable

        last_card_call: bool | None | Unset
        if isinstance(self.last_card_call, Unset):
            last_card_call = UNSET
        else:
            last_card_call = self.last_card_call

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if stacking is not UNSET:
            field_dict["stacking"] = stacking
        if seven_zero is not UNSET:
            field_dict["seven_zero"] = seven_zero
        if jump_in is not UNSET:
            field_dict["jump_in"] = jump_in
        if draw_until_playable is not UNSET:
            field_dict["draw_until_playable"] = draw_until_playable
        if last_card_call is not UNSET:
            field_dict["last_card_call"] = last_card_call

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        stacking = d.pop("stacking", UNSET)

        seven_zero = d.pop("seven_zero", UNSET)

        jump_in = d.pop("jump_in", UNSET)

        draw_until_playable = d.pop("draw_until_playable", UNSET)

        def _parse_last_card_call(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        last_card_call = _parse_last_card_call(d.pop("last_card_call", UNSET))

        options = cls(
            stacking=stacking,
            seven_zero=seven_zero,
            jump_in=jump_in,
            draw_until_playable=draw_until_playable,
            last_card_call=last_card_call,
        )

        options.additional_properties = d
        return options

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
