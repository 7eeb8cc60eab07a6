"""Layout stage: the `grid` overlay (facts §2.5), as 18xx.games' `?grid` shows it.

The nine lines that cut the hex into its 24 regions (half-transparent black, 2 wide, over the
tile, turning with it in pointy layout) and, at every region's label centre, the region's final
use value rounded to one decimal: cyan 18 px text with a thin inherited black outline, kept
upright. Regions are numbered row by row from the top left (see the facts' table).
"""

from __future__ import annotations

import math

from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import REGION_LABEL_CENTERS
from tile_lang.layout.shapes import Shape, fmt, group, path, text


def _lines() -> tuple[str, ...]:
    """Three long diagonals (-100..100 through the centre) and, parallel to each, two lines of
    length 150 at distance 43.5 from the centre (facts §2.5)."""
    out = []
    for degrees in (0.0, 60.0, 120.0):
        a = math.radians(degrees)
        ux, uy = math.cos(a), math.sin(a)
        nx, ny = -uy, ux
        out.append(_segment((-100 * ux, -100 * uy), (100 * ux, 100 * uy)))
        for side in (-1, 1):
            mx, my = side * 43.5 * nx, side * 43.5 * ny
            out.append(_segment((mx - 75 * ux, my - 75 * uy), (mx + 75 * ux, my + 75 * uy)))
    return tuple(out)


def _segment(p: tuple[float, float], q: tuple[float, float]) -> str:
    return f"M {fmt(p[0])} {fmt(p[1])} L {fmt(q[0])} {fmt(q[1])}"


LINES = _lines()


def use_label(value: float) -> str:
    """A region-use value rounded to one decimal, halves up as in the browser (0.25 -> 0.3),
    printed the browser's way (`0`, `1`, `1.5`)."""
    rounded = math.floor(value * 10 + 0.5) / 10
    return f"{rounded:g}" if rounded != int(rounded) else str(int(rounded))


def draw(ctx: TileContext) -> None:
    if not ctx.grid:
        return
    numbers: list[Shape] = []
    for region, (x, y) in REGION_LABEL_CENTERS.items():
        transform = f"translate({fmt(x)} {fmt(y)})"
        if ctx.upright:
            transform += f" rotate({fmt(ctx.upright)})"
        numbers.append(
            text(
                0,
                0,
                use_label(ctx.regions.use[region]),
                fill="cyan",
                font_size=18,
                stroke_width=0.5,
                dominant_baseline="middle",
                transform=transform,
            )
        )
    ctx.add("grid_numbers", group(numbers))
    ctx.add(
        "grid",
        group([path(d) for d in LINES], fill="none", opacity=0.5, stroke="black", stroke_width=2),
    )
