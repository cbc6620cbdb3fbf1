"""A finished game's record (docs/api.md, "Game records"), its verification, and the steps of
its replay for the web page.

The record is one JSON document that lets anyone check the game with nothing else: the
players, options and deck, each round's commitment with its seed and salt revealed and the
players' seeds added to its deal, the whole move log (draws included: once the game is over
every seed is known), and the result.
`games.rules.records.verify_record` checks it; `verify` also checks that the replay ends in
the state stored for the table.
"""

from __future__ import annotations

from dataclasses import replace

from games.models import Table
from games.rules import GameState, public_view, rules_for
from games.rules.fairness import round_seed
from games.rules.records import FORMAT, VERSION, Verdict, result_of, verify_record
from games.rules.replay import called_with
from games.storage import reads
from games.storage import records as stored
from games.storage.reads import Game, NoSuchTable
from games.storage.state import engine_seed, fairness_of, options_of, players_of

from .errors import GameError, no_such_table
from .shown import iso
from .viewing import viewer


def _finished_game(table_id: int, user) -> Game:
    """The table with its last round, for someone who may read its record: a player of it, or
    anyone when it allowed spectators; `game-not-finished` while it is being played."""
    try:
        game = reads.load(table_id)
    except NoSuchTable:
        raise no_such_table() from None
    if user is not None:
        viewer(game, user)  # `not-seated` for who may not see the table
    if game.table.status != Table.Status.FINISHED or game.state is None:
        raise GameError(
            "game-not-finished",
            f"The game is not over: its record is published when it ends. Until then, the "
            f"move log is at /api/tables/{table_id}/moves.")
    return game


def record_of(table_id: int, user) -> dict:
    """The record of a finished game, for `user` (None: no check, the management commands)."""
    return build_record(_finished_game(table_id, user))


def build_record(game: Game) -> dict:
    table = game.table
    fairness = fairness_of(table)
    rounds = []
    for r in stored.rounds_of(table):
        seed, salt = r.seed or None, r.salt or None
        if fairness == "rigged":  # dealt from a chosen seed: revealed once the game is over
            seed = round_seed(engine_seed(table), r.number)
        rounds.append({"number": r.number, "dealer": r.dealer, "commitment": r.commitment or None,
                       "seed": seed, "salt": salt, "client_seeds": r.client_seeds or [],
                       "status": r.status, "winner": r.winner,
                       "points": r.points, "players": r.players or None,
                       "started_at": iso(r.started_at), "ended_at": iso(r.ended_at)})
    moves = [{"version": e["version"], "round": e["round"], "seat": e["seat"],
              "action": e["action"], "card": e["card"], "color": e["color"],
              "target": e["target"], "call": called_with(e), "by": e["by"], "at": iso(e["at"]),
              "events": e["events"]}
             for e in stored.whole_log(table)]
    return {
        "format": FORMAT, "version": VERSION, "table": table.pk, "deck": table.deck,
        "players": players_of(game.seats, game.state),
        "options": options_of(table).to_dict(), "mode": table.mode, "fairness": fairness,
        "deck_order": table.deck_order, "rounds": rounds, "moves": moves,
        "result": result_of(game.state), "final": public_view(game.state),
    }


def verify(table_id: int, user) -> dict:
    """Check a finished game from its record, and that the replay ends in the stored state."""
    game = _finished_game(table_id, user)
    verdict = verify_record(build_record(game))
    if verdict.ok and replace(verdict.states[-1], seed=None) != replace(game.state, seed=None):
        verdict = Verdict("failed", ["the replay does not end in the state stored for the "
                                     "table"], verdict.rounds, verdict.moves, verdict.rigged)
    return {"table": table_id, **verdict.to_dict()}


def check_record(record: object) -> Verdict:
    """An imported record, replayed and verified (nothing is stored)."""
    return verify_record(record)


def replay_steps(table_id: int, user) -> tuple[dict, list[dict]]:
    """A finished game step by step for the replay page: its record, and after each entry of
    its log the state as everyone may now see it (every hand face up). `game-not-replayable`
    for a game whose record does not replay (a legacy game)."""
    record = record_of(table_id, user)
    verdict = verify_record(record)
    if not verdict.states:
        raise GameError("game-not-replayable",
                        "This game cannot be replayed: "
                        + "; ".join(verdict.problems or ["its seeds are not revealed"]))
    return record, [{**public_view(state), "hands": _face_up(state)} for state in verdict.states]


def _face_up(state: GameState) -> dict[str, list[str]]:
    codes = rules_for(state).deck.codes
    return {str(seat): [codes[card] for card in hand] for seat, hand in enumerate(state.hands)}
