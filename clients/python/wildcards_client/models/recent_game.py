from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RecentGame")


@_attrs_define
class RecentGame:
    """
    Attributes:
        table (int):
        finished_at (datetime.datetime):
        players (int):
        rank (int):
        won (bool):
        left (bool):
        rated (bool):
        rating_before (int | None):
        rating_after (int | None):
        change (int | None): null: the game was not rated.
    """

    table: int
    finished_at: datetime.datetime
    players: int
    rank: int
    won: bool
    left: bool
    rated: bool
    rating_before: int | None
    rating_after: int | None
    change: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        finished_at = self.finished_at.isoformat()

        players = self.players

        rank = self.rank

        won = self.won

        left = self.left

        rated = self.rated

        rating_before: int | None
        rating_before = self.rating_before

        rating_after: int | None
        rating_after = self.rating_after

        change: int | None
        change = self.change

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "finished_at": finished_at,
                "players": players,
                "rank": rank,
                "won": won,
                "left": left,
                "rated": rated,
                "rating_before": rating_before,
                "rating_after": rating_after,
                "change": change,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        table = d.pop("table")

        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))

        players = d.pop("players")

        rank = d.pop("rank")

        won = d.pop("won")

        left = d.pop("left")

        rated = d.pop("rated")

        def _parse_rating_before(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rating_before = _parse_rating_before(d.pop("rating_before"))

        def _parse_rating_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rating_after = _parse_rating_after(d.pop("rating_after"))

        def _parse_change(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        change = _parse_change(d.pop("change"))

        recent_game = cls(
            table=table,
            finished_at=finished_at,
            players=players,
            rank=rank,
            won=won,
            left=left,
            rated=rated,
            rating_before=rating_before,
            rating_after=rating_after,
            change=change,
        )

        recent_game.additional_properties = d
        return recent_game

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
