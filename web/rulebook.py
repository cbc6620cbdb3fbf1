"""The rules and help page (`/rules`, linked from every page's header): the rule book in the
site's words, the table options as the new-table form declares them, what happens when time
runs out; and the site's icon."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from .forms import NewTableForm


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    # The options come from the form's own declarations (label, choices, help): said once.
    form = NewTableForm()
    options = [{"label": field.label, "help": field.help_text, "choices": _words(field)}
               for field in form]
    return render(request, "web/rules.html", {"options": options})


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on their own, whatever a page's <link rel="icon"> says."""
    return redirect(static("web/favicon.svg"), permanent=True)


def _words(field) -> list[str]:
    """A field's choices in words; none for a list of numbers (2 to 10 seats)."""
    labels = [str(label) for _, label in getattr(field.field, "choices", [])]
    return [] if all(label.isdigit() for label in labels) else labels
