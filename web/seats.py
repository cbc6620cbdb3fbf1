"""What the table page says about who plays a seat, in the rule book's words ("Playing at a
table"): a bot for the rest of the game after three timeouts in real time, a bot until the
player returns after a disconnect, a player who left. A person must never be told "Your
turn" while a bot plays their seat, nor be left to guess why their cards stopped answering.
"""

from __future__ import annotations

from games.models import Seat, Table
from games.rules.options import TARGET
from games.service.clock import TIMEOUTS_TO_BOT


def plays_for_you(seat: Seat | None) -> bool:
    """Whether a bot moves for this person's seat now (handed to one, or its player away)."""
    return seat is not None and seat.state in (Seat.State.BOT, Seat.State.AWAY)


def own_notice(seat: Seat | None, table: Table, log: list[dict]) -> str:
    """The line above a person's hand about who plays their seat, or "" when they do."""
    if seat is None:
        return ""
    if seat.state == Seat.State.BOT:
        if table.mode == Table.Mode.REALTIME and seat.timeouts >= TIMEOUTS_TO_BOT:
            return ("You ran out of time three times, so a bot plays your seat for the rest of "
                    "the game. You can still concede to leave it.")
        if table.settings.scoring == TARGET:
            return ("Your seat was handed to a bot, which plays it now; a seat changes hands "
                    "between rounds, so it can be handed back to you then.")
        return "Your seat was handed to a bot, which plays it for the rest of the game."
    if seat.state == Seat.State.AWAY:
        return ("You were away for over two minutes, so a bot plays for you until you come "
                "back. This page brings you back as soon as it reaches the table: if it does "
                "not, reload it.")
    if _last_own_move_by_a_bot(seat.number, log):
        return ("A bot played for you while you were away (its moves are marked in the log "
                "below). You are back: your seat is yours again.")
    return ""


def _last_own_move_by_a_bot(number: int, log: list[dict]) -> bool:
    """Whether the newest move of the seat in the log (newest first) was a bot's."""
    own = next((entry for entry in log if entry.get("seat") == number
                and entry.get("by") in ("player", "bot")), None)
    return own is not None and own["by"] == "bot"


def seat_line(row: dict, person: bool) -> str:
    """What a seat's box says beyond its name and cards: who plays it if not its player."""
    name, state = row["name"], row["state"]
    if state == Seat.State.AWAY:
        return f"{name} is away: a bot plays for them until they come back"
    if state == Seat.State.BOT and person:
        return f"a bot plays for {name} for the rest of the game"
    if state == Seat.State.LEFT:
        return f"{name} has left the game"
    return ""
