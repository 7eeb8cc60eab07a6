"""Street colours: the names a `.tab` file may use and the fill they are drawn with.

A `calle`'s colour both groups streets and paints the band on the board. The seed only says
"color", so we accept what an author is likely to type: the Spanish names of the classic
Monopoly groups, their English equivalents, and any `#rgb` / `#rrggbb` value. Names are matched
without case or accents (`Marrón` = `marron`) but kept as written in the model, so a file is
written back exactly as it was read.
"""

from __future__ import annotations

import re
import unicodedata

HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")

NAMED: dict[str, str] = {
    # Spanish (classic groups first)
    "marron": "#8b4a2b",
    "celeste": "#9fd4f0",
    "rosa": "#d63a96",
    "violeta": "#8e3b8f",
    "morado": "#6f2c91",
    "naranja": "#f7941d",
    "rojo": "#e2231a",
    "amarillo": "#fde600",
    "verde": "#1fa64a",
    "azul": "#0a5aa8",
    "gris": "#8c8c8c",
    "negro": "#222222",
    "blanco": "#ffffff",
    "turquesa": "#2bb5b0",
    "granate": "#7b1e2b",
    # English
    "brown": "#8b4a2b",
    "lightblue": "#9fd4f0",
    "light_blue": "#9fd4f0",
    "pink": "#d63a96",
    "magenta": "#d63a96",
    "purple": "#8e3b8f",
    "orange": "#f7941d",
    "red": "#e2231a",
    "yellow": "#fde600",
    "green": "#1fa64a",
    "blue": "#0a5aa8",
    "darkblue": "#0a5aa8",
    "grey": "#8c8c8c",
    "gray": "#8c8c8c",
    "black": "#222222",
    "white": "#ffffff",
}
"""Colour name (lower case, no accents) -> fill."""


def _key(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace(" ", "_")


def color_fill(name: str) -> str | None:
    """The `#rrggbb` fill for a colour as written in a `.tab` file, or None if unknown."""
    if HEX.fullmatch(name.strip()):
        value = name.strip().lower()
        if len(value) == 4:
            value = "#" + "".join(c * 2 for c in value[1:])
        return value
    return NAMED.get(_key(name))


def color_names() -> list[str]:
    """Every accepted colour name (for did-you-mean suggestions and the docs)."""
    return sorted(NAMED)


def text_on(fill: str) -> str:
    """Black or white, whichever reads better on `fill` (`#rrggbb`)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"
