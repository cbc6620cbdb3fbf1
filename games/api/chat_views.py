"""The table chat's API: its messages, a new one, the host's hiding, a report to the operator,
and the people one mutes (thin views over `games.service.chat`; docs/api.md, "Table chat")."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from games.service import chat
from games.service.chat import MAX_LENGTH, TooManyMessages
from wildcards.api_schema import whole_number as number_schema
from wildcards.numbers import whole_number

from . import chat_serializers as s
from . import schema as e
from .errors import GameAPIView

MESSAGE = {"id": 41, "seat": 1, "name": "ben", "text": "Well played <3",
           "at": "2026-12-04T18:02:11.512Z"}
MESSAGES = OpenApiResponse(s.ChatSerializer, "The messages you may read, oldest first.",
                           [OpenApiExample("Two messages", value={"messages": [
                               {**MESSAGE, "id": 40, "seat": 0, "name": "ana",
                                "text": "Good game"}, MESSAGE]})])
ONE = OpenApiResponse(s.ChatMessageSerializer, "The message.",
                      [OpenApiExample("A message", value=MESSAGE)])
MUTES = OpenApiResponse(s.MutesSerializer, "The people you mute.",
                        [OpenApiExample("One", value={"muted": ["ben"]})])
NOT_SEATED = e.error("No seat at the table (and, to read, it does not allow spectators).",
                     e.body("not-seated", "You have no seat at this table."))
NO_MESSAGE = e.error("No such table, or no such message at it.", e.NO_SUCH_TABLE,
                     e.body("no-such-message", "No such message at this table."))
BAD_TEXT = e.error(
    f"An empty message, one over {MAX_LENGTH} characters, or bad input.",
    e.body("empty", "Write something: the message is empty.",
           fields={"text": ["Write something: the message is empty."]}),
    e.body("too-long", f"A message holds at most {MAX_LENGTH} characters; this one has 612.",
           fields={"text": [f"A message holds at most {MAX_LENGTH} characters; this one has "
                            "612."]}), e.INVALID, e.PARSE_ERROR)
TOO_MANY = e.error(
    "More messages at this table than the rate allows: wait `retry_after` seconds (also "
    "`Retry-After`).",
    e.body("too-many-messages", "You have sent 10 messages at this table in the last 60 "
           "seconds: wait 12 s before the next one.", retry_after=12))
AFTER = OpenApiParameter("after", number_schema(),
                         description="Only the messages after this message id (at most 100); "
                                     "without it, the last 100.")


class ChatAPIView(GameAPIView):
    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, TooManyMessages):
            return Response({"code": exc.code, "detail": exc.detail,
                             "retry_after": exc.retry_after},
                            status=status.HTTP_429_TOO_MANY_REQUESTS,
                            headers={"Retry-After": str(exc.retry_after)})
        return super().handle_exception(exc)


class ChatView(ChatAPIView):
    @extend_schema(
        summary="The table's chat", tags=["chat"], operation_id="listChatMessages",
        parameters=[AFTER],
        description="For the people seated, and for spectators where the table allows them. "
                    "Messages of people you mute are left out; the host also reads the "
                    "messages they hid (`hidden`: true).",
        responses={200: MESSAGES, 400: e.BAD_QUERY, 403: NOT_SEATED, 404: e.NOT_FOUND,
                   **e.LOGGED_IN})
    def get(self, request, table_id: int):
        after = whole_number(request.query_params.get("after"), "after")
        return Response({"messages": chat.messages_for(table_id, request.user, after)})

    @extend_schema(
        summary="Say something at the table (people seated)", tags=["chat"],
        operation_id="postChatMessage", request=s.ChatPostSerializer,
        examples=[OpenApiExample("A quick reaction", value={"text": "Good game"},
                                 request_only=True)],
        description=f"At most {MAX_LENGTH} characters, kept as written: escape it to show it. "
                    "It reaches open event streams as `event: chat` (no `id:`; the table's "
                    "version does not move).",
        responses={201: ONE, **e.WITH_BODY, 400: BAD_TEXT, 403: NOT_SEATED, 404: e.NOT_FOUND,
                   429: TOO_MANY})
    def post(self, request, table_id: int):
        serializer = s.ChatPostSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        message = chat.post(table_id, request.user, serializer.validated_data["text"])
        return Response(message, status=status.HTTP_201_CREATED)


class ChatMessageView(ChatAPIView):
    @extend_schema(
        summary="Hide a message from everyone but you, or show it again (host)",
        tags=["chat"], operation_id="hideChatMessage", request=s.ChatHideSerializer,
        description="The host of the table hides a message from everyone else (`hidden`: "
                    "true), or shows it again; the host still reads it, marked hidden. Open "
                    "streams hear a `chat` event with `gone`.",
        examples=[OpenApiExample("Hide it", value={"hidden": True}, request_only=True)],
        responses={200: OpenApiResponse(s.ChatMessageSerializer, "The message, as the host "
                                        "reads it.", [OpenApiExample("Hidden", value={
                                            **MESSAGE, "hidden": True})]),
                   **e.WITH_BODY, 403: e.error("Not the host.", e.body(
                       "host-only", "Only the host of the table may hide a message.")),
                   404: NO_MESSAGE})
    def patch(self, request, table_id: int, message_id: int):
        serializer = s.ChatHideSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(chat.hide(table_id, request.user, message_id,
                                  serializer.validated_data.get("hidden")))


class ChatReportView(ChatAPIView):
    @extend_schema(
        summary="Report a message to the operator", tags=["chat"],
        operation_id="reportChatMessage", request=s.ChatReportSerializer,
        examples=[OpenApiExample("With a reason", value={"reason": "Insults"},
                                 request_only=True)],
        description="Anyone who may read the message, but its author. Reporting it again "
                    "answers 200 and changes nothing.",
        responses={201: OpenApiResponse(s.ReportedSerializer, "Reported.", [OpenApiExample(
                       "Reported", value={"message": 41, "reported": True})]),
                   200: OpenApiResponse(s.ReportedSerializer, "You had reported it already.",
                                        [OpenApiExample("Already", value={
                                            "message": 41, "reported": True})]),
                   **e.WITH_BODY,
                   400: e.error("Your own message, a reason too long, or bad input.", e.body(
                       "cannot-report-own", "You cannot report your own message."),
                       e.INVALID, e.PARSE_ERROR),
                   403: NOT_SEATED, 404: NO_MESSAGE})
    def post(self, request, table_id: int, message_id: int):
        serializer = s.ChatReportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        first = chat.report(table_id, request.user, message_id,
                            serializer.validated_data["reason"])
        return Response({"message": message_id, "reported": True},
                        status=status.HTTP_201_CREATED if first else status.HTTP_200_OK)


NO_PLAYER = e.error("Nobody has that name.", e.body("no-such-player",
                                                    "No player is called 'bem'.",
                                                    fields={"name": ["No player is called "
                                                                     "'bem'."]}))


class MutesView(ChatAPIView):
    @extend_schema(summary="The people whose messages you do not read", tags=["chat"],
                   operation_id="listMutes", responses={200: MUTES, **e.LOGGED_IN},
                   description="The names of the people you muted: their messages are left "
                               "out of every chat you read, at every table.")
    def get(self, request):
        return Response({"muted": chat.muted(request.user)})


class MuteView(ChatAPIView):
    @extend_schema(
        summary="Mute a person: you no longer read their messages, at any table",
        tags=["chat"], operation_id="mutePerson", request=None,
        description="From now on their messages are left out of every chat you read; they "
                    "are not told. Muting someone muted already changes nothing.",
        responses={200: MUTES, 400: e.error("Yourself.", e.body(
            "cannot-mute-yourself", "You cannot mute yourself.",
            fields={"name": ["You cannot mute yourself."]})), 404: NO_PLAYER, **e.LOGGED_IN})
    def put(self, request, name: str):
        return Response({"muted": chat.mute(request.user, name)})

    @extend_schema(
        summary="Unmute a person", tags=["chat"], operation_id="unmutePerson",
        description="You read their messages again, the earlier ones too. Unmuting someone "
                    "not muted changes nothing.",
        responses={200: MUTES, 400: e.error("Yourself.", e.body(
            "cannot-mute-yourself", "You cannot mute yourself.",
            fields={"name": ["You cannot mute yourself."]})), 404: NO_PLAYER, **e.LOGGED_IN})
    def delete(self, request, name: str):
        return Response({"muted": chat.mute(request.user, name, muting=False)})
