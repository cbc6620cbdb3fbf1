from typing import Literal

DeckEnum = Literal["all-wild", "classic"]

DECK_ENUM_VALUES: set[DeckEnum] = {
    "all-wild",
    "classic",
}


def check_deck_enum(value: str) -> DeckEnum:
    if value in DECK_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DECK_ENUM_VALUES!r}")
