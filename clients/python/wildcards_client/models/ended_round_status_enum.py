from typing import Literal

EndedRoundStatusEnum = Literal["abandoned", "blocked", "won"]

ENDED_ROUND_STATUS_ENUM_VALUES: set[EndedRoundStatusEnum] = {
    "abandoned",
    "blocked",
    "won",
}


def check_ended_round_status_enum(value: str) -> EndedRoundStatusEnum:
    if value in ENDED_ROUND_STATUS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ENDED_ROUND_STATUS_ENUM_VALUES!r}"
    )
