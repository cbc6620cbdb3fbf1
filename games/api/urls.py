from django.urls import path

from accounts.api import MeView, SignUpView, TokenView
from ratings.api import LeaderboardView, PlayerView

from . import chat_views as chat
from . import invitation_views, records, seed_views
from . import lobby_views as tables
from . import play_views as play
from .account_views import BotAccountView
from .order_views import OrdersView
from .stream import EventsView
from .vacation_views import PauseView, ResumeView, VacationView

urlpatterns = [
    # The busiest first: Django tries the patterns in order (a regular expression each), and a
    # worker restarted under thousands of streams resolves thousands of these at once.
    path("tables/<int:table_id>/events", EventsView.as_view(), name="api-events"),
    path("tables/<int:table_id>/moves", play.MovesView.as_view(), name="api-moves"),
    path("tables/<int:table_id>/state", play.StateView.as_view(), name="api-state"),
    path("accounts", SignUpView.as_view(), name="api-signup"),
    path("auth/token", TokenView.as_view(), name="api-token"),
    path("me", MeView.as_view(), name="api-me"),
    path("me/bot", BotAccountView.as_view(), name="api-me-bot"),
    path("tables", tables.TablesView.as_view(), name="api-tables"),
    path("tables/<int:table_id>", tables.TableView.as_view(), name="api-table"),
    path("tables/<int:table_id>/join", tables.JoinView.as_view(), name="api-join"),
    path("tables/<int:table_id>/leave", tables.LeaveView.as_view(), name="api-leave"),
    path("tables/<int:table_id>/bots", tables.BotsView.as_view(), name="api-bots"),
    path("tables/<int:table_id>/start", tables.StartView.as_view(), name="api-start"),
    path("tables/<int:table_id>/invitations", invitation_views.InvitationsView.as_view(),
         name="api-invitations"),
    path("tables/<int:table_id>/seats/<int:number>", tables.SeatView.as_view(), name="api-seat"),
    path("tables/<int:table_id>/seats/<int:number>/bot", tables.SeatBotView.as_view(),
         name="api-seat-bot"),
    path("tables/<int:table_id>/seats/<int:number>/person", tables.SeatPersonView.as_view(),
         name="api-seat-person"),
    path("tables/<int:table_id>/seed", seed_views.ClientSeedView.as_view(), name="api-seed"),
    path("tables/<int:table_id>/concede", play.ConcedeView.as_view(), name="api-concede"),
    path("tables/<int:table_id>/heartbeat", play.HeartbeatView.as_view(),
         name="api-heartbeat"),
    path("games", play.GamesView.as_view(), name="api-games"),
    # Games over days (issue 27): standing orders, the table chat, the people one mutes.
    path("tables/<int:table_id>/orders", OrdersView.as_view(), name="api-orders"),
    path("tables/<int:table_id>/chat", chat.ChatView.as_view(), name="api-chat"),
    path("tables/<int:table_id>/chat/<int:message_id>", chat.ChatMessageView.as_view(),
         name="api-chat-message"),
    path("tables/<int:table_id>/chat/<int:message_id>/report", chat.ChatReportView.as_view(),
         name="api-chat-report"),
    path("me/mutes", chat.MutesView.as_view(), name="api-mutes"),
    path("me/mutes/<str:name>", chat.MuteView.as_view(), name="api-mute"),
    path("me/vacation", VacationView.as_view(), name="api-vacation"),
    path("tables/<int:table_id>/pause", PauseView.as_view(), name="api-pause"),
    path("tables/<int:table_id>/resume", ResumeView.as_view(), name="api-resume"),
    # Ratings (issue 13): the ratings app's own views.
    path("players/<str:name>", PlayerView.as_view(), name="api-player"),
    path("leaderboard", LeaderboardView.as_view(), name="api-leaderboard"),
    # Game records: export and verification (issue 13).
    path("games/<int:table_id>/record", records.RecordView.as_view(), name="api-record"),
    path("games/<int:table_id>/verify", records.VerifyView.as_view(), name="api-verify"),
]
