"""Sign-up, API tokens and the caller's account."""

from __future__ import annotations

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.addresses import email_taken
from accounts.closing import RESERVED_NAME, is_reserved_username
from accounts.login_attempts import TooManyFailures, log_in
from accounts.models import ADDRESS_TAKEN
from accounts.tokens import api_token_of, expires_at, new_api_token, revoke_api_token
from notifications.api import PREFERENCES_EXAMPLE, PreferencesSerializer
from notifications.preferences import preferences_json
from wildcards.api_errors import ApiError
from wildcards.api_schema import (
    INVALID,
    LIMITS_UNAVAILABLE,
    PARSE_ERROR,
    THROTTLED,
    TOO_LARGE,
    UNAUTHENTICATED,
)
from wildcards.api_schema import body as error_body
from wildcards.api_schema import error as error_response
from wildcards.api_serializers import StrictSerializer
from wildcards.throttling import ScopedRateThrottle

User = get_user_model()

# Schema decorations: examples of each request and answer (docs/api.md, section 2).
ACCOUNT = {"id": 1, "username": "ana", "email": "ana@example.com", "bot_account": False}
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

    def validate_email(self, value: str) -> str:
        value = User.objects.normalize_email(value)
        if email_taken(value):
            raise serializers.ValidationError(ADDRESS_TAKEN, code=EMAIL_TAKEN)
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
    bot_account = serializers.BooleanField(
        help_text="A bot account: a program that plays through the API (POST /api/me/bot).")


class NewAccountSerializer(AccountSerializer):
    token = serializers.CharField()


class MeSerializer(AccountSerializer):
    notifications = PreferencesSerializer(
        help_text="Which emails you get; change them with PATCH /api/me/notifications.")


class TokenRequestSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Shown this once: only its digest is stored.")
    expires = serializers.DateTimeField(
        allow_null=True, help_text="When it stops working; null: never (the default).")


EMAIL_TAKEN = "email-taken"


def account_json(user) -> dict:
    return {"id": user.pk, "username": user.username, "email": user.email,
            "bot_account": user.is_bot}


def email_taken_error() -> ApiError:
    return ApiError(status.HTTP_400_BAD_REQUEST, {
        "code": EMAIL_TAKEN, "detail": f"email: {ADDRESS_TAKEN}",
        "fields": {"email": [ADDRESS_TAKEN]}})


def token_json(user, token: str) -> dict:
    row = api_token_of(user)
    end = expires_at(row) if row is not None else None
    return {"token": token, "expires": end.isoformat() if end else None}


class SignUpView(APIView):
    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "signup"

    @extend_schema(
        request=SignUpSerializer, summary="Create an account", tags=["accounts"],
        description="A new account, with its API token (shown this once: only its digest is "
                    "kept). No log-in is needed. Send the token as `Authorization: Bearer "
                    "<token>` (or `Token <token>`) with every other request.",
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
                   413: TOO_BIG, 429: THROTTLED, 503: LIMITS_UNAVAILABLE})
    def post(self, request):
        serializer = SignUpSerializer(data=request.data)
        if not serializer.is_valid():
            if serializer.errors.keys() == {"email"} and any(
                    error.code == EMAIL_TAKEN for error in serializer.errors["email"]):
                raise email_taken_error()
            raise serializers.ValidationError(serializer.errors)
        data = serializer.validated_data
        try:
            with transaction.atomic():
                user = User.objects.create_user(data["username"], data["email"],
                                                data["password"])
                token = new_api_token(user)
        except IntegrityError:  # the same name or address taken by a concurrent sign-up
            if email_taken(data["email"]):
                raise email_taken_error() from None
            raise serializers.ValidationError({"username": ["That username is taken."]}) from None
        return Response({**account_json(user), "token": token},
                        status=status.HTTP_201_CREATED)


class TokenView(APIView):
    """POST: a new token for a username and password (any older one stops working); DELETE:
    the caller's token revoked. Only DELETE reads the caller's credentials, so a client whose
    token has expired can still ask for a new one."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"

    def revoking(self) -> bool:
        return getattr(self.request, "method", None) == "DELETE"  # no request: the schema's

    def get_authenticators(self):
        return super().get_authenticators() if self.revoking() else []

    def get_permissions(self):
        return [IsAuthenticated() if self.revoking() else AllowAny()]

    @extend_schema(
        request=TokenRequestSerializer, tags=["accounts"], operation_id="createToken", auth=[],
        summary="A new API token for a username and password",
        description="Any older token of the account stops working. After too many failed "
                    "attempts for one username, 429 `too-many-failures`.",
        examples=[OpenApiExample("Ana", request_only=True,
                                 value={"username": "ana", "password": "correct-horse-battery"})],
        responses={200: OpenApiResponse(TokenSerializer, "The new token, shown this once.",
                                        [OpenApiExample("Ana's token",
                                                        {"token": TOKEN, "expires": None})]),
                   400: error_response(
                       "Bad input, or no account with that username and password.",
                       error_body("wrong-credentials",
                                  "No account matches that username and password."),
                       INVALID, PARSE_ERROR),
                   413: TOO_BIG,
                   429: error_response(
                       "Too many requests, or too many failed log-ins for this username: wait "
                       "`retry_after` seconds.",
                       error_body("too-many-failures", "Too many failed log-ins for this "
                                  "account. Try again in 15 minutes.", retry_after=900),
                       error_body("throttled", "Request was throttled. Expected available in "
                                  "42 seconds.", retry_after=42)),
                   503: LIMITS_UNAVAILABLE})
    def post(self, request):
        serializer = TokenRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            user = log_in(request, **serializer.validated_data)
        except TooManyFailures as refused:
            return Response({"code": "too-many-failures", "detail": refused.sentence,
                             "retry_after": refused.retry_after},
                            status=status.HTTP_429_TOO_MANY_REQUESTS,
                            headers={"Retry-After": str(refused.retry_after)})
        if user is None:
            return Response({"code": "wrong-credentials",
                             "detail": "No account matches that username and password."},
                            status=status.HTTP_400_BAD_REQUEST)
        return Response(token_json(user, new_api_token(user)))

    @extend_schema(request=None, responses={204: None, 401: UNAUTHENTICATED, 429: THROTTLED},
                   summary="Revoke the caller's API token", tags=["accounts"],
                   operation_id="revokeToken",
                   description="The token stops working at once; POST makes a new one.")
    def delete(self, request):
        revoke_api_token(request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeView(APIView):
    @extend_schema(
        summary="The caller's account, with notification preferences", tags=["accounts"],
        description="Your account: id, username, email, whether it is a bot account, and your "
                    "email notification preferences.",
        operation_id="getMe",
        responses={200: OpenApiResponse(MeSerializer, "The account.", [OpenApiExample("Ana", {
            **ACCOUNT, "notifications": PREFERENCES_EXAMPLE})]),
                   401: UNAUTHENTICATED})
    def get(self, request):
        return Response({**account_json(request.user),
                         "notifications": preferences_json(request.user)})
