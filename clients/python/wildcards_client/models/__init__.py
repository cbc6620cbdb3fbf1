"""Contains all the data models used in inputs/outputs"""

from .account import Account
from .action_enum import ActionEnum
from .bot_level_enum import BotLevelEnum
from .bot_request import BotRequest
from .call import Call
from .card_enum import CardEnum
from .catch import Catch
from .chat import Chat
from .chat_message import ChatMessage
from .chat_post_request import ChatPostRequest
from .chat_report_request import ChatReportRequest
from .choose import Choose
from .client_seed_entry import ClientSeedEntry
from .client_seed_request import ClientSeedRequest
from .color_enum import ColorEnum
from .concede import Concede
from .deck_enum import DeckEnum
from .direction_enum import DirectionEnum
from .draw import Draw
from .ended_round import EndedRound
from .ended_round_hands import EndedRoundHands
from .ended_round_status_enum import EndedRoundStatusEnum
from .error import Error
from .error_fields import ErrorFields
from .event import Event
from .fairness_enum import FairnessEnum
from .format_enum import FormatEnum
from .gone_event import GoneEvent
from .invitation import Invitation
from .invitation_create_request import InvitationCreateRequest
from .invitations import Invitations
from .invite_request import InviteRequest
from .leaderboard import Leaderboard
from .leaderboard_row import LeaderboardRow
from .list_tables_status import ListTablesStatus
from .logged_move import LoggedMove
from .me import Me
from .move_log import MoveLog
from .move_timer_enum import MoveTimerEnum
from .mutes import Mutes
from .my_game import MyGame
from .new_account import NewAccount
from .next_deal import NextDeal
from .on_expiry_enum import OnExpiryEnum
from .options import Options
from .options_request import OptionsRequest
from .orders import Orders
from .orders_enum import OrdersEnum
from .orders_request import OrdersRequest
from .paginated_my_game_list import PaginatedMyGameList
from .paginated_table_list import PaginatedTableList
from .pass_ import Pass
from .patched_chat_hide_request import PatchedChatHideRequest
from .patched_preferences_change_request import PatchedPreferencesChangeRequest
from .pending_enum import PendingEnum
from .play import Play
from .preferences import Preferences
from .profile import Profile
from .rank import Rank
from .rating import Rating
from .recent_game import RecentGame
from .record import Record
from .record_final import RecordFinal
from .record_move import RecordMove
from .record_options import RecordOptions
from .record_player import RecordPlayer
from .record_result import RecordResult
from .record_result_status_enum import RecordResultStatusEnum
from .record_round import RecordRound
from .refusal import Refusal
from .refusal_fields import RefusalFields
from .reported import Reported
from .reset_event import ResetEvent
from .round_status_enum import RoundStatusEnum
from .round_view import RoundView
from .round_view_hands_type_0 import RoundViewHandsType0
from .scoring import Scoring
from .scoring_mode_enum import ScoringModeEnum
from .scoring_request import ScoringRequest
from .seat_state_enum import SeatStateEnum
from .seat_view import SeatView
from .seed_added import SeedAdded
from .sign_up_request import SignUpRequest
from .start_request import StartRequest
from .state import State
from .state_event import StateEvent
from .swap import Swap
from .table import Table
from .table_create_request import TableCreateRequest
from .table_mode_enum import TableModeEnum
from .table_seat import TableSeat
from .table_status_enum import TableStatusEnum
from .take import Take
from .take_seat_request import TakeSeatRequest
from .time_zone_enum import TimeZoneEnum
from .token import Token
from .token_request_request import TokenRequestRequest
from .turn_hours_enum import TurnHoursEnum
from .vacation import Vacation
from .vacation_seat import VacationSeat
from .vacation_until_request import VacationUntilRequest
from .verdict import Verdict
from .verdict_status_enum import VerdictStatusEnum
from .you import You
from .you_refusals import YouRefusals

__all__ = (
    "Account",
    "ActionEnum",
    "BotLevelEnum",
    "BotRequest",
    "Call",
    "CardEnum",
    "Catch",
    "Chat",
    "ChatMessage",
    "ChatPostRequest",
    "ChatReportRequest",
    "Choose",
    "ClientSeedEntry",
    "ClientSeedRequest",
    "ColorEnum",
    "Concede",
    "DeckEnum",
    "DirectionEnum",
    "Draw",
    "EndedRound",
    "EndedRoundHands",
    "EndedRoundStatusEnum",
    "Error",
    "ErrorFields",
    "Event",
    "FairnessEnum",
    "FormatEnum",
    "GoneEvent",
    "Invitation",
    "InvitationCreateRequest",
    "Invitations",
    "InviteRequest",
    "Leaderboard",
    "LeaderboardRow",
    "ListTablesStatus",
    "LoggedMove",
    "Me",
    "MoveLog",
    "MoveTimerEnum",
    "Mutes",
    "MyGame",
    "NewAccount",
    "NextDeal",
    "OnExpiryEnum",
    "Options",
    "OptionsRequest",
    "Orders",
    "OrdersEnum",
    "OrdersRequest",
    "PaginatedMyGameList",
    "PaginatedTableList",
    "Pass",
    "PatchedChatHideRequest",
    "PatchedPreferencesChangeRequest",
    "PendingEnum",
    "Play",
    "Preferences",
    "Profile",
    "Rank",
    "Rating",
    "RecentGame",
    "Record",
    "RecordFinal",
    "RecordMove",
    "RecordOptions",
    "RecordPlayer",
    "RecordResult",
    "RecordResultStatusEnum",
    "RecordRound",
    "Refusal",
    "RefusalFields",
    "Reported",
    "ResetEvent",
    "RoundStatusEnum",
    "RoundView",
    "RoundViewHandsType0",
    "Scoring",
    "ScoringModeEnum",
    "ScoringRequest",
    "SeatStateEnum",
    "SeatView",
    "SeedAdded",
    "SignUpRequest",
    "StartRequest",
    "State",
    "StateEvent",
    "Swap",
    "Table",
    "TableCreateRequest",
    "TableModeEnum",
    "TableSeat",
    "TableStatusEnum",
    "Take",
    "TakeSeatRequest",
    "TimeZoneEnum",
    "Token",
    "TokenRequestRequest",
    "TurnHoursEnum",
    "Vacation",
    "VacationSeat",
    "VacationUntilRequest",
    "Verdict",
    "VerdictStatusEnum",
    "You",
    "YouRefusals",
)
