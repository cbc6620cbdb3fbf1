"""Serializer bases shared by the apps' APIs."""

from rest_framework import serializers


class StrictSerializer(serializers.Serializer):
    """Refuses fields it does not know, so a misspelt option is an error, not a silent no-op."""

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            raise serializers.ValidationError({"non_field_errors": ["Send a JSON object."]})
        unknown = sorted(set(data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError(
                {name: ["This field is not known."] for name in unknown})
        return super().to_internal_value(data)


class StringField(serializers.CharField):
    """A JSON string and nothing else: DRF's CharField would turn 7 into "7"."""

    default_error_messages = {"invalid": "Send a string."}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class WholeNumberField(serializers.IntegerField):
    """A JSON whole number and nothing else: DRF's IntegerField would take "3" and 3.5. (3.0
    is one, as JSON Schema's `integer` counts it: the schema and the server agree.)"""

    default_error_messages = {"invalid": "Send a whole number."}

    def to_internal_value(self, data):
        if isinstance(data, float) and data.is_integer():
            data = int(data)
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class TrueFalseField(serializers.BooleanField):
    """A JSON true or false and nothing else: DRF's BooleanField would take "yes" and 1."""

    default_error_messages = {"invalid": "Send true or false."}

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data
