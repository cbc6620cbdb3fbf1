from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Options")


@_attrs_define
class Options:
    """
    Attributes:
        stacking (bool): A Draw 2 or Wild Draw 4 may be passed on with another one.
        seven_zero (bool): A 7 swaps hands with a player you choose; a 0 passes every hand along.
        jump_in (bool): Play out of turn a card identical to the top card.
        draw_until_playable (bool): Keep drawing until a card can be played, instead of one card.
        last_card_call (bool): Say “last card” as you play your second-to-last card, or anyone may catch you and you
            draw 2. Left out: as the deck has it (always on with the All Wild deck, off with the classic one).
    """

    stacking: bool
    seven_zero: bool
    jump_in: bool
    draw_until_playable: bool
    last_card_call: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stacking = self.stacking

        seven_zero = self.seven_zero

        jump_in = self.jump_in

        draw_until_playable = self.draw_until_playable

        last_card_call = self.last_card_call

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stacking": stacking,
                "seven_zero": seven_zero,
                "jump_in": jump_in,
                "draw_until_playable": draw_until_playable,
                "last_card_call": last_card_call,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        stacking = d.pop("stacking")

        seven_zero = d.pop("seven_zero")

        jump_in = d.pop("jump_in")

        draw_until_playable = d.pop("draw_until_playable")

        last_card_call = d.pop("last_card_call")

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
