from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # The service layer publishes Celery tasks by name; a web process registers them here
        # (a worker finds them by itself).
        # What the game says of an email about to be sent (notifications may not import games).
        from django.db.backends.signals import connection_created

        from notifications import hooks
        from notifications.models import Notice

        from . import tasks  # noqa: F401
        from .service import notices
        from .storage.timestamps import use_c_timestamps

        # Timestamps read by psycopg's loader in C (storage.timestamps).
        connection_created.connect(use_c_timestamps, dispatch_uid="games.c_timestamps")

        hooks.register_check(Notice.Kind.YOUR_TURN, notices.your_turn)
        hooks.register_check(Notice.Kind.REMINDER, notices.reminder)
        hooks.register_check(Notice.Kind.GAME_START, notices.game_news)
        hooks.register_check(Notice.Kind.GAME_OVER, notices.game_news)
        hooks.register_waiting(notices.waiting_tables)
