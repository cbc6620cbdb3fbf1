from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.next_deal import NextDeal


T = TypeVar("T", bound="SeedAdded")


@_attrs_define
class SeedAdded:
    """
    Attributes:
        round_ (int):
        seat (int):
        client_seed (str):
        next_deal (NextDeal): The deal to come (docs/fairness.md): null when none is, or at a rigged table.
    """

    round_: int
    seat: int
    client_seed: str
    next_deal: NextDeal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        seat = self.seat

        client_seed = self.client_seed

        next_deal = self.next_deal.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "seat": seat,
                "client_seed": client_seed,
                "next_deal": next_deal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.next_deal import NextDeal

        d = dict(src_dict)
        round_ = d.pop("round")

        seat = d.pop("seat")

        client_seed = d.pop("client_seed")

        next_deal = NextDeal.from_dict(d.pop("next_deal"))

        seed_added = cls(
            round_=round_,
            seat=seat,
            client_seed=client_seed,
            next_deal=next_deal,
        )

        seed_added.additional_properties = d
        return seed_added

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
