from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.scoring_mode_enum import ScoringModeEnum, check_scoring_mode_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ScoringRequest")


@_attrs_define
class ScoringRequest:
    """
    Attributes:
        mode (ScoringModeEnum | Unset): * `single` - single
            * `target` - target Default: 'single'.
        target (int | Unset): Points to reach in a game to a target (50 to 5000). Default: 500.
    """

    mode: ScoringModeEnum | Unset = "single"
    target: int | Unset = 500

    def to_dict(self) -> dict[str, Any]:
        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode

        target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if mode is not UNSET:
            field_dict["mode"] = mode
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _mode = d.pop("mode", UNSET)
        mode: ScoringModeEnum | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = check_scoring_mode_enum(_mode)

        target = d.pop("target", UNSET)

        scoring_request = cls(
            mode=mode,
            target=target,
        )

        return scoring_request
