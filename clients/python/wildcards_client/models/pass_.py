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

from ..types import UNSET, Unset

T = TypeVar("T", bound="Pass")


@_attrs_define
class Pass:
    """
    Attributes:
        action (Literal['pass']):
        expected_version (int | None | Unset):
        card (None | Unset):
        color (None | Unset):
        target (None | Unset):
        call (bool | Unset):
    """

    action: Literal["pass"]
    expected_version: int | None | Unset = UNSET
    card: None | Unset = UNSET
    color: None | Unset = UNSET
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
        action = cast(Literal["pass"], d.pop("action"))
        if action != "pass":
            raise ValueError(f"action must match const 'pass', got '{action}'")

        def _parse_expected_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expected_version = _parse_expected_version(d.pop("expected_version", UNSET))

        card = d.pop("card", UNSET)

        color = d.pop("color", UNSET)

        target = d.pop("target", UNSET)

        call = d.pop("call", UNSET)

        pass_ = cls(
            action=action,
            expected_version=expected_version,
            card=card,
            color=color,
            target=target,
            call=call,
        )

        return pass_
