"""The admin of API tokens (the accounts themselves: web/admin.py, whose actions reach the
games). A token is made by its owner only; staff may revoke it (delete)."""

from django.contrib import admin

from accounts.models import ApiToken
from accounts.tokens import expires_at


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("user", "created", "expires")
    search_fields = ("user__username", "user__email")
    list_select_related = ("user",)
    fields = ("user", "created")  # never the digest
    readonly_fields = fields

    @admin.display(description="expires")
    def expires(self, token: ApiToken):
        return expires_at(token) or "never"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
