from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    """
    Attributes:
        display (int): The rating shown: round(1000 + 40 × (mu − 3 × sigma)).
        mu (float): OpenSkill's estimate of the player's skill.
        sigma (float): The uncertainty of that estimate.
        games (int): Rated games played.
    """

    display: int
    mu: float
    sigma: float
    games: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        display = self.display

        mu = self.mu

        sigma = self.sigma

        games = self.games

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "display": display,
                "mu": mu,
                "sigma": sigma,
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        display = d.pop("display")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        rating = cls(
            display=display,
            mu=mu,
            sigma=sigma,
            games=games,
        )

        rating.additional_properties = d
        return rating

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
