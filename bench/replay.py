#!/usr/bin/env python3
"""How fast are recorded games replayed from their logs?

Records `--games` random complete games (both decks alternately, every house rule in turn,
2 to 10 players, to a target score of 100 so that many have several rounds; each table with a
secret of its own, as the service deals, every other one with players' seeds), as the
records the service exports (`RecordedGame.as_record`), then replays each from its log, its
revealed round seeds and its players' seeds (`games.rules.replay`, what `verify_game`, the
record's import and the replay page run), checking that the replay
ends in the recorded final state. Prints games/s, ms per game and per log entry (best of
`--repeat` runs; recording is not timed).

Usage:
  .venv/bin/python bench/replay.py [--games 1000] [--repeat 3] [--verify] [--smoke]
(`--verify` times `verify_record` on full records instead: the commitments' hashes, the players'
seeds and every claim of the record as well; `--smoke`: 20 games, once, in a second or two, for
CI.)
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules import Options  # noqa: E402
from games.rules.random_games import RecordedGame, play_random_game  # noqa: E402
from games.rules.records import verify_record  # noqa: E402
from games.rules.replay import replay  # noqa: E402


def options_for(n: int, deck: str) -> Options:
    if deck == "all-wild":
        return Options(stacking=n % 2 == 0, scoring="target", target=100,
                       last_card_call=n % 3 != 0)
    return Options(stacking=n % 2 == 0, seven_zero=n % 3 == 0, jump_in=n % 4 == 0,
                   draw_until_playable=n % 5 == 0, scoring="target", target=100,
                   last_card_call=n % 6 == 0)


def record(n: int) -> tuple[dict, RecordedGame]:
    deck = "classic" if n % 2 else "all-wild"
    players = 2 + n % 9
    # Every other game with the players' seeds: a seed of seat 0 and the last seat per deal.
    seeds = {r: ((0, f"{n}a{r}"), (players - 1, f"{n}z{r}")) for r in range(1, 60)} \
        if n % 2 == 0 else None
    game = play_random_game(deck, players, options_for(n, deck), f"{n + 1:064x}", n,
                            client_seeds=seeds)
    return game.as_record(salt=f"{n:032x}"), game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="20 games, once (CI).")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.repeat = 20, 1
    started = time.perf_counter()
    games = [record(n) for n in range(args.games)]
    recorded = time.perf_counter() - started
    entries = sum(len(doc["moves"]) for doc, _ in games)
    rounds = sum(len(doc["rounds"]) for doc, _ in games)
    best = float("inf")
    for _ in range(args.repeat):
        started = time.perf_counter()
        for doc, game in games:
            if args.verify:
                verdict = verify_record(doc)
                assert verdict.ok, verdict.problems
                last = verdict.states[-1]
            else:
                seeds = {r["number"]: r["seed"] for r in doc["rounds"]}
                last = replay(doc["deck"], len(doc["players"]), Options.from_dict(doc["options"]),
                              seeds, doc["moves"], None, game.client_seeds)[-1]
            # (Seeds added to a deal that never came are in no record.)
            assert replace(last, seed=None, next_seeds=()) == replace(game.final, seed=None,
                                                                      next_seeds=())
        best = min(best, time.perf_counter() - started)
    finished = sum(game.final.status == "finished" for _, game in games)
    print(f"python {platform.python_version()} on {platform.machine()}; "
          f"{args.games} games ({finished} finished), {rounds} rounds, {entries} log entries "
          f"(recorded in {recorded:.1f} s)")
    what = "verify_record (hashes, seeds, replay, claims)" if args.verify else "replay"
    print(f"{what}: {args.games / best:,.0f} games/s, {best / args.games * 1000:.2f} ms per "
          f"game, {best / entries * 1e6:.1f} µs per log entry (best of {args.repeat})")


if __name__ == "__main__":
    main()
