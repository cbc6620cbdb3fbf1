"""Sign-up, API tokens and the caller's account."""

from __future__ import annotations

from django.contrib.auth import authenticate, get_user_model, password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.closing import RESERVED_NAME, is_reserved_username
from notifications.preferences import preferences_json
from wildcards.api_schema import INVALID, PARSE_ERROR, THROTTLED, TOO_LARGE, UNAUTHENTICATED
from wildcards.api_schema import body as error_body
from wildcards.api_schema import error as error_response
from wildcards.api_serializers import StrictSerializer
from wildcards.throttling import ScopedRateThrottle

User = get_user_model()

# Schema decorations: examples of each request and answer (docs/api.md, section 2).
ACCOUNT = {"id": 1, "username": "ana", "email": "ana@example.com"}
TOKEN = "7c71cc7986cc9a2f299338b34c441211d789ee0b"
BAD_BODY = error_response("Bad input: `code` says what, `fields` which field.", INVALID,
                          PARSE_ERROR)
TOO_BIG = error_response("The body is over the size limit.", TOO_LARGE)


class SignUpSerializer(StrictSerializer):
    username = serializers.RegexField(r"^[\w.@+-]{1,150}$", max_length=150)
    email = serializers.EmailField()
    password = serializers.CharField(write_only=True, min_length=8, max_length=128)

    def validate_username(self, value: str) -> str:
        if User.objects.filter(username__iexact=value).exists():
            raise serializers.ValidationError("That username is taken.")
        if is_reserved_username(value):
            raise serializers.ValidationError(RESERVED_NAME)
        return value

    def validate(self, data: dict) -> dict:
        try:
            password_validation.validate_password(
                data["password"], User(username=data["username"], email=data["email"]))
        except DjangoValidationError as error:
            raise serializers.ValidationError({"password": list(error.messages)}) from None
        return data


class AccountSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.EmailField()


class NewAccountSerializer(AccountSerializer):
    token = serializers.CharField()


class NotificationPreferencesSerializer(serializers.Serializer):
    turn_emails = serializers.BooleanField()
    reminder_emails = serializers.BooleanField()
    game_over_emails = serializers.BooleanField()
    unsubscribed_all = serializers.BooleanField()


class MeSerializer(AccountSerializer):
    notifications = NotificationPreferencesSerializer(
        help_text="Which emails you get; change them with PATCH /api/me/notifications.")


class TokenRequestSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


def account_json(user) -> dict:
    return {"id": user.pk, "username": user.username, "email": user.email}


class SignUpView(APIView):
    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "signup"

    @extend_schema(
        request=SignUpSerializer, summary="Create an account", tags=["accounts"],
        operation_id="createAccount",
        examples=[OpenApiExample("Ana", request_only=True, value={
            "username": "ana", "email": "ana@example.com", "password": "correct-horse-battery"})],
        responses={201: OpenApiResponse(NewAccountSerializer, "The account and its API token.",
                                        [OpenApiExample("Ana", {**ACCOUNT, "token": TOKEN})]),
                   400: error_response(
                       "Bad input; a username that is taken.",
                       error_body("invalid", "username: That username is taken.",
                                  fields={"username": ["That username is taken."]}),
                       PARSE_ERROR),
                   413: TOO_BIG, 429: THROTTLED})
    def post(self, request):
        serializer = SignUpSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            with transaction.atomic():
                user = User.objects.create_user(data["username"], data["email"],
                                                data["password"])
                token = Token.objects.create(user=user)
        except IntegrityError:  # the same name taken by a concurrent sign-up
            raise serializers.ValidationError({"username": ["That username is taken."]}) from None
        return Response({**account_json(user), "token": token.key},
                        status=status.HTTP_201_CREATED)


class TokenView(APIView):
    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"

    @extend_schema(
        request=TokenRequestSerializer, tags=["accounts"], operation_id="getToken",
        summary="Get the API token for a username and password",
        examples=[OpenApiExample("Ana", request_only=True,
                                 value={"username": "ana", "password": "correct-horse-battery"})],
        responses={200: OpenApiResponse(TokenSerializer, "The token.",
                                        [OpenApiExample("Ana's token", {"token": TOKEN})]),
                   400: error_response(
                       "Bad input, or no account with that username and password.",
                       error_body("wrong-credentials",
                                  "No account matches that username and password."),
                       INVALID, PARSE_ERROR),
                   413: TOO_BIG, 429: THROTTLED})
    def post(self, request):
        serializer = TokenRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(request, **serializer.validated_data)
        if user is None:
            return Response({"code": "wrong-credentials",
                             "detail": "No account matches that username and password."},
                            status=status.HTTP_400_BAD_REQUEST)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class MeView(APIView):
    @extend_schema(
        summary="The caller's account, with notification preferences", tags=["accounts"],
        operation_id="getMe",
        responses={200: OpenApiResponse(MeSerializer, "The account.", [OpenApiExample("Ana", {
            **ACCOUNT, "notifications": {"turn_emails": True, "reminder_emails": True,
                                         "game_over_emails": True, "unsubscribed_all": False}})]),
                   401: UNAUTHENTICATED})
    def get(self, request):
        return Response({**account_json(request.user),
                         "notifications": preferences_json(request.user)})
