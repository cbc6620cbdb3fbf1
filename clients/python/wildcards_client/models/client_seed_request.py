from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClientSeedRequest")


@_attrs_define
class ClientSeedRequest:
    """
    Attributes:
        round_ (int): The round the seed is for: `next_deal.round` of the state.
        client_seed (str): 1 to 64 letters, digits, '-' or '_'.
    """

    round_: int
    client_seed: str

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        client_seed = self.client_seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "client_seed": client_seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        round_ = d.pop("round")

        client_seed = d.pop("client_seed")

        client_seed_request = cls(
            round_=round_,
            client_seed=client_seed,
        )

        return client_seed_request
