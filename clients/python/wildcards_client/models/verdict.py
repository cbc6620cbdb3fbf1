from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verdict_status_enum import VerdictStatusEnum, check_verdict_status_enum

T = TypeVar("T", bound="Verdict")


@_attrs_define
class Verdict:
    """
    Attributes:
        table (int):
        status (VerdictStatusEnum): * `verified` - verified
            * `failed` - failed
            * `unverifiable` - unverifiable
        ok (bool):
        rigged (bool):
        rounds (int):
        moves (int):
        problems (list[str]):
    """

    table: int
    status: VerdictStatusEnum
    ok: bool
    rigged: bool
    rounds: int
    moves: int
    problems: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        status: str = self.status

        ok = self.ok

        rigged = self.rigged

        rounds = self.rounds

        moves = self.moves

        problems = self.problems

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "status": status,
                "ok": ok,
                "rigged": rigged,
                "rounds": rounds,
                "moves": moves,
                "problems": problems,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        table = d.pop("table")

        status = check_verdict_status_enum(d.pop("status"))

        ok = d.pop("ok")

        rigged = d.pop("rigged")

        rounds = d.pop("rounds")

        moves = d.pop("moves")

        problems = cast(list[str], d.pop("problems"))

        verdict = cls(
            table=table,
            status=status,
            ok=ok,
            rigged=rigged,
            rounds=rounds,
            moves=moves,
            problems=problems,
        )

        verdict.additional_properties = d
        return verdict

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
