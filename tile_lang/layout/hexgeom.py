"""Hex geometry in 18xx.games' units: circumradius 100, centre at the origin (facts §2.1).

Flat layout is the tile frame; pointy layout is the same drawing rotated +30° with upright items
counter-rotated. Track points sit at distance 87 from the centre along each edge's outward
direction (rounded to 2 decimals, as the browser prints them).
"""

from __future__ import annotations

import math

from tile_lang.layout.shapes import Point

X_R, X_M_R, X_M_L, X_L = 100.0, 50.0, -50.0, -100.0
Y_M, Y_T, Y_B = 0.0, -87.0, 87.0

#: Outline polygon, in the engine's vertex order.
HEX_POINTS: tuple[Point, ...] = (
    (X_R, Y_M),
    (X_M_R, Y_B),
    (X_M_L, Y_B),
    (X_L, Y_M),
    (X_M_L, Y_T),
    (X_M_R, Y_T),
)

#: Partition vertex k sits between edge k-1 and edge k.
VERTICES: tuple[Point, ...] = ((50, 87), (-50, 87), (-100, 0), (-50, -87), (50, -87), (100, 0))

#: Exact segment midpoints of each edge (used by borders).
EDGE_MIDPOINTS: dict[int, Point] = {
    0: (0, 87), 1: (-75, 43.5), 2: (-75, -43.5), 3: (0, -87), 4: (75, -43.5), 5: (75, 43.5),
}  # fmt: skip

#: Counter-rotation for upright items (text, revenue boxes) per layout.
LAYOUT_ANGLE = {"flat": 0.0, "pointy": -30.0}


def edge_point(edge: float, distance: float = 87.0) -> Point:
    """The point at `distance` from the centre towards edge position `edge` (halves allowed)."""
    angle = math.radians(60.0 * edge)
    x = round(-math.sin(angle) * distance, 2)
    y = round(math.cos(angle) * distance, 2)
    return (x + 0.0, y + 0.0)


def edge_direction(edge: float) -> float:
    """Direction angle (degrees, SVG convention) pointing out of edge position `edge`."""
    return 90.0 + 60.0 * edge


def hex_transform(layout: str) -> str | None:
    """The transform of the hex group: pointy turns the whole tile frame +30°."""
    return "rotate(30)" if layout == "pointy" else None
