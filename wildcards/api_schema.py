"""The OpenAPI side of the API's errors (wildcards/api_errors.py sends them): the `Error` and
`Refusal` components, and error responses with an example each, for every app's views."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from drf_spectacular.utils import OpenApiExample, OpenApiResponse
from drf_spectacular.views import SpectacularAPIView
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from wildcards.numbers import BIGINT
from wildcards.throttling import LimitsUnavailable


class ErrorSerializer(serializers.Serializer):
    """Every error answer of the API."""

    def get_fields(self) -> dict:  # `fields` is the body's key, and a Serializer's property
        return {
            "code": serializers.CharField(help_text="For programs: docs/api.md lists them."),
            "detail": serializers.CharField(help_text="For people: a sentence."),
            "fields": serializers.DictField(
                required=False,
                help_text="The fields at fault, each with its messages (nested as in the "
                          "request): with 400 `invalid` and some other 400s, 403s and 422s."),
            "retry_after": serializers.IntegerField(
                required=False, help_text="429 and 503 `rate-limit-unavailable`: seconds to "
                                          "wait (also `Retry-After`)."),
        }

    class Meta:
        ref_name = "Error"


class RefusalSerializer(ErrorSerializer):
    """A move the game did not take: nothing changed."""

    def get_fields(self) -> dict:
        return {**super().get_fields(), "version": serializers.IntegerField(
            required=False, help_text="The table's version, unchanged: with every refused or "
                                      "stale move (not with `idempotency-key-reused`).")}

    class Meta:
        ref_name = "Refusal"


def error(description: str, *bodies: dict, serializer=ErrorSerializer) -> OpenApiResponse:
    """An error response with one example per body (named after its code)."""
    return OpenApiResponse(serializer, description=description, examples=[
        OpenApiExample(body["code"], value=body, response_only=True) for body in bodies])


def body(code: str, detail: str, **more) -> dict:
    return {"code": code, "detail": detail, **more}


UNAUTHENTICATED = error(
    "No `Authorization: Bearer …` (or `Token …`) header, nor session, or a token that does not "
    "exist.",
    body("not-authenticated", "Authentication credentials were not provided."))
THROTTLED = error(
    "Too many requests: wait `retry_after` seconds.",
    body("throttled", "Request was throttled. Expected available in 42 seconds.",
         retry_after=42))
LIMITS_UNAVAILABLE = error(
    "The limits that guard log-in and sign-up cannot be counted just now (the server's Redis "
    "does not answer): nothing was done; try again after `retry_after` seconds.",
    body("rate-limit-unavailable", LimitsUnavailable.sentence,
         retry_after=LimitsUnavailable.retry_after))
INVALID = body("invalid", "players: Ensure this value is less than or equal to 10.",
               fields={"players": ["Ensure this value is less than or equal to 10."]})
PARSE_ERROR = body("parse-error", "The JSON is nested more than 32 levels deep.")
TOO_LARGE = body("too-large", "The request body is larger than the server accepts (2.5 MB).")


class SchemaView(SpectacularAPIView):
    """`/api/schema/` (YAML, or JSON with `?format=json`); its errors in JSON, like every API
    error (DRF would render a `?format=` it does not know with the first renderer: YAML)."""

    def perform_content_negotiation(self, request, force=False):
        if force:  # the negotiation failed: the answer is an error
            return JSONRenderer(), JSONRenderer.media_type
        return super().perform_content_negotiation(request, force)


def whole_number(low: int = 0, high: int = BIGINT) -> dict:
    """The schema of a number read from the address (`wildcards.numbers`): its range."""
    return {"type": "integer", "minimum": low, "maximum": high}


class StrictSerializerExtension(OpenApiSerializerExtension):
    """A request body of a StrictSerializer refuses the fields it does not know: the schema
    says so (`additionalProperties: false`)."""

    target_class = "wildcards.api_serializers.StrictSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        if direction == "request":
            schema["additionalProperties"] = False
        return without_inherited_description(self.target, schema)


def without_inherited_description(serializer, schema: dict) -> dict:
    """A body's description is its serializer's own docstring, never a base class's."""
    if not type(serializer).__dict__.get("__doc__"):
        schema.pop("description", None)
    return schema


class ChoiceStringFieldExtension(OpenApiSerializerFieldExtension):
    """A ChoiceStringField is an enum in the schema (the same component as a ChoiceField of the
    same choices)."""

    target_class = "wildcards.api_serializers.ChoiceStringField"

    def map_serializer_field(self, auto_schema, direction):
        return auto_schema._map_serializer_field(serializers.ChoiceField(
            choices=self.target.choices, allow_null=self.target.allow_null), direction)


class KnownStringFieldExtension(OpenApiSerializerFieldExtension):
    """A KnownStringField is a string with its known values as `examples`."""

    target_class = "wildcards.api_serializers.KnownStringField"

    def map_serializer_field(self, auto_schema, direction):
        return {"type": "string", "examples": list(self.target.known)}
