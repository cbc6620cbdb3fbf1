"""The emails, one function per kind. Each renders a template triple (subject, plain text,
HTML) from `notifications/templates/notifications/` and carries a link to the table, a signed
one-click unsubscribe link and the RFC 8058 headers that let mail programs show their own
"Unsubscribe" button."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from .models import Notice
from .preferences import ALL, unsubscribe_url


def table_url(table_id: int) -> str:
    return f"{settings.WILDCARDS_BASE_URL}/tables/{table_id}"


def reminder(user, table_id: int, context: dict) -> EmailMultiAlternatives:
    """Halfway through a turn-by-turn turn: when the turn runs out."""
    return _compose(Notice.Kind.REMINDER, user, table_id, {
        "round": context.get("round"),
        "deadline": _datetime(context["deadline"]),
    })


def your_turn(user, table_id: int, context: dict) -> EmailMultiAlternatives:
    """A new turn has come to the user, with its deadline when the table has one."""
    return _compose(Notice.Kind.YOUR_TURN, user, table_id, {
        "round": context.get("round"),
        "deadline": _datetime(context.get("deadline")),
    })


def game_over(user, table_id: int, context: dict) -> EmailMultiAlternatives:
    """The game has ended: the final ranking, and where the user finished."""
    ranking = sorted(context.get("ranking", []), key=lambda row: (row["rank"], row["seat"]))
    you = next((row for row in ranking if row["seat"] == context.get("your_seat")), None)
    return _compose(Notice.Kind.GAME_OVER, user, table_id, {
        "ranking": ranking,
        "you": you,
        "your_place": ordinal(you["rank"]) if you else None,
    })


BY_KIND = {
    Notice.Kind.REMINDER: reminder,
    Notice.Kind.YOUR_TURN: your_turn,
    Notice.Kind.GAME_OVER: game_over,
}


def message_for(notice: Notice) -> EmailMultiAlternatives:
    return BY_KIND[notice.kind](notice.user, notice.table_id, notice.context)


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                   "th")
    return f"{number}{suffix}"


def _datetime(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _compose(kind: str, user, table_id: int, extra: dict) -> EmailMultiAlternatives:
    stem = kind.replace("-", "_")
    unsubscribe = unsubscribe_url(user.pk, kind)
    context = {
        "user": user,
        "table_id": table_id,
        "table_url": table_url(table_id),
        "site_url": settings.WILDCARDS_BASE_URL,
        "unsubscribe_url": unsubscribe,
        "unsubscribe_all_url": unsubscribe_url(user.pk, ALL),
        **extra,
    }
    # A subject is one line: template line breaks must not become header injection attempts.
    subject = " ".join(render_to_string(f"notifications/{stem}_subject.txt", context).split())
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string(f"notifications/{stem}.txt", context),
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",  # RFC 3834: no vacation replies, please
        },
    )
    message.attach_alternative(render_to_string(f"notifications/{stem}.html", context),
                               "text/html")
    return message
