from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deck_enum import DeckEnum, check_deck_enum
from ..models.move_timer_enum import MoveTimerEnum, check_move_timer_enum
from ..models.on_expiry_enum import OnExpiryEnum, check_on_expiry_enum
from ..models.table_mode_enum import TableModeEnum, check_table_mode_enum
from ..models.table_status_enum import TableStatusEnum, check_table_status_enum
from ..models.turn_hours_enum import TurnHoursEnum, check_turn_hours_enum
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
        players (int): 2 to 10 seats. You can start before every seat is taken.
        mode (TableModeEnum): * `turn` - turn
            * `realtime` - realtime
        turn_hours (TurnHoursEnum): * `12` - 12
            * `24` - 24
            * `72` - 72
        on_expiry (OnExpiryEnum): * `bot` - bot
            * `leave` - leave
        move_timer (MoveTimerEnum): * `relaxed` - relaxed
            * `normal` - normal
            * `fast` - fast
        scoring (Scoring):
        deck (DeckEnum): * `classic` - classic
            * `all-wild` - all-wild
        options (Options):
        spectators (bool): Anyone logged in may watch the table (never a hand).
        vacation (bool): A player on vacation has no deadline until it ends, and the people seated may agree to pause
            the table. Off: every turn keeps its deadline.
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
    mode: TableModeEnum
    turn_hours: TurnHoursEnum
    on_expiry: OnExpiryEnum
    move_timer: MoveTimerEnum
    scoring: Scoring
    deck: DeckEnum
    options: Options
    spectators: bool
    vacation: bool
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

        mode: str = self.mode

        turn_hours: int = self.turn_hours

        on_expiry: str = self.on_expiry

        move_timer: str = self.move_timer

        scoring = self.scoring.to_dict()

        deck: str = self.deck

        options = self.options.to_dict()

        spectators = self.spectators

        vacation = self.vacation

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
                "scoring": scoring,
                "deck": deck,
                "options": options,
                "spectators": spectators,
                "vacation": vacation,
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

        mode = check_table_mode_enum(d.pop("mode"))

        turn_hours = check_turn_hours_enum(d.pop("turn_hours"))

        on_expiry = check_on_expiry_enum(d.pop("on_expiry"))

        move_timer = check_move_timer_enum(d.pop("move_timer"))

        scoring = Scoring.from_dict(d.pop("scoring"))

        deck = check_deck_enum(d.pop("deck"))

        options = Options.from_dict(d.pop("options"))

        spectators = d.pop("spectators")

        vacation = d.pop("vacation")

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
            scoring=scoring,
            deck=deck,
            options=options,
            spectators=spectators,
            vacation=vacation,
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
