"""Bot accounts (docs/api.md, "Writing a bot"): an account declares itself a program that plays
through the API. Only before it has played a rated game (a rated game finished, or one being
played): its rating was earned as a person. It is shown as a bot wherever its name is, and a
game it sits at is never rated (`results`); the house bots of the rule book are seats, not
accounts, and stay what they are."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from games.models import Seat, Table
from ratings.standings import has_rated_games

from .errors import GameError

RATED_GAMES_PLAYED = ("This account has played rated games: only an account that never has "
                      "may become a bot. Sign up a new account for your bot.")


def declare_bot(user):
    """Make `user` a bot account, for good; `rated-games-played` if it has played a rated game.
    Declaring it again changes nothing."""
    with transaction.atomic():
        # Locked: a game that starts at the same time sees the account as it is after this.
        account = get_user_model().objects.select_for_update().get(pk=user.pk)
        if account.is_bot:
            return account
        playing_rated = Seat.objects.filter(user=account, table__status=Table.Status.PLAYING,
                                            table__rated=True).exists()
        if playing_rated or has_rated_games(account.pk):
            raise GameError("rated-games-played", RATED_GAMES_PLAYED)
        account.is_bot = True
        account.save(update_fields=["is_bot"])
        return account
