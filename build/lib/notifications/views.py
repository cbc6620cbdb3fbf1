"""The one-click unsubscribe page (RFC 8058).

GET shows what the link switches off, with a button; it changes nothing, so link checkers and
mail scanners that open links are harmless. POST switches it off: a mail program's own
"Unsubscribe" button posts `List-Unsubscribe=One-Click` with no cookies and no CSRF token, so the
view is CSRF-exempt; the signed token is the proof.
"""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from .preferences import BadToken, read_unsubscribe_token, scope_label, unsubscribe


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe_page(request, token: str):
    try:
        user_id, scope = read_unsubscribe_token(token)
    except BadToken as error:
        return render(request, "notifications/unsubscribe.html",
                      {"error": str(error)}, status=400)
    done = request.method == "POST"
    if done:
        unsubscribe(user_id, scope)
    return render(request, "notifications/unsubscribe.html",
                  {"done": done, "what": scope_label(scope)})
