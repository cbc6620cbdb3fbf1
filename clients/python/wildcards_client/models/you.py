from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.you_refusals import YouRefusals


T = TypeVar("T", bound="You")


@_attrs_define
class You:
    """
    Attributes:
        seat (int):
        hand (list[str]):
        playable (list[str]):
        refusals (YouRefusals):
        drawn (None | str):
        actions (list[str]):
    """

    seat: int
    hand: list[str]
    playable: list[str]
    refusals: YouRefusals
    drawn: None | str
    actions: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        hand = self.hand

        playable = self.playable

        refusals = self.refusals.to_dict()

        drawn: None | str
        drawn = self.drawn

        actions = self.actions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "hand": hand,
                "playable": playable,
                "refusals": refusals,
                "drawn": drawn,
                "actions": actions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.you_refusals import YouRefusals

        d = dict(src_dict)
        seat = d.pop("seat")

        hand = cast(list[str], d.pop("hand"))

        playable = cast(list[str], d.pop("playable"))

        refusals = YouRefusals.from_dict(d.pop("refusals"))

        def _parse_drawn(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        drawn = _parse_drawn(d.pop("drawn"))

        actions = cast(list[str], d.pop("actions"))

        you = cls(
            seat=seat,
            hand=hand,
            playable=playable,
            refusals=refusals,
            drawn=drawn,
            actions=actions,
        )

        you.additional_properties = d
        return you

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
