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


class ChoiceStringField(StringField):
    """A string the server checks itself (its refusal codes stay its own: a color that is none
    is 422 `color-required`, not 400 `invalid`), which the schema shows as an enum of
    `choices` (wildcards.api_schema): a client generated from it sends one of them."""

    def __init__(self, *, choices, **kwargs) -> None:
        self.choices = tuple(choices)
        super().__init__(**kwargs)


class KnownStringField(serializers.CharField):
    """A response's string from a set that grows (new actions, kinds of event): not an enum,
    which a client generated today would refuse tomorrow, but a string whose values known today
    the schema lists (`examples`, and in its description)."""

    def __init__(self, *, known, help_text: str = "", **kwargs) -> None:
        self.known = tuple(known)
        listed = ", ".join(f"`{value}`" for value in self.known)
        super().__init__(help_text=f"{help_text} Known values: {listed}; a client must accept "
                                   "others.".lstrip(), **kwargs)


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
