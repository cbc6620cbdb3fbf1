"""The forms of the table pages. They check the shape of what is sent; the service layer decides
what is allowed."""

from __future__ import annotations

from django import forms

from games.models import Seat
from games.rules.fairness import CLIENT_SEED_MAX, client_seed_problem
from games.rules.options import TARGET_MAX, TARGET_MIN
from wildcards.numbers import WholeNumberFormField


class NewTableForm(forms.Form):
    players = forms.TypedChoiceField(
        coerce=int, choices=[(n, n) for n in range(2, 11)], initial=4,
        help_text="2 to 10 seats. You can start before every seat is taken.")
    mode = forms.ChoiceField(
        choices=[("turn", "Turn by turn"), ("realtime", "Real time")], initial="turn",
        widget=forms.RadioSelect,
        help_text="Turn by turn: each player has hours for a turn, with email reminders. "
                  "Real time: a timer runs on every turn.")
    turn_hours = forms.TypedChoiceField(
        coerce=int, choices=[(12, "12 hours"), (24, "24 hours"), (72, "72 hours")], initial=24,
        label="Time for a turn (turn by turn)",
        help_text="How long each player has for a turn; a reminder comes at halfway.")
    on_expiry = forms.ChoiceField(
        choices=[("bot", "A bot plays the turn"), ("leave", "The player leaves the game")],
        initial="bot", label="When a turn runs out (turn by turn)",
        help_text="What happens when a player lets the time run out.")
    move_timer = forms.ChoiceField(
        choices=[("relaxed", "Relaxed: 45 seconds"), ("normal", "Normal: 30 seconds"),
                 ("fast", "Fast: 15 seconds")], initial="normal",
        label="Move timer (real time)",
        help_text="The timer of each turn; three timeouts hand the seat to a bot.")
    scoring = forms.ChoiceField(
        choices=[("single", "A single round"), ("target", "Play to a target score")],
        initial="single", widget=forms.RadioSelect,
        help_text="A single round: the first to empty their hand wins. To a target: rounds "
                  "go on until someone reaches the target.")
    target = WholeNumberFormField(
        min_value=TARGET_MIN, max_value=TARGET_MAX, initial=500, label="Target score",
        help_text=f"Points to reach in a game to a target ({TARGET_MIN} to {TARGET_MAX}).")
    stacking = forms.BooleanField(
        required=False, help_text="A Draw 2 or Wild Draw 4 may be passed on with another one.")
    seven_zero = forms.BooleanField(
        required=False, label="7-0",
        help_text="A 7 swaps hands with a player you choose; a 0 passes every hand along.")
    jump_in = forms.BooleanField(
        required=False, label="Jump-in",
        help_text="Play out of turn a card identical to the top card.")
    draw_until_playable = forms.BooleanField(
        required=False, label="Draw until playable",
        help_text="Keep drawing until a card can be played, instead of one card.")
    deck = forms.ChoiceField(
        choices=[("classic", "Classic: 108 cards, match the color or number"),
                 ("all-wild", "All Wild: 112 Wild cards, every card plays on anything")],
        initial="classic", widget=forms.RadioSelect, required=False,
        help_text="All Wild has no numbers and no colors to follow, so 7-0, jump-in and draw "
                  "until playable do not go with it; stacking does.")
    last_card_call = forms.BooleanField(
        required=False, label="Last-card call",
        help_text="Say “last card” as you play your second-to-last card, or anyone may catch "
                  "you and you draw 2. Always on with the All Wild deck.")
    spectators = forms.BooleanField(
        required=False, label="Allow spectators",
        help_text="Anyone logged in may watch the table (never a hand).")
    rated = forms.BooleanField(
        required=False, initial=True, label="Rated game",
        help_text="The result moves the players' ratings and counts for the leaderboard. "
                  "Only games of people are rated: a bot seated, or one playing for someone "
                  "away, makes the game unrated.")

    def choices(self) -> dict:
        """The table's settings in the service's names (those of api.md)."""
        data = dict(self.cleaned_data)
        return {"players": data["players"], "mode": data["mode"],
                "turn_hours": data["turn_hours"], "on_expiry": data["on_expiry"],
                "move_timer": data["move_timer"], "scoring": data["scoring"],
                "target": data["target"] or 500, "stacking": data["stacking"],
                "seven_zero": data["seven_zero"], "jump_in": data["jump_in"],
                "draw_until_playable": data["draw_until_playable"],
                "spectators": data["spectators"], "deck": data["deck"] or "classic",
                "rated": data["rated"],
                # Unticked: as the deck has it (on with All Wild).
                "last_card_call": True if data["last_card_call"] else None}


class BotForm(forms.Form):
    level = forms.ChoiceField(choices=Seat.Level.choices, initial="normal")


class InviteForm(forms.Form):
    invite = forms.CharField(max_length=64, label="Invite code")


class InvitePlayerForm(forms.Form):
    to = forms.CharField(max_length=254, label="Username or email address",
                         help_text="They get an email with a link that gives them a seat.")


class MoveForm(forms.Form):
    action = forms.ChoiceField(choices=[(a, a) for a in ("play", "draw", "take", "pass",
                                                         "choose", "concede", "call", "catch")])
    card = forms.CharField(max_length=32, required=False)
    color = forms.CharField(max_length=16, required=False)
    target = WholeNumberFormField(required=False, min_value=0, max_value=99)
    call = forms.BooleanField(required=False)
    expected_version = WholeNumberFormField(required=False, min_value=0)


class SeedForm(forms.Form):
    """A player's seed for the next deal (docs/fairness.md); the rules say what one may be."""

    round = WholeNumberFormField(min_value=1, max_value=32767)
    # Not required, no max_length: the rules' own sentence says what is wrong (an empty seed
    # too). The page's field has its maxlength.
    client_seed = forms.CharField(required=False, strip=False, label="Your seed",
                                  help_text=f"1 to {CLIENT_SEED_MAX} letters, digits, '-' or "
                                            f"'_'.")

    def clean_client_seed(self) -> str:
        value = self.cleaned_data["client_seed"]
        problem = client_seed_problem(value)
        if problem:
            raise forms.ValidationError(problem)
        return value
