"""Layout stage: the hex outline filled with the tile colour (facts §2.1, §6.6).

With typeless borders (`border=edge:N`, also with a `color:` but no `type:`), the outline becomes
a fill-only polygon plus a black line for each edge that has no typeless border, so that
neighbouring hexes look joined.
"""

from __future__ import annotations

from tile_lang.layout.borders import edge_segment
from tile_lang.layout.colors import fill_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.hexgeom import HEX_POINTS
from tile_lang.layout.shapes import element, fmt, path, points_attr

#: The outline's `points`, written once: every tile draws the same hexagon.
HEX_POINTS_ATTR = points_attr(HEX_POINTS)


def draw(ctx: TileContext) -> None:
    fill = fill_color(ctx.color)
    open_edges = {b.edge % 6 for b in ctx.tile.borders if b.type is None}
    # `polygon(HEX_POINTS, ...)` with its points already written
    if not open_edges:
        ctx.add("outline", element("polygon", points=HEX_POINTS_ATTR, fill=fill, stroke="black"))
        return
    ctx.add("outline", element("polygon", points=HEX_POINTS_ATTR, fill=fill, stroke="none"))
    for edge in range(6):
        if edge in open_edges:
            continue
        (ax, ay), (bx, by) = edge_segment(edge)
        ctx.add("outline", path(f"M {fmt(ax)} {fmt(ay)} L {fmt(bx)} {fmt(by)}", stroke="black"))
