from typing import Literal

MoveTimerEnum = Literal["fast", "normal", "relaxed"]

MOVE_TIMER_ENUM_VALUES: set[MoveTimerEnum] = {
    "fast",
    "normal",
    "relaxed",
}


def check_move_timer_enum(value: str) -> MoveTimerEnum:
    if value in MOVE_TIMER_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MOVE_TIMER_ENUM_VALUES!r}"
    )
