from typing import Literal

FairnessEnum = Literal["committed", "legacy", "rigged"]

FAIRNESS_ENUM_VALUES: set[FairnessEnum] = {
    "committed",
    "legacy",
    "rigged",
}


def check_fairness_enum(value: str) -> FairnessEnum:
    if value in FAIRNESS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FAIRNESS_ENUM_VALUES!r}"
    )
