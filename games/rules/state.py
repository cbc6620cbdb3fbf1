"""The whole state of a game: the round being played and what carries over between rounds.

It holds secrets (every hand, the draw pile's order, the seed): only `views` may turn it into
something a person or a bot sees. `to_dict`/`from_dict` give a JSON-able form for storage.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .fairness import ClientSeeds, Seed
from .options import Options

PLAYING, FINISHED = "playing", "finished"
ROUND_PLAYING, ROUND_WON, ROUND_BLOCKED, ROUND_ABANDONED = "playing", "won", "blocked", "abandoned"
CLOCKWISE, COUNTERCLOCKWISE = 1, -1
NONE = -1  # no card, no color, no seat
OWN_DISCARD, OWN_DRAW_PILE = 1, 2  # GameState.own: the lists the state alone holds


def own_hand(seat: int) -> int:
    """GameState.own's bit of the seat's hand."""
    return 4 << seat
ANY_COLOR = -2  # All Wild: no color in play (none was declared; a declared one changes nothing)


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """A round that has ended, kept for the view of the next one and for the ranking."""

    number: int
    dealer: int
    status: str
    winner: int | None
    points: int
    hands: tuple[tuple[int, ...], ...]


@dataclass(slots=True, eq=True)
class GameState:
    deck: str
    options: Options
    players: int
    seed: Seed  # a table secret, a legacy or rigged int, or revealed round seeds (fairness.py)
    # Carried over between rounds.
    scores: list[int]
    left: list[bool]
    left_points: list[int]  # points in hand when the seat left, for the ranking
    status: str = PLAYING
    winner: int | None = None
    last_round: RoundSummary | None = None
    # The round.
    round_number: int = 0
    dealer: int = 0
    hands: list[list[int]] | None = None
    draw_pile: list[int] | None = None  # the top card is the last item
    discard: list[int] | None = None  # bottom first, the top card last
    color: int = NONE  # the color in play; NONE while a Wild starter's color is to be chosen
    direction: int = CLOCKWISE
    turn: int = 0
    penalty: int = 0  # cards waiting to be taken (stacking)
    drawn: int = NONE  # the card just drawn that must be played now
    jump_open: bool = True  # no move made since the top card was laid
    shuffles: int = 0  # shuffles so far this round: each gets its own random stream
    round_status: str = ROUND_PLAYING
    round_winner: int | None = None
    round_points: int | None = None
    # The last-card call: seats holding one card that have not called. Any other seat may catch
    # them until the next move (a call or a catch aside) is made.
    uncalled: tuple[int, ...] = ()
    # All Wild, two players: turns still to be lost by a seat (a Wild Skip Two's second).
    lost_turns: tuple[int, ...] = ()
    # The seeds the players added (fairness.py): to this round's deal, and so far to the next.
    round_seeds: ClientSeeds = ()
    next_seeds: ClientSeeds = ()
    # Which of its lists this state alone holds, so that the rollouts' fast path may change
    # them in place (OWN_DISCARD, OWN_DRAW_PILE, own_hand(seat)); 0: every list may be shared
    # with a copy, and is replaced, never changed. Not part of the game: not compared, not
    # stored. `copy` clears it on both states, as does the engine's general code.
    own: int = field(default=0, compare=False, repr=False)

    def copy(self) -> GameState:
        """A copy that shares the hands, the draw pile and the discard pile: the engine never
        changes those lists, it replaces them (see `Rules.draw`), so sharing them is safe and
        saves copying them all on every move (the rollouts' fast path changes in place only
        the lists a state has replaced since its last copy: `own`). Code outside the engine
        treats them as read-only."""
        self.own = 0
        return GameState(
            self.deck, self.options, self.players, self.seed,
            self.scores[:], self.left[:], self.left_points[:],
            self.status, self.winner, self.last_round,
            self.round_number, self.dealer,
            self.hands[:], self.draw_pile, self.discard,
            self.color, self.direction, self.turn, self.penalty, self.drawn, self.jump_open,
            self.shuffles, self.round_status, self.round_winner, self.round_points,
            self.uncalled, self.lost_turns, self.round_seeds, self.next_seeds,
        )

    @property
    def top(self) -> int:
        return self.discard[-1]

    def active_seats(self) -> list[int]:
        return [seat for seat in range(self.players) if not self.left[seat]]

    def next_seat(self, seat: int) -> int:
        """The next seat still in the game after `seat` in the direction of play."""
        seat = (seat + self.direction) % self.players
        while self.left[seat]:
            seat = (seat + self.direction) % self.players
        return seat

    def to_dict(self) -> dict:
        last = self.last_round
        return {
            "deck": self.deck, "options": self.options.to_dict(), "players": self.players,
            "seed": self.seed, "scores": self.scores, "left": self.left,
            "left_points": self.left_points, "status": self.status, "winner": self.winner,
            "last_round": None if last is None else {
                "number": last.number, "dealer": last.dealer, "status": last.status,
                "winner": last.winner, "points": last.points,
                "hands": [list(hand) for hand in last.hands],
            },
            "round_number": self.round_number, "dealer": self.dealer, "hands": self.hands,
            "draw_pile": self.draw_pile, "discard": self.discard, "color": self.color,
            "direction": self.direction, "turn": self.turn, "penalty": self.penalty,
            "drawn": self.drawn, "jump_open": self.jump_open, "shuffles": self.shuffles,
            "round_status": self.round_status, "round_winner": self.round_winner,
            "round_points": self.round_points,
            "uncalled": list(self.uncalled), "lost_turns": list(self.lost_turns),
            "round_seeds": [list(pair) for pair in self.round_seeds],
            "next_seeds": [list(pair) for pair in self.next_seeds],
        }

    @classmethod
    def from_dict(cls, data: dict) -> GameState:
        data = dict(data)
        data["options"] = Options.from_dict(data["options"])
        last = data.get("last_round")
        if last is not None:
            data["last_round"] = RoundSummary(
                last["number"], last["dealer"], last["status"], last["winner"], last["points"],
                tuple(tuple(hand) for hand in last["hands"]),
            )
        data["hands"] = [list(hand) for hand in data["hands"]]
        data["draw_pile"] = list(data["draw_pile"])
        data["discard"] = list(data["discard"])
        data["uncalled"] = tuple(data.get("uncalled", ()))
        data["lost_turns"] = tuple(data.get("lost_turns", ()))
        for name in ("round_seeds", "next_seeds"):
            data[name] = tuple((seat, seed) for seat, seed in data.get(name, ()))
        return cls(**data)
