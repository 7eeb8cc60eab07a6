"""The 18xx.games palette and the contrast rule for text on coloured boxes (facts §7.1)."""

from __future__ import annotations

import math

PALETTE: dict[str, str] = {
    "white": "#EAE0C8",
    "yellow": "#fde900",
    "green": "#71bf44",
    "brown": "#cb7745",
    "gray": "#bcbdc0",
    "black": "#000000",
    "red": "#ec232a",
    "blue": "#35A7FF",
    "purple": "#A79ECD",
    "orange": "#FFA500",
    "sepia": "#6b4b35",
    "gray60": "#96989d",
    "gray50": "#7b7d84",
    "gray40": "#626569",
    "salmon": "#e57373",
    "pink": "#ff8ed2",
    "navy": "#2443c1",
}


def fill_color(name: str) -> str:
    """Palette colour for a name; CSS colours (`#abc`, `red`-like words) pass through."""
    return PALETTE.get(name, name)


def _rgb(color: str) -> tuple[int, int, int]:
    c = fill_color(color).lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
    except ValueError:
        return (0, 0, 0)


def _brightness(color: str) -> float:
    r, g, b = _rgb(color)
    return math.sqrt((0.299 * r) ** 2 + (0.587 * g) ** 2 + (0.114 * b) ** 2) / 1000


def _ratio(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def contrast_color(color: str) -> str:
    """`white` or `black`: the text colour 18xx.games picks for a box of `color`."""
    c = _brightness(color)
    white, black = _brightness("#ffffff"), _brightness("#000000")
    return "white" if 1.8 * _ratio(white, c) > _ratio(black, c) else "black"
