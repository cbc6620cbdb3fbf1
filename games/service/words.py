"""Cards and the move log in words: "Ana played Wild Draw 4 and chose blue". For the pages,
the replay and the emails alike."""

from __future__ import annotations

from collections.abc import Collection

SYMBOL_COLOR = {"flame": "Red", "sun": "Yellow", "leaf": "Green", "wave": "Blue"}
ACTION_WORDS = {"skip": "Skip", "reverse": "Reverse", "draw2": "Draw 2"}
WILD_NAMES = {
    "wild": "Wild", "wild-draw4": "Wild Draw 4", "wild-reverse": "Wild Reverse",
    "wild-skip": "Wild Skip", "wild-skip2": "Wild Skip Two", "wild-draw2": "Wild Draw 2",
    "wild-targeted-draw2": "Wild Targeted Draw 2", "wild-forced-swap": "Wild Forced Swap",
}


def card_name(code: str) -> str:
    """"Red 7", "Blue Skip", "Green Draw 2", "Wild", "Wild Draw 4"."""
    if code.startswith("wild"):
        return WILD_NAMES.get(code, code)
    symbol, _, kind = code.partition("-")
    return f"{SYMBOL_COLOR.get(symbol, symbol)} {ACTION_WORDS.get(kind, kind)}"


def _cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _event(event: dict, name) -> str | None:
    kind, who = event["kind"], name(event.get("seat"))
    count = event.get("count", 0)
    if kind == "played":
        said = f"{who} played {card_name(event['card'])}"
        if event["card"] == "wild-targeted-draw2" and event.get("target") is not None:
            said += f" on {name(event['target'])}"
        return f"{said} and chose {event['color']}" if event.get("color") else said
    if kind in ("drew", "took"):
        seen = event.get("cards")
        what = ": " + ", ".join(card_name(c) for c in seen) if seen else ""
        verb = "drew" if kind == "drew" else "took the penalty,"
        return f"{who} {verb} {_cards(count)}{what}"
    return {
        "chose": lambda: f"{who} chose {event.get('color')}",
        "passed": lambda: f"{who} passed",
        "called": lambda: f"{who} called “last card”",
        "caught": lambda: (f"{who} caught {name(event.get('target'))} holding one card without "
                           f"calling “last card”"),
        "skipped": lambda: f"{who} is skipped",
        "reversed": lambda: "play turns around",
        "swapped": lambda: f"{who} swapped hands with {name(event.get('target'))}",
        "hands-passed": lambda: "every hand passes to the next player",
        "reshuffled": lambda: "the discard pile is shuffled into a new draw pile",
        "conceded": lambda: f"{who} conceded",
        "round-won": lambda: f"{who} won the round and scores {event.get('points', 0)}",
        "round-blocked": lambda: "the round is blocked: nobody can play",
        "round-abandoned": lambda: "the round ends: too few players are left",
        "game-over": lambda: (f"game over: {who} wins" if event.get("seat") is not None
                              else "game over"),
        "dealt": lambda: f"a new round is dealt; the starter is {card_name(event['card'])}",
        "starter-returned": lambda: (f"the starter {card_name(event['card'])} goes back into "
                                     f"the pile"),
    }.get(kind, lambda: None)()


def log_line(entry: dict, names: dict[int, str], people: Collection[int] = ()) -> str:
    """One entry of the move log (as the viewer may see it) in one sentence. `people`: the
    seats of persons, whose moves made by a bot (away, or after three timeouts) say so."""

    def name(seat: int | None) -> str:
        return names.get(seat, f"Seat {seat}") if seat is not None else "Someone"

    parts = [text for event in entry["events"] if (text := _event(event, name))]
    line = "; ".join(parts) if parts else f"{name(entry['seat'])}: {entry['action']}"
    if not any(line.startswith(who) for who in names.values()):
        line = line[0].upper() + line[1:]  # a sentence, not a player's name
    if entry.get("by") == "timer":
        line += " (time ran out)"
    elif entry.get("by") == "order":
        line += f" ({name(entry['seat'])}'s standing order)"
    elif entry.get("by") == "bot" and entry.get("seat") in people:
        line += f" (a bot played for {name(entry['seat'])})"
    return line + "."


def since_last_move(entries: list[dict], seat: int) -> list[dict]:
    """The entries after the seat's own last move (not a deal, nor one its standing orders
    made while its player was away), oldest first; `entries` are the newest first, as the
    table's page and the emails read them."""
    after = []
    for entry in entries:
        if entry["seat"] == seat and entry["action"] != "deal" and entry.get("by") != "order":
            break
        after.append(entry)
    return after[::-1]
