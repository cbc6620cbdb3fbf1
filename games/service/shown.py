"""What a viewer is shown of a table: the engine's views (`games.rules.views`, the only way out
of the secrets) with the seats' names and states and the turn's deadline added, and the move
log as the viewer may read it. The one shape for the API, the web page and the event stream."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.models import Round, Seat, Table
from games.rules import log_entry_for, public_view, view_for
from games.rules.moves import CONCEDE
from games.storage.reads import Game
from games.storage.vacations import away_until

from .clock import allows_vacation


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
                "last_round": None, "ranking": None, "next_deal": next_deal_view(game)}
        view.update(pause_view(game))
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
        last_round["client_seeds"] = stored.get("client_seeds") or []
    view = {"table": table.pk, "version": table.version, "status": table.status,
            "seats": [seat_view(s, row["cards"])
                      for s, row in zip(game.seats, engine["seats"], strict=True)],
            "round": round_view, "last_round": last_round,
            "ranking": engine["ranking"], "next_deal": next_deal_view(game),
            **pause_view(game)}
    if seat is not None:
        view["you"] = paused_you(engine["you"]) if table.paused else engine["you"]
    return view


def paused_you(you: dict) -> dict:
    """A paused table offers no move but conceding (issue 27): no card to play, each card
    refused with the move's own code, `paused`."""
    return {**you, "playable": [], "refusals": {code: "paused" for code in you["hand"]},
            "actions": [action for action in you["actions"] if action == CONCEDE]}


def pause_view(game: Game) -> dict:
    """Vacation and pause (issue 27): whether the table is paused, the seats that accepted a
    pause, and the seats whose players are on vacation with its end (at a table that allows
    it; while the game is played)."""
    table = game.table
    away = {}
    if allows_vacation(table) and table.status == Table.Status.PLAYING:
        away = away_until(game, timezone.now())
    return {"paused": table.paused, "pause_votes": sorted(table.pause_votes),
            "vacations": [{"seat": s.number, "until": iso(away[s.user_id])}
                          for s in game.seats if s.user_id in away]}


def fairness_view(round_row: Round | None, *, ended: bool) -> dict:
    """The round's commitment (null in a legacy game) and the players' seeds added to its
    deal, and its seed and salt once it has ended (null before)."""
    if round_row is None or not round_row.commitment:
        return {"commitment": None, "seed": None, "salt": None, "client_seeds": []}
    return {"commitment": round_row.commitment, "seed": round_row.seed if ended else None,
            "salt": round_row.salt if ended else None,
            "client_seeds": round_row.client_seeds or []}


def next_deal_view(game: Game) -> dict | None:
    """The deal to come, committed to already: its round, the commitment, and the seats that
    have added a seed to it (the seeds are shown from the deal on). Null when no deal is to
    come, or at a table that takes no players' seeds."""
    table = game.table
    if not table.next_commitment:
        return None
    return {"round": 1 if game.round is None else game.round.number + 1,
            "commitment": table.next_commitment,
            "seeded": sorted(int(seat) for seat in table.next_seeds or {})}


def log_view(entries: list[dict], seat: int | None) -> list[dict]:
    """Move log entries (as `games.storage.reads` gives them) as the seat, or a spectator
    (None), may read them."""
    return [log_entry_for({**entry, "at": iso(entry["at"])}, seat) for entry in entries]


def table_in_words(table: Table, *, rated: bool) -> list[str]:
    """A table's settings as people say them, in the words of the lobby's summary line
    ("turn by turn, 24 h a turn", "a single round", "rated") with the seats, the deck and the
    house rules: for emails, whose reader has not seen the table."""
    seats = (f"{table.players} seats" if table.status == Table.Status.WAITING
             else f"{table.players} players")
    return [seats, *table.settings.summary(), "rated" if rated else "unrated"]
