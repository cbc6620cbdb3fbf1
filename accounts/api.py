"""Sign-up, API tokens and the caller's account."""

from __future__ import annotations

from django.contrib.auth import authenticate, get_user_model, password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.closing import RESERVED_NAME, is_reserved_username
from notifications.preferences import preferences_json
from wildcards.api_serializers import StrictSerializer
from wildcards.throttling import ScopedRateThrottle

User = get_user_model()


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

    @extend_schema(request=SignUpSerializer, responses={201: NewAccountSerializer},
                   summary="Create an account", tags=["accounts"])
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

    @extend_schema(request=TokenRequestSerializer, responses={200: TokenSerializer},
                   summary="Get the API token for a username and password", tags=["accounts"])
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
    @extend_schema(responses={200: MeSerializer},
                   summary="The caller's account, with notification preferences",
                   tags=["accounts"])
    def get(self, request):
        return Response({**account_json(request.user),
                         "notifications": preferences_json(request.user)})
