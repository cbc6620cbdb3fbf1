from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deck_enum import DeckEnum, check_deck_enum
from ..models.fairness_enum import FairnessEnum, check_fairness_enum
from ..models.format_enum import FormatEnum, check_format_enum
from ..models.table_mode_enum import TableModeEnum, check_table_mode_enum

if TYPE_CHECKING:
    from ..models.record_final import RecordFinal
    from ..models.record_move import RecordMove
    from ..models.record_options import RecordOptions
    from ..models.record_player import RecordPlayer
    from ..models.record_result import RecordResult
    from ..models.record_round import RecordRound


T = TypeVar("T", bound="Record")


@_attrs_define
class Record:
    """
    Attributes:
        format_ (FormatEnum): * `wild-cards-record` - wild-cards-record
        version (int): 2 (a reader reads 1 as well: no client_seeds)
        table (int):
        deck (DeckEnum): * `classic` - classic
            * `all-wild` - all-wild
        players (list[RecordPlayer]):
        options (RecordOptions):
        mode (TableModeEnum): * `turn` - turn
            * `realtime` - realtime
        fairness (FairnessEnum): * `committed` - committed
            * `rigged` - rigged
            * `legacy` - legacy
        deck_order (list[str] | None):
        rounds (list[RecordRound]):
        moves (list[RecordMove]):
        result (RecordResult):
        final (RecordFinal): The final state as everyone sees it.
    """

    format_: FormatEnum
    version: int
    table: int
    deck: DeckEnum
    players: list[RecordPlayer]
    options: RecordOptions
    mode: TableModeEnum
    fairness: FairnessEnum
    deck_order: list[str] | None
    rounds: list[RecordRound]
    moves: list[RecordMove]
    result: RecordResult
    final: RecordFinal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        format_: str = self.format_

        version = self.version

        table = self.table

        deck: str = self.deck

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        options = self.options.to_dict()

        mode: str = self.mode

        fairness: str = self.fairness

        deck_order: list[str] | None
        if isinstance(self.deck_order, list):
            deck_order = self.deck_order

        else:
            deck_order = self.deck_order

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        result = self.result.to_dict()

        final = self.final.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
                "version": version,
                "table": table,
                "deck": deck,
                "players": players,
                "options": options,
                "mode": mode,
                "fairness": fairness,
                "deck_order": deck_order,
                "rounds": rounds,
                "moves": moves,
                "result": result,
                "final": final,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.record_final import RecordFinal
        from ..models.record_move import RecordMove
        from ..models.record_options import RecordOptions
        from ..models.record_player import RecordPlayer
        from ..models.record_result import RecordResult
        from ..models.record_round import RecordRound

        d = dict(src_dict)
        format_ = check_format_enum(d.pop("format"))

        version = d.pop("version")

        table = d.pop("table")

        deck = check_deck_enum(d.pop("deck"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = RecordPlayer.from_dict(players_item_data)

            players.append(players_item)

        options = RecordOptions.from_dict(d.pop("options"))

        mode = check_table_mode_enum(d.pop("mode"))

        fairness = check_fairness_enum(d.pop("fairness"))

        def _parse_deck_order(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deck_order_type_0 = cast(list[str], data)

                return deck_order_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        deck_order = _parse_deck_order(d.pop("deck_order"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = RecordRound.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = RecordMove.from_dict(moves_item_data)

            moves.append(moves_item)

        result = RecordResult.from_dict(d.pop("result"))

        final = RecordFinal.from_dict(d.pop("final"))

        record = cls(
            format_=format_,
            version=version,
            table=table,
            deck=deck,
            players=players,
            options=options,
            mode=mode,
            fairness=fairness,
            deck_order=deck_order,
            rounds=rounds,
            moves=moves,
            result=result,
            final=final,
        )

        record.additional_properties = d
        return record

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
