from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.round_status_enum import RoundStatusEnum, check_round_status_enum

if TYPE_CHECKING:
    from ..models.client_seed_entry import ClientSeedEntry
    from ..models.record_player import RecordPlayer


T = TypeVar("T", bound="RecordRound")


@_attrs_define
class RecordRound:
    """
    Attributes:
        number (int):
        dealer (int):
        commitment (None | str): sha256 of `<salt>:<seed>`, hex; null: legacy or rigged.
        seed (None | str): The round's (the server's) seed, revealed.
        salt (None | str):
        client_seeds (list[ClientSeedEntry]): The players' seeds added to the deal, in seat order: the deal seed is
            HMAC-SHA256(seed, "<seat>:<seed>,..."), or `seed` itself when there are none (docs/fairness.md).
        status (RoundStatusEnum): * `playing` - playing
            * `won` - won
            * `blocked` - blocked
            * `abandoned` - abandoned
        winner (int | None):
        points (int | None):
        players (list[RecordPlayer] | None): Who held each seat when the round was dealt (seats change hands between
            rounds); null for a round dealt before the service kept it.
        started_at (datetime.datetime):
        ended_at (datetime.datetime | None):
    """

    number: int
    dealer: int
    commitment: None | str
    seed: None | str
    salt: None | str
    client_seeds: list[ClientSeedEntry]
    status: RoundStatusEnum
    winner: int | None
    points: int | None
    players: list[RecordPlayer] | None
    started_at: datetime.datetime
    ended_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        dealer = self.dealer

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

        status: str = self.status

        winner: int | None
        winner = self.winner

        points: int | None
        points = self.points

        players: list[dict[str, Any]] | None
        if isinstance(self.players, list):
            players = []
            for players_type_0_item_data in self.players:
                players_type_0_item = players_type_0_item_data.to_dict()
                players.append(players_type_0_item)

        else:
            players = self.players

        started_at = self.started_at.isoformat()

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "dealer": dealer,
                "commitment": commitment,
                "seed": seed,
                "salt": salt,
                "client_seeds": client_seeds,
                "status": status,
                "winner": winner,
                "points": points,
                "players": players,
                "started_at": started_at,
                "ended_at": ended_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.client_seed_entry import ClientSeedEntry
        from ..models.record_player import RecordPlayer

        d = dict(src_dict)
        number = d.pop("number")

        dealer = d.pop("dealer")

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

        def _parse_players(data: object) -> list[RecordPlayer] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                players_type_0 = []
                _players_type_0 = data
                for players_type_0_item_data in _players_type_0:
                    players_type_0_item = RecordPlayer.from_dict(
                        players_type_0_item_data
                    )

                    players_type_0.append(players_type_0_item)

                return players_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RecordPlayer] | None, data)

        players = _parse_players(d.pop("players"))

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        record_round = cls(
            number=number,
            dealer=dealer,
            commitment=commitment,
            seed=seed,
            salt=salt,
            client_seeds=client_seeds,
            status=status,
            winner=winner,
            points=points,
            players=players,
            started_at=started_at,
            ended_at=ended_at,
        )

        record_round.additional_properties = d
        return record_round

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
