from typing import Literal

OrdersEnum = Literal["draw-when-stuck", "pass-when-stuck", "play-drawn", "take-penalty"]

ORDERS_ENUM_VALUES: set[OrdersEnum] = {
    "draw-when-stuck",
    "pass-when-stuck",
    "play-drawn",
    "take-penalty",
}


def check_orders_enum(value: str) -> OrdersEnum:
    if value in ORDERS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ORDERS_ENUM_VALUES!r}"
    )
