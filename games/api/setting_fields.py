"""The table settings' API fields, built from their declarations (games/rules/options.py): the
new-table body's and the table resource's, with each group nested where the body has it
(`options`, `scoring`). Built when a serializer is, so a setting declared later is there too."""

from __future__ import annotations

from rest_framework import serializers

from games.rules.options import SETTINGS, Setting, groups
from wildcards.api_serializers import StrictSerializer, TrueFalseField, WholeNumberField


class OneOfWholeNumbers(WholeNumberField):
    """A whole number of a fixed set (`turn_hours`), refused in the setting's own sentence."""

    def __init__(self, setting: Setting, **kwargs) -> None:
        super().__init__(**kwargs)
        self.setting = setting
        self.allowed = setting.values

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if value not in self.allowed:
            raise serializers.ValidationError(self.setting.must_be())
        return value


def request_field(setting: Setting) -> serializers.Field:
    """The field that takes the setting in a new table's body; left out: its default."""
    help_text = setting.help
    if setting.kind is bool:
        if setting.nullable:
            return TrueFalseField(required=False, allow_null=True,
                                  help_text=f"{help_text} Left out or null: as the deck has it.")
        return TrueFalseField(default=setting.default, help_text=help_text)
    if setting.kind is int:
        if setting.choices:
            return OneOfWholeNumbers(setting, default=setting.default, help_text=help_text)
        return WholeNumberField(min_value=setting.low, max_value=setting.high,
                                default=setting.default, help_text=help_text)
    return serializers.ChoiceField(choices=list(setting.values), default=setting.default,
                                   help_text=help_text)


def response_field(setting: Setting) -> serializers.Field:
    """The field that shows the setting in the table resource (settled: never null)."""
    if setting.choices:
        return serializers.ChoiceField(choices=list(setting.values), help_text=setting.help)
    if setting.kind is bool:
        return serializers.BooleanField(help_text=setting.help)
    return serializers.IntegerField(help_text=setting.help)


class SettingsGroup(StrictSerializer):
    """A nested group of settings (`group`); `response`: as the table resource shows them."""

    group = ""

    def __init__(self, *args, response: bool = False, **kwargs) -> None:
        self.response = response
        super().__init__(*args, **kwargs)

    def get_fields(self) -> dict:
        make = response_field if self.response else request_field
        return {setting.wire_name: make(setting) for setting in groups()[self.group]}


class OptionsSerializer(SettingsGroup):
    group = "options"


class ScoringSerializer(SettingsGroup):
    group = "scoring"


_GROUPS: dict[str, type[SettingsGroup]] = {"options": OptionsSerializer,
                                           "scoring": ScoringSerializer}


def _group_serializer(group: str) -> type[SettingsGroup]:
    if group not in _GROUPS:  # a group declared since: its own component
        _GROUPS[group] = type(f"{group.title()}Serializer", (SettingsGroup,), {"group": group})
    return _GROUPS[group]


def settings_fields(*, response: bool) -> dict[str, serializers.Field]:
    """Every setting's field, in the declarations' order, groups where their first member is."""
    fields: dict[str, serializers.Field] = {}
    for name, setting in SETTINGS.items():
        if setting.group is None:
            fields[name] = response_field(setting) if response else request_field(setting)
        elif setting.group not in fields:
            group = _group_serializer(setting.group)
            fields[setting.group] = group(response=True) if response else group(required=False)
    return fields


# The schema's names for the two choice sets its fields call `mode` (settings.py's
# ENUM_NAME_OVERRIDES): the table's pace, and the scoring's.
def table_modes() -> tuple:
    return SETTINGS["mode"].values


def scoring_modes() -> tuple:
    return SETTINGS["scoring"].values
