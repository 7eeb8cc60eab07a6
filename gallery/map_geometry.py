"""Where things sit on a game map, in tile units (hex circumradius 100): hex centres from
coordinates, the map's frame, and the row and column labels along its edges.

Pure numbers, no markup, so the map page, the thumbnails and the print sheets agree on every
position. Coordinates are read by `gallery.native.coord_position`, the one reading of 18xx.games'
coordinates (so `a2`, one column left of `A2`, is never drawn on top of it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from gallery.game import Game
from gallery.native import coord_position

SQRT3 = math.sqrt(3)
#: Room around the outermost hex centres: a hex (100) and its axis labels.
PAD = 130.0
#: Extra room above the map for the column labels.
LABEL_BAND = 40.0

Point = tuple[float, float]


def hex_center(game: Game, coord: str) -> Point:
    """Centre of a hex from its coordinate (`E12`), honouring the game's layout and axes;
    a coordinate that cannot be read sits at the origin (the reader reports it)."""
    try:
        x, y = coord_position(coord, game.axes)
    except ValueError:
        return (0.0, 0.0)
    if game.layout == "pointy":
        return (x * 50 * SQRT3, y * 150.0)
    return (x * 150.0, y * 50 * SQRT3)


def hex_centres(game: Game) -> dict[str, Point]:
    """Every hex's centre, by coordinate."""
    return {coord: hex_center(game, coord) for coord in game.hexes}


@dataclass(frozen=True)
class MapFrame:
    """The drawn area: its top-left corner and size, labels included."""

    x: float
    y: float
    width: float
    height: float

    @property
    def view_box(self) -> str:
        return f"{self.x:.1f} {self.y:.1f} {self.width:.1f} {self.height:.1f}"


def map_frame(centres: Mapping[str, Point]) -> MapFrame:
    """The frame around all hex centres, with room for hexes and labels."""
    xs = [p[0] for p in centres.values()] or [0.0]
    ys = [p[1] for p in centres.values()] or [0.0]
    left, top = min(xs) - PAD, min(ys) - PAD - LABEL_BAND
    return MapFrame(left, top, max(xs) + PAD - left, max(ys) + PAD - top)


@dataclass(frozen=True)
class AxisLabel:
    """One row or column label: where it goes and what it says."""

    x: float
    y: float
    text: str
    kind: str  # "column" (along the top) or "row" (down the left side)


def axis_labels(game: Game, centres: Mapping[str, Point], frame: MapFrame) -> list[AxisLabel]:
    """Column labels along the top and row labels down the left, each written once, in the
    game's axes (`letter` columns and `number` rows by default)."""
    cols: dict[float, str] = {}
    rows: dict[float, str] = {}
    for coord, (x, y) in centres.items():
        letters = re.match(r"[A-Za-z]+", coord)
        number = re.search(r"-?\d+$", coord)
        letter_text = letters.group() if letters else ""
        number_text = number.group() if number else ""
        if game.axes.x == "letter":
            col_label, row_label = letter_text, number_text
        else:
            col_label, row_label = number_text, letter_text
        cols.setdefault(round(x, 1), col_label)
        rows.setdefault(round(y, 1), row_label)
    top = frame.y + LABEL_BAND - 10
    left = frame.x + 20
    return [AxisLabel(x, top, t, "column") for x, t in sorted(cols.items())] + [
        AxisLabel(left, y, t, "row") for y, t in sorted(rows.items())
    ]
