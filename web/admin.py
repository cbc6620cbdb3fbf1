"""The operator's admin of accounts: Django's user admin, with the actions that only the shell
could do before. Here rather than in `accounts`, as closing an account first takes the person
away from their tables (the games' service layer, which `accounts` knows nothing of).

Each action is for superusers only, says what it did, and leaves alone the rows it may not
touch (the operator's own account, an account already closed)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin

from accounts.closing import CLOSED_PREFIX, close_account
from accounts.login_attempts import forget_failures
from accounts.models import User
from accounts.tokens import revoke_api_token
from games.service.chat import forget_person
from games.service.play import leave_every_table
from wildcards.throttling import LimitsUnavailable


@admin.register(User)
class OperatorUserAdmin(UserAdmin):
    actions = ["close_accounts", "revoke_tokens", "lift_lock_outs"]

    def has_operate_permission(self, request) -> bool:
        return request.user.is_superuser

    @admin.action(description="Close the selected accounts (they leave their tables)",
                  permissions=["operate"])
    def close_accounts(self, request, queryset) -> None:
        closed = 0
        for user in queryset.order_by("pk"):
            if user.pk == request.user.pk or user.username.startswith(CLOSED_PREFIX):
                continue
            leave_every_table(user)
            forget_person(user)  # their chat messages, reports and mutes
            close_account(user)
            closed += 1
        skipped = queryset.count() - closed
        self.message_user(request, f"{closed} account(s) closed"
                          + (f"; {skipped} left alone (yours, or closed already)."
                             if skipped else "."), messages.SUCCESS)

    @admin.action(description="Revoke the selected accounts' API tokens",
                  permissions=["operate"])
    def revoke_tokens(self, request, queryset) -> None:
        revoked = sum(revoke_api_token(user) for user in queryset)
        self.message_user(request, f"{revoked} API token(s) revoked.", messages.SUCCESS)

    @admin.action(description="Lift the log-in lock-out of the selected accounts",
                  permissions=["operate"])
    def lift_lock_outs(self, request, queryset) -> None:
        try:
            for user in queryset:
                forget_failures(user.username)
        except LimitsUnavailable as down:
            self.message_user(request, down.sentence, messages.ERROR)
            return
        self.message_user(request, f"Failed log-ins forgotten for {queryset.count()} "
                          "account(s): they may log in at once.", messages.SUCCESS)
