from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_status_enum import TableStatusEnum, check_table_status_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.options import Options
    from ..models.scoring import Scoring
    from ..models.table_seat import TableSeat


T = TypeVar("T", bound="Table")


@_attrs_define
class Table:
    """
    Attributes:
        id (int):
        host (str):
        status (TableStatusEnum): * `waiting` - waiting
            * `playing` - playing
            * `finished` - finished
        players (int):
        mode (str):
        turn_hours (int):
        on_expiry (str):
        move_timer (str):
        deck (str):
        options (Options):
        scoring (Scoring):
        spectators (bool):
        rated (bool): Whether the game will move (or, once over, moved) its players' ratings: the host's choice, false
            as soon as a bot is seated or plays a seat, or when the game ends abandoned.
        seats (list[TableSeat]):
        version (int):
        created_at (datetime.datetime):
        invite (str | Unset): Only for the host and seated players.
    """

    id: int
    host: str
    status: TableStatusEnum
    players: int
    mode: str
    turn_hours: int
    on_expiry: str
    move_timer: str
    deck: str
    options: Options
    scoring: Scoring
    spectators: bool
    rated: bool
    seats: list[TableSeat]
    version: int
    created_at: datetime.datetime
    invite: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        host = self.host

        status: str = self.status

        players = self.players

        mode = self.mode

        turn_hours = self.turn_hours

        on_expiry = self.on_expiry

        move_timer = self.move_timer

        deck = self.deck

        options = self.options.to_dict()

        scoring = self.scoring.to_dict()

        spectators = self.spectators

        rated = self.rated

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        version = self.version

        created_at = self.created_at.isoformat()

        invite = self.invite

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "host": host,
                "status": status,
                "players": players,
                "mode": mode,
                "turn_hours": turn_hours,
                "on_expiry": on_expiry,
                "move_timer": move_timer,
                "deck": deck,
                "options": options,
                "scoring": scoring,
                "spectators": spectators,
                "rated": rated,
                "seats": seats,
                "version": version,
                "created_at": created_at,
            }
        )
        if invite is not UNSET:
            field_dict["invite"] = invite

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.options import Options
        from ..models.scoring import Scoring
        from ..models.table_seat import TableSeat

        d = dict(src_dict)
        id = d.pop("id")

        host = d.pop("host")

        status = check_table_status_enum(d.pop("status"))

        players = d.pop("players")

        mode = d.pop("mode")

        turn_hours = d.pop("turn_hours")

        on_expiry = d.pop("on_expiry")

        move_timer = d.pop("move_timer")

        deck = d.pop("deck")

        options = Options.from_dict(d.pop("options"))

        scoring = Scoring.from_dict(d.pop("scoring"))

        spectators = d.pop("spectators")

        rated = d.pop("rated")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = TableSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        invite = d.pop("invite", UNSET)

        table = cls(
            id=id,
            host=host,
            status=status,
            players=players,
            mode=mode,
            turn_hours=turn_hours,
            on_expiry=on_expiry,
            move_timer=move_timer,
            deck=deck,
            options=options,
            scoring=scoring,
            spectators=spectators,
            rated=rated,
            seats=seats,
            version=version,
            created_at=created_at,
            invite=invite,
        )

        table.additional_properties = d
        return table

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
