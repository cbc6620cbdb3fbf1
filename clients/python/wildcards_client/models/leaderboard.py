from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leaderboard_row import LeaderboardRow


T = TypeVar("T", bound="Leaderboard")


@_attrs_define
class Leaderboard:
    """
    Attributes:
        min_games (int): Rated games needed to be listed.
        count (int): Players on the whole leaderboard.
        limit (int):
        offset (int):
        players (list[LeaderboardRow]):
    """

    min_games: int
    count: int
    limit: int
    offset: int
    players: list[LeaderboardRow]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        min_games = self.min_games

        count = self.count

        limit = self.limit

        offset = self.offset

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "min_games": min_games,
                "count": count,
                "limit": limit,
                "offset": offset,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leaderboard_row import LeaderboardRow

        d = dict(src_dict)
        min_games = d.pop("min_games")

        count = d.pop("count")

        limit = d.pop("limit")

        offset = d.pop("offset")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = LeaderboardRow.from_dict(players_item_data)

            players.append(players_item)

        leaderboard = cls(
            min_games=min_games,
            count=count,
            limit=limit,
            offset=offset,
            players=players,
        )

        leaderboard.additional_properties = d
        return leaderboard

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
