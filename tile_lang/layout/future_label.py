"""Layout stage: future labels — a small coloured hexagon with text (facts §6.14)."""

from __future__ import annotations

import math

from tile_lang.layout.colors import fill_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.shapes import fmt, group, polygon, text
from tile_lang.layout.small_items import LARGE_FLAT, LARGE_POINTY

HEX = [
    (round(20.78 * math.cos(math.radians(60 * k)), 2), round(20.78 * math.sin(math.radians(60 * k)), 2))
    for k in range(6)
]


def draw(ctx: TileContext) -> None:
    for future in ctx.tile.future_labels:
        where = ctx.regions.choose(list(LARGE_POINTY if ctx.pointy else LARGE_FLAT))
        shapes = [polygon(HEX, fill=fill_color(future.color or "white"))]
        if future.label:
            shapes.append(
                text(0, 0, future.label, fill="black", font_size=16, dominant_baseline="middle")
            )
        transform = f"translate({fmt(where.x)} {fmt(where.y)})"
        if ctx.upright:
            transform = f"rotate({fmt(ctx.upright)}) " + transform
        ctx.add("future_label", group(shapes, transform=transform))
