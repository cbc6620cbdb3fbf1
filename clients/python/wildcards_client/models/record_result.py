from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.record_result_status_enum import (
    RecordResultStatusEnum,
    check_record_result_status_enum,
)

if TYPE_CHECKING:
    from ..models.rank import Rank


T = TypeVar("T", bound="RecordResult")


@_attrs_define
class RecordResult:
    """
    Attributes:
        status (RecordResultStatusEnum): * `playing` - playing
            * `finished` - finished
        winner (int | None):
        scores (list[int]):
        ranking (list[Rank] | None):
    """

    status: RecordResultStatusEnum
    winner: int | None
    scores: list[int]
    ranking: list[Rank] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        winner: int | None
        winner = self.winner

        scores = self.scores

        ranking: list[dict[str, Any]] | None
        if isinstance(self.ranking, list):
            ranking = []
            for ranking_type_0_item_data in self.ranking:
                ranking_type_0_item = ranking_type_0_item_data.to_dict()
                ranking.append(ranking_type_0_item)

        else:
            ranking = self.ranking

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "winner": winner,
                "scores": scores,
                "ranking": ranking,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rank import Rank

        d = dict(src_dict)
        status = check_record_result_status_enum(d.pop("status"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        scores = cast(list[int], d.pop("scores"))

        def _parse_ranking(data: object) -> list[Rank] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ranking_type_0 = []
                _ranking_type_0 = data
                for ranking_type_0_item_data in _ranking_type_0:
                    ranking_type_0_item = Rank.from_dict(ranking_type_0_item_data)

                    ranking_type_0.append(ranking_type_0_item)

                return ranking_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Rank] | None, data)

        ranking = _parse_ranking(d.pop("ranking"))

        record_result = cls(
            status=status,
            winner=winner,
            scores=scores,
            ranking=ranking,
        )

        record_result.additional_properties = d
        return record_result

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
