from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="BotRequest")


@_attrs_define
class BotRequest:
    """
    Attributes:
        level (BotLevelEnum | Unset): * `easy` - easy
            * `normal` - normal
            * `hard` - hard Default: 'normal'.
    """

    level: BotLevelEnum | Unset = "normal"

    def to_dict(self) -> dict[str, Any]:
        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _level = d.pop("level", UNSET)
        level: BotLevelEnum | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = check_bot_level_enum(_level)

        bot_request = cls(
            level=level,
        )

        return bot_request
