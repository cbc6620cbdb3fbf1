from typing import Literal

ActionEnum = Literal[
    "call", "catch", "choose", "concede", "draw", "pass", "play", "take"
]

ACTION_ENUM_VALUES: set[ActionEnum] = {
    "call",
    "catch",
    "choose",
    "concede",
    "draw",
    "pass",
    "play",
    "take",
}


def check_action_enum(value: str) -> ActionEnum:
    if value in ACTION_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ACTION_ENUM_VALUES!r}"
    )
