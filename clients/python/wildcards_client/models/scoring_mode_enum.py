from typing import Literal

ScoringModeEnum = Literal["single", "target"]

SCORING_MODE_ENUM_VALUES: set[ScoringModeEnum] = {
    "single",
    "target",
}


def check_scoring_mode_enum(value: str) -> ScoringModeEnum:
    if value in SCORING_MODE_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SCORING_MODE_ENUM_VALUES!r}"
    )
