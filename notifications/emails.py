"""The emails, one function per kind. Each renders a template triple (subject, plain text,
HTML) from `notifications/templates/notifications/` and carries a link to the table, a signed
one-click unsubscribe link and the RFC 8058 headers that let mail programs show their own
"Unsubscribe" button."""

from __future__ import annotations

from datetime import UTC, datetime

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import timezone

from .models import Notice
from .preferences import ALL, quiet_of, unsubscribe_url

# The unsubscribe link of a kind that has no switch of its own switches off the one it obeys.
UNSUBSCRIBE_SCOPE = {Notice.Kind.DIGEST: Notice.Kind.YOUR_TURN}


def table_url(table_id: int) -> str:
    return f"{settings.WILDCARDS_BASE_URL}/tables/{table_id}"


def reminder(user, table_id: int, context: dict, extra: dict) -> EmailMultiAlternatives:
    """Halfway through a turn-by-turn turn: when the turn runs out, and the turn to play."""
    return _compose(Notice.Kind.REMINDER, user, table_id, {
        **extra,
        "round": context.get("round"),
        "deadline": _datetime(context["deadline"]),
    })


def your_turn(user, table_id: int, context: dict, extra: dict,
              others: list[dict] = ()) -> EmailMultiAlternatives:
    """A new turn has come to the user (and maybe at other tables too, `others`: the games
    app's context of each), with its deadline, what happened since and the turn to play."""
    first = {**extra, "table_id": table_id, "table_url": table_url(table_id),
             "deadline": _datetime(context.get("deadline"))}
    tables = [first, *({**other, "table_url": table_url(other["table_id"]),
                        "deadline": _datetime(other.get("deadline"))} for other in others)]
    return _compose(Notice.Kind.YOUR_TURN, user, table_id, {
        **first, "round": context.get("round"), "tables": tables,
    })


def game_over(user, table_id: int, context: dict, extra: dict) -> EmailMultiAlternatives:
    """The game has ended: the final ranking, and where the user finished."""
    ranking = sorted(context.get("ranking", []), key=lambda row: (row["rank"], row["seat"]))
    you = next((row for row in ranking if row["seat"] == context.get("your_seat")), None)
    return _compose(Notice.Kind.GAME_OVER, user, table_id, {
        "ranking": ranking,
        "you": you,
        "your_place": ordinal(you["rank"]) if you else None,
    })


def digest(user, table_id: int | None, context: dict, extra: dict) -> EmailMultiAlternatives:
    """The day's tables waiting on the user, in one email."""
    tables = [{**row, "table_url": table_url(row["table"]),
               "deadline": _datetime(row.get("deadline"))} for row in context["tables"]]
    return _compose(Notice.Kind.DIGEST, user, None, {"tables": tables})


def game_start(user, table_id: int, context: dict, extra: dict) -> EmailMultiAlternatives:
    """The game the user is seated at has begun: who plays first, and the table's settings."""
    return _compose(Notice.Kind.GAME_START, user, table_id, {
        "whose_turn": context.get("whose_turn"),
        "your_turn": context.get("your_turn", False),
        "players": in_words(context.get("players", [])),
        "settings": context.get("settings", []),
    })


def invitation_url(token: str) -> str:
    return f"{settings.WILDCARDS_BASE_URL}/invitations/{token}"


def invitation(user, table_id: int, context: dict, extra: dict) -> EmailMultiAlternatives:
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
    Notice.Kind.DIGEST: digest,
    Notice.Kind.GAME_START: game_start,
    Notice.Kind.INVITATION: invitation,
}


def message_for(notice: Notice, contexts: list[dict] = ()) -> EmailMultiAlternatives:
    """The notice's email. `contexts`: what the games app adds at sending time, the notice's
    own first, then (a "your turn" email only) those of the notices sent with it."""
    contexts = list(contexts) or [{}]
    compose = BY_KIND[notice.kind]
    if notice.kind == Notice.Kind.YOUR_TURN:
        return compose(notice.user, notice.table_id, notice.context, contexts[0], contexts[1:])
    return compose(notice.user, notice.table_id, notice.context, contexts[0])


def in_words(names: list[str]) -> str:
    """"ana, ben and Bot Cleo (Easy)"."""
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                   "th")
    return f"{number}{suffix}"


def _datetime(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _compose(kind: str, user, table_id: int | None, extra: dict, *, to: str | None = None,
             scope: str | None = None) -> EmailMultiAlternatives:
    """The email of `kind` to `user`, whose one-click link switches off `scope` (the kind's,
    unless said otherwise). With no user (an invitation to an address no account uses), to
    `to`, with no unsubscribe link: there is nothing to unsubscribe."""
    stem = kind.replace("-", "_")
    scope = scope or UNSUBSCRIBE_SCOPE.get(kind, kind)
    unsubscribe = unsubscribe_url(user.pk, scope) if user is not None else ""
    context = {
        "user": user,
        "table_id": table_id,
        "table_url": table_url(table_id) if table_id is not None else settings.WILDCARDS_BASE_URL,
        "site_url": settings.WILDCARDS_BASE_URL,
        # The kind's own link, unless the scope is all emails (then only that link is shown).
        "unsubscribe_url": unsubscribe if scope != ALL else "",
        "unsubscribe_all_url": unsubscribe_url(user.pk, ALL) if user is not None else "",
        **extra,
    }
    headers = ({"List-Unsubscribe": f"<{unsubscribe}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"} if unsubscribe else {})
    headers["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies, please
    # Every time in the email is the reader's, with its zone's abbreviation.
    with timezone.override(quiet_of(user).zone if user is not None else UTC):
        # A subject is one line: template line breaks must not become header injection.
        subject = " ".join(render_to_string(f"notifications/{stem}_subject.txt",
                                            context).split())
        body = render_to_string(f"notifications/{stem}.txt", context)
        html = render_to_string(f"notifications/{stem}.html", context)
    message = EmailMultiAlternatives(
        subject=subject,
        body=body,
        to=[user.email if user is not None else to],
        headers=headers,
    )
    message.attach_alternative(html, "text/html")
    return message
