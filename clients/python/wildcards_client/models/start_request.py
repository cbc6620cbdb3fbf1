from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="StartRequest")


@_attrs_define
class StartRequest:
    """
    Attributes:
        client_seed (str | Unset): Your seed for the first deal, added to the server's (docs/fairness.md); the table
            page sends one by itself.
    """

    client_seed: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        client_seed = self.client_seed

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if client_seed is not UNSET:
            field_dict["client_seed"] = client_seed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_seed = d.pop("client_seed", UNSET)

        start_request = cls(
            client_seed=client_seed,
        )

        return start_request
