from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.deck_enum import DeckEnum, check_deck_enum
from ..models.move_timer_enum import MoveTimerEnum, check_move_timer_enum
from ..models.on_expiry_enum import OnExpiryEnum, check_on_expiry_enum
from ..models.table_mode_enum import TableModeEnum, check_table_mode_enum
from ..models.turn_hours_enum import TurnHoursEnum, check_turn_hours_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.options_request import OptionsRequest
    from ..models.scoring_request import ScoringRequest


T = TypeVar("T", bound="TableCreateRequest")


@_attrs_define
class TableCreateRequest:
    """A new table's body: every table setting (games/api/setting_fields.py), and a rigged deal.

    Attributes:
        players (int | Unset): 2 to 10 seats. You can start before every seat is taken. Default: 4.
        mode (TableModeEnum | Unset): * `turn` - turn
            * `realtime` - realtime Default: 'turn'.
        turn_hours (TurnHoursEnum | Unset): * `12` - 12
            * `24` - 24
            * `72` - 72 Default: 24.
        on_expiry (OnExpiryEnum | Unset): * `bot` - bot
            * `leave` - leave Default: 'bot'.
        move_timer (MoveTimerEnum | Unset): * `relaxed` - relaxed
            * `normal` - normal
            * `fast` - fast Default: 'normal'.
        scoring (ScoringRequest | Unset):
        deck (DeckEnum | Unset): * `classic` - classic
            * `all-wild` - all-wild Default: 'classic'.
        options (OptionsRequest | Unset):
        spectators (bool | Unset): Anyone logged in may watch the table (never a hand). Default: False.
        vacation (bool | Unset): A player on vacation has no deadline until it ends, and the people seated may agree to
            pause the table. Off: every turn keeps its deadline. Default: False.
        rated (bool | Unset): The result moves the players' ratings and counts for the leaderboard. Only games of people
            are rated: a bot seated, or one playing for someone away, makes the game unrated. Default: True.
        seed (int | Unset): Only with WILDCARDS_ALLOW_RIGGED_DECKS=1.
        deck_order (list[str] | Unset): Only with WILDCARDS_ALLOW_RIGGED_DECKS=1.
    """

    players: int | Unset = 4
    mode: TableModeEnum | Unset = "turn"
    turn_hours: TurnHoursEnum | Unset = 24
    on_expiry: OnExpiryEnum | Unset = "bot"
    move_timer: MoveTimerEnum | Unset = "normal"
    scoring: ScoringRequest | Unset = UNSET
    deck: DeckEnum | Unset = "classic"
    options: OptionsRequest | Unset = UNSET
    spectators: bool | Unset = False
    vacation: bool | Unset = False
    rated: bool | Unset = True
    seed: int | Unset = UNSET
    deck_order: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode

        turn_hours: int | Unset = UNSET
        if not isinstance(self.turn_hours, Unset):
            turn_hours = self.turn_hours

        on_expiry: str | Unset = UNSET
        if not isinstance(self.on_expiry, Unset):
            on_expiry = self.on_expiry

        move_timer: str | Unset = UNSET
        if not isinstance(self.move_timer, Unset):
            move_timer = self.move_timer

        scoring: dict[str, Any] | Unset = UNSET
        if not isinstance(self.scoring, Unset):
            scoring = self.scoring.to_dict()

        deck: str | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = self.deck

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        spectators = self.spectators

        vacation = self.vacation

        rated = self.rated

        seed = self.seed

        deck_order: list[str] | Unset = UNSET
        if not isinstance(self.deck_order, Unset):
            deck_order = self.deck_order

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if players is not UNSET:
            field_dict["players"] = players
        if mode is not UNSET:
            field_dict["mode"] = mode
        if turn_hours is not UNSET:
            field_dict["turn_hours"] = turn_hours
        if on_expiry is not UNSET:
            field_dict["on_expiry"] = on_expiry
        if move_timer is not UNSET:
            field_dict["move_timer"] = move_timer
        if scoring is not UNSET:
            field_dict["scoring"] = scoring
        if deck is not UNSET:
            field_dict["deck"] = deck
        if options is not UNSET:
            field_dict["options"] = options
        if spectators is not UNSET:
            field_dict["spectators"] = spectators
        if vacation is not UNSET:
            field_dict["vacation"] = vacation
        if rated is not UNSET:
            field_dict["rated"] = rated
        if seed is not UNSET:
            field_dict["seed"] = seed
        if deck_order is not UNSET:
            field_dict["deck_order"] = deck_order

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.options_request import OptionsRequest
        from ..models.scoring_request import ScoringRequest

        d = dict(src_dict)
        players = d.pop("players", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: TableModeEnum | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = check_table_mode_enum(_mode)

        _turn_hours = d.pop("turn_hours", UNSET)
        turn_hours: TurnHoursEnum | Unset
        if isinstance(_turn_hours, Unset):
            turn_hours = UNSET
        else:
            turn_hours = check_turn_hours_enum(_turn_hours)

        _on_expiry = d.pop("on_expiry", UNSET)
        on_expiry: OnExpiryEnum | Unset
        if isinstance(_on_expiry, Unset):
            on_expiry = UNSET
        else:
            on_expiry = check_on_expiry_enum(_on_expiry)

        _move_timer = d.pop("move_timer", UNSET)
        move_timer: MoveTimerEnum | Unset
        if isinstance(_move_timer, Unset):
            move_timer = UNSET
        else:
            move_timer = check_move_timer_enum(_move_timer)

        _scoring = d.pop("scoring", UNSET)
        scoring: ScoringRequest | Unset
        if isinstance(_scoring, Unset):
            scoring = UNSET
        else:
            scoring = ScoringRequest.from_dict(_scoring)

        _deck = d.pop("deck", UNSET)
        deck: DeckEnum | Unset
        if isinstance(_deck, Unset):
            deck = UNSET
        else:
            deck = check_deck_enum(_deck)

        _options = d.pop("options", UNSET)
        options: OptionsRequest | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = OptionsRequest.from_dict(_options)

        spectators = d.pop("spectators", UNSET)

        vacation = d.pop("vacation", UNSET)

        rated = d.pop("rated", UNSET)

        seed = d.pop("seed", UNSET)

        deck_order = cast(list[str], d.pop("deck_order", UNSET))

        table_create_request = cls(
            players=players,
            mode=mode,
            turn_hours=turn_hours,
            on_expiry=on_expiry,
            move_timer=move_timer,
            scoring=scoring,
            deck=deck,
            options=options,
            spectators=spectators,
            vacation=vacation,
            rated=rated,
            seed=seed,
            deck_order=deck_order,
        )

        return table_create_request
