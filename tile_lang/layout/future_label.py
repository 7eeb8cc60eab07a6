"""Layout stage: the future label — a small coloured hexagon with text (facts §6.14).

A flat-topped hexagon of inradius 18 (vertices 20.78 from its centre) filled with the palette
colour named by `color` (white by default; inherited black outline), the label in the default
16 px text at its centre; placed at the large-item locations by cost, in the screen frame. A
tile has one future label: when several are written, the last one wins.
"""

from __future__ import annotations

import math

from tile_lang.layout.colors import fill_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.shapes import Point, fmt, group, polygon, text
from tile_lang.layout.small_items import LARGE_FLAT, LARGE_POINTY

INRADIUS = 18
_S = INRADIUS * 2 / math.sqrt(3)
#: Vertices, starting left and going clockwise on screen (rounded as the browser prints them).
HEX: tuple[Point, ...] = tuple(
    (
        round(-_S * math.cos(math.radians(60 * k)), 2) + 0.0,
        round(-_S * math.sin(math.radians(60 * k)), 2) + 0.0,
    )
    for k in range(6)
)


def draw(ctx: TileContext) -> None:
    if not ctx.tile.future_labels:
        return
    future = ctx.tile.future_labels[-1]
    where = ctx.regions.choose(list(LARGE_POINTY if ctx.pointy else LARGE_FLAT))
    shapes = [
        polygon(HEX, fill=fill_color(future.color or "white")),
        text(0, 0, future.label or "", fill="black", font_size=16, dominant_baseline="middle"),
    ]
    transform = f"translate({fmt(where.x)} {fmt(where.y)})"
    if ctx.upright:
        transform = f"rotate({fmt(ctx.upright)}) {transform}"
    ctx.add("future_label", group(shapes, transform=transform))
