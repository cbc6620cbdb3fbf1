"""The web pages: accounts (web/accounts.py, on Django's own auth views) and tables
(web/tables.py)."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import (
    accounts,
    chat,
    email_moves,
    fair_play,
    invitations,
    orders,
    ratings,
    replay,
    rulebook,
    table_emails,
    tables,
    vacation,
)
from .account_forms import LogInForm, PasswordChangeForm
from .limits import limited

urlpatterns = [
    path("", tables.home, name="home"),
    path("favicon.ico", rulebook.favicon),
    path("rules", rulebook.rules, name="rules"),
    # Accounts: Django's log-in, log-out, password change and reset views, and ours around them.
    path("accounts/signup", accounts.signup, name="signup"),
    # The forms that guard accounts count in the API's limits per address (web/limits.py).
    path("accounts/login/", limited("token")(auth_views.LoginView.as_view(
        redirect_authenticated_user=True, authentication_form=LogInForm)), name="login"),
    path("accounts/password_reset/", limited("password-reset")(
        accounts.PasswordResetView.as_view()), name="password_reset"),
    path("accounts/password_change/", auth_views.PasswordChangeView.as_view(
        form_class=PasswordChangeForm), name="password_change"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("account", accounts.account, name="account"),
    path("account/email", accounts.change_email, name="account-email"),
    path("account/email/<str:token>", accounts.confirm_email, name="account-email-confirm"),
    path("account/token", accounts.rotate_token, name="account-token"),
    path("account/token/revoke", accounts.revoke_token, name="account-token-revoke"),
    path("account/notifications", accounts.notification_settings,
         name="account-notifications"),
    path("account/delete", accounts.delete_account, name="account-delete"),
    path("account/vacation", vacation.vacation, name="account-vacation"),
    path("account/vacation/end", vacation.end_vacation, name="account-vacation-end"),
    # Tables.
    path("tables/new", tables.new_table, name="new-table"),
    path("tables/<int:table_id>", tables.table_page, name="table"),
    path("tables/<int:table_id>/live", tables.table_live, name="table-live"),
    path("tables/<int:table_id>/join", tables.join, name="table-join"),
    path("tables/<int:table_id>/leave", tables.leave, name="table-leave"),
    path("tables/<int:table_id>/cancel", tables.cancel, name="table-cancel"),
    path("tables/<int:table_id>/bots", tables.add_bot, name="table-bots"),
    path("tables/<int:table_id>/seats/<int:number>/remove", tables.remove_bot,
         name="table-remove-bot"),
    path("tables/<int:table_id>/start", tables.start, name="table-start"),
    path("tables/<int:table_id>/seed", fair_play.add_seed, name="table-seed"),
    path("tables/<int:table_id>/invite", invitations.invite, name="table-invite"),
    path("invitations/<str:token>", invitations.invitation_page, name="invitation"),
    path("tables/<int:table_id>/move", tables.move, name="table-move"),
    path("tables/<int:table_id>/concede", tables.concede, name="table-concede"),
    path("tables/<int:table_id>/pause", tables.pause, name="table-pause"),
    path("tables/<int:table_id>/resume", tables.resume, name="table-resume"),
    path("tables/<int:table_id>/emails", table_emails.mute, name="table-emails"),
    path("tables/<int:table_id>/again", tables.play_again, name="table-again"),
    # Games over days (issue 27): standing orders and the table chat.
    path("tables/<int:table_id>/orders", orders.orders_panel, name="table-orders-panel"),
    path("tables/<int:table_id>/orders/give", orders.give, name="table-orders"),
    path("tables/<int:table_id>/chat", chat.chat_messages, name="table-chat"),
    path("tables/<int:table_id>/chat/say", chat.say, name="table-chat-say"),
    path("tables/<int:table_id>/chat/<int:message_id>/hide", chat.hide, name="table-chat-hide"),
    path("tables/<int:table_id>/chat/<int:message_id>/report", chat.report,
         name="table-chat-report"),
    path("tables/<int:table_id>/chat/mute", chat.mute, name="table-chat-mute"),
    # Ratings.
    path("leaderboard", ratings.leaderboard, name="leaderboard"),
    path("players/<str:name>", ratings.player, name="player"),
    # A move from an email's link: confirm, then play (issue 24); no log-in needed.
    path("play/<str:token>", email_moves.move_link, name="move-link"),
    # A finished game, step by step (issue 13).
    path("tables/<int:table_id>/replay", replay.replay_page, name="table-replay"),
    path("tables/<int:table_id>/verify", replay.verify_page, name="table-verify"),
    path("tables/<int:table_id>/record.json", replay.record_download, name="table-record"),
]
