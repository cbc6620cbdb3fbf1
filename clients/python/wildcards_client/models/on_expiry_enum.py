from typing import Literal

OnExpiryEnum = Literal["bot", "leave"]

ON_EXPIRY_ENUM_VALUES: set[OnExpiryEnum] = {
    "bot",
    "leave",
}


def check_on_expiry_enum(value: str) -> OnExpiryEnum:
    if value in ON_EXPIRY_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ON_EXPIRY_ENUM_VALUES!r}"
    )
