from typing import Literal

ColorEnum = Literal["blue", "green", "red", "yellow"]

COLOR_ENUM_VALUES: set[ColorEnum] = {
    "blue",
    "green",
    "red",
    "yellow",
}


def check_color_enum(value: str) -> ColorEnum:
    if value in COLOR_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {COLOR_ENUM_VALUES!r}"
    )
