from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scoring_mode_enum import ScoringModeEnum, check_scoring_mode_enum

T = TypeVar("T", bound="Scoring")


@_attrs_define
class Scoring:
    """
    Attributes:
        mode (ScoringModeEnum): * `single` - single
            * `target` - target
        target (int): Points to reach in a game to a target (50 to 5000).
    """

    mode: ScoringModeEnum
    target: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mode: str = self.mode

        target = self.target

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mode": mode,
                "target": target,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        mode = check_scoring_mode_enum(d.pop("mode"))

        target = d.pop("target")

        scoring = cls(
            mode=mode,
            target=target,
        )

        scoring.additional_properties = d
        return scoring

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
