from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.color_enum import ColorEnum, check_color_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """
    Attributes:
        kind (str): What happened (docs/api.md, "The move log"). Known values: `dealt`, `starter-returned`, `played`,
            `chose`, `drew`, `took`, `passed`, `skipped`, `reversed`, `reshuffled`, `swapped`, `hands-passed`, `called`,
            `caught`, `conceded`, `round-won`, `round-blocked`, `round-abandoned`, `game-over`; a client must accept others.
        seat (int | Unset):
        card (str | Unset):
        color (ColorEnum | Unset): * `red` - red
            * `yellow` - yellow
            * `green` - green
            * `blue` - blue
        target (int | Unset):
        cards (list[str] | Unset): Drawn cards: only for the seat that drew them.
        count (int | Unset):
        points (int | Unset):
        commitment (str | Unset): A `dealt` event's: the commitment to its round's seed.
    """

    kind: str
    seat: int | Unset = UNSET
    card: str | Unset = UNSET
    color: ColorEnum | Unset = UNSET
    target: int | Unset = UNSET
    cards: list[str] | Unset = UNSET
    count: int | Unset = UNSET
    points: int | Unset = UNSET
    commitment: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        seat = self.seat

        card = self.card

        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color

        target = self.target

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        count = self.count

        points = self.points

        commitment = self.commitment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat
        if card is not UNSET:
            field_dict["card"] = card
        if color is not UNSET:
            field_dict["color"] = color
        if target is not UNSET:
            field_dict["target"] = target
        if cards is not UNSET:
            field_dict["cards"] = cards
        if count is not UNSET:
            field_dict["count"] = count
        if points is not UNSET:
            field_dict["points"] = points
        if commitment is not UNSET:
            field_dict["commitment"] = commitment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = d.pop("kind")

        seat = d.pop("seat", UNSET)

        card = d.pop("card", UNSET)

        _color = d.pop("color", UNSET)
        color: ColorEnum | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = check_color_enum(_color)

        target = d.pop("target", UNSET)

        cards = cast(list[str], d.pop("cards", UNSET))

        count = d.pop("count", UNSET)

        points = d.pop("points", UNSET)

        commitment = d.pop("commitment", UNSET)

        event = cls(
            kind=kind,
            seat=seat,
            card=card,
            color=color,
            target=target,
            cards=cards,
            count=count,
            points=points,
            commitment=commitment,
        )

        event.additional_properties = d
        return event

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
