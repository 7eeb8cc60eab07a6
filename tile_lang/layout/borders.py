"""Layout stage: typed borders, gauge-change circles and border costs (facts §6.6).

A border without `type` draws nothing here: the hex outline leaves that edge out instead (see
`outline`). The borders part only exists when at least one border has a type; then it claims
the region at every border's edge (typed or not) and draws, for each typed border, a line along
the edge (or, for `gauge_change`, a circle on it) and an optional cost circle.

Colour: an explicit `color:` (palette name) wins; otherwise by type. Types 18xx.games has no
colour for (`divider`, `offboard`) get no stroke of their own and inherit the hex group's black.

Cost text: 18xx.games gives it the contrast colour as fill and stroke attributes, but its class
`tile__text` sets `fill: black` in CSS, and CSS beats presentation attributes, so in the browser
the digits are black with a 1-unit outline in the contrast colour (white on sepia and red). We
reproduce what the browser shows.
"""

from __future__ import annotations

from tile_lang.layout.colors import contrast_color, fill_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.hexgeom import EDGE_MIDPOINTS, VERTICES
from tile_lang.layout.regions import EDGE_REGION
from tile_lang.layout.shapes import Point, Shape, circle, fmt, group, line, text
from tile_lang.model import Border

#: Palette colour per border type; other types have none (inherited black).
TYPE_COLORS = {
    "mountain": "sepia",
    "water": "blue",
    "impassable": "red",
    "province": "orange",
    "gauge_change": "red",
}


def edge_segment(edge: int) -> tuple[Point, Point]:
    """Edge e runs from vertex e to vertex e+1 (partition numbering, facts §2.1)."""
    return VERTICES[edge % 6], VERTICES[(edge + 1) % 6]


def border_color(border: Border) -> str | None:
    """The border's colour (a CSS colour), or None when it inherits black."""
    if border.color:
        return fill_color(border.color)
    name = TYPE_COLORS.get(border.type or "")
    return fill_color(name) if name else None


def _cost(border: Border, color: str | None, upright: float) -> Shape:
    mx, my = EDGE_MIDPOINTS[border.edge % 6]
    ink = contrast_color(color or "black")
    label = text(
        0,
        0,
        str(border.cost),
        fill="black",
        stroke=ink,
        font_size=21,
        font_weight=300,
        dominant_baseline="middle",
        transform="translate(0 1)",
    )
    transform = f"translate({fmt(mx)} {fmt(my)})"
    if upright:
        transform += f" rotate({fmt(upright)})"
    return group([circle(0, 0, 18, fill=color, stroke="none"), label], transform=transform)


def border_shapes(border: Border, upright: float) -> list[Shape]:
    """The drawing of one typed border (line or gauge circle, then its cost)."""
    color = border_color(border)
    shapes: list[Shape] = []
    if border.type == "gauge_change":
        mx, my = EDGE_MIDPOINTS[border.edge % 6]
        transform = f"translate({fmt(mx)} {fmt(my)})"
        if upright:
            transform += f" rotate({fmt(upright)})"
        shapes.append(
            group(
                [circle(0, 0, 20, fill=color, stroke="white", stroke_width=3)], transform=transform
            )
        )
    else:
        a, b = edge_segment(border.edge)
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
        shapes.append(_cost(border, color, upright))
    return shapes


def draw(ctx: TileContext) -> None:
    borders = ctx.tile.borders
    if not any(b.type for b in borders):
        return
    ctx.regions.claim([EDGE_REGION[b.edge % 6] for b in borders])
    for border in borders:
        if border.type:
            ctx.add("borders", *border_shapes(border, ctx.upright))
