"""Paper sizes and hex geometry in millimetres: where every tile of a sheet goes.

Why its own module: the numbers that make a print right on paper (a 38 mm hex measuring
38 mm, neighbouring hexes sharing an edge exactly) are decided once here and tested alone,
without drawing anything.

Tiles are drawn by the renderer in 18xx.games' units: circumradius 100, corners at
(±100, 0) and (±50, ±87). The distance between flats is therefore 174 units (not 100·√3),
and the lattice that makes those hexes share edges is spanned by (150, 87) and (0, 174);
pointy layout is the same picture turned +30°. Using the renderer's own numbers keeps the
cut lines on the drawn outlines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from tile_lang import Layout as Layout  # re-exported: the one layout literal
from tile_lang.layout.hexgeom import HEX_POINTS

Paper = Literal["a4", "letter"]
Point = tuple[float, float]

#: Paper sizes in millimetres, portrait (width, height).
PAPER_SIZES: dict[Paper, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

#: Distance between opposite flats of the renderer's hex, in tile units.
FLATS_UNITS = 174.0
#: The side of the square box a standalone tile SVG draws into, in tile units.
TILE_BOX_UNITS = 200.0

#: Bounds of the options (numbers have bounds: a 2 m hex or a negative margin is a typo).
MIN_HEX_MM, MAX_HEX_MM = 10.0, 120.0
MAX_MARGIN_MM = 50.0
MAX_BLEED_MM = 5.0

_POINTY = math.radians(30.0)


def turn(point: Point, layout: Layout) -> Point:
    """A tile-frame point as drawn: unchanged in flat layout, turned +30° in pointy."""
    if layout == "flat":
        return point
    x, y = point
    c, s = math.cos(_POINTY), math.sin(_POINTY)
    return (x * c - y * s, x * s + y * c)


def hex_corners(layout: Layout, unit_mm: float, centre: Point = (0.0, 0.0)) -> list[Point]:
    """The six corners of a drawn hex in millimetres (`unit_mm` = millimetres per tile unit)."""
    cx, cy = centre
    out = []
    for corner in HEX_POINTS:
        x, y = turn(corner, layout)
        out.append((cx + x * unit_mm, cy + y * unit_mm))
    return out


def lattice(layout: Layout) -> tuple[Point, Point]:
    """Two lattice vectors (tile units) along which drawn hexes share edges.

    Flat: `step` goes to the next column (down-right), `down` to the hex below. Pointy: `step`
    goes to the neighbour on the right, `down` to the hex below-right. Both are the flat
    vectors turned with the picture, so edges stay shared exactly.
    """
    if layout == "flat":
        return (150.0, 87.0), (0.0, FLATS_UNITS)
    a = turn((150.0, 87.0), layout)
    b = turn((0.0, FLATS_UNITS), layout)
    return (a[0] - b[0], a[1] - b[1]), a


def sheet_position(layout: Layout, col: int, row: int) -> Point:
    """Centre (tile units) of the hex at (col, row) of a counter sheet, the first at (0, 0).

    Flat rows zig-zag (odd columns half a hex lower), so every hex touches the next one of its
    row; pointy rows are straight and odd rows are shifted half a hex right.
    """
    step, down = lattice(layout)
    if layout == "flat":
        return (col * step[0], (col % 2) * step[1] + row * down[1])
    b = (down[0] - step[0], down[1] - step[1])  # the hex below-left
    ups, downs = (row + 1) // 2, row // 2
    return (
        col * step[0] + ups * down[0] + downs * b[0],
        col * step[1] + ups * down[1] + downs * b[1],
    )


@dataclass(frozen=True)
class SheetGrid:
    """How many hexes fit on the printable area and where the block's origin sits (mm)."""

    cols: int
    rows: int
    origin: Point
    pitch_mm: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


def _extent(layout: Layout, cols: int, rows: int) -> tuple[float, float, float, float]:
    """Bounding box (tile units) of the drawn hexes of a cols x rows sheet: that of the
    boundary hexes' centres widened by the corners of a hex at the origin. The same numbers
    as taking every corner of every boundary hex (a rounded sum is monotonic in each term,
    so the extreme sum is the sum of the extremes), for a fraction of the work: every game's
    printable page searches the largest block that fits."""
    cells = [(col, row) for col in range(cols) for row in ((0, rows - 1) if rows > 1 else (0,))]
    cells += [(col, row) for row in range(rows) for col in (0, cols - 1)]
    centres = [sheet_position(layout, col, row) for col, row in cells]
    corners = hex_corners(layout, 1.0)
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    dxs = [x for x, _ in corners]
    dys = [y for _, y in corners]
    return min(xs) + min(dxs), min(ys) + min(dys), max(xs) + max(dxs), max(ys) + max(dys)


def sheet_grid(layout: Layout, pitch_mm: float, area: tuple[float, float]) -> SheetGrid:
    """The largest cols x rows block of hexes (each `pitch_mm` between flats, bleed included)
    fitting in `area` (width, height in mm), centred in it; ValueError when not one fits."""
    unit = pitch_mm / FLATS_UNITS
    width, height = area

    def fits(cols: int, rows: int) -> bool:
        x0, y0, x1, y1 = _extent(layout, cols, rows)
        return (x1 - x0) * unit <= width + 1e-9 and (y1 - y0) * unit <= height + 1e-9

    if not fits(1, 1):
        raise ValueError(
            f"a {pitch_mm:g} mm hex does not fit in a {width:g} x {height:g} mm printable area"
        )
    best = (1, 1)
    cols = 1
    while fits(cols, 1):
        rows = 1
        while fits(cols, rows + 1):
            rows += 1
        if cols * rows > best[0] * best[1]:
            best = (cols, rows)
        cols += 1
    cols, rows = best
    x0, y0, x1, y1 = _extent(layout, cols, rows)
    origin = (
        (width - (x1 - x0) * unit) / 2 - x0 * unit,
        (height - (y1 - y0) * unit) / 2 - y0 * unit,
    )
    return SheetGrid(cols, rows, origin, pitch_mm)
