from typing import Literal

SeatStateEnum = Literal["away", "bot", "left", "playing"]

SEAT_STATE_ENUM_VALUES: set[SeatStateEnum] = {
    "away",
    "bot",
    "left",
    "playing",
}


def check_seat_state_enum(value: str) -> SeatStateEnum:
    if value in SEAT_STATE_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEAT_STATE_ENUM_VALUES!r}"
    )
