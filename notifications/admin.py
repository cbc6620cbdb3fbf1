from django.contrib import admin, messages
from django.db import transaction

from .models import Notice, Preference
from .tasks import send_notice


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    """The outbox, for looking into failed notices. Rows are written by the service layer
    and changed by the senders only."""

    list_display = ("id", "kind", "user", "table", "status", "attempts", "created_at",
                    "sent_at")
    list_filter = ("status", "kind")
    search_fields = ("dedupe_key", "user__username", "user__email")
    date_hierarchy = "created_at"
    list_select_related = ("user", "table")

    actions = ["retry"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_operate_permission(self, request) -> bool:
        return request.user.is_superuser

    @admin.action(description="Send the selected notices again (failed, skipped or out of tries)",
                  permissions=["operate"])
    def retry(self, request, queryset) -> None:
        """Back to 'pending' with its tries counted anew, and queued once the change commits;
        a notice sent or being sent is left alone."""
        again = queryset.exclude(status__in=[Notice.Status.SENT, Notice.Status.SENDING])
        ids = list(again.values_list("pk", flat=True))
        with transaction.atomic():
            Notice.objects.filter(pk__in=ids).update(
                status=Notice.Status.PENDING, attempts=0, claimed_at=None, last_error="")
            for notice_id in ids:
                transaction.on_commit(lambda notice_id=notice_id: send_notice.delay(notice_id))
        left = queryset.count() - len(ids)
        self.message_user(request, f"{len(ids)} notice(s) queued again"
                          + (f"; {left} sent or being sent, left alone." if left else "."),
                          messages.SUCCESS)


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "turn_emails", "reminder_emails", "game_over_emails",
                    "unsubscribed_all", "updated_at")
    list_filter = ("unsubscribed_all",)
    search_fields = ("user__username", "user__email")
    raw_id_fields = ("user",)
