"""GE18XX location numbers and how they become tile-language positions.

GE18XX names points of a hex by number (its `Tile-Definitions-Documentation.txt`):

=========  ===================================================================
0–5        the sides; on a flat hex 0 is the top side, then clockwise
6–11       near side k−6: inside the hex, half-way from the centre to side k−6
12–17      near corner: between side k−13 and side k−12 (12 is the top-left corner)
18–23      far (from) side: close to the centre, towards side k−18
24–35      far-from-corner points (left 24–29, right 30–35), on curves between sides
36–39      near centre (only four of them)
40–45      adjacent to side k−40: so close to the side that a city there overlaps it
50         the centre
90–95      dead end next to side k−90 (off-board arrows)
99         the dead end itself (where off-board revenue centres sit)
=========  ===================================================================

On a pointy map (GE18XX `direction="EW"`) the same diagram is turned 90° counter-clockwise:
side 0 is on the left.

**Sides → edges.** 18xx.games numbers edges clockwise from the bottom (flat) or from the
lower left (pointy). A GE18XX side `s` becomes edge `(s + 3) % 6` on a flat map and
`(s + 1) % 6` on a pointy map — in both cases the track leaves the hex on screen exactly where
GE18XX draws it. Both programs turn tiles clockwise, so a GE18XX orientation `r` is the same
18xx.games rotation `r`, and the allowed rotations of a TileSet upgrade carry over unchanged.

**Inner points → `loc`.** Each inner point has a position, measured from GE18XX's drawing
code (`POINTS`: a direction in "sides" clockwise from side 0, and a distance from the centre
in circumradii). A stop that needs a `loc` gets the position snapped to the nearest edge or
corner (half values, `2.5` = between edges 2 and 3), or `center` when the point is nearer the
centre than the 18xx.games stop distance allows (under `CENTER_RADIUS`).
"""

from __future__ import annotations

SIDE_OFFSET: dict[str, int] = {"flat": 3, "pointy": 1}
CENTER = 50
DEAD_END = 99
CENTER_RADIUS = 0.25

# location -> (direction in sides clockwise from GE side 0, distance in circumradii), flat frame.
# Measured from GE18XX's Location.calcCenter factors; the far-corner points are hand-tuned there
# and not quite symmetric (32 and 35 are where GE18XX draws them, not where symmetry says).
POINTS: dict[int, tuple[float, float]] = {
    **{6 + k: (float(k), 0.5) for k in range(6)},
    **{12 + k: ((k - 0.5) % 6, 0.556 if k % 3 == 2 else 0.571) for k in range(6)},
    18: (0.0, 0.232), 19: (0.68, 0.307), 20: (2.32, 0.307),
    21: (3.0, 0.232), 22: (3.68, 0.307), 23: (5.32, 0.307),
    24: (5.15, 0.497), 25: (0.2, 0.444), 26: (1.04, 0.436),
    27: (2.15, 0.497), 28: (3.2, 0.444), 29: (4.04, 0.436),
    30: (5.8, 0.444), 31: (0.85, 0.497), 32: (2.15, 0.497),
    33: (2.8, 0.444), 34: (3.85, 0.497), 35: (5.15, 0.497),
    36: (0.0, 0.333), 37: (1.5, 0.577), 38: (3.0, 0.333), 39: (4.5, 0.577),
    40: (0.0, 0.769), 41: (1.05, 0.779), 42: (1.95, 0.779),
    43: (3.0, 0.769), 44: (4.05, 0.779), 45: (4.95, 0.779),
    CENTER: (0.0, 0.0),
}  # fmt: skip

# GE18XX turns an inner point with its tile by moving it within its group of six.
_GROUPS = ((0, 6), (6, 12), (12, 18), (18, 24), (24, 30), (30, 36), (40, 46))


def is_side(location: int) -> bool:
    return 0 <= location <= 5


def is_dead_end(location: int) -> bool:
    """90–95 (a dead end next to a side) and 99 (the dead end itself)."""
    return 90 <= location <= 95 or location == DEAD_END


def is_point(location: int) -> bool:
    """An inner point a stop or a track end can sit on (6–45 and the centre)."""
    return location in POINTS


def side_to_edge(side: int, layout: str) -> int:
    """The 18xx.games edge of GE18XX side `side` (0–5) on a flat or pointy map."""
    return (side + SIDE_OFFSET[layout]) % 6


def rotate_location(location: int, orientation: int) -> int:
    """Where `location` is after GE18XX turns its tile clockwise by `orientation` sixths."""
    r = orientation % 6
    for low, high in _GROUPS:
        if low <= location < high:
            return low + (location - low + r) % 6
    if 36 <= location <= 39 and r < 4:
        return 36 + (location - 36 + r) % 4  # GE18XX's four near-centre points
    return location


def point_loc(location: int, layout: str) -> str | None:
    """The tile-language `loc` nearest to inner point `location`: an edge, a corner or `center`.

    None for locations that are not inner points (sides, dead ends, unknown numbers).
    """
    point = POINTS.get(location)
    if point is None:
        return None
    direction, distance = point
    if distance < CENTER_RADIUS:
        return "center"
    snapped = round((direction + SIDE_OFFSET[layout]) * 2) / 2 % 6
    return f"{snapped:g}"


def is_corner_point(location: int) -> bool:
    """Near-corner points 12–17: a stop there sits between two edges, which 18xx.games only
    draws when told (`loc:<corner>`)."""
    return 12 <= location <= 17
