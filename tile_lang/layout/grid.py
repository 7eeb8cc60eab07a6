"""Layout stage: the `grid` overlay — the nine lines cutting the hex into 24 regions, and each
region's number with how much it is used (facts §2.5)."""

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


def draw(ctx: TileContext) -> None:
    if not ctx.grid:
        return
    numbers: list[Shape] = []
    for region, (x, y) in REGION_LABEL_CENTERS.items():
        use = ctx.regions.use[region]
        label = f"{region}" if not use else f"{region}·{use:.1f}".replace(".0", "")
        transform = f"translate({fmt(x)} {fmt(y)})"
        if ctx.upright:
            transform += f" rotate({fmt(ctx.upright)})"
        numbers.append(
            group(
                [text(0, 0, label, fill="#0077aa", stroke="white", stroke_width=0.3, font_size=9,
                      font_weight=700, dominant_baseline="middle", paint_order="stroke")],
                transform=transform,
            )  # fmt: skip
        )
    ctx.add("grid_numbers", group(numbers, class_="tile-grid-numbers"))
    ctx.add(
        "grid",
        group([path(d) for d in LINES], fill="none", opacity=0.5, stroke="black", stroke_width=2),
    )
