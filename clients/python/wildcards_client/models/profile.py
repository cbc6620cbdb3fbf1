from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating import Rating
    from ..models.recent_game import RecentGame


T = TypeVar("T", bound="Profile")


@_attrs_define
class Profile:
    """
    Attributes:
        name (str):
        bot_account (bool): A bot account: a program playing through the API, never rated.
        played (int): Finished games, rated or not.
        won (int):
        average_rank (float | None):
        rating (Rating):
        recent (list[RecentGame]):
    """

    name: str
    bot_account: bool
    played: int
    won: int
    average_rank: float | None
    rating: Rating
    recent: list[RecentGame]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot_account = self.bot_account

        played = self.played

        won = self.won

        average_rank: float | None
        average_rank = self.average_rank

        rating = self.rating.to_dict()

        recent = []
        for recent_item_data in self.recent:
            recent_item = recent_item_data.to_dict()
            recent.append(recent_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "bot_account": bot_account,
                "played": played,
                "won": won,
                "average_rank": average_rank,
                "rating": rating,
                "recent": recent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rating import Rating
        from ..models.recent_game import RecentGame

        d = dict(src_dict)
        name = d.pop("name")

        bot_account = d.pop("bot_account")

        played = d.pop("played")

        won = d.pop("won")

        def _parse_average_rank(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        average_rank = _parse_average_rank(d.pop("average_rank"))

        rating = Rating.from_dict(d.pop("rating"))

        recent = []
        _recent = d.pop("recent")
        for recent_item_data in _recent:
            recent_item = RecentGame.from_dict(recent_item_data)

            recent.append(recent_item)

        profile = cls(
            name=name,
            bot_account=bot_account,
            played=played,
            won=won,
            average_rank=average_rank,
            rating=rating,
            recent=recent,
        )

        profile.additional_properties = d
        return profile

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
