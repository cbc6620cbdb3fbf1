from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NextDeal")


@_attrs_define
class NextDeal:
    """The deal to come (docs/fairness.md): null when none is, or at a rigged table.

    Attributes:
        round_ (int):
        commitment (str): sha256 of `<salt>:<server's seed>` in hex.
        seeded (list[int]): The seats that have added a seed to it.
    """

    round_: int
    commitment: str
    seeded: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        commitment = self.commitment

        seeded = self.seeded

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "commitment": commitment,
                "seeded": seeded,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        round_ = d.pop("round")

        commitment = d.pop("commitment")

        seeded = cast(list[int], d.pop("seeded"))

        next_deal = cls(
            round_=round_,
            commitment=commitment,
            seeded=seeded,
        )

        next_deal.additional_properties = d
        return next_deal

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
