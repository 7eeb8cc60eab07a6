"""Tile colour names as words for people: headings, menus and spoken descriptions.

18xx.games writes two-colour tiles as one word (`greenbrown`: a tile that is both green and
brown for upgrades) and greys with their lightness (`gray60`). Read aloud or in a heading,
"Greenbrown" looks like a typo; these are the words the site uses instead.
"""

from __future__ import annotations

import re

#: Colour words a compound name is made of, longest first so `gray` wins over `gr…` prefixes.
BASE_COLORS: tuple[str, ...] = (
    "yellow", "orange", "purple", "salmon", "green", "brown", "sepia", "white", "black",
    "gray", "pink", "navy", "blue", "red",
)  # fmt: skip

_SHADE = re.compile(r"^([a-z]+?)(\d+)$")


def _split(name: str) -> list[str] | None:
    """`greenbrown` -> [green, brown]; None when `name` is not made of colour words."""
    if not name:
        return []
    for base in BASE_COLORS:
        if name.startswith(base):
            rest = _split(name[len(base) :])
            if rest is not None:
                return [base, *rest]
    return None


def color_words(name: str) -> str:
    """`greenbrown` -> "green/brown", `gray60` -> "gray 60", `none` -> "colourless", a
    `#rrggbb` or any other name unchanged (underscores as spaces)."""
    if name == "none":
        return "colourless"
    shade = _SHADE.match(name)
    if shade and shade.group(1) in BASE_COLORS:
        return f"{shade.group(1)} {shade.group(2)}"
    parts = _split(name)
    if parts and len(parts) > 1:
        return "/".join(parts)
    return name.replace("_", " ")


def color_title(name: str) -> str:
    """`color_words` with a capital first letter, for headings and sentences."""
    words = color_words(name)
    return words[:1].upper() + words[1:]
