from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OptionsRequest")


@_attrs_define
class OptionsRequest:
    """
    Attributes:
        stacking (bool | Unset): A Draw 2 or Wild Draw 4 may be passed on with another one. Default: False.
        seven_zero (bool | Unset): A 7 swaps hands with a player you choose; a 0 passes every hand along. Default:
            False.
        jump_in (bool | Unset): Play out of turn a card identical to the top card. Default: False.
        draw_until_playable (bool | Unset): Keep drawing until a card can be played, instead of one card. Default:
            False.
        last_card_call (bool | None | Unset): Say “last card” as you play your second-to-last card, or anyone may catch
            you and you draw 2. Left out: as the deck has it (always on with the All Wild deck, off with the classic one).
            Left out or null: as the deck has it.
    """

    stacking: bool | Unset = False
    seven_zero: bool | Unset = False
    jump_in: bool | Unset = False
    draw_until_playable: bool | Unset = False
    last_card_call: bool | None | Unset = UNSET

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

        options_request = cls(
            stacking=stacking,
            seven_zero=seven_zero,
            jump_in=jump_in,
            draw_until_playable=draw_until_playable,
            last_card_call=last_card_call,
        )

        return options_request
