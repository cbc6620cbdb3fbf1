"""Between the rows of a game and the engine's `GameState`: the one place that knows both.

A table row holds the options, the scores' carry-over (`last_round`, `winner`) and the seed;
seat rows the scores and who has left; the current round row the round's public and secret
fields (the draw pile's order, the discard pile as it lies); hand rows one seat's cards each.
Cards are stored as their codes, never as the engine's indexes.
"""

from __future__ import annotations

from games.models import Hand, Round, Seat, Table
from games.rules import COLORS, GameState, Options, RoundSummary, rules_for
from games.rules.cards import COLOR_INDEX
from games.rules.fairness import ClientSeeds, client_seeds_of
from games.rules.state import ANY_COLOR, FINISHED, NONE, PLAYING

# The round row's color: a color's name, null while a Wild starter's is to be chosen, or "any"
# (All Wild: no color in play).
ANY = "any"


def options_of(table: Table) -> Options:
    return table.settings.options()


def engine_seed(table: Table) -> int | str:
    """What the engine deals from: the table's secret, or the int seed of a legacy or rigged
    table (games/rules/fairness.py)."""
    return table.secret or table.seed


def fairness_of(table: Table) -> str:
    """`committed` (every round committed to at its deal), `rigged` (tests and demos: the deal
    was chosen), or `legacy` (dealt before commitments existed: nothing to check)."""
    return "rigged" if table.rigged else "committed" if table.secret else "legacy"


def client_seeds_json(seeds: ClientSeeds) -> list[dict]:
    """The players' seeds of a deal as rows and records list them, in seat order."""
    return [{"seat": seat, "seed": seed} for seat, seed in seeds]


def round_seeds_of(r: Round) -> ClientSeeds:
    return client_seeds_of((entry["seat"], entry["seed"]) for entry in r.client_seeds or [])


def next_seeds_of(table: Table) -> ClientSeeds:
    """The seeds added so far to the table's next deal."""
    return client_seeds_of((table.next_seeds or {}).items())


def game_state(table: Table, seats: list[Seat], r: Round, hands: list[Hand]) -> GameState:
    """The engine's state of the table's current round `r`, dealt to `len(hands)` seats."""
    ids = rules_for(table.deck).deck.ids
    dealt = seats[:len(hands)]
    last = table.last_round
    return GameState(
        table.deck, options_of(table), len(hands), engine_seed(table),
        [seat.score for seat in dealt],
        [seat.state == Seat.State.LEFT for seat in dealt],
        [seat.left_points for seat in dealt],
        status=FINISHED if table.status == Table.Status.FINISHED else PLAYING,
        winner=table.winner,
        last_round=None if last is None else RoundSummary(
            last["number"], last["dealer"], last["status"], last["winner"], last["points"],
            tuple(tuple(ids[c] for c in last["hands"][str(seat)]) for seat in range(len(hands))),
        ),
        round_number=r.number, dealer=r.dealer,
        hands=[[ids[code] for code in hand.cards] for hand in hands],
        draw_pile=[ids[code] for code in r.draw_pile],
        discard=[ids[code] for code in r.discard],
        color=NONE if r.color is None else ANY_COLOR if r.color == ANY else COLOR_INDEX[r.color],
        direction=r.direction, turn=r.turn, penalty=r.penalty,
        drawn=NONE if r.drawn is None else ids[r.drawn],
        jump_open=r.jump_open, shuffles=r.shuffles, round_status=r.status,
        round_winner=r.winner, round_points=r.points,
        uncalled=tuple(r.uncalled), lost_turns=tuple(r.lost_turns),
        round_seeds=round_seeds_of(r), next_seeds=next_seeds_of(table),
    )


# What a move may change in its round row (the rest is fixed at the deal).
ROUND_CHANGES = (
    "turn", "direction", "color", "penalty", "drawn", "jump_open", "shuffles", "status",
    "winner", "points", "draw_pile", "discard", "deadline_at", "remind_at", "ended_at",
    "uncalled", "lost_turns",
)


def players_of(seats: list[Seat], state: GameState) -> list[dict]:
    """Who holds each seat dealt in, as a record shows it: its name, its level if a bot plays
    it, and whether a bot account holds it."""
    return [{"seat": s.number, "name": s.name, "bot": s.bot_level if s.is_bot else None,
             "bot_account": s.is_bot_account}
            for s in seats[:state.players]]


def round_fields(state: GameState) -> dict:
    """The round row's fields that the engine's state decides."""
    codes = rules_for(state).deck.codes
    return {
        "turn": state.turn, "direction": state.direction,
        "color": (COLORS[state.color] if state.color >= 0
                  else ANY if state.color == ANY_COLOR else None),
        "penalty": state.penalty, "drawn": None if state.drawn == NONE else codes[state.drawn],
        "jump_open": state.jump_open, "shuffles": state.shuffles, "status": state.round_status,
        "winner": state.round_winner, "points": state.round_points,
        "draw_pile": [codes[c] for c in state.draw_pile],
        "discard": [codes[c] for c in state.discard],
        "uncalled": list(state.uncalled), "lost_turns": list(state.lost_turns),
    }


def hand_cards(state: GameState, seat: int) -> list[str]:
    codes = rules_for(state).deck.codes
    return [codes[c] for c in state.hands[seat]]


def seat_results(seat: Seat, state: GameState) -> tuple[int, str, int]:
    """(score, state, left_points) of a dealt seat after `state`."""
    number = seat.number
    left = state.left[number]
    return (state.scores[number], Seat.State.LEFT if left else seat.state,
            state.left_points[number])


def last_round_json(state: GameState) -> dict | None:
    """The table row's record of the round before the current one."""
    last = state.last_round
    if last is None:
        return None
    codes = rules_for(state).deck.codes
    return {
        "number": last.number, "dealer": last.dealer, "status": last.status,
        "winner": last.winner, "points": last.points,
        "hands": {str(seat): [codes[c] for c in hand] for seat, hand in enumerate(last.hands)},
    }
