"""A game's end for the ratings (the `ratings` app): whether the game is rated, and each
person's place, recorded in the transaction that ends the game.

A table is rated when its host chose so (the default), no bot account sits at it (a program
playing through the API, `bot_accounts`) and no bot ever plays a seat: a bot seated at the deal,
a seat handed to a bot (by its player or the host, or after three timeouts in real time) or a
player away so long that a bot plays for them each make the game unrated for good, from the
change that does it (`still_rated`). A game that ends abandoned (fewer than two players left in
it) is not rated either. The timer's move for a person who ran out of time is not a bot's: it is
the person's turn, played as the table's rules say.
"""

from __future__ import annotations

from datetime import datetime

from games.models import Table
from games.rules import GameState, ranking, rules_for
from games.rules.state import FINISHED, ROUND_ABANDONED
from games.storage.reads import Game
from ratings.record import Placing, record_game


def shows_rated(game: Game) -> bool:
    """What the table shows as `rated`: before the deal, the host's choice unless a bot is
    seated (taking it off makes the table rated again); from the deal on, whether the game is
    still to be rated; once it is over, whether it was."""
    table = game.table
    if table.status == Table.Status.WAITING:
        return table.rated and not any(seat.is_bot or seat.is_bot_account
                                       for seat in game.seats)
    return table.rated


def bot_plays(game: Game) -> bool:
    """Whether a bot plays any seat now (seated as one, handed one, or for a player away), or
    a bot account holds one."""
    return any(seat.played_by_bot or seat.is_bot_account for seat in game.seats)


def still_rated(game: Game, after: GameState, *, by_bot: bool) -> bool:
    """Whether the game is still to be rated after a move (`by_bot`: a bot's) that leaves the
    game in `after`: never again once a bot has played a seat, nor when the move ended the game
    abandoned. The caller writes it with the move."""
    abandoned = after.status == FINISHED and after.round_status == ROUND_ABANDONED
    return game.table.rated and not (by_bot or bot_plays(game) or abandoned)


def counts(game: Game) -> bool:
    """Whether the finished game moves ratings (a person in every seat, as a check)."""
    return game.table.rated and all(seat.user_id is not None and not seat.user.is_bot
                                    for seat in game.seats)


def record_the_end(game: Game, now: datetime) -> None:
    """Each person's place in the game that just finished, and their ratings when it counts
    (once: `ratings.record` keeps a game from counting twice)."""
    state = game.state
    if state is None or state.status != FINISHED:
        return
    users = {seat.number: seat.user_id for seat in game.seats if seat.user_id is not None}
    placings = [Placing(users[row["seat"]], row["rank"], won=row["seat"] == state.winner,
                        left=row["left"])
                for row in ranking(state, rules_for(state).deck) if row["seat"] in users]
    record_game(game.table.pk, now, state.players, placings, rated=counts(game))
