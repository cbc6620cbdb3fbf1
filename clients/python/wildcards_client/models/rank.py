from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Rank")


@_attrs_define
class Rank:
    """
    Attributes:
        seat (int):
        rank (int):
        score (int):
        left (bool):
    """

    seat: int
    rank: int
    score: int
    left: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        rank = self.rank

        score = self.score

        left = self.left

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "rank": rank,
                "score": score,
                "left": left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        rank = d.pop("rank")

        score = d.pop("score")

        left = d.pop("left")

        rank = cls(
            seat=seat,
            rank=rank,
            score=score,
            left=left,
        )

        rank.additional_properties = d
        return rank

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
