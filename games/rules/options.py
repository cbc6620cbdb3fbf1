"""Table options that change the rules: the house rules and the scoring mode."""

from __future__ import annotations

from dataclasses import dataclass, fields

SINGLE, TARGET = "single", "target"
TARGET_MIN, TARGET_MAX, TARGET_DEFAULT = 50, 5000, 500
HOUSE_RULES = ("stacking", "seven_zero", "jump_in", "draw_until_playable")


class InvalidSetup(ValueError):
    """A game no table may have (options, players, deck order); `field` names the culprit."""

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(detail)
        self.field = field
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Options:
    stacking: bool = False
    seven_zero: bool = False
    jump_in: bool = False
    draw_until_playable: bool = False
    scoring: str = SINGLE
    target: int = TARGET_DEFAULT
    # Say "last card" or be caught. None: as the deck has it (on with All Wild, off with the
    # classic deck); a new game and `position` settle it to true or false.
    last_card_call: bool | None = None

    def __post_init__(self) -> None:
        for name in HOUSE_RULES:
            if not isinstance(getattr(self, name), bool):
                raise InvalidSetup(name, f"{name} must be true or false.")
        if self.last_card_call is not None and not isinstance(self.last_card_call, bool):
            raise InvalidSetup("last_card_call", "last_card_call must be true or false.")
        if self.scoring not in (SINGLE, TARGET):
            raise InvalidSetup("scoring", "scoring must be 'single' or 'target'.")
        if (
            isinstance(self.target, bool)
            or not isinstance(self.target, int)
            or not TARGET_MIN <= self.target <= TARGET_MAX
        ):
            raise InvalidSetup(
                "target", f"target must be a whole number from {TARGET_MIN} to {TARGET_MAX}."
            )

    def to_dict(self) -> dict:
        # Every field is a plain value: no deep copy needed (`asdict` makes one, and every
        # view of the state asks for this).
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    @classmethod
    def from_dict(cls, data: dict) -> Options:
        return cls(**data)


_FIELD_NAMES = tuple(field.name for field in fields(Options))
