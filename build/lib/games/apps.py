from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # The service layer publishes Celery tasks by name; a web process registers them here
        # (a worker finds them by itself).
        from . import tasks  # noqa: F401
