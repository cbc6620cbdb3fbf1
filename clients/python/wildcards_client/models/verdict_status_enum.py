from typing import Literal

VerdictStatusEnum = Literal["failed", "unverifiable", "verified"]

VERDICT_STATUS_ENUM_VALUES: set[VerdictStatusEnum] = {
    "failed",
    "unverifiable",
    "verified",
}


def check_verdict_status_enum(value: str) -> VerdictStatusEnum:
    if value in VERDICT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {VERDICT_STATUS_ENUM_VALUES!r}"
    )
