from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.logged_move import LoggedMove


T = TypeVar("T", bound="MoveLog")


@_attrs_define
class MoveLog:
    """
    Attributes:
        moves (list[LoggedMove]):
        more (bool):
    """

    moves: list[LoggedMove]
    more: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        more = self.more

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "moves": moves,
                "more": more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.logged_move import LoggedMove

        d = dict(src_dict)
        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = LoggedMove.from_dict(moves_item_data)

            moves.append(moves_item)

        more = d.pop("more")

        move_log = cls(
            moves=moves,
            more=more,
        )

        move_log.additional_properties = d
        return move_log

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
