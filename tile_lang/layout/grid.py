"""Layout stage: the `grid` overlay (facts §2.5) in its three modes (`tile_lang.options.Grid`).

All modes draw the nine lines that cut the hex into its 24 regions (half-transparent black,
2 wide, over the tile, turning with it in pointy layout). Then:

* `regions` — each region's number (0-23) at its label centre: what `grid` means everywhere,
  the same picture as the tile pages' `?grid` overlay;
* `usage` — each region's final use value rounded to one decimal (18xx.games' own `?grid`
  debug view: how the placement of labels and revenues saw the tile);
* `anatomy` — the teaching figure: region numbers, edges 0-5 at their midpoints, corners
  0.5-5.5 and the centre, so a reader can map every number of the tile language to a place;
  where an edge carries more than one lane, each lane is labelled `width.index` (the `a_lane` /
  `b_lane` spelling) where its track meets the edge, so the figure shows which side is index 0.

Text is dark on a white halo (readable on every tile colour) and kept upright in pointy layout.
Regions are numbered row by row from the top left (see the facts' table).
"""

from __future__ import annotations

import math

from tile_lang.layout.context import TileContext
from tile_lang.layout.hexgeom import edge_point
from tile_lang.layout.regions import REGION_LABEL_CENTERS
from tile_lang.layout.shapes import Point, Shape, circle, fmt, group, line, path, text
from tile_lang.layout.track import STYLES, lane_shift
from tile_lang.parts import EdgeRef, Lane

#: Label ink: near-black on a white halo, readable on every palette colour.
INK = "#1a1a1a"
EDGE_FILL = "#1f4e8c"
CORNER_FILL = "#8a2a0a"
LANE_FILL = "#5b1a7a"


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


def _upright(ctx: TileContext, at: Point) -> str:
    transform = f"translate({fmt(at[0])} {fmt(at[1])})"
    if ctx.upright:
        transform += f" rotate({fmt(ctx.upright)})"
    return transform


def _label(ctx: TileContext, at: Point, content: str, size: float, fill: str = INK,
           halo: bool = False) -> Shape:  # fmt: skip
    """Bold upright text centred on `at`; with `halo`, a white outline drawn underneath as its
    own element (PDF and PNG renderers ignore `paint-order`)."""
    style: dict[str, str | float] = {
        "font_size": size,
        "font_weight": 700,
        "text_anchor": "middle",
        "dominant_baseline": "central",
    }
    label = text(0, 0, content, fill=fill, stroke="none", **style)
    if not halo:
        return group([label], transform=_upright(ctx, at))
    outline = text(0, 0, content, fill="white", stroke="white", stroke_width=size / 4,
                   stroke_linejoin="round", **style)  # fmt: skip
    return group([outline, label], transform=_upright(ctx, at))


def _region_numbers(ctx: TileContext, size: float) -> list[Shape]:
    return [
        _label(ctx, (x, y), str(region), size, halo=True)
        for region, (x, y) in REGION_LABEL_CENTERS.items()
    ]


#: How far in from the centre lane labels sit: inside the edge discs (76 ± 9), clear of them.
LANE_LABEL_DISTANCE = 60


def lane_label_points(ctx: TileContext) -> dict[tuple[int, Lane], Point]:
    """Where each multi-lane edge end of the (rotated, lane-expanded) tile is labelled: the
    edge's inward normal at `LANE_LABEL_DISTANCE`, moved sideways by the same shift the track
    drawing gives that lane (so the label sits on its own track)."""
    points: dict[tuple[int, Lane], Point] = {}
    for p in ctx.tile.paths:
        width = STYLES[p.track][1]
        for end, lane in ((p.a, p.a_lane), (p.b, p.b_lane)):
            if not isinstance(end, EdgeRef) or lane is None or lane[0] <= 1:
                continue
            edge = end.edge % 6
            x, y = edge_point(edge, LANE_LABEL_DISTANCE)
            shift = lane_shift(lane, width)
            angle = math.radians(60 * edge)
            points[(edge, lane)] = (x + shift * math.cos(angle), y + shift * math.sin(angle))
    return points


def _lane_labels(ctx: TileContext) -> list[Shape]:
    return [
        _label(ctx, at, f"{lane[0]}.{lane[1]}", 8, fill=LANE_FILL, halo=True)
        for (_, lane), at in sorted(lane_label_points(ctx).items())
    ]


def _anatomy(ctx: TileContext) -> list[Shape]:
    """Edges (numbered discs just inside each edge), corners, centre, then region numbers —
    or, on a tile with multi-lane edges, the lane labels instead (a lanes figure is about
    them, and region numbers would sit on the same tracks)."""
    shapes: list[Shape] = []
    for edge in range(6):
        x, y = edge_point(edge, 76)
        shapes.append(circle(x, y, 9, fill="white", stroke=EDGE_FILL, stroke_width=2))
        shapes.append(_label(ctx, (x, y), str(edge), 12, fill=EDGE_FILL))
    for edge in range(6):
        corner = edge + 0.5
        x, y = edge_point(corner, 88)
        shapes.append(_label(ctx, (x, y), f"{corner:g}", 9, fill=CORNER_FILL, halo=True))
    shapes.append(line((-6, 0), (6, 0), stroke=INK, stroke_width=1.5))
    shapes.append(line((0, -6), (0, 6), stroke=INK, stroke_width=1.5))
    lanes = _lane_labels(ctx)
    shapes.extend(lanes or _region_numbers(ctx, 8))
    return shapes


def draw(ctx: TileContext) -> None:
    if ctx.grid is None:
        return
    if ctx.grid == "usage":
        numbers = [
            _label(ctx, (x, y), use_label(ctx.regions.use[region]), 14, halo=True)
            for region, (x, y) in REGION_LABEL_CENTERS.items()
        ]
        ctx.add("grid_numbers", group(numbers))
    ctx.add(
        "grid",
        group([path(d) for d in LINES], fill="none", opacity=0.5, stroke="black", stroke_width=2),
    )
    if ctx.grid == "regions":
        ctx.add("annotations", group(_region_numbers(ctx, 10), stroke="none"))
    elif ctx.grid == "anatomy":
        ctx.add("annotations", group(_anatomy(ctx)))
