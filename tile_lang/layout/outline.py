"""Layout stage: the hex outline polygon, filled with the tile colour (facts §2.1, §8.1).

Typeless borders replace the outline by a fill-only polygon plus the remaining black edges; that
refinement belongs to the borders work and may move here.
"""

from __future__ import annotations

from tile_lang.layout.colors import fill_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.hexgeom import HEX_POINTS
from tile_lang.layout.shapes import polygon


def draw(ctx: TileContext) -> None:
    ctx.add("outline", polygon(HEX_POINTS, fill=fill_color(ctx.color), stroke="black"))
