from django.contrib import admin

from .models import Notice, Preference


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

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "turn_emails", "reminder_emails", "game_over_emails",
                    "unsubscribed_all", "updated_at")
    list_filter = ("unsubscribed_all",)
    search_fields = ("user__username", "user__email")
    raw_id_fields = ("user",)
