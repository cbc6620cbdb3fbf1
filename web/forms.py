"""The forms of the table pages. They check the shape of what is sent; the service layer decides
what is allowed."""

from __future__ import annotations

from django import forms

from games.models import Seat
from games.rules.fairness import CLIENT_SEED_MAX, client_seed_problem
from games.rules.options import SECTIONS, SETTINGS, Setting
from wildcards.numbers import WholeNumberFormField


class NewTableForm(forms.Form):
    """A new table's settings: a field for each one games/rules/options.py declares, with its
    label and help, grouped in its fieldset."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name, setting in SETTINGS.items():
            self.fields[name] = _field_for(setting)

    def sections(self) -> list[tuple[str, list]]:
        """(legend, the bound fields) of each fieldset, in the form's order."""
        found = {section: [] for section in SECTIONS}
        for name, setting in SETTINGS.items():
            found.setdefault(setting.section, []).append(self[name])
        return [(legend, fields) for legend, fields in found.items() if fields]

    def choices(self) -> dict:
        """The table's settings in the service's names (those of api.md): a setting left
        empty takes its default, an unticked one left to the deck (None) stays so."""
        data = self.cleaned_data
        chosen = {}
        for name, setting in SETTINGS.items():
            value = data.get(name)
            if setting.kind is bool:
                chosen[name] = True if value else (None if setting.nullable else False)
            else:
                chosen[name] = setting.default if value in (None, "") else value
        return chosen


def _field_for(setting: Setting) -> forms.Field:
    """The form field of a setting: a tick box, a list or radio buttons of its choices (or of
    a short range), or a whole number."""
    words = {"label": setting.label, "help_text": setting.help}
    if setting.kind is bool:
        return forms.BooleanField(required=False, initial=bool(setting.default), **words)
    choices = list(setting.choices)
    if not choices and setting.kind is int and setting.high - setting.low <= 20:
        choices = [(n, str(n)) for n in range(setting.low, setting.high + 1)]
    if not choices:
        return WholeNumberFormField(min_value=setting.low, max_value=setting.high,
                                    initial=setting.default, required=False, **words)
    widget = forms.RadioSelect if setting.radio else forms.Select
    if setting.kind is int:
        return forms.TypedChoiceField(coerce=int, choices=choices, initial=setting.default,
                                      required=False, widget=widget, **words)
    return forms.ChoiceField(choices=choices, initial=setting.default, required=False,
                             widget=widget, **words)


class BotForm(forms.Form):
    level = forms.ChoiceField(choices=Seat.Level.choices, initial="normal")


class InviteForm(forms.Form):
    invite = forms.CharField(max_length=64, label="Invite code")


class InvitePlayerForm(forms.Form):
    to = forms.CharField(max_length=254, label="Username or email address",
                         help_text="They get an email with a link that gives them a seat.")


class MoveForm(forms.Form):
    action = forms.ChoiceField(choices=[(a, a) for a in ("play", "draw", "take", "pass",
                                                         "choose", "concede", "call", "catch")])
    card = forms.CharField(max_length=32, required=False)
    color = forms.CharField(max_length=16, required=False)
    target = WholeNumberFormField(required=False, min_value=0, max_value=99)
    call = forms.BooleanField(required=False)
    expected_version = WholeNumberFormField(required=False, min_value=0)


class SeedForm(forms.Form):
    """A player's seed for the next deal (docs/fairness.md); the rules say what one may be."""

    round = WholeNumberFormField(min_value=1, max_value=32767)
    # Not required, no max_length: the rules' own sentence says what is wrong (an empty seed
    # too). The page's field has its maxlength.
    client_seed = forms.CharField(required=False, strip=False, label="Your seed",
                                  help_text=f"1 to {CLIENT_SEED_MAX} letters, digits, '-' or "
                                            f"'_'.")

    def clean_client_seed(self) -> str:
        value = self.cleaned_data["client_seed"]
        problem = client_seed_problem(value)
        if problem:
            raise forms.ValidationError(problem)
        return value
