from typing import Literal

DirectionEnum = Literal["clockwise", "counterclockwise"]

DIRECTION_ENUM_VALUES: set[DirectionEnum] = {
    "clockwise",
    "counterclockwise",
}


def check_direction_enum(value: str) -> DirectionEnum:
    if value in DIRECTION_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DIRECTION_ENUM_VALUES!r}"
    )
