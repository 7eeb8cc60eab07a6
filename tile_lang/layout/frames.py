"""Layout stage: frames (one or two colours) and stripes (facts §6.9), drawn under the tile."""

from __future__ import annotations

from tile_lang.layout.colors import fill_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.hexgeom import HEX_POINTS
from tile_lang.layout.shapes import Point, group, polygon

FRAME_SCALE = 1 - 5.5 / 87
FRAME_POINTS: tuple[Point, ...] = tuple(
    (round(x * FRAME_SCALE, 3), round(y * FRAME_SCALE, 3)) for x, y in HEX_POINTS
)
STRIPE_CENTRE: tuple[Point, ...] = ((-16, -87), (16, -87), (16, 87), (-16, 87))
STRIPE_RIGHT: tuple[Point, ...] = ((48, -87), (50, -87), (80, -35), (80, 35), (50, 87), (48, 87))
STRIPE_LEFT: tuple[Point, ...] = tuple((-x, y) for x, y in STRIPE_RIGHT)


def draw(ctx: TileContext) -> None:
    for frame in ctx.tile.frames:
        ctx.add(
            "frame",
            polygon(FRAME_POINTS, fill=fill_color(ctx.color), stroke=frame.color, stroke_width=10),
        )
        if frame.color2:
            ctx.add(
                "frame",
                polygon(
                    FRAME_POINTS,
                    stroke=frame.color2,
                    stroke_width=10,
                    fill_opacity=0,
                    pathLength=576,
                    stroke_dasharray=32,
                    stroke_dashoffset=16,
                ),
            )
    for stripes in ctx.tile.stripes:
        color = fill_color(stripes.color)
        shapes = [polygon(pts, fill=color) for pts in (STRIPE_CENTRE, STRIPE_RIGHT, STRIPE_LEFT)]
        ctx.add("stripes", group(shapes, transform=None if ctx.pointy else "rotate(60)"))
