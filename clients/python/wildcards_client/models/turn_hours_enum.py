from typing import Literal

TurnHoursEnum = Literal[12, 24, 72]

TURN_HOURS_ENUM_VALUES: set[TurnHoursEnum] = {
    12,
    24,
    72,
}


def check_turn_hours_enum(value: int) -> TurnHoursEnum:
    if value in TURN_HOURS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TURN_HOURS_ENUM_VALUES!r}"
    )
