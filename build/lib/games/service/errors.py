"""What the service layer says when it does not do what was asked: a reason code and a
sentence. The API maps codes to HTTP statuses (`games.api.errors`); a web page shows the
sentence."""

from __future__ import annotations

from dataclasses import dataclass, field


class GameError(Exception):
    """A request the service will not carry out. `field` names the input at fault, if one is."""

    def __init__(self, code: str, detail: str, *, field: str | None = None) -> None:
        super().__init__(detail)
        self.code, self.detail, self.field = code, detail, field


def no_such_table() -> GameError:
    return GameError("not-found", "No such table.")


def not_seated() -> GameError:
    return GameError("not-seated", "You have no seat at this table.")


@dataclass(frozen=True)
class Refusal:
    """A move the game did not take; nothing changed. `version` is the table's, unchanged."""

    code: str
    detail: str
    version: int

    def as_dict(self) -> dict:
        return {"code": self.code, "detail": self.detail, "version": self.version}


@dataclass(frozen=True)
class Accepted:
    """A move the game took: `view` is the mover's view of the table after it."""

    view: dict = field(default_factory=dict)
