from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LeaderboardRow")


@_attrs_define
class LeaderboardRow:
    """
    Attributes:
        place (int):
        name (str):
        rating (int):
        mu (float):
        sigma (float):
        games (int):
        won (int):
    """

    place: int
    name: str
    rating: int
    mu: float
    sigma: float
    games: int
    won: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        place = self.place

        name = self.name

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        won = self.won

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "place": place,
                "name": name,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "won": won,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        place = d.pop("place")

        name = d.pop("name")

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        won = d.pop("won")

        leaderboard_row = cls(
            place=place,
            name=name,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            won=won,
        )

        leaderboard_row.additional_properties = d
        return leaderboard_row

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
