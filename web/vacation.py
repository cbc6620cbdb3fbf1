"""The account's vacation (issue 27): the days left, the vacation going on, a form to start it or
move its end (an end day and time in the account's time zone, from its email settings), and a
button to end it. Thin: `games.service.vacations` decides and writes; its refusals come back
as the form's errors."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.dateparse import parse_datetime
from django.views.decorators.http import require_http_methods, require_POST

from games.service import vacations
from games.service.errors import GameError
from notifications.preferences import preference_of


class VacationForm(forms.Form):
    until = forms.DateTimeField(
        label="On vacation until", input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"},
                                   format="%Y-%m-%dT%H:%M"),
        help_text="In your time zone. Each day started counts as a whole day.",
        error_messages={"invalid": "Give a day and a time, such as 2026-12-24 18:00.",
                        "required": "Give the day and time your vacation ends."})


def _zone(user) -> ZoneInfo:
    return ZoneInfo(preference_of(user).time_zone or "UTC")


def _shown(user) -> dict:
    now = vacations.vacation_of(user)
    until = parse_datetime(now["until"].replace("Z", "+00:00")) if now["until"] else None
    return {"until": until.astimezone(_zone(user)) if until else None,
            "days_left": now["days_left"], "zone": str(_zone(user))}


@login_required
@require_http_methods(["GET", "POST"])
def vacation(request):
    form = VacationForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        until: datetime = form.cleaned_data["until"]
        until = until.replace(tzinfo=_zone(request.user)) if until.tzinfo is None else until
        try:
            vacations.set_vacation(request.user, until)
        except GameError as refused:
            form.add_error("until", refused.detail)
        else:
            messages.success(request, "You are on vacation: your turns at the tables that allow "
                                      "it wait for you.")
            return redirect("account-vacation")
    return render(request, "web/account/vacation.html", {"form": form, **_shown(request.user)},
                  status=400 if form.is_bound else 200)


@login_required
@require_POST
def end_vacation(request):
    vacations.end_vacation(request.user)
    messages.success(request, "Your vacation is over: your turns have their deadlines again.")
    return redirect("account-vacation")
