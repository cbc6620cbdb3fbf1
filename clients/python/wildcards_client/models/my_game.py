from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_mode_enum import TableModeEnum, check_table_mode_enum
from ..models.table_status_enum import TableStatusEnum, check_table_status_enum

T = TypeVar("T", bound="MyGame")


@_attrs_define
class MyGame:
    """
    Attributes:
        table (int):
        status (TableStatusEnum): * `waiting` - waiting
            * `playing` - playing
            * `finished` - finished
        seat (int):
        your_turn (bool):
        version (int):
        deadline (datetime.datetime | None):
        players (int):
        mode (TableModeEnum): * `turn` - turn
            * `realtime` - realtime
    """

    table: int
    status: TableStatusEnum
    seat: int
    your_turn: bool
    version: int
    deadline: datetime.datetime | None
    players: int
    mode: TableModeEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        status: str = self.status

        seat = self.seat

        your_turn = self.your_turn

        version = self.version

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        players = self.players

        mode: str = self.mode

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "status": status,
                "seat": seat,
                "your_turn": your_turn,
                "version": version,
                "deadline": deadline,
                "players": players,
                "mode": mode,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        table = d.pop("table")

        status = check_table_status_enum(d.pop("status"))

        seat = d.pop("seat")

        your_turn = d.pop("your_turn")

        version = d.pop("version")

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        players = d.pop("players")

        mode = check_table_mode_enum(d.pop("mode"))

        my_game = cls(
            table=table,
            status=status,
            seat=seat,
            your_turn=your_turn,
            version=version,
            deadline=deadline,
            players=players,
            mode=mode,
        )

        my_game.additional_properties = d
        return my_game

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
