"""A read-only admin of tables, seats, rounds and moves, for staff looking into a game.

Nothing can be added, changed or deleted here: games change only through the service layer.
The secrets of a game stay out of every page: no hand (`Hand` is not registered), no draw pile
or card just drawn, no seed or rigged deck order, no invite code, no move's events (they hold
drawn cards). Each page lists its fields, so a field added to a model later is not shown until
someone decides it may be.

Search: a player's username, or a table's number.

The chat's reports (issue 27) are the one list here with actions: the operator hides a reported
message from everyone, or marks a report handled, through the chat's service.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.text import Truncator

from games.models import ChatReport, Move, Round, Seat, Table
from games.rules.options import SETTINGS
from games.service import chat
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


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    """The messages players reported, the open ones first: the operator reads them in their
    table's context (a link to the table's admin page) and hides them from everyone, or marks
    them handled. Superusers act; staff with the view permission may look."""

    list_display = ("created_at", "table", "author", "text", "reporter", "reason", "hidden",
                    "handled_at")
    list_filter = (("handled_at", admin.EmptyFieldListFilter),)
    list_select_related = ("message__author", "message__table", "reporter")
    search_fields = ("message__author__username", "reporter__username", "message__text")
    fields = ("message", "reporter", "reason", "created_at", "handled_at")
    readonly_fields = fields
    ordering = ("handled_at", "-created_at")
    actions = ["hide_messages", "mark_handled"]
    show_full_result_count = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def has_operate_permission(self, request) -> bool:
        return request.user.is_superuser

    @admin.display(description="table")
    def table(self, report: ChatReport) -> str:
        return format_html('<a href="{}">table {}</a>',
                           reverse("admin:games_table_change", args=[report.message.table_id]),
                           report.message.table_id)

    @admin.display(description="author")
    def author(self, report: ChatReport) -> str:
        return report.message.author.username

    @admin.display(description="message")
    def text(self, report: ChatReport) -> str:
        return Truncator(report.message.text).chars(120)

    @admin.display(description="hidden", boolean=True)
    def hidden(self, report: ChatReport) -> bool:
        return report.message.hidden_at is not None

    @admin.action(description="Hide the reported messages from everyone (and mark handled)",
                  permissions=["operate"])
    def hide_messages(self, request, queryset) -> None:
        hidden = chat.operator_hides(list(queryset.values_list("pk", flat=True)))
        self.message_user(request, f"{hidden} message(s) hidden.", messages.SUCCESS)

    @admin.action(description="Mark the selected reports handled", permissions=["operate"])
    def mark_handled(self, request, queryset) -> None:
        handled = chat.operator_handled(list(queryset.values_list("pk", flat=True)))
        self.message_user(request, f"{handled} report(s) marked handled.", messages.SUCCESS)
