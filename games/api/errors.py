"""The HTTP side of the service's answers: each reason code's status, and the JSON body."""

from __future__ import annotations

from rest_framework.response import Response
from rest_framework.views import APIView

from games.service.errors import GameError, Refusal
from wildcards.api_errors import ApiError

# Every code the service layer raises (a test checks that none is missing).
STATUS = {
    "invalid": 400, "rigged-decks-off": 400, "deck-unavailable": 400, "unexpected-field": 400,
    "not-seated": 403, "host-only": 403, "wrong-invite": 403, "not-your-seat": 403,
    "not-found": 404, "no-such-seat": 404,
    "table-started": 409, "table-full": 409, "already-seated": 409, "host-cannot-leave": 409,
    "not-a-bot": 409, "not-enough-players": 409, "already-a-bot": 409, "swap-pending": 409,
    "game-not-playing": 409, "not-between-rounds": 409,
    "idempotency-key-reused": 422,
    "stream-unavailable": 503,
    # Game records (issue 13).
    "game-not-finished": 409, "game-not-replayable": 409,
    # Invitations (issue 24): inviting, and the invitation's link (its page answers with these).
    "no-such-player": 404, "already-invited": 409, "too-many-invitations": 409,
    "invitation-invalid": 400, "invitation-for-another": 403, "invitation-used": 410,
    "table-cancelled": 410,
    # Games over days (issue 27): standing orders and the table chat.
    "not-turn-by-turn": 409, "empty": 400, "too-long": 400, "cannot-report-own": 400,
    "cannot-mute-yourself": 400, "no-such-message": 404, "too-many-messages": 429,
    # Vacation and pause (issue 27).
    "vacation-in-the-past": 400, "not-enough-vacation-days": 400, "pause-not-allowed": 409,
    "already-paused": 409, "not-paused": 409,
    # The players' seeds (issue 28).
    "seed-too-late": 409, "seed-too-early": 409, "seeds-not-taken": 409,
    # Bot accounts (issue 30).
    "rated-games-played": 409,
}
# A refused move is 422, but for these (the move may be fine; the moment is not).
REFUSAL_STATUS = {"stale-version": 409, "seat-played-by-bot": 409, "paused": 409}
# Every reason code of the rules engine (`games.rules.REASONS`) is a refused move, so 422;
# those of the last-card call too: `nothing-to-catch` (a wrong catch), `nothing-to-call`.
REFUSED_MOVE_STATUS = 422


def error_body(error: GameError) -> dict:
    """`field` names the culprit the way validation errors do: `fields: {name: [detail]}`."""
    body = {"code": error.code, "detail": error.detail}
    if error.field is not None:
        body["fields"] = {error.field: [error.detail]}
    return body


def refusal_response(refusal: Refusal) -> Response:
    return Response(refusal.as_dict(),
                    status=REFUSAL_STATUS.get(refusal.code, REFUSED_MOVE_STATUS))


class GameAPIView(APIView):
    """An API view whose service errors become their HTTP answers."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, GameError):
            exc = ApiError(STATUS[exc.code], error_body(exc))
        return super().handle_exception(exc)


def invalid(detail: str, field: str) -> GameError:
    """Bad input the serializers do not check (a query parameter, a header)."""
    return GameError("invalid", detail, field=field)
