#!/usr/bin/env python3
"""A reference for the bot levels: each level against RLCard's rule agent (`uno-rule-v1`).

RLCard is never a dependency of the project: this script runs under a virtualenv of its own,
outside the repository, and puts the repository on sys.path for the rules engine (pure Python):

  python3 -m venv /work/rlvenv && /work/rlvenv/bin/pip install rlcard numpy
  nice -n 19 /work/rlvenv/bin/python bench/rlcard_reference.py --duplicate   # in the repository

Our engine is the referee (`games.rules.bots.arena`, as in bench/bots.py), under our classic
rules with no house rule. RLCard's `UNORuleAgentV1` plays a seat through `eval_step`, given
that seat's view (`view_for`, never the game's state) translated into the state RLCard's
environment gives it (`UnoEnv._extract_state`), and its action is translated back into one of
our moves. The translation, and where RLCard's rules differ from ours:
- `raw_obs`: `hand` (our hand in its order: red, yellow, green, blue, Wild cards last; `flame-7`
  is RLCard's `r-7`, `sun-draw2` is `y-draw_2`, ...), `target` (the top card; a Wild with the
  color in play, `b-wild`, where RLCard's shows the color printed on the card: a card's string
  is fixed when its deck is made, the color chosen goes on the card), `played_cards` (the
  discard pile; a Wild under the top as `r-wild`), `num_cards`, `num_players`,
  `current_player` (our seat numbers) and `legal_actions`; `obs` and the ids of
  `legal_actions` by RLCard's own encoders; `raw_legal_actions`; an empty `action_record`. The
  agent reads only `hand` and `raw_legal_actions`.
- The legal actions are RLCard's, by RLCard's own `UnoRound.get_legal_actions` on the translated
  hand and target: a card once per copy held (its random choice weighs a card held twice
  double), a Wild as its four colors (--check N compares them with RLCard's at every step of N
  of its own games). Every one of them is legal under our rules too. Ours allow
  one play more: a Wild Draw 4 whenever no card of the color in play is held, while RLCard lists
  it only when nothing else is playable (a plain Wild, or a card matching by number or action,
  withholds it). By default the agent is not offered it (printed: "Wild Draw 4 withheld");
  with --our-wild-draw4 it is ("Wild Draw 4 offered (our rules only)"), and the agent, which plays a
  listed Wild Draw 4 before anything else, plays it.
- A Wild has no color in our hand; RLCard's deck prints each of its four Wild cards and four
  Wild Draw 4 with a color. The k-th of each in our hand is shown with the k-th color of
  RLCard's order r, g, b, y. The agent reads those colors only when its hand holds nothing but
  Wild cards (to name a Wild Draw 4's color). When two colors are held equally often, it names
  the one met first in the hand: in our order, red before yellow, green and blue (in RLCard, the
  order the cards came in).
- A draw: RLCard's `draw` (listed only when nothing is playable, as in our rules) is our `draw`,
  or our `pass` when nothing is left to draw (printed: "draw turned into pass").
- The card drawn: under our rules it is played at once if it is playable, the seat choosing a
  Wild's color, and kept otherwise; under RLCard's it is played by itself when it is a Wild, a
  Wild Draw 4 or of the target's color (a Wild with a random color, a Wild Draw 4 without its
  penalty), and kept otherwise, also when it matches by number or action. Ours are played: the
  agent is asked with that card's play as its only legal action (a Wild: its four colors, of
  which its rule picks one at random, as RLCard does; a Wild Draw 4: the color it holds most
  of). Printed, for the agent's seats and for ours: "drawn card played that RLCard keeps" (it
  matched by number or action only) and "drawn Wild card played" (a Wild or a Wild Draw 4,
  which RLCard plays with a random color, a Wild Draw 4 without the penalty). A drawn Wild
  Draw 4 is never kept under our rules: a seat draws holding no card of the color in play.
- A Wild starter: our rules have the first player choose its color; RLCard draws it at random
  (`UnoRound.flip_top_card`), which the agent's seat does here with numpy's random (printed:
  "Wild starter's color at random").
- A move the agent proposes that our rules refuse would be replaced by a random legal move and
  printed ("refused by our rules"); by the above it does not happen.
- Our bots play our rules: printed, "Wild Draw 4 played that RLCard refuses" (at the agent's
  seats too with --our-wild-draw4).
RLCard's other differences are not played, the referee playing ours, and the agent does not
look at them (it reads its hand and its legal actions only): a Draw 2 starter does not cost its
first player the turn there, and a Reverse between two players does not act as a Skip.

Seats as in bench/bots.py: four players with one seat of our level against three agents, and
one agent against three of our level (`--alone`: the lone seat goes round the table), and two
players in alternate seats; with --duplicate the same deal is played in every seating (game n
deals seed n, with --duplicate seed n // players at a table with a lone seat, n // 2 at two
players: make --games and --start multiples of 4). numpy's random, which the agent uses, is
seeded with n before game n: the same command prints the same figures, and a long run splits
into processes with --start. Prints each level's share of the games won, with a 95 % interval.

Usage:
  /work/rlvenv/bin/python bench/rlcard_reference.py [--levels easy,normal,hard] [--games 400]
      [--players 4 2] [--duplicate] [--start 0] [--rollouts N] [--our-wild-draw4] [--progress 0]
      [--check GAMES]   (--check 300 --games 0: the check alone)
  .venv/bin/python bench/rlcard_reference.py --anchor .venv-anchor/bin/python ...
      (run again under the Python of RLCard's virtualenv)
  .venv/bin/python bench/rlcard_reference.py --smoke [--anchor ...]   # seconds (CI): two
      games a level, 2 players; without RLCard: skipped (exit status 77)
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
SKIPPED = 77  # the exit status of a run whose outside requirement is missing (CI: a skip)


def run_under_the_anchor() -> None:
    """Without RLCard here, but `--anchor PYTHON` given: this script again, under that Python
    (RLCard's virtualenv), with the same arguments but that one."""
    argv = sys.argv[1:]
    if "--anchor" not in argv or argv.index("--anchor") + 1 >= len(argv):
        return
    at = argv.index("--anchor")
    python = argv[at + 1]
    os.execv(python, [python, __file__, *argv[:at], *argv[at + 2:]])


try:
    import numpy as np
    import rlcard.models
    from rlcard.games.uno.card import UnoCard
    from rlcard.games.uno.game import UnoGame
    from rlcard.games.uno.round import UnoRound
    from rlcard.games.uno.utils import ACTION_SPACE, WILD, WILD_DRAW_4, encode_hand, encode_target
except ImportError:
    run_under_the_anchor()
    if {"-h", "--help"} & set(sys.argv):  # argparse's help needs the script's imports
        print(__doc__)
        sys.exit(0)
    print("RLCard is not installed here, and it is no dependency of the project: run this script "
          "in a virtualenv of its own,\n"
          "  python3 -m venv /work/rlvenv && /work/rlvenv/bin/pip install rlcard numpy\n"
          "  /work/rlvenv/bin/python bench/rlcard_reference.py\n"
          "(bench/engine.py's .venv-anchor, if it has numpy and rlcard, does as well)",
          file=sys.stderr)
    if "--smoke" in sys.argv:
        print("skipped: RLCard is not installed here (give its virtualenv's Python with "
              "--anchor)")
        sys.exit(SKIPPED)
    sys.exit(2)

from bots import deal_seed, interval, seating  # noqa: E402  (bench/bots.py)

from games.rules import Options  # noqa: E402
from games.rules.bots import LEVELS, arena  # noqa: E402
from games.rules.bots import choose_move as our_choose  # noqa: E402
from games.rules.bots.seen import moves_of, seen_from  # noqa: E402
from games.rules.cards import CLASSIC, COLORS, SYMBOLS  # noqa: E402
from games.rules.moves import CHOOSE, DRAW, PASS, PLAY, Move  # noqa: E402
from games.rules.state import NONE  # noqa: E402
from games.rules.views import view_for  # noqa: E402

RLCARD = "rlcard"
LETTER = {"red": "r", "yellow": "y", "green": "g", "blue": "b"}  # RLCard's colors
COLOR = {letter: color for color, letter in LETTER.items()}
SYMBOL_LETTER = {symbol: LETTER[color] for symbol, color in zip(SYMBOLS, COLORS, strict=True)}
LETTER_SYMBOL = {letter: symbol for symbol, letter in SYMBOL_LETTER.items()}
TRAIT = {"skip": "skip", "reverse": "reverse", "draw2": "draw_2"}  # the rest: the digit
OUR_TRAIT = {trait: ours for ours, trait in TRAIT.items()}
WILDS = {"wild": "wild", "wild-draw4": "wild_draw_4"}
OUR_WILD = {trait: code for code, trait in WILDS.items()}
RL_COLORS = UnoCard.info["color"]  # r, g, b, y: RLCard's order

AGENT = rlcard.models.load("uno-rule-v1").agents[0]  # stateless: one serves every seat
OFFER_OUR_WILD_DRAW4 = False  # --our-wild-draw4
# What the translation did, by seat kind ("rlcard", "ours"); cleared for each pairing.
counts: dict[str, Counter] = {RLCARD: Counter(), "ours": Counter()}
DECISIONS = "decisions"
WITHHELD = "Wild Draw 4 withheld"  # legal for us, not for RLCard: not offered (the default)
OFFERED = "Wild Draw 4 offered (our rules only)"  # the same, offered (--our-wild-draw4)
REFUSED_WD4 = "Wild Draw 4 played that RLCard refuses"
DRAWN_KEPT = "drawn card played that RLCard keeps"
DRAWN_WILD = "drawn Wild card played"
STARTER = "Wild starter's color at random"
PASSED = "draw turned into pass"
REFUSED = "refused by our rules"
TALLIES = [DECISIONS, WITHHELD, OFFERED, REFUSED_WD4, DRAWN_KEPT, DRAWN_WILD, STARTER, PASSED,
           REFUSED]


def rl_card(code: str, wild_color: str = "r") -> UnoCard:
    """Our card `code` as an RLCard card; a Wild with `wild_color` (a Wild has none for us)."""
    if code in WILDS:
        return UnoCard("wild", wild_color, WILDS[code])
    symbol, kind = code.split("-")
    trait = TRAIT.get(kind, kind)
    return UnoCard("number" if kind.isdigit() else "action", SYMBOL_LETTER[symbol], trait)


def rl_hand(hand: list[str]) -> list[UnoCard]:
    """The hand as RLCard cards: the k-th Wild (and the k-th Wild Draw 4) with RLCard's k-th
    color, as its deck prints them."""
    seen: Counter = Counter()
    cards = []
    for code in hand:
        cards.append(rl_card(code, RL_COLORS[seen[code] % 4]))
        seen[code] += 1
    return cards


def rl_target(view: dict) -> UnoCard:
    rnd = view["round"]
    return rl_card(rnd["top"], LETTER[rnd["color"]]) if rnd["top"] in WILDS else rl_card(rnd["top"])


def rl_legal(view: dict, hand: list[UnoCard]) -> list[str]:
    """RLCard's legal actions for this hand on this table, by RLCard's own code."""
    table = SimpleNamespace(target=rl_target(view))
    return UnoRound.get_legal_actions(table, [SimpleNamespace(hand=hand)], 0)


def our_move(action: str, actions: list[str]) -> Move:
    """RLCard's action string as our move."""
    if action == "draw":
        return Move(DRAW) if DRAW in actions else Move(PASS)
    letter, trait = action.split("-")
    if trait in OUR_WILD:
        return Move(PLAY, OUR_WILD[trait], COLOR[letter])
    return Move(PLAY, f"{LETTER_SYMBOL[letter]}-{OUR_TRAIT.get(trait, trait)}")


def rl_state(view: dict, hand: list[UnoCard], legal: list[str]) -> dict:
    """The state RLCard's environment gives an agent (`UnoEnv._extract_state`), from the view."""
    you, rnd = view["you"], view["round"]
    target = rl_target(view)
    raw = {
        "hand": [card.str for card in hand], "target": target.str,
        "played_cards": [*(rl_card(code).str for code in rnd["discard"][:-1]), target.str],
        "legal_actions": legal, "num_cards": [seat["cards"] for seat in view["seats"]],
        "num_players": len(view["seats"]), "current_player": you["seat"],
    }
    obs = np.zeros((4, 4, 15), dtype=int)
    encode_hand(obs[:3], raw["hand"])
    encode_target(obs[3], raw["target"])
    return {"obs": obs, "legal_actions": {ACTION_SPACE[action]: None for action in legal},
            "raw_obs": raw, "raw_legal_actions": list(legal), "action_record": []}


def agent_move(view: dict, rng) -> Move | None:
    """RLCard's rule agent's move in the seat whose view is `view`."""
    you = view["you"]
    seen = seen_from(view)
    moves = moves_of(seen)
    if not moves:
        return None
    tally = counts[RLCARD]
    if CHOOSE in you["actions"]:  # a Wild starter: RLCard draws its color at random
        tally[STARTER] += 1
        return Move(CHOOSE, color=COLOR[np.random.choice(RL_COLORS)])
    hand = rl_hand(you["hand"])
    if you["drawn"] is not None:  # the card just drawn, playable: its play is all there is
        card = rl_card(you["drawn"])
        legal = {"wild": WILD, "wild_draw_4": WILD_DRAW_4}.get(card.trait, [card.str])
    else:
        legal = rl_legal(view, hand)
        ours = {(move.card, move.color) for move in moves}
        if ("wild-draw4", "red") in ours and not any("wild_draw_4" in a for a in legal):
            if OFFER_OUR_WILD_DRAW4:
                legal = [*legal, *WILD_DRAW_4]
            tally[OFFERED if OFFER_OUR_WILD_DRAW4 else WITHHELD] += 1
        offered = {our_move(action, you["actions"]) for action in legal}
        missing = {move for move in moves if move.action == PLAY} - offered
        if any(move.card != "wild-draw4" for move in missing):
            raise AssertionError(f"our legal plays {missing} not among RLCard's {legal}")
    tally[DECISIONS] += 1
    action, _ = AGENT.eval_step(rl_state(view, hand, legal))
    move = our_move(action, you["actions"])
    if move.action == PASS:
        tally[PASSED] += 1
    if move not in moves:
        tally[REFUSED] += 1
        move = moves[np.random.randint(len(moves))]
    return move


def check_translation(games: int) -> None:
    """Play `games` of RLCard's own four-player games (its rule agent at every seat) and compare,
    at every step, RLCard's legal actions with `rl_legal` on the position written as our view."""
    game = UnoGame(num_players=4)
    game.np_random = np.random.RandomState(0)
    np.random.seed(0)
    ours_of = {rl: code for code in CLASSIC.codes for rl in
               ([f"{c}-{WILDS[code]}" for c in RL_COLORS] if code in WILDS
                else [rl_card(code).str])}
    steps = differ = 0
    for _ in range(games):
        state, _ = game.init_game()
        while not game.is_over():
            # The chosen color of a Wild on top is on the card, not in its string (fixed when
            # RLCard's deck is made): RLCard's `target` shows the color printed on it.
            view = {"round": {"top": ours_of[state["target"]],
                              "color": COLOR[game.round.target.color]}}
            mine = rl_legal(view, rl_hand([ours_of[card] for card in state["hand"]]))
            steps += 1
            differ += Counter(mine) != Counter(state["legal_actions"])
            action, _ = AGENT.eval_step({"raw_legal_actions": state["legal_actions"],
                                         "raw_obs": state})
            try:
                state, _ = game.step(action)
            except IndexError:  # RLCard's piles both empty (its engine's edge case)
                break
    print(f"translation checked on {games} of RLCard's games: {steps} positions, {differ} with "
          f"other legal actions than RLCard's")


def choose(level, view, rng, **kwargs):
    """The referee asks through here: RLCard's seats to the agent, ours to our bots."""
    if level == RLCARD:
        return agent_move(view, rng)
    return our_choose(level, view, rng, **kwargs)


def refereed_apply(state, seat, move, *args):
    """Our engine's `apply`, counting the moves on which RLCard's rules would differ (from the
    referee's side: the bots are given nothing of this)."""
    tally = counts[RLCARD if levels_now[seat] == RLCARD else "ours"]
    if move.action == PLAY and move.card == "wild-draw4" and state.drawn == NONE:
        view = view_for(state, seat)
        if not any("wild_draw_4" in a for a in rl_legal(view, rl_hand(view["you"]["hand"]))):
            tally[REFUSED_WD4] += 1
    result = plain_apply(state, seat, move, *args)
    if move.action == DRAW and result.ok:
        drew = next(event for event in result.events if event.kind == "drew")
        if drew.cards:
            code, after = drew.cards[0], result.state
            # A seat draws holding no card of the color in play, so a Wild Draw 4 drawn is
            # always playable: played, as RLCard plays it (there without its penalty).
            if code in WILDS:
                tally[DRAWN_WILD] += 1
            elif after.drawn != NONE and code.split("-")[0] != SYMBOLS[state.color]:
                tally[DRAWN_KEPT] += 1
    return result


levels_now: list[str] = []
plain_apply = arena.apply


def main() -> None:
    global OFFER_OUR_WILD_DRAW4
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--games", type=int, default=400, help="games a pairing")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 2], choices=(2, 3, 4, 6))
    parser.add_argument("--start", type=int, default=0,
                        help="the first game's number, to split a long run between processes")
    parser.add_argument("--duplicate", action="store_true",
                        help="each deal played in every seating (as bench/bots.py --duplicate)")
    parser.add_argument("--rollouts", type=int, default=None,
                        help="the Hard bot's rollouts a decision (default: its own default)")
    parser.add_argument("--our-wild-draw4", action="store_true",
                        help="offer the agent a Wild Draw 4 whenever our rules allow it")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the running count every this many games")
    parser.add_argument("--check", type=int, default=0, metavar="GAMES",
                        help="first compare the legal actions with RLCard's on its own games")
    parser.add_argument("--anchor", help="the Python of RLCard's virtualenv (used when this one "
                                         "has no RLCard)")
    parser.add_argument("--smoke", action="store_true",
                        help="two games a level, 2 players, Hard with 8 rollouts, and the check "
                             "on two of RLCard's games (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.players, args.check = 2, [2], 2
        args.rollouts = args.rollouts or 8
    if args.check:
        check_translation(args.check)
        if not args.games:
            return
    OFFER_OUR_WILD_DRAW4 = args.our_wild_draw4
    TALLIES.remove(WITHHELD if OFFER_OUR_WILD_DRAW4 else OFFERED)
    arena.choose_move = choose
    arena.apply = refereed_apply
    options = Options()
    print(f"{args.games} games a pairing (games {args.start} to {args.start + args.games - 1}), "
          f"classic rules, no house rule, Hard rollouts: {args.rollouts or 'default'}"
          f"{', duplicate deals' if args.duplicate else ''}"
          f"{', the agent offered our Wild Draw 4' if args.our_wild_draw4 else ''}; "
          f"rlcard {getattr(rlcard, '__version__', '?')}, numpy {np.__version__}")
    for level in args.levels.split(","):
        for players in args.players:
            pairs = [(level, RLCARD, False)] if players == 2 else [
                (level, RLCARD, True), (RLCARD, level, True)]
            for a, b, alone in pairs:
                play_pairing(a, b, players, alone, options, args)


def play_pairing(a: str, b: str, players: int, alone: bool, options: Options, args) -> None:
    for tally in counts.values():
        tally.clear()
    won: Counter = Counter()
    started = time.perf_counter()
    for game in range(args.start, args.start + args.games):
        levels_now[:] = seating(game, a, b, players, alone)
        np.random.seed(game)
        seed = deal_seed(game, players, alone, args.duplicate)
        state = arena.play_game(levels_now, options, seed=seed, rollouts=args.rollouts)
        if state.winner is not None:
            won[levels_now[state.winner]] += 1
        if args.progress and (game + 1 - args.start) % args.progress == 0:
            print(f"  after {game + 1 - args.start} games: {a} {won[a]}, {b} {won[b]}", flush=True)
    share, margin = interval(won[a], won[a] + won[b])
    seats = f"one {a} against {players - 1} {b}" if alone else f"{a} against {b}, 2 players"
    chance = 1 / players if alone else 0.5
    print(f"{seats}: {a} won {won[a]}, {b} won {won[b]}, {args.games - won[a] - won[b]} "
          f"blocked ({100 * share:.1f} % ± {100 * margin:.1f} for {a}, chance "
          f"{100 * chance:.0f} %; {time.perf_counter() - started:.0f} s)", flush=True)
    for side, tally in counts.items():
        print(f"  {side} seats: " + "; ".join(
            f"{what} {tally[what]}" for what in TALLIES if what in tally or side == RLCARD))


if __name__ == "__main__":
    main()
