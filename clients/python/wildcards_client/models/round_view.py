from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.color_enum import ColorEnum, check_color_enum
from ..models.direction_enum import DirectionEnum, check_direction_enum
from ..models.round_status_enum import RoundStatusEnum, check_round_status_enum

if TYPE_CHECKING:
    from ..models.client_seed_entry import ClientSeedEntry
    from ..models.round_view_hands_type_0 import RoundViewHandsType0


T = TypeVar("T", bound="RoundView")


@_attrs_define
class RoundView:
    """The provably fair shuffle (docs/fairness.md): null in a legacy game.

    Attributes:
        commitment (None | str): sha256 of `<salt>:<seed>` in hex, shown from the deal.
        seed (None | str): The round's seed: null until the round has ended.
        salt (None | str): The round's salt: null until the round has ended.
        client_seeds (list[ClientSeedEntry]): The players' seeds added to the deal, in seat order: the round was
            shuffled from its seed mixed with them (docs/fairness.md).
        number (int):
        dealer (int):
        turn (int | None):
        direction (DirectionEnum): * `clockwise` - clockwise
            * `counterclockwise` - counterclockwise
        top (str):
        color (ColorEnum | None):
        discard (list[str]):
        draw_pile (int):
        penalty (int):
        catchable (list[int]): Seats holding one card that have not called "last card": any other seat may `catch` them
            until the next move.
        turns_to_lose (list[int]): Seats that lose a turn when play next comes to them, once per entry (a Wild Skip Two
            with two players: the other player loses this turn and the next).
        deadline (datetime.datetime | None):
        status (RoundStatusEnum): * `playing` - playing
            * `won` - won
            * `blocked` - blocked
            * `abandoned` - abandoned
        winner (int | None):
        points (int | None):
        hands (None | RoundViewHandsType0):
    """

    commitment: None | str
    seed: None | str
    salt: None | str
    client_seeds: list[ClientSeedEntry]
    number: int
    dealer: int
    turn: int | None
    direction: DirectionEnum
    top: str
    color: ColorEnum | None
    discard: list[str]
    draw_pile: int
    penalty: int
    catchable: list[int]
    turns_to_lose: list[int]
    deadline: datetime.datetime | None
    status: RoundStatusEnum
    winner: int | None
    points: int | None
    hands: None | RoundViewHandsType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.round_view_hands_type_0 import RoundViewHandsType0

        commitment: None | str
        commitment = self.commitment

        seed: None | str
        seed = self.seed

        salt: None | str
        salt = self.salt

        client_seeds = []
        for client_seeds_item_data in self.client_seeds:
            client_seeds_item = client_seeds_item_data.to_dict()
            client_seeds.append(client_seeds_item)

        number = self.number

        dealer = self.dealer

        turn: int | None
        turn = self.turn

        direction: str = self.direction

        top = self.top

        color: None | str
        if isinstance(self.color, str):
            color = self.color
        else:
            color = self.color

        discard = self.discard

        draw_pile = self.draw_pile

        penalty = self.penalty

        catchable = self.catchable

        turns_to_lose = self.turns_to_lose

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        status: str = self.status

        winner: int | None
        winner = self.winner

        points: int | None
        points = self.points

        hands: dict[str, Any] | None
        if isinstance(self.hands, RoundViewHandsType0):
            hands = self.hands.to_dict()
        else:
            hands = self.hands

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commitment": commitment,
                "seed": seed,
                "salt": salt,
                "client_seeds": client_seeds,
                "number": number,
                "dealer": dealer,
                "turn": turn,
                "direction": direction,
                "top": top,
                "color": color,
                "discard": discard,
                "draw_pile": draw_pile,
                "penalty": penalty,
                "catchable": catchable,
                "turns_to_lose": turns_to_lose,
                "deadline": deadline,
                "status": status,
                "winner": winner,
                "points": points,
                "hands": hands,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.client_seed_entry import ClientSeedEntry
        from ..models.round_view_hands_type_0 import RoundViewHandsType0

        d = dict(src_dict)

        def _parse_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commitment = _parse_commitment(d.pop("commitment"))

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))

        def _parse_salt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        salt = _parse_salt(d.pop("salt"))

        client_seeds = []
        _client_seeds = d.pop("client_seeds")
        for client_seeds_item_data in _client_seeds:
            client_seeds_item = ClientSeedEntry.from_dict(client_seeds_item_data)

            client_seeds.append(client_seeds_item)

        number = d.pop("number")

        dealer = d.pop("dealer")

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

        direction = check_direction_enum(d.pop("direction"))

        top = d.pop("top")

        def _parse_color(data: object) -> ColorEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_0 = check_color_enum(data)

                return color_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ColorEnum | None, data)

        color = _parse_color(d.pop("color"))

        discard = cast(list[str], d.pop("discard"))

        draw_pile = d.pop("draw_pile")

        penalty = d.pop("penalty")

        catchable = cast(list[int], d.pop("catchable"))

        turns_to_lose = cast(list[int], d.pop("turns_to_lose"))

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

        status = check_round_status_enum(d.pop("status"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_points(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        points = _parse_points(d.pop("points"))

        def _parse_hands(data: object) -> None | RoundViewHandsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                hands_type_0 = RoundViewHandsType0.from_dict(data)

                return hands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoundViewHandsType0, data)

        hands = _parse_hands(d.pop("hands"))

        round_view = cls(
            commitment=commitment,
            seed=seed,
            salt=salt,
            client_seeds=client_seeds,
            number=number,
            dealer=dealer,
            turn=turn,
            direction=direction,
            top=top,
            color=color,
            discard=discard,
            draw_pile=draw_pile,
            penalty=penalty,
            catchable=catchable,
            turns_to_lose=turns_to_lose,
            deadline=deadline,
            status=status,
            winner=winner,
            points=points,
            hands=hands,
        )

        round_view.additional_properties = d
        return round_view

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
