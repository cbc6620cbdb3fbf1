from typing import Literal

RecordResultStatusEnum = Literal["finished", "playing"]

RECORD_RESULT_STATUS_ENUM_VALUES: set[RecordResultStatusEnum] = {
    "finished",
    "playing",
}


def check_record_result_status_enum(value: str) -> RecordResultStatusEnum:
    if value in RECORD_RESULT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECORD_RESULT_STATUS_ENUM_VALUES!r}"
    )
