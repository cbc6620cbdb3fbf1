from typing import Literal

TableStatusEnum = Literal["finished", "playing", "waiting"]

TABLE_STATUS_ENUM_VALUES: set[TableStatusEnum] = {
    "finished",
    "playing",
    "waiting",
}


def check_table_status_enum(value: str) -> TableStatusEnum:
    if value in TABLE_STATUS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TABLE_STATUS_ENUM_VALUES!r}"
    )
