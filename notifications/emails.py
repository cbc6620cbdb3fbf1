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


def game_start(user, table_id: int, context: dict) -> EmailMultiAlternatives:
    """The game the user is seated at has begun: who plays first, and the table's settings."""
    return _compose(Notice.Kind.GAME_START, user, table_id, {
        "whose_turn": context.get("whose_turn"),
        "your_turn": context.get("your_turn", False),
        "players": in_words(context.get("players", [])),
        "settings": context.get("settings", []),
    })


def invitation_url(token: str) -> str:
    return f"{settings.WILDCARDS_BASE_URL}/invitations/{token}"


def invitation(user, table_id: int, context: dict) -> EmailMultiAlternatives:
    """A host invites the user (or an address no account uses: `user` None, `context["to"]`)
    to a waiting table: the table's settings, and the link that seats them."""
    return _compose(Notice.Kind.INVITATION, user, table_id, {
        "host": context.get("host"),
        "settings": context.get("settings", []),
        "seats_taken": context.get("seats_taken"),
        "players": context.get("players"),
        "invitation_url": invitation_url(context["token"]),
        "why": (f"You get this email because {context.get('host')} invited you to a table at "
                f"Wild Cards." if user is not None else
                f"You get this email because {context.get('host')} invited this address to a "
                f"table at Wild Cards. If you do not know them, ignore it: nothing happens "
                f"unless you follow the link."),
    }, to=context.get("to"), scope=ALL)


BY_KIND = {
    Notice.Kind.REMINDER: reminder,
    Notice.Kind.YOUR_TURN: your_turn,
    Notice.Kind.GAME_OVER: game_over,
    Notice.Kind.GAME_START: game_start,
    Notice.Kind.INVITATION: invitation,
}


def message_for(notice: Notice) -> EmailMultiAlternatives:
    return BY_KIND[notice.kind](notice.user, notice.table_id, notice.context)


def in_words(names: list[str]) -> str:
    """"ana, ben and Bot Cleo (Easy)"."""
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                   "th")
    return f"{number}{suffix}"


def _datetime(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _compose(kind: str, user, table_id: int, extra: dict, *, to: str | None = None,
             scope: str | None = None) -> EmailMultiAlternatives:
    """The email of `kind` to `user`, whose one-click link switches off `scope` (the kind,
    unless said otherwise). With no user (an invitation to an address no account uses), to
    `to`, with no unsubscribe link: there is nothing to unsubscribe."""
    stem = kind.replace("-", "_")
    unsubscribe = unsubscribe_url(user.pk, scope or kind) if user is not None else ""
    context = {
        "user": user,
        "table_id": table_id,
        "table_url": table_url(table_id),
        "site_url": settings.WILDCARDS_BASE_URL,
        # The kind's own link, unless the scope is all emails (then only that link is shown).
        "unsubscribe_url": unsubscribe if scope != ALL else "",
        "unsubscribe_all_url": unsubscribe_url(user.pk, ALL) if user is not None else "",
        **extra,
    }
    headers = ({"List-Unsubscribe": f"<{unsubscribe}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"} if unsubscribe else {})
    headers["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies, please
    # A subject is one line: template line breaks must not become header injection attempts.
    subject = " ".join(render_to_string(f"notifications/{stem}_subject.txt", context).split())
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string(f"notifications/{stem}.txt", context),
        to=[user.email if user is not None else to],
        headers=headers,
    )
    message.attach_alternative(render_to_string(f"notifications/{stem}.html", context),
                               "text/html")
    return message
