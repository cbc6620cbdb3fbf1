from typing import Literal

PendingEnum = Literal["bot", "person"]

PENDING_ENUM_VALUES: set[PendingEnum] = {
    "bot",
    "person",
}


def check_pending_enum(value: str) -> PendingEnum:
    if value in PENDING_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PENDING_ENUM_VALUES!r}"
    )
