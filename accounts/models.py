from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """The site's user. A custom model from the first migration, so fields can be added later
    (notification preferences, for one) without a painful swap of AUTH_USER_MODEL."""
