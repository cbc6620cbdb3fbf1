from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone

ADDRESS_TAKEN = "Another account uses that address."


class User(AbstractUser):
    """The site's user. A custom model from the first migration, so fields can be added later
    (notification preferences, for one) without a painful swap of AUTH_USER_MODEL."""

    # A bot account: a program that plays through the API, declared so by itself before it
    # played a rated game (games.service.bot_accounts). Shown as a bot wherever its name is;
    # a game it sits at is never rated. For good: it is never a person's account again.
    is_bot = models.BooleanField(default=False)

    class Meta(AbstractUser.Meta):
        constraints = [
            # One account an address, whatever its case; closed accounts have none ("").
            models.UniqueConstraint(Lower("email"), condition=~Q(email=""),
                                    name="user_email_ci_unique",
                                    violation_error_message=ADDRESS_TAKEN),
        ]


class ApiToken(models.Model):
    """An account's API token, one at most. Only its SHA-256 digest is stored: the token itself
    is shown once, when it is made (`accounts.tokens`)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="api_token")
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"API token of user {self.user_id}"
