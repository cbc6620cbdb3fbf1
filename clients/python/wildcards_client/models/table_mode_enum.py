from typing import Literal

TableModeEnum = Literal["realtime", "turn"]

TABLE_MODE_ENUM_VALUES: set[TableModeEnum] = {
    "realtime",
    "turn",
}


def check_table_mode_enum(value: str) -> TableModeEnum:
    if value in TABLE_MODE_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TABLE_MODE_ENUM_VALUES!r}"
    )
