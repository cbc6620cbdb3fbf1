"""The table page's email switch: mute or unmute one table's emails (the API's way is
`PATCH /api/me/notifications` with `muted_tables`)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from notifications.preferences import BadPreference, mute_table


@login_required
@require_POST
def mute(request: HttpRequest, table_id: int) -> HttpResponse:
    muted = request.POST.get("muted") == "1"
    try:
        mute_table(request.user, table_id, muted)
    except BadPreference as error:  # not a table of theirs: nothing changes
        return render(request, "web/refused.html", {"detail": error.detail}, status=403)
    messages.success(request, f"No more emails from table {table_id}." if muted
                     else f"Emails from table {table_id} are back on.")
    return redirect("table", table_id=table_id)
