from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChatPostRequest")


@_attrs_define
class ChatPostRequest:
    """
    Attributes:
        text (str): As written (at most 500 characters, not only blanks). A quick reaction is its words: `Good game`,
            `Well played`, `Oops`.
    """

    text: str

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        text = d.pop("text")

        chat_post_request = cls(
            text=text,
        )

        return chat_post_request
