"""What a seat, or a spectator, may see of a game and of its move log: the only way out of the
engine's secrets.

The same view feeds the API, the web page, the event stream and the bots. It never holds
another seat's cards while a round is being played, the draw pile's order or the seed; a log
entry never holds cards drawn by another seat.
"""

from __future__ import annotations

from .cards import COLORS
from .decks import rules_for
from .moves import DRAW, PLAY
from .scoring import ranking
from .state import CLOCKWISE, FINISHED, NONE, ROUND_PLAYING, GameState, RoundSummary


def public_view(state: GameState) -> dict:
    """What anyone allowed to watch sees: hand sizes, the discard pile, the draw pile's size."""
    rules = rules_for(state)
    codes = rules.deck.codes
    finished = state.status == FINISHED
    face_up = state.round_status != ROUND_PLAYING
    last = state.last_round
    return {
        "status": state.status,
        "deck": state.deck,
        "options": state.options.to_dict(),
        "seats": [
            {"seat": seat, "cards": len(state.hands[seat]), "score": state.scores[seat],
             "left": state.left[seat]}
            for seat in range(state.players)
        ],
        "round": {
            "number": state.round_number,
            "dealer": state.dealer,
            "turn": None if finished else state.turn,
            "direction": "clockwise" if state.direction == CLOCKWISE else "counterclockwise",
            "top": codes[state.discard[-1]],
            "color": COLORS[state.color] if state.color >= 0 else None,
            "discard": [codes[card] for card in state.discard],
            "draw_pile": len(state.draw_pile),
            "penalty": state.penalty,
            "catchable": list(state.uncalled),
            # Turns still to be lost (a Wild Skip Two with two players): the seat, once a turn.
            "turns_to_lose": list(state.lost_turns),
            "status": state.round_status,
            "winner": state.round_winner,
            "points": state.round_points,
            "hands": _face_up(state.hands, codes) if face_up else None,
        },
        "last_round": None if last is None else _summary(last, codes),
        "ranking": ranking(state, rules.deck) if finished else None,
    }


def view_for(state: GameState, seat: int) -> dict:
    """The public view plus the seat's own hand, what it may play and why not, and its actions."""
    view = public_view(state)
    rules = rules_for(state)
    codes = rules.deck.codes
    hand = state.hands[seat]
    actions = rules.legal_actions(state, seat)
    playable: list[int] = []
    refusals: dict[str, str] = {}
    if actions:  # a seat that left, or a game that is over, has nothing to play or refuse
        if seat != state.turn:
            playable = [state.discard[-1]] if PLAY in actions else []
        elif state.color != NONE:
            playable = rules.playable_cards(state, seat)
        for card in sorted(set(hand).difference(playable)):
            if seat != state.turn:
                reason = "not-your-turn"
            elif state.color == NONE:
                reason = "color-required"
            else:
                reason = rules.card_refusal(state, hand, card)
            refusals[codes[card]] = reason
    view["you"] = {
        "seat": seat,
        "hand": [codes[card] for card in hand],
        "playable": [codes[card] for card in playable],
        "refusals": refusals,
        "drawn": None if state.drawn == NONE or seat != state.turn else codes[state.drawn],
        "actions": actions,
    }
    return view


def log_entry_for(entry: dict, viewer: int | None) -> dict:
    """One entry of the move log (`seat`, `action`, ... and `events` as `events_json` gives
    them) as `viewer` may see it: a seat number, or None for a spectator. The cards of a `drew`
    event are the drawer's alone; a draw by another seat is marked `private`."""
    events = [
        event if "cards" not in event or (viewer is not None and viewer == event.get("seat"))
        else {key: value for key, value in event.items() if key != "cards"}
        for event in entry["events"]
    ]
    seen = {**entry, "events": events}
    if entry["action"] == DRAW and (viewer is None or viewer != entry["seat"]):
        seen["private"] = True
    return seen


def _face_up(hands: list[list[int]] | tuple, codes: tuple[str, ...]) -> dict[str, list[str]]:
    return {str(seat): [codes[card] for card in hand] for seat, hand in enumerate(hands)}


def _summary(last: RoundSummary, codes: tuple[str, ...]) -> dict:
    return {"number": last.number, "dealer": last.dealer, "status": last.status,
            "winner": last.winner, "points": last.points, "hands": _face_up(last.hands, codes)}

