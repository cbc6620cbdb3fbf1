"""Invitations: the host of a waiting table invites a person by username or email address; the
email's link seats them once, through the lobby's own way of taking a seat.

The link carries a token signed with the site's secret (Django's `signing`, a salt of its own):
the invitation's id and its table's. It is bound to the person invited (their account, or an
account with the address invited) and used once: `used_at` is set under the invitation row's
lock, taken after the table's like every change. Opening the link (`look`) changes nothing,
as mail scanners open links; only `accept` seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from games.models import Invitation
from games.storage import invitations as stored
from games.storage import reads, writes
from games.storage.reads import Game, NoSuchTable

from . import effects, lobby
from .errors import GameError
from .tables import locked

# Plenty for a table of ten, and a bound on the emails one table can send to strangers.
MOST_INVITATIONS = 30
_SALT = "games.invitation"


# --------------------------------------------------------------------------- inviting
def invite(table_id: int, host, to: str) -> Invitation:
    """Invite `to`, a username or (with an @) an email address, whatever its case; its email
    is queued in the same transaction. Refused: not the host, the table started or full, a name
    nobody has, someone seated or already invited (one email per person: inviting again is
    `already-invited`, never a second email), too many invitations."""
    to = to.strip()
    address = _address(to) if "@" in to else ""
    with transaction.atomic():
        game = locked(table_id)
        lobby.require_host(game, host)
        lobby.require_waiting(game)
        lobby.require_free_seat(game)
        if address:
            user = stored.person_with_address(address)
        else:
            user = stored.person_named(to)
            if user is None:
                raise GameError("no-such-player", f"Nobody is called {to} here.", field="to")
        if user is not None and game.seat_of(user) is not None:
            raise GameError("already-seated", "That player already has a seat at this table.",
                            field="to")
        if stored.pending_for(table_id, user, address) is not None:
            raise GameError("already-invited",
                            f"{address or to} is already invited to this table.", field="to")
        if stored.count(table_id) >= MOST_INVITATIONS:
            raise GameError("too-many-invitations",
                            f"A table can send at most {MOST_INVITATIONS} invitations.")
        invitation = writes.new_invitation(game, host, user, address)
        effects.tell_invitee(game, invitation, token_of(invitation))
    return invitation


def _address(to: str) -> str:
    """An address, as stored and compared: lowercased (one account per address, whatever its
    case). A `to` with an @ is always an address, never a username: nobody can take invitations
    meant for an address by choosing it as their name."""
    try:
        validate_email(to)
    except ValidationError:
        raise GameError("invalid", "to must be a username or a valid email address.",
                        field="to") from None
    return to.lower()


def of_table(table_id: int, user, *, pending_only: bool = False) -> list[Invitation]:
    """The table's invitations, for its host alone."""
    try:
        table = reads.load_table(table_id)
    except NoSuchTable:
        raise GameError("not-found", "No such table.") from None
    if table.host_id != user.pk:
        raise GameError("host-only", "Only the host of the table may do this.")
    return stored.of_table(table_id, pending_only=pending_only)


# --------------------------------------------------------------------------- the link
def waiting_for(user) -> list[dict]:
    """The invitations the user has not taken up yet (My games lists them, for those who get no
    email): the table, who invited them, and the link's token."""
    return [{"table": invitation.table_id, "host": invitation.invited_by.username,
             "token": token_of(invitation)} for invitation in stored.pending_to(user)]


def token_of(invitation: Invitation) -> str:
    return signing.dumps({"i": invitation.pk, "t": invitation.table_id}, salt=_SALT)


def _read(token: str) -> tuple[int, int]:
    """(table id, invitation id) of a token made here."""
    try:
        value = signing.loads(token, salt=_SALT)
    except signing.BadSignature:
        value = None
    if not (isinstance(value, dict) and isinstance(value.get("i"), int)
            and isinstance(value.get("t"), int)):
        raise GameError("invitation-invalid",
                        "This invitation link is not valid: it may have been cut short or "
                        "changed on its way. Copy the whole link from the email.")
    return value["t"], value["i"]


def _cancelled() -> GameError:
    # A token is only ever made for an invitation that exists, and an invitation goes only
    # with its table, which goes only when its host cancels it.
    return GameError("table-cancelled", "The host has cancelled this table.")


@dataclass(frozen=True)
class Invited:
    """What the link's page shows: the table, who invites whom, and why it cannot seat the
    viewer (None: it can, or it can once they have logged in)."""

    game: Game
    invitation: Invitation
    host: str
    refusal: GameError | None


def look(token: str, user) -> Invited:
    """The invitation behind a link, as the viewer (logged in or not) would find it: reads
    only. A link that is no invitation, or whose table is gone, raises GameError."""
    table_id, invitation_id = _read(token)
    try:
        game = reads.table_with_seats(table_id)
    except NoSuchTable:
        raise _cancelled() from None
    invitation = stored.invitation(invitation_id)
    if invitation is None or invitation.table_id != table_id:
        raise _cancelled()
    refusal = None
    try:
        _may_use(game, invitation, user if user.is_authenticated else None)
    except GameError as error:
        refusal = error
    return Invited(game, invitation, game.seats[0].name, refusal)


def accept(token: str, user) -> Game:
    """Seat the logged-in `user` with the invitation behind the link, once: the same checks
    and the same seat as joining with the code, and the invitation used, in one transaction."""
    table_id, invitation_id = _read(token)
    with transaction.atomic():
        try:
            game = locked(table_id)
        except GameError as error:
            raise (_cancelled() if error.code == "not-found" else error) from None
        invitation = stored.invitation(invitation_id, lock=True)
        if invitation is None or invitation.table_id != table_id:
            raise _cancelled()
        _may_use(game, invitation, user)
        lobby.seat_person(game, user)
        writes.use_invitation(invitation, user, timezone.now())
    return game


def _may_use(game: Game, invitation: Invitation, user) -> None:
    """Why the invitation cannot seat `user` (None: someone not logged in yet, checked for what
    does not depend on who they are), in the order a person should hear it."""
    if invitation.used_at is not None:
        raise GameError("invitation-used", "This invitation has been used.")
    if user is not None and not _for(invitation, user):
        raise GameError("invitation-for-another",
                        "This invitation is for another account. Log in as the person invited "
                        "(or sign up with the address it was sent to).")
    if user is not None and game.seat_of(user) is not None:
        raise lobby.already_seated()
    lobby.require_waiting(game)
    lobby.require_free_seat(game)


def _for(invitation: Invitation, user) -> bool:
    if invitation.user_id is not None:
        return invitation.user_id == user.pk
    return bool(user.email) and user.email.lower() == invitation.address
