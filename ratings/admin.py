"""Ratings and results, read only: they are written once per game by `ratings.record`, in the
transaction that ends it."""

from django.contrib import admin

from .models import Rating, Result


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("user", "display", "mu", "sigma", "games", "wins", "updated_at")
    search_fields = ("user__username",)
    ordering = ("-display",)
    list_select_related = ("user",)


@admin.register(Result)
class ResultAdmin(ReadOnly):
    list_display = ("table_id", "user", "finished_at", "players", "rank", "won", "left",
                    "rated", "display_before", "display_after")
    list_filter = ("rated", "won", "left")
    search_fields = ("user__username", "=table_id")
    date_hierarchy = "finished_at"
    list_select_related = ("user",)
