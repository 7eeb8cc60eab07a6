"""Layout stage: typed borders, gauge-change circles and border costs (facts §6.6).

Typeless borders change the hex outline instead (see `outline`); every border, typed or not,
claims the region at its edge.
"""

from __future__ import annotations

from tile_lang.layout.colors import contrast_color, fill_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.hexgeom import EDGE_MIDPOINTS, VERTICES
from tile_lang.layout.shapes import Shape, circle, fmt, group, line, text

EDGE_REGION = {0: 21, 1: 13, 2: 6, 3: 2, 4: 10, 5: 17}
TYPE_COLORS = {
    "mountain": "sepia",
    "water": "blue",
    "impassable": "red",
    "province": "orange",
    "gauge_change": "red",
    "divider": "black",
    "offboard": "red",
}


def edge_segment(edge: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Edge e runs from vertex e to vertex e+1 (partition numbering, facts §2.1)."""
    return VERTICES[edge % 6], VERTICES[(edge + 1) % 6]


def draw(ctx: TileContext) -> None:
    for border in ctx.tile.borders:
        edge = border.edge % 6
        ctx.regions.claim((EDGE_REGION[edge],))
        if border.type is None and border.color is None:
            continue
        color = fill_color(border.color or TYPE_COLORS.get(border.type or "", "black"))
        shapes: list[Shape] = []
        mx, my = EDGE_MIDPOINTS[edge]
        if border.type == "gauge_change":
            shapes.append(circle(mx, my, 20, fill=fill_color("red"), stroke="white", stroke_width=3))
        else:
            a, b = edge_segment(edge)
            shapes.append(
                line(
                    a,
                    b,
                    stroke=color,
                    stroke_width=10 if border.type == "impassable" else 8,
                    stroke_dasharray="20 20" if border.type == "province" else None,
                )
            )
        if border.cost is not None:
            ink = contrast_color(color)
            label = text(
                0,
                0,
                str(border.cost),
                fill=ink,
                stroke=ink,
                font_size=21,
                font_weight=300,
                dominant_baseline="central",
                transform="translate(0 1)",
            )
            transform = f"translate({fmt(mx)} {fmt(my)})"
            if ctx.upright:
                transform += f" rotate({fmt(ctx.upright)})"
            shapes.append(
                group([circle(0, 0, 18, fill=color, stroke="none"), label], transform=transform)
            )
        ctx.add("borders", *shapes)
