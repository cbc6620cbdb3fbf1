from typing import Literal

FormatEnum = Literal["wild-cards-record"]

FORMAT_ENUM_VALUES: set[FormatEnum] = {
    "wild-cards-record",
}


def check_format_enum(value: str) -> FormatEnum:
    if value in FORMAT_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FORMAT_ENUM_VALUES!r}"
    )
