"""The host's invitations to a waiting table (thin views over `games.service.invitations`;
docs/api.md section 4 is the contract). The invitation's link is for its email alone: no answer
here holds it."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from games.service import invitations

from . import examples as ex
from . import schema as e
from . import serializers as s
from .errors import GameAPIView
from .presenters import invitation_json

INVITATION = OpenApiResponse(s.InvitationSerializer, "The invitation (never its link).",
                             [ex.example("By email address", ex.INVITATION)])
INVITATIONS = OpenApiResponse(s.InvitationsSerializer, "The table's invitations, oldest first.",
                              [ex.example("One used, one pending", ex.INVITATIONS)])
NOT_HOST = e.error("Not the host.", e.HOST_ONLY)
NO_SUCH_TABLE_OR_PLAYER = e.error("No such table, or nobody has that username.", e.NO_SUCH_TABLE,
                                  e.body("no-such-player", "Nobody is called bem here.",
                                         fields={"to": ["Nobody is called bem here."]}))
BAD_TO = e.error("Bad input: `code` says what, `fields` which field.", e.body(
    "invalid", "to must be a username or a valid email address.",
    fields={"to": ["to must be a username or a valid email address."]}), e.PARSE_ERROR)


class InvitationsView(GameAPIView):
    @extend_schema(
        summary="The table's invitations, used or not (host)", tags=["tables"],
        description="The host's invitations to this table, oldest first, with when each was "
                    "used (null: not yet). An invitation's link goes to its email alone and "
                    "is never shown here.",
        operation_id="listInvitations",
        responses={200: INVITATIONS, 403: NOT_HOST, 404: e.NOT_FOUND, **e.LOGGED_IN})
    def get(self, request, table_id: int):
        return Response({"invitations": [invitation_json(invitation) for invitation
                                         in invitations.of_table(table_id, request.user)]})

    @extend_schema(
        summary="Invite a person by username or email address (host, before the start)",
        description="The person gets an email with a link that seats them once. An address no "
                    "account uses is fine: the link asks them to sign up or log in first. One "
                    "pending invitation per person: inviting again is `409 already-invited`, "
                    "and sends no second email.",
        tags=["tables"], operation_id="createInvitation", request=s.InvitationCreateSerializer,
        examples=[ex.INVITE_BY_NAME, ex.INVITE_BY_ADDRESS],
        responses={201: INVITATION, **e.WITH_BODY, 400: BAD_TO, 403: NOT_HOST,
                   404: NO_SUCH_TABLE_OR_PLAYER,
                   **e.conflict(e.TABLE_STARTED,
                                e.body("table-full", "Every seat at this table is taken."),
                                e.body("already-seated",
                                       "That player already has a seat at this table.",
                                       fields={"to": ["That player already has a seat at this "
                                                      "table."]}),
                                e.body("already-invited", "ben is already invited to this "
                                       "table.", fields={"to": ["ben is already invited to "
                                                                "this table."]}),
                                e.body("too-many-invitations",
                                       "A table can send at most 30 invitations."))})
    def post(self, request, table_id: int):
        serializer = s.InvitationCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        invitation = invitations.invite(table_id, request.user,
                                        serializer.validated_data["to"])
        return Response(invitation_json(invitation), status=status.HTTP_201_CREATED)
