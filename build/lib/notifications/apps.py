from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # The service layer publishes Celery tasks by name; a web process registers them here
        # (a worker finds them by itself).
        from . import tasks  # noqa: F401
