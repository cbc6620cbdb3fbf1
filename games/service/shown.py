"""What a viewer is shown of a table: the engine's views (`games.rules.views`, the only way out
of the secrets) with the seats' names and states and the turn's deadline added, and the move
log as the viewer may read it. The one shape for the API, the web page and the event stream."""

from __future__ import annotations

from datetime import datetime

from games.models import Round, Seat, Table
from games.rules import log_entry_for, public_view, view_for
from games.storage.reads import Game


def iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment else None


def seat_view(seat: Seat, cards: int) -> dict:
    return {
        "seat": seat.number, "name": seat.name,
        "bot": seat.bot_level if seat.state == Seat.State.BOT else None,
        "cards": cards, "score": seat.score, "state": seat.state,
        "bot_account": seat.is_bot_account,
    }


def state_view(game: Game, seat: Seat | None) -> dict:
    """The state of api.md as `seat` sees it, or as a spectator does (`seat` None)."""
    table, state = game.table, game.state
    if state is None:
        view = {"table": table.pk, "version": table.version, "status": table.status,
                "seats": [seat_view(s, 0) for s in game.seats], "round": None,
                "last_round": None, "ranking": None}
        if seat is not None:
            view["you"] = {"seat": seat.number, "hand": [], "playable": [], "refusals": {},
                           "drawn": None, "actions": []}
        return view
    engine = view_for(state, seat.number) if seat is not None else public_view(state)
    round_view = engine["round"]
    round_view["deadline"] = iso(game.round.deadline_at if game.round is not None else None)
    round_view.update(fairness_view(game.round, ended=state.round_status != "playing"))
    last_round = engine["last_round"]
    if last_round is not None:
        stored = table.last_round or {}
        last_round.update({key: stored.get(key) for key in ("commitment", "seed", "salt")})
    view = {"table": table.pk, "version": table.version, "status": table.status,
            "seats": [seat_view(s, row["cards"])
                      for s, row in zip(game.seats, engine["seats"], strict=True)],
            "round": round_view, "last_round": last_round,
            "ranking": engine["ranking"]}
    if seat is not None:
        view["you"] = engine["you"]
    return view


def fairness_view(round_row: Round | None, *, ended: bool) -> dict:
    """The round's commitment (null in a legacy game), and its seed and salt once it has
    ended (null before)."""
    if round_row is None or not round_row.commitment:
        return {"commitment": None, "seed": None, "salt": None}
    return {"commitment": round_row.commitment, "seed": round_row.seed if ended else None,
            "salt": round_row.salt if ended else None}


def log_view(entries: list[dict], seat: int | None) -> list[dict]:
    """Move log entries (as `games.storage.reads` gives them) as the seat, or a spectator
    (None), may read them."""
    return [log_entry_for({**entry, "at": iso(entry["at"])}, seat) for entry in entries]


HOUSE_RULE_WORDS = (("stacking", "stacking"), ("seven_zero", "7-0"), ("jump_in", "jump-in"),
                    ("draw_until_playable", "draw until playable"))


def table_in_words(table: Table, *, rated: bool) -> list[str]:
    """A table's settings as people say them, in the words of the lobby's summary line
    ("turn by turn, 24 h a turn", "a single round", "rated") with the seats, the deck and the
    house rules: for emails, whose reader has not seen the table."""
    if table.mode == Table.Mode.REALTIME:
        pace = f"real time, {table.get_move_timer_display().lower()} timer"
    else:
        pace = f"turn by turn, {table.turn_hours} h a turn"
    rules = [words for name, words in HOUSE_RULE_WORDS if getattr(table, name)]
    if table.last_card_call and table.deck == "classic":  # always on with All Wild: unsaid
        rules.append("last-card call")
    return [
        f"{table.players} seats" if table.status == Table.Status.WAITING
        else f"{table.players} players",
        pace,
        f"to {table.target} points" if table.scoring == Table.Scoring.TARGET
        else "a single round",
        "the All Wild deck" if table.deck == "all-wild" else "the classic deck",
        f"house rules: {', '.join(rules)}" if rules else "no house rules",
        "rated" if rated else "unrated",
    ]
