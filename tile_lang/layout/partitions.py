"""Layout stage: partitions — lines between hex corners (facts §6.7).

Only `divider` and `province` partitions are visible on a static tile: the others show only when
a game's private company blocks them, which a tile string cannot say. Vertex k sits between edge
k−1 and edge k. An end written with a sign (`0+`, `3-`) starts a fifth of the way towards the next
or previous vertex and bends through 0.6 × its vertex; `length` shortens the line from A;
`restrict` bends the line through a "magnet" point halfway to a vertex (the opposite one for
`inner`), giving an S-shaped curve.
"""

from __future__ import annotations

from tile_lang.layout.colors import fill_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.hexgeom import VERTICES
from tile_lang.layout.shapes import Point, Shape, fmt, path
from tile_lang.model import Partition

COLORS = {"mountain": "brown", "province": "orange", "water": "blue", "impassable": "red",
          "divider": "black"}  # fmt: skip
VISIBLE = ("divider", "province")
NEAR = 0.8  # weight of the own vertex in a convex combination


def _mix(p: Point, q: Point, w: float = NEAR) -> Point:
    return (w * p[0] + (1 - w) * q[0], w * p[1] + (1 - w) * q[1])


def _scale(p: Point, k: float) -> Point:
    return (p[0] * k, p[1] * k)


def _end(spec: str) -> tuple[int, int]:
    """Vertex number and sign (-1, 0, +1) of an end such as `3`, `0+`, `5-`."""
    vertex = int(spec[0]) if spec[:1].isdigit() else 0
    sign = {"+": 1, "-": -1}.get(spec[1:2], 0)
    return vertex, sign


def _pt(p: Point) -> str:
    return f"{fmt(p[0])} {fmt(p[1])}"


def partition_path(part: Partition) -> str:
    """The path data of one partition (cubic Bézier, with a magnet for `restrict`)."""
    a, a_sign = _end(part.a)
    b, b_sign = _end(part.b)
    va, vb = VERTICES[a % 6], VERTICES[b % 6]
    start = _mix(va, VERTICES[(a + a_sign) % 6])
    end = _mix(vb, VERTICES[(b + b_sign) % 6])
    if part.length is not None:
        end = (
            start[0] + part.length * (end[0] - start[0]),
            start[1] + part.length * (end[1] - start[1]),
        )
    control_a = _scale(va, 1 - (1 - NEAR) * 2) if a_sign else _mix(start, end)
    control_b = _scale(vb, 1 - (1 - NEAR) * 2) if b_sign else _mix(end, start)
    magnet = ""
    if part.restrict:
        m = int((a + b) / 2)
        if part.restrict == "inner":
            m = (m + 3) % 6
        centre = _scale(VERTICES[m], 0.5)
        pull = (centre[0] - (end[0] - start[0]) * 2 / 7, centre[1] - (end[1] - start[1]) * 2 / 7)
        magnet = f", {_pt(pull)}, {_pt(centre)} S"
    return f"M {_pt(start)} C {_pt(control_a)}{magnet} {_pt(control_b)}, {_pt(end)}"


def partition_shape(part: Partition, tile_color: str) -> Shape:
    color = fill_color(COLORS.get(part.type or "", tile_color))
    return path(
        partition_path(part),
        stroke=color,
        stroke_width=8,
        stroke_dasharray="20 20" if part.type == "province" else None,
    )


def draw(ctx: TileContext) -> None:
    for part in ctx.tile.partitions:
        if part.type in VISIBLE:
            ctx.add("partitions", partition_shape(part, ctx.color))
