"""Reading and writing the table chat's rows (`games.models.chat`) for `games.service.chat`."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db.models import Subquery

from games.models import ChatMessage, ChatMute, ChatReport, Seat
from wildcards.numbers import BIGINT

MESSAGE_FIELDS = ("id", "author_id", "author__username", "text", "created_at", "hidden_at")


def lock_seat(table_id: int, user) -> Seat | None:
    """The user's seat at the table, its row locked to the end of the transaction (a person's
    messages at a table are counted against the rate one at a time), with its table."""
    return (Seat.objects.select_for_update(of=("self",)).select_related("table")
            .filter(table_id=table_id, user=user).first())


def times_since(table_id: int, author_id: int, since: datetime) -> list[datetime]:
    """When the author's messages at the table since `since` were written, oldest first."""
    return list(ChatMessage.objects.filter(table_id=table_id, author_id=author_id,
                                           created_at__gt=since)
                .order_by("created_at").values_list("created_at", flat=True))


def add_message(table_id: int, author, text: str, now: datetime) -> ChatMessage:
    return ChatMessage.objects.create(table_id=table_id, author=author, text=text,
                                      created_at=now)


def messages(table_id: int, reader_id: int | None, *, after: int | None, limit: int,
             with_hidden: bool) -> list[dict]:
    """The table's messages as rows (MESSAGE_FIELDS), oldest first, without those of authors
    the reader mutes nor, unless `with_hidden`, those the host hid: the `limit` last, or the
    first `limit` after the message `after`. One query."""
    rows = ChatMessage.objects.filter(table_id=table_id)
    if reader_id is not None:
        rows = rows.exclude(author_id__in=Subquery(
            ChatMute.objects.filter(user_id=reader_id).values("muted_id")))
    if not with_hidden:
        rows = rows.filter(hidden_at__isnull=True)
    if after is not None:
        return list(rows.filter(id__gt=after).order_by("id").values(*MESSAGE_FIELDS)[:limit])
    return list(rows.order_by("-id").values(*MESSAGE_FIELDS)[:limit])[::-1]


def message(table_id: int, message_id: int) -> ChatMessage | None:
    if not 0 < message_id <= BIGINT:
        return None
    return (ChatMessage.objects.select_related("author")
            .filter(table_id=table_id, pk=message_id).first())


def set_hidden(message: ChatMessage, at: datetime | None) -> None:
    message.hidden_at = at
    message.save(update_fields=["hidden_at"])


def muting(author_id: int, user_ids: list[int]) -> set[int]:
    """Which of `user_ids` mute the author."""
    return set(ChatMute.objects.filter(muted_id=author_id, user_id__in=user_ids)
               .values_list("user_id", flat=True))


def muted_names(user) -> list[str]:
    """The usernames the user mutes, in alphabetical order."""
    return sorted(ChatMute.objects.filter(user=user)
                  .values_list("muted__username", flat=True))


def muted_among(user, user_ids: set[int]) -> list[str]:
    """The usernames of those of `user_ids` whom the user mutes."""
    return list(ChatMute.objects.filter(user=user, muted_id__in=user_ids)
                .values_list("muted__username", flat=True))


def mute(user, other) -> None:
    ChatMute.objects.get_or_create(user=user, muted=other)


def unmute(user, other) -> None:
    ChatMute.objects.filter(user=user, muted=other).delete()


def person_named(name: str):
    """The account with that username (any case), or None."""
    return get_user_model().objects.filter(username__iexact=name).first()


def add_report(message: ChatMessage, reporter, reason: str, now: datetime) -> bool:
    """Report the message for the reporter; False if they had reported it already."""
    _, created = ChatReport.objects.get_or_create(
        message=message, reporter=reporter, defaults={"reason": reason, "created_at": now})
    return created


def reported_messages(report_ids: list[int]) -> list[ChatMessage]:
    return list(ChatMessage.objects.filter(reports__in=report_ids).select_related("author")
                .distinct())


def handle_reports(report_ids: list[int], now: datetime) -> int:
    """Mark the reports handled (those not already). Returns how many."""
    return ChatReport.objects.filter(pk__in=report_ids, handled_at__isnull=True).update(
        handled_at=now)


def forget(user) -> int:
    """Everything of the chat that was the user's: their messages (and the reports of them),
    their reports, their mutes and the mutes of them. Returns how many messages went."""
    _, gone = ChatMessage.objects.filter(author=user).delete()
    ChatReport.objects.filter(reporter=user).delete()
    ChatMute.objects.filter(user=user).delete()
    ChatMute.objects.filter(muted=user).delete()
    return gone.get("games.ChatMessage", 0)
