from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Preferences")


@_attrs_define
class Preferences:
    """
    Attributes:
        turn_emails (bool): An email when a turn comes to you at a turn-by-turn table and you are not there, once until
            you come back.
        reminder_emails (bool): An email halfway through your turn at a turn-by-turn table.
        game_over_emails (bool): An email with the final ranking when a game you played ends.
        unsubscribed_all (bool): No email at all, whatever the others say.
        daily_digest (bool): One email a day listing the tables waiting on you, instead of a "your turn" email each.
        time_zone (str): Your time zone, an IANA name ("Europe/Paris"): emails and pages show times in it, and quiet
            hours are read in it.
        quiet_hours_start (None | str): No email from this local time ("HH:MM"), or null.
        quiet_hours_end (None | str): ... until this local time ("HH:MM"), or null.
        muted_tables (list[int]): Tables whose emails you have muted.
    """

    turn_emails: bool
    reminder_emails: bool
    game_over_emails: bool
    unsubscribed_all: bool
    daily_digest: bool
    time_zone: str
    quiet_hours_start: None | str
    quiet_hours_end: None | str
    muted_tables: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        turn_emails = self.turn_emails

        reminder_emails = self.reminder_emails

        game_over_emails = self.game_over_emails

        unsubscribed_all = self.unsubscribed_all

        daily_digest = self.daily_digest

        time_zone = self.time_zone

        quiet_hours_start: None | str
        quiet_hours_start = self.quiet_hours_start

        quiet_hours_end: None | str
        quiet_hours_end = self.quiet_hours_end

        muted_tables = self.muted_tables

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "turn_emails": turn_emails,
                "reminder_emails": reminder_emails,
                "game_over_emails": game_over_emails,
                "unsubscribed_all": unsubscribed_all,
                "daily_digest": daily_digest,
                "time_zone": time_zone,
                "quiet_hours_start": quiet_hours_start,
                "quiet_hours_end": quiet_hours_end,
                "muted_tables": muted_tables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        turn_emails = d.pop("turn_emails")

        reminder_emails = d.pop("reminder_emails")

        game_over_emails = d.pop("game_over_emails")

        unsubscribed_all = d.pop("unsubscribed_all")

        daily_digest = d.pop("daily_digest")

        time_zone = d.pop("time_zone")

        def _parse_quiet_hours_start(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quiet_hours_start = _parse_quiet_hours_start(d.pop("quiet_hours_start"))

        def _parse_quiet_hours_end(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quiet_hours_end = _parse_quiet_hours_end(d.pop("quiet_hours_end"))

        muted_tables = cast(list[int], d.pop("muted_tables"))

        preferences = cls(
            turn_emails=turn_emails,
            reminder_emails=reminder_emails,
            game_over_emails=game_over_emails,
            unsubscribed_all=unsubscribed_all,
            daily_digest=daily_digest,
            time_zone=time_zone,
            quiet_hours_start=quiet_hours_start,
            quiet_hours_end=quiet_hours_end,
            muted_tables=muted_tables,
        )

        preferences.additional_properties = d
        return preferences

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
