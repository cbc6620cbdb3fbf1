#!/usr/bin/env python3
"""How much waiting do standing orders save a game played over days?

Four people play a turn-by-turn game (one round of the classic deck, 24-hour turns). A person
comes to their turn after a random delay of hours (exponential, mean `--mean-hours`); a turn
not played within 24 hours is played by the table (the timeout move). When they come, they
play their whole turn at once (a drawn card that plays, with it), choosing as the Normal bot
does from their view.

With orders, every player has given all four (`draw-when-stuck`, `play-drawn`,
`take-penalty`, `pass-when-stuck`, kept): where they make the turn's move, the table makes it
after WILDCARDS_ORDER_DELAY (60 s) while the others may jump in or catch a missed call, at
once otherwise (`games.rules.orders`: the decision the service makes, `order_move` and
`window_open`). A turn the orders cannot finish (a card to choose, a color two colors tie for,
a penalty that could be answered) needs its person, and waits for them.

Game n of a set deals from seed n with and without orders. Printed for each set of house
rules: turns a game, the share of turns that need a person, turns the table played at the
deadline, and the game's length in days (mean, median, 90th percentile).

This is the rules engine alone, on a simulated clock: the service's scheduling of the same
decision (the delay, the claim that acts once, the sweep) is tested in
tests/tasks/test_standing_orders_over_time.py.

Usage:
  .venv/bin/python bench/orders.py [--games 400] [--mean-hours 8] [--seed 1]
  .venv/bin/python bench/orders.py --smoke        (5 games a set: the test suite runs it)
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.rules import Options, apply, new_game, timeout_turn, turn_goes_on, view_for  # noqa: E402
from games.rules.bots import NORMAL, choose_move  # noqa: E402
from games.rules.orders import ORDERS, order_move, window_open  # noqa: E402
from games.rules.state import PLAYING  # noqa: E402

PLAYERS = 4
TURN_HOURS = 24.0
ORDER_DELAY_HOURS = 60 / 3600  # WILDCARDS_ORDER_DELAY's default
MOST_TURNS = 2000
RULE_SETS = {
    "no house rules": Options(),
    "stacking": Options(stacking=True),
    "jump-in and last-card call": Options(jump_in=True, last_card_call=True),
}
EVERY_ORDER = frozenset(ORDERS)


@dataclass
class Game:
    turns: int = 0
    by_a_person: int = 0
    at_the_deadline: int = 0
    hours: float = 0.0


def play(seed: int, options: Options, with_orders: bool, mean_hours: float) -> Game:
    state = new_game(PLAYERS, options, seed).state
    choices = random.Random(seed)  # the people's choices (as the Normal bot's)
    delays = random.Random(seed * 1_000_003 + 7)  # when they come to their turns
    game = Game()
    while state.status == PLAYING and game.turns < MOST_TURNS:
        seat = state.turn
        game.turns += 1
        state, finished = _orders_play(state, seat, game) if with_orders else (state, False)
        if finished:
            continue
        game.by_a_person += 1
        wait = delays.expovariate(1 / mean_hours)
        if wait >= TURN_HOURS:
            game.hours += TURN_HOURS
            game.at_the_deadline += 1
            state, _ = timeout_turn(state)
            continue
        game.hours += wait
        state = _person_plays(state, seat, choices)
    return game


def _orders_play(state, seat: int, game: Game):
    """The orders' moves of the turn, while they make them: (state, whether the turn is over)."""
    while True:
        move = order_move(state, seat, EVERY_ORDER)
        if move is None:
            return state, False
        game.hours += ORDER_DELAY_HOURS if window_open(state) else 0.0
        before, state = state, apply(state, seat, move).state
        if not turn_goes_on(before, state, seat):
            return state, True


def _person_plays(state, seat: int, choices: random.Random):
    while True:
        move = choose_move(NORMAL, view_for(state, seat), choices)
        before, state = state, apply(state, seat, move).state
        if not turn_goes_on(before, state, seat):
            return state


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(name: str, games: dict[bool, list[Game]]) -> None:
    print(f"\n{name}\n")
    print("| per game | without orders | with orders |")
    print("|---|---:|---:|")
    for label, cell in ROWS:
        print(f"| {label} | {cell(games[False])} | {cell(games[True])} |")


def _share_by_people(games: list[Game]) -> str:
    share = sum(g.by_a_person for g in games) / sum(g.turns for g in games)
    return f"{share:.1%}"


def _days(games: list[Game], summary) -> str:
    return f"{summary([g.hours for g in games]) / 24:.1f}"


ROWS = (
    ("turns", lambda games: f"{statistics.mean(g.turns for g in games):.1f}"),
    ("turns that need a person", _share_by_people),
    ("turns played by the table at the deadline",
     lambda games: f"{statistics.mean(g.at_the_deadline for g in games):.1f}"),
    ("length in days, mean", lambda games: _days(games, statistics.mean)),
    ("length in days, median", lambda games: _days(games, statistics.median)),
    ("length in days, 90th percentile",
     lambda games: _days(games, lambda hours: percentile(hours, 0.9))),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--mean-hours", type=float, default=8.0,
                        help="how long a person takes to come to their turn, on average")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--smoke", action="store_true", help="5 games a set")
    args = parser.parse_args()
    count = 5 if args.smoke else args.games
    print(f"# bench/orders.py on {platform.node()}, Python {platform.python_version()}, "
          f"{count} games a set from seed {args.seed}, people come after {args.mean_hours:g} "
          f"h on average, 24-hour turns")
    started = time.perf_counter()
    for name, options in RULE_SETS.items():
        games = {with_orders: [play(args.seed + n, options, with_orders, args.mean_hours)
                               for n in range(count)]
                 for with_orders in (False, True)}
        report(name, games)
    print(f"\nsimulated in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
