"""Card faces as SVG, and cards in words, for the table pages.

A face has the rule book's three parts: the corner index (the number, or the action's picture)
with the color's symbol beside it, and a large central picture; action cards also carry their
name in words. The symbols and pictures are defined once per page (`web/_card_sprite.html`) and
drawn with `<use>`, so a 20-card hand stays light.
"""

from __future__ import annotations

import functools

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

SYMBOL_COLOR = {"flame": "Red", "sun": "Yellow", "leaf": "Green", "wave": "Blue"}
ACTION_WORDS = {"skip": "Skip", "reverse": "Reverse", "draw2": "Draw 2"}
# Every Wild of both decks: its name in words; the corner's picture (a sprite) or text; the
# central picture; a number over it; the name on the card, one line per word group.
WILD_FACES = {
    "wild": ("Wild", "W", "wheel", "", ("WILD",)),
    "wild-draw4": ("Wild Draw 4", "+4", "wheel", "+4", ("WILD", "DRAW 4")),
    "wild-reverse": ("Wild Reverse", "#reverse", "reverse", "", ("WILD", "REVERSE")),
    "wild-skip": ("Wild Skip", "#skip", "skip", "", ("WILD", "SKIP")),
    "wild-skip2": ("Wild Skip Two", "#skip2", "skip2", "", ("WILD", "SKIP TWO")),
    "wild-draw2": ("Wild Draw 2", "+2", "draw2", "", ("WILD", "DRAW 2")),
    "wild-targeted-draw2": ("Wild Targeted Draw 2", "#target", "target", "+2",
                            ("WILD", "TARGETED", "DRAW 2")),
    "wild-forced-swap": ("Wild Forced Swap", "#swap", "swap", "", ("WILD", "FORCED SWAP")),
}
# Where the All Wild deck's card of the same code looks different (shared/rules/all-wild.txt:
# its Wild Draw Four "features 4 overlapping red, yellow, green, and blue rectangles").
ALL_WILD_FACES = {
    "wild-draw4": ("Wild Draw 4", "+4", "draw4", "", ("WILD", "DRAW 4")),
}
COLOR_OF_NAME = {"red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue"}
SYMBOL_OF_COLOR = {"red": "flame", "yellow": "sun", "green": "leaf", "blue": "wave"}


def _parts(code: str) -> tuple[str | None, str]:
    """(symbol, kind) of a card code: ("flame", "7"), ("wave", "skip"), (None, "wild-draw4")."""
    if code.startswith("wild"):
        return None, code
    symbol, _, kind = code.partition("-")
    return symbol, kind


@register.filter
def card_name(code: str) -> str:
    """"Red 7", "Blue Skip", "Green Draw 2", "Wild", "Wild Draw 4"."""
    symbol, kind = _parts(code)
    if symbol is None:
        return WILD_FACES[kind][0] if kind in WILD_FACES else kind
    return f"{SYMBOL_COLOR.get(symbol, symbol)} {ACTION_WORDS.get(kind, kind)}"


@register.filter
def card_label(code: str) -> str:
    """The name with the symbol, for screen readers: "Red 7 (flame)"."""
    symbol, _ = _parts(code)
    return card_name(code) if symbol is None else f"{card_name(code)} ({symbol})"


@register.filter
def card_color(code: str) -> str:
    symbol, _ = _parts(code)
    return "wild" if symbol is None else {"flame": "red", "sun": "yellow", "leaf": "green",
                                          "wave": "blue"}.get(symbol, "wild")


@register.filter
def color_name(color: str | None) -> str:
    return COLOR_OF_NAME.get(color or "", "")


@register.filter
def color_symbol(color: str | None) -> str:
    return SYMBOL_OF_COLOR.get(color or "", "")


def _corner(symbol: str | None, kind: str) -> SafeString:
    corner = WILD_FACES[kind][1] if kind in WILD_FACES else None
    if kind.isdigit():
        index = format_html('<text x="9" y="27" class="ix">{}</text>', kind)
    elif kind in ("skip", "reverse") or (corner or "").startswith("#"):
        index = format_html('<use href="#pic-{}" x="5" y="7" width="24" height="24"/>',
                            corner[1:] if corner else kind)
    else:
        index = format_html('<text x="7" y="26" class="ix small">{}</text>',
                            corner or {"draw2": "+2"}.get(kind, "?"))
    mark = format_html('<use href="#{}" x="7" y="31" width="20" height="20"/>',
                       f"sym-{symbol}" if symbol else "pic-wheel")
    return format_html("{}{}", index, mark)


@register.simple_tag
@functools.lru_cache(maxsize=512)
def card_svg(code: str, deck: str = "classic") -> SafeString:
    """The face of `code` in `deck`, for inside a `.card` element (which gives it its color).
    Built once per card code: a page shows up to a hundred cards."""
    symbol, kind = _parts(code)
    corner = _corner(symbol, kind)
    if kind.isdigit():
        centre = format_html(
            '<text x="50" y="95" text-anchor="middle" class="big">{}</text>'
            '<use href="#sym-{}" x="39" y="101" width="22" height="22"/>', kind, symbol)
        name = ""
    elif kind in WILD_FACES:
        faces = ALL_WILD_FACES if deck == "all-wild" and kind in ALL_WILD_FACES else WILD_FACES
        _, _, picture, plus, lines = faces[kind]
        centre = _centre(picture, plus)
        name = _words(lines)
    else:
        centre = _centre(kind, "")
        name = _words(({"draw2": "DRAW 2"}.get(kind, kind.upper()),))
    return format_html(
        '<svg viewBox="0 0 100 148" aria-hidden="true" focusable="false">'
        '<ellipse cx="50" cy="74" rx="34" ry="58" class="oval" transform="rotate(18 50 74)"/>'
        '{}{}{}<g transform="rotate(180 50 74)">{}</g></svg>',
        corner, centre, name, corner if kind.isdigit() else "")


def _centre(picture: str, plus: str) -> SafeString:
    """The central picture, with a number over it (the Wild Draw 4's +4)."""
    centre = format_html('<use href="#pic-{}" x="24" y="40" width="52" height="52"/>', picture)
    if plus:
        centre = format_html(
            '{}<text x="50" y="76" text-anchor="middle" class="plus">{}</text>', centre, plus)
    return centre


def _words(lines: tuple[str, ...]) -> SafeString:
    """The card's name in words under the picture, a line each, ending at the same place."""
    first = 128 - 14 * (len(lines) - 1) if len(lines) > 1 else 122
    return mark_safe("".join(
        format_html('<text x="50" y="{}" text-anchor="middle" class="word{}">{}</text>',
                    first + 14 * i, " long" if len(line) > 8 else "", line)
        for i, line in enumerate(lines)))


@register.simple_tag
@functools.lru_cache(maxsize=1024)
def card(code: str, size: str = "", deck: str = "classic") -> SafeString:
    """A card face as an image with its name for screen readers."""
    return format_html('<span class="card {} {}" role="img" aria-label="{}">{}</span>',
                       card_color(code), size, card_label(code), card_svg(code, deck))


@register.simple_tag
def card_backs(count: int) -> SafeString:
    """Up to five card backs standing for a face-down pile or hand."""
    return mark_safe('<span class="card back small" aria-hidden="true"></span>'
                     * min(count, 5))


@register.filter
def make_list_of_colors(words: str) -> list[str]:
    """"red yellow green blue" as a list, for the color pickers."""
    return words.split()
