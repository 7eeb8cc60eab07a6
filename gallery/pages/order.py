"""The order tiles are listed in, everywhere in the gallery: the engine's colour order, then the
number within a colour (so 8 comes before 57, and 57 before 57a)."""

from __future__ import annotations

import re

from tile_lang import catalog

COLOR_ORDER = catalog.colors()


def color_rank(color: str) -> int:
    """Position of a colour in the engine's order; unknown colours last."""
    return COLOR_ORDER.index(color) if color in COLOR_ORDER else len(COLOR_ORDER)


def name_key(name: str) -> tuple[int, int, str]:
    """The engine's order within a colour: integer value of the name, then the name."""
    match = re.match(r"\d+", name)
    return (0 if match else 1, int(match.group()) if match else 0, name)
