"""`POST /api/me/bot`: the caller's account becomes a bot account (a thin view over
`games.service.bot_accounts`: whether it may depends on the games it played)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.response import Response

from accounts.api import ACCOUNT, AccountSerializer, account_json
from games.service.bot_accounts import RATED_GAMES_PLAYED, declare_bot

from . import schema as e
from .errors import GameAPIView


class BotAccountView(GameAPIView):
    @extend_schema(
        summary="Declare your account a bot account", tags=["accounts"],
        operation_id="declareBotAccount", request=None,
        description="For a program that plays through the API (docs/api.md, \"Writing a "
                    "bot\"): the account is shown as a bot wherever its name is (pages, "
                    "tables, game states, records, profile), and a game it sits at is never "
                    "rated. Only an account that has never played a rated game may become one, "
                    "and it stays one for good. Declaring it again changes nothing. The house "
                    "bots a host seats (`easy`, `normal`, `hard`) are not accounts.",
        responses={200: OpenApiResponse(AccountSerializer, "The account, now a bot account.",
                                        [OpenApiExample("A bot", {**ACCOUNT, "username": "robo",
                                                                  "bot_account": True})]),
                   **e.conflict(e.body("rated-games-played", RATED_GAMES_PLAYED)),
                   **e.LOGGED_IN})
    def post(self, request):
        return Response(account_json(declare_bot(request.user)))
