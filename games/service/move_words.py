"""Cards and moves in words, for a player who chooses a move away from the table: "Play Wild
and choose red", "Take the penalty: draw 4 cards"; and what an email's card face shows.

Card names are `words.card_name`, the pages' too.
"""

from __future__ import annotations

from games.rules import GameState, Move
from games.rules.options import draws_until_a_card_plays
from games.rules.state import NONE

from .words import SYMBOL_COLOR, card_name

# The color a card's symbol stands for, as the rules name colors.
COLOR_OF_SYMBOL = {symbol: name.lower() for symbol, name in SYMBOL_COLOR.items()}
# What the middle of an email's card face says: short enough for a box 44 pixels wide, and
# only characters every mail program's fonts have.
FACE_VALUES = {
    "skip": "SKIP", "reverse": "REV", "draw2": "+2",
    "wild": "W", "wild-draw4": "+4", "wild-reverse": "REV", "wild-skip": "SKIP",
    "wild-skip2": "SKIP 2", "wild-draw2": "+2", "wild-targeted-draw2": "→+2",
    "wild-forced-swap": "SWAP",
}
CALL = "call “last card”"


def card_face(code: str) -> dict:
    """A card as an email shows it: `code`, `name`, `color` (red, yellow, green, blue, or None
    for a Wild) and `value`, the face's short text ("7", "SKIP", "+2", "W")."""
    if code.startswith("wild"):
        color, value = None, FACE_VALUES.get(code, "W")
    else:
        symbol, _, kind = code.partition("-")
        color, value = COLOR_OF_SYMBOL.get(symbol), FACE_VALUES.get(kind, kind)
    return {"code": code, "name": card_name(code), "color": color, "value": value}


def move_label(move: Move, names: dict[int, str], state: GameState | None = None) -> str:
    """The move as a button says it. `state`, the table before the move, adds what a draw,
    a take or a pass means there; without it the words are the move's alone."""
    action = move.action
    if action == "play":
        return _play_label(move, names)
    if action == "choose":
        return f"Choose {move.color}"
    if action == "take":
        count = state.penalty if state is not None else 0
        return f"Take the penalty: draw {count} cards" if count else "Take the penalty"
    if action == "draw":
        until = state is not None and draws_until_a_card_plays(state.options)
        return "Draw until a card plays" if until else "Draw a card"
    if action == "pass":
        kept = state is not None and state.drawn != NONE
        return "Keep the card you drew" if kept else "Pass"
    return action.capitalize()


def _play_label(move: Move, names: dict[int, str]) -> str:
    first = f"Play {card_name(move.card)}"
    parts = []
    if move.color:
        parts.append(f"choose {move.color}")
    if move.target is not None:
        who = names.get(move.target, f"seat {move.target}")
        if move.card == "wild-targeted-draw2":
            first += f" on {who}"
        else:  # a 7 under 7-0, or a Forced Swap
            parts.append(f"swap hands with {who}")
    if move.call:
        parts.append(CALL)
    if not parts:
        return first
    if len(parts) == 1:
        return f"{first} and {parts[0]}"
    return f"{first}, {', '.join(parts[:-1])} and {parts[-1]}"

