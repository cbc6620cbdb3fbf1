"""The Hard bot: Monte Carlo search over what it cannot see (determinized, flat).

For each of a number of samples it deals the unseen cards at random, consistently with what
is public (`seen.sample_state`), and plays each candidate move out to the end of the round with
the rollout policy (`rollout.py`: the Normal bot's rule of thumb for every seat), on the
engine's trusted path (`Rules.apply_trusted`: every move comes from `legal_moves` of the state
it is made in). A round won counts 1, a round lost a little less than 0 for every point left in
hand; to a target score, a round that does not end the game counts by its points. All
candidates meet the same deal, and the policy draws no dice (reshuffles come from the dealt
state's seed), so their results differ by the move alone (common random numbers). The
candidates are halved by their results, stage by stage (successive halving), so that most
rollouts go to the moves still in the running; the best of them is then checked against the
Normal bot's choice on fresh deals (`CHECK`, the share of the budget kept for it), and played
only if it did better there by more than `SURE` standard errors of the paired differences:
judged on the deals that picked it, the best of several moves beats the rule of thumb by luck
more often than not (docs/benchmarks.md, "Hard's check on fresh deals"). The budget is a
number of rollouts and of moves played in them (both reproducible: `ROLLOUTS`, `MOST_STEPS`),
and optionally a time limit read from a clock the caller passes (the engine has no clock).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import COLORS, Deck
from ..decks import rules_for
from ..engine import Rules
from ..moves import CALL, CATCH, CHOOSE, PLAY, Move
from ..options import TARGET
from ..state import PLAYING, ROUND_WON, GameState
from .normal import color_counts, normal_move, score_play
from .rollout import policy_move
from .seen import Seen, sample_state, unseen

ROLLOUTS = 1600  # per decision at most
MOST_STEPS = 12_000  # moves played in all the rollouts of a decision, at most: the bound of a
# decision's time (p99 164 ms of one core, docs/benchmarks.md; a rollout move costs ~13 us)
MOST_CANDIDATES = 10
DEPTH = 400  # moves played out at most (then the hand sizes stand for the outcome)
SURE = 0.5  # standard errors by which a move must beat the Normal bot's choice
CHECK = 0.5  # the share of the budget kept for checking the search's best on fresh deals
HALVING = True  # successive halving of the candidates, rather than every one on every deal
EPSILON = 0.0  # the rollout policy's share of moves at random (0: none, and no dice needed)


def hard_move(seen: Seen, moves: list[Move], rng: random.Random, rollouts: int = ROLLOUTS,
              clock: Callable[[], float] | None = None, seconds: float | None = None,
              ) -> Move | None:
    """The best move for `seen`'s seat, or None when it does better not to jump in.

    The search starts from the Normal bot's choice and leaves it only for a move whose results,
    deal for deal on deals the search did not choose it by, beat it by more than a part of
    their noise (`SURE` standard errors): a few dozen rollouts cannot tell close moves apart,
    and a coin toss between them would play worse than the rule of thumb."""
    usual = normal_move(seen, moves, random.Random(rng.getrandbits(32)))
    if usual.action in (CALL, CATCH):
        return usual  # the last-card call, and a catch, are always worth it (normal_move)
    candidates: list[Move | None] = [move for move in candidates_of(seen, moves)
                                     if not (move.action == PLAY and not move.call
                                             and move._replace(call=True) in moves)]
    if seen.seat != seen.turn:
        candidates.append(None)  # not jumping in is a choice too
    if len(candidates) == 1:
        return candidates[0]
    if usual not in candidates:
        candidates.append(usual)
    base_index = candidates.index(usual)
    started = clock() if clock is not None else 0.0

    def out_of_time() -> bool:
        return clock is not None and seconds is not None and clock() - started > seconds

    results: list[list[float]] = [[] for _ in candidates]
    deck = seen.deck
    rules = rules_for(deck.name)
    pool = unseen(seen)
    spent = [0]  # moves played in rollouts so far

    def spent_all(steps: float) -> bool:
        return spent[0] >= steps or out_of_time()

    def play(i: int, base: GameState, dice: int) -> float:
        return play_out(base.copy(), seen.seat, candidates[i],
                        random.Random(dice) if EPSILON else None, deck, rules, None, spent)

    # The search: which move looks best. With one move besides the Normal bot's choice there is
    # nothing to pick, and the whole budget goes to the check below.
    alive = list(range(len(candidates)))
    challenger = next(i for i in alive if i != base_index)
    if len(candidates) > 2:
        rounds = (len(candidates) - 1).bit_length() if HALVING else 1
        budget = rollouts * (1 - CHECK) / rounds
        for stage in range(rounds):
            for _ in range(max(2, int(budget // len(alive)))):
                base, dice = sample_state(seen, rng, pool), rng.getrandbits(32)
                for i in alive:
                    results[i].append(play(i, base, dice))
                if spent_all(MOST_STEPS * (1 - CHECK)):
                    break
            # The better half goes on (and the Normal bot's choice): they met the same deals.
            ranked = sorted(alive, key=lambda i: -sum(results[i]))
            if stage == rounds - 1 or spent_all(MOST_STEPS * (1 - CHECK)):
                challenger = next(i for i in ranked if i != base_index)
                break
            alive = ranked[:(len(alive) + 1) // 2]
            if base_index not in alive:
                alive.append(base_index)
    # The check, on deals of its own: the best of many moves on the same deals beats the
    # Normal bot's choice on them by luck alone more often than not (the winner's curse).
    paired: list[float] = []
    deals = (rollouts if len(candidates) == 2 else rollouts * CHECK) / 2  # two rollouts a deal
    while len(paired) < 2 or not (len(paired) >= deals or spent_all(MOST_STEPS)):
        base, dice = sample_state(seen, rng, pool), rng.getrandbits(32)
        paired.append(play(challenger, base, dice) - play(base_index, base, dice))
    n = len(paired)
    mean = sum(paired) / n
    spread = (sum((d - mean) ** 2 for d in paired) / (n - 1)) ** 0.5
    return candidates[challenger] if mean - SURE * spread / n ** 0.5 > 0 else usual


def candidates_of(seen: Seen, moves: list[Move]) -> list[Move]:
    """The moves worth searching: each card once with the two colors it holds most of for a
    Wild, every target of a 7; at most `MOST_CANDIDATES`, the Normal bot's favourites."""
    plays = [move for move in moves if move.action == PLAY]
    if not plays or moves[0].action == CHOOSE:
        return moves
    kept: list[Move] = []
    for move in moves:
        if move.action == PLAY and move.color is not None:
            rest = list(seen.hand)
            rest.remove(seen.deck.ids[move.card])
            counts = color_counts(seen, rest)
            order = sorted(range(4), key=lambda c: -counts[c])
            if move.color not in (COLORS[order[0]], COLORS[order[1]]):
                continue
        kept.append(move)
    if len(kept) > MOST_CANDIDATES:
        ranked = sorted(kept, key=lambda m: -score_play(seen, m) if m.action == PLAY else 0)
        kept = ranked[:MOST_CANDIDATES]
    return kept


def play_out(state: GameState, me: int, move: Move | None, rng: random.Random | None,
             deck: Deck, rules: Rules | None = None, depth: int | None = None,
             spent: list[int] | None = None) -> float:
    """Make `move` for `me` in `state` (changed in place), then play the round out with the
    rollout policy for every seat, for `depth` moves at most (then the hand sizes stand for
    the outcome). Every move comes from `legal_moves` of the state it is made in (`move` from
    the seat's own, which any deal consistent with its view shares), so the engine's trusted
    path carries them out."""
    rules = rules or rules_for(state)
    apply = rules.apply_trusted
    if spent is not None:
        spent[0] += 1  # the move itself, or the deal when there is none (out of turn)
    if move is not None:
        ended = apply(state, me, move).ended
        if ended is not None:
            return outcome(ended, me, deck)
        if state.status != PLAYING:
            return outcome(state, me, deck)
    epsilon = EPSILON if rng is not None else 0.0
    depth = DEPTH if depth is None else depth
    for step in range(depth):
        seat = state.turn
        ended = apply(state, seat, policy_move(state, seat, rules, rng, epsilon)).ended
        if ended is not None or state.status != PLAYING:
            if spent is not None:
                spent[0] += step + 1
            return outcome(state if ended is None else ended, me, deck)
    if spent is not None:
        spent[0] += depth
    return estimate(state, me)


def outcome(state: GameState, me: int, deck: Deck) -> float:
    """1 for a round won, less a little for every point left in hand otherwise (the ranking's
    tie-break); a blocked or abandoned round is worth a fair share. Playing to a target score,
    a round that does not end the game is worth its points: won, their share of the target
    (1 at most); lost, as much less, shared among the losers."""
    if state.round_status == ROUND_WON:
        winner = state.round_winner
        if state.status == PLAYING and state.options.scoring == TARGET:
            share = min(1.0, (state.round_points or 0) / state.options.target)
            if winner == me:
                return share
            return -share / max(1, state.players - sum(state.left) - 1)
        if winner == me:
            return 1.0
        return -deck.hand_points(state.hands[me]) / 2000
    return 1 / max(1, state.players - sum(state.left))


def estimate(state: GameState, me: int) -> float:
    """A round not played out: the chances go with fewer cards in hand."""
    weights = {seat: 1 / max(1, len(state.hands[seat])) for seat in state.active_seats()}
    return weights.get(me, 0.0) / sum(weights.values())

