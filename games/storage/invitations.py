"""Reading invitations, and the accounts a host may invite (their rows are written by
`writes.new_invitation` and `writes.use_invitation`, like every other row of a table)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q

from games.models import Invitation


def person_named(name: str):
    """The active account of that username, whatever its case (names are unique that way), or
    None. Closed accounts are inactive: nobody can be invited under their old name."""
    return get_user_model().objects.filter(username__iexact=name, is_active=True).first()


def person_with_address(address: str):
    """The active account that uses the address, whatever its case, or None."""
    return get_user_model().objects.filter(email__iexact=address, is_active=True).first()


def of_table(table_id: int, *, pending_only: bool = False) -> list[Invitation]:
    """The table's invitations, oldest first, with the invited accounts."""
    invitations = Invitation.objects.filter(table_id=table_id).select_related("user")
    if pending_only:
        invitations = invitations.filter(used_at__isnull=True)
    return list(invitations)


def count(table_id: int) -> int:
    return Invitation.objects.filter(table_id=table_id).count()


def pending_for(table_id: int, user, address: str) -> Invitation | None:
    """A pending invitation of the same person: their account, their account's address, or
    the address (an address invited before its owner signed up is the same person)."""
    same = Q(address=address) if address else Q()
    if user is not None:
        same |= Q(user=user) | Q(address=user.email.lower())
    if not same:
        return None
    return Invitation.objects.filter(same, table_id=table_id, used_at__isnull=True).first()


def pending_to(user) -> list[Invitation]:
    """The invitations waiting for the user (to their account, or to their address before it
    had one) to tables still waiting for players, newest first, with the table's host."""
    to = Q(user=user) | (Q(address=user.email.lower()) if user.email else Q(pk__in=[]))
    return list(Invitation.objects.filter(to, used_at__isnull=True, table__status="waiting")
                .select_related("invited_by").order_by("-created_at")[:20])


def invitation(invitation_id: int, *, lock: bool = False) -> Invitation | None:
    """One invitation with its invited account (if any), or None; with `lock`, its row stays
    locked until the transaction ends (taken after the table's lock, as every writer does)."""
    rows = Invitation.objects.select_related("user")
    if lock:
        rows = rows.select_for_update(of=("self",))
    return rows.filter(pk=invitation_id).first()
