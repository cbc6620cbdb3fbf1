from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_status_enum import TableStatusEnum, check_table_status_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ended_round import EndedRound
    from ..models.next_deal import NextDeal
    from ..models.rank import Rank
    from ..models.round_view import RoundView
    from ..models.seat_view import SeatView
    from ..models.vacation_seat import VacationSeat
    from ..models.you import You


T = TypeVar("T", bound="State")


@_attrs_define
class State:
    """
    Attributes:
        table (int):
        version (int):
        status (TableStatusEnum): * `waiting` - waiting
            * `playing` - playing
            * `finished` - finished
        seats (list[SeatView]):
        round_ (None | RoundView):
        last_round (EndedRound | None):
        ranking (list[Rank] | None):
        next_deal (NextDeal | None):
        paused (bool): Every person seated accepted a pause: no turn has a deadline, moves are refused (`paused`) until
            someone resumes it (docs/api.md 9.4).
        pause_votes (list[int]): The seats whose players accepted the pause proposed (or in force).
        vacations (list[VacationSeat]): The seats whose players are on vacation, at a table that allows it: their turns
            wait for them until `until` (docs/api.md 9.3).
        you (You | Unset):
    """

    table: int
    version: int
    status: TableStatusEnum
    seats: list[SeatView]
    round_: None | RoundView
    last_round: EndedRound | None
    ranking: list[Rank] | None
    next_deal: NextDeal | None
    paused: bool
    pause_votes: list[int]
    vacations: list[VacationSeat]
    you: You | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ended_round import EndedRound
        from ..models.next_deal import NextDeal
        from ..models.round_view import RoundView

        table = self.table

        version = self.version

        status: str = self.status

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        round_: dict[str, Any] | None
        if isinstance(self.round_, RoundView):
            round_ = self.round_.to_dict()
        else:
            round_ = self.round_

        last_round: dict[str, Any] | None
        if isinstance(self.last_round, EndedRound):
            last_round = self.last_round.to_dict()
        else:
            last_round = self.last_round

        ranking: list[dict[str, Any]] | None
        if isinstance(self.ranking, list):
            ranking = []
            for ranking_type_0_item_data in self.ranking:
                ranking_type_0_item = ranking_type_0_item_data.to_dict()
                ranking.append(ranking_type_0_item)

        else:
            ranking = self.ranking

        next_deal: dict[str, Any] | None
        if isinstance(self.next_deal, NextDeal):
            next_deal = self.next_deal.to_dict()
        else:
            next_deal = self.next_deal

        paused = self.paused

        pause_votes = self.pause_votes

        vacations = []
        for vacations_item_data in self.vacations:
            vacations_item = vacations_item_data.to_dict()
            vacations.append(vacations_item)

        you: dict[str, Any] | Unset = UNSET
        if not isinstance(self.you, Unset):
            you = self.you.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "version": version,
                "status": status,
                "seats": seats,
                "round": round_,
                "last_round": last_round,
                "ranking": ranking,
                "next_deal": next_deal,
                "paused": paused,
                "pause_votes": pause_votes,
                "vacations": vacations,
            }
        )
        if you is not UNSET:
            field_dict["you"] = you

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ended_round import EndedRound
        from ..models.next_deal import NextDeal
        from ..models.rank import Rank
        from ..models.round_view import RoundView
        from ..models.seat_view import SeatView
        from ..models.vacation_seat import VacationSeat
        from ..models.you import You

        d = dict(src_dict)
        table = d.pop("table")

        version = d.pop("version")

        status = check_table_status_enum(d.pop("status"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatView.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_round_(data: object) -> None | RoundView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                round_type_0 = RoundView.from_dict(data)

                return round_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoundView, data)

        round_ = _parse_round_(d.pop("round"))

        def _parse_last_round(data: object) -> EndedRound | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_round_type_0 = EndedRound.from_dict(data)

                return last_round_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndedRound | None, data)

        last_round = _parse_last_round(d.pop("last_round"))

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

        def _parse_next_deal(data: object) -> NextDeal | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                next_deal_type_0 = NextDeal.from_dict(data)

                return next_deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NextDeal | None, data)

        next_deal = _parse_next_deal(d.pop("next_deal"))

        paused = d.pop("paused")

        pause_votes = cast(list[int], d.pop("pause_votes"))

        vacations = []
        _vacations = d.pop("vacations")
        for vacations_item_data in _vacations:
            vacations_item = VacationSeat.from_dict(vacations_item_data)

            vacations.append(vacations_item)

        _you = d.pop("you", UNSET)
        you: You | Unset
        if isinstance(_you, Unset):
            you = UNSET
        else:
            you = You.from_dict(_you)

        state = cls(
            table=table,
            version=version,
            status=status,
            seats=seats,
            round_=round_,
            last_round=last_round,
            ranking=ranking,
            next_deal=next_deal,
            paused=paused,
            pause_votes=pause_votes,
            vacations=vacations,
            you=you,
        )

        state.additional_properties = d
        return state

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
