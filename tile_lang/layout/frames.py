"""Layout stage: frames (one or two colours) and stripes (facts §6.9), drawn under the tile.

The frame is a 10-wide band just inside the outline (hex points scaled by 1 − 5.5/87); a second
colour is a dashed copy on top (path length 576, dashes of 32 offset by 16: 18 alternating
blocks). Stripes are three bands of a palette colour (inherited black outline), turned 60° in
flat layout; in pointy they get no turn of their own (the hex group already turns them 30°).
"""

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
    # A tile has one frame and one stripes part: when several are written, the last one wins.
    if ctx.tile.frames:
        frame = ctx.tile.frames[-1]
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
    if ctx.tile.stripes:
        color = fill_color(ctx.tile.stripes[-1].color)
        shapes = [polygon(pts, fill=color) for pts in (STRIPE_CENTRE, STRIPE_RIGHT, STRIPE_LEFT)]
        ctx.add("stripes", group(shapes, transform=None if ctx.pointy else "rotate(60)"))
