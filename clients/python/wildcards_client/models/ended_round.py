from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ended_round_status_enum import (
    EndedRoundStatusEnum,
    check_ended_round_status_enum,
)

if TYPE_CHECKING:
    from ..models.client_seed_entry import ClientSeedEntry
    from ..models.ended_round_hands import EndedRoundHands


T = TypeVar("T", bound="EndedRound")


@_attrs_define
class EndedRound:
    """The provably fair shuffle (docs/fairness.md): null in a legacy game.

    Attributes:
        commitment (None | str): sha256 of `<salt>:<seed>` in hex, shown from the deal.
        seed (None | str): The round's seed: null until the round has ended.
        salt (None | str): The round's salt: null until the round has ended.
        client_seeds (list[ClientSeedEntry]): The players' seeds added to the deal, in seat order: the round was
            shuffled from its seed mixed with them (docs/fairness.md).
        number (int):
        dealer (int):
        status (EndedRoundStatusEnum): * `won` - won
            * `blocked` - blocked
            * `abandoned` - abandoned
        winner (int | None):
        points (int):
        hands (EndedRoundHands):
    """

    commitment: None | str
    seed: None | str
    salt: None | str
    client_seeds: list[ClientSeedEntry]
    number: int
    dealer: int
    status: EndedRoundStatusEnum
    winner: int | None
    points: int
    hands: EndedRoundHands
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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

        status: str = self.status

        winner: int | None
        winner = self.winner

        points = self.points

        hands = self.hands.to_dict()

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
        from ..models.ended_round_hands import EndedRoundHands

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

        status = check_ended_round_status_enum(d.pop("status"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        points = d.pop("points")

        hands = EndedRoundHands.from_dict(d.pop("hands"))

        ended_round = cls(
            commitment=commitment,
            seed=seed,
            salt=salt,
            client_seeds=client_seeds,
            number=number,
            dealer=dealer,
            status=status,
            winner=winner,
            points=points,
            hands=hands,
        )

        ended_round.additional_properties = d
        return ended_round

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
