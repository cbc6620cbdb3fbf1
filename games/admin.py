"""A read-only admin of tables, seats, rounds and moves, for staff looking into a game.

Nothing can be added, changed or deleted here: games change only through the service layer.
The secrets of a game stay out of every page: no hand (`Hand` is not registered), no draw pile
or card just drawn, no seed or rigged deck order, no invite code, no move's events (they hold
drawn cards). Each page lists its fields, so a field added to a model later is not shown until
someone decides it may be.

Search: a player's username, or a table's number.
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from games.models import Move, Round, Seat, Table
from games.rules.options import SETTINGS
from wildcards.numbers import is_whole_number

SEAT_FIELDS = ("table", "number", "user", "bot_level", "state", "score", "left_points",
               "timeouts", "last_seen_at")


class ReadOnlyAdmin(admin.ModelAdmin):
    """Staff may look (with the models' view permission), never write; searches by player
    username and, for a number, by table."""

    table_id_lookup = "table_id"
    show_full_result_count = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def get_search_results(self, request, queryset, search_term):
        found, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        term = search_term.strip()
        if is_whole_number(term):  # a table's number (any other term is searched as text)
            found |= queryset.filter(**{self.table_id_lookup: int(term)})
        return found, may_have_duplicates


class SeatInline(admin.TabularInline):
    model = Seat
    fields = SEAT_FIELDS[1:]
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    table_id_lookup = "pk"
    list_display = ("id", "host", "status", "mode", "deck", "players", "version", "created_at")
    list_filter = ("status", "mode", "deck")
    list_select_related = ("host",)
    search_fields = ("host__username", "seats__user__username")
    fields = ("host", "status", "settings_shown", "version", "current_round",
              "winner", "created_at", "updated_at")
    readonly_fields = ("settings_shown",)
    inlines = [SeatInline]

    @admin.display(description="Settings")
    def settings_shown(self, table: Table) -> str:
        """Each setting (games/rules/options.py) in words, one a line."""
        values = table.settings
        return format_html_join(
            mark_safe("<br>"), "{}: {}",
            ((setting.label, setting.words_for(getattr(values, name)))
             for name, setting in SETTINGS.items()))


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("table", "number", "user", "bot_level", "state", "score")
    list_filter = ("state", "bot_level", "table__status")
    list_select_related = ("table", "user")
    search_fields = ("user__username",)
    fields = SEAT_FIELDS


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ("table", "number", "status", "turn", "winner", "points", "started_at",
                    "ended_at")
    list_filter = ("status", "table__status")
    list_select_related = ("table",)
    search_fields = ("table__seats__user__username",)
    fields = ("table", "number", "dealer", "turn", "direction", "color", "penalty", "discard",
              "status", "winner", "points", "deadline_at", "remind_at", "started_at",
              "ended_at")


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    list_display = ("table", "version", "round_number", "seat", "action", "card", "color",
                    "target", "by", "created_at")
    list_filter = ("action", "by", "table__status")
    list_select_related = ("table",)
    search_fields = ("table__seats__user__username",)
    fields = ("table", "version", "round_number", "seat", "action", "card", "color", "target",
              "by", "created_at")
