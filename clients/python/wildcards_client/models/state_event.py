from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.logged_move import LoggedMove
    from ..models.state import State


T = TypeVar("T", bound="StateEvent")


@_attrs_define
class StateEvent:
    """The `data` of a `state` event: the table as the follower now sees it, and the moves
    that brought it there since the version it had.

        Attributes:
            table (int):
            version (int): The table's version now (the event's id).
            from_ (int | None): The version the event starts from (the last event's id); null in the first event of a stream
                opened without a version, which brings the state alone.
            state (State):
            moves (list[LoggedMove]): The move log's entries from `from` to `version`, as the follower may read them.
    """

    table: int
    version: int
    from_: int | None
    state: State
    moves: list[LoggedMove]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        version = self.version

        from_: int | None
        from_ = self.from_

        state = self.state.to_dict()

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "version": version,
                "from": from_,
                "state": state,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.logged_move import LoggedMove
        from ..models.state import State

        d = dict(src_dict)
        table = d.pop("table")

        version = d.pop("version")

        def _parse_from_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        from_ = _parse_from_(d.pop("from"))

        state = State.from_dict(d.pop("state"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = LoggedMove.from_dict(moves_item_data)

            moves.append(moves_item)

        state_event = cls(
            table=table,
            version=version,
            from_=from_,
            state=state,
            moves=moves,
        )

        state_event.additional_properties = d
        return state_event

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
