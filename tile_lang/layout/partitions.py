"""Layout stage: partitions — lines between hex corners (facts §6.7).

Only `divider` and `province` partitions are visible without a game's blocker; others are kept
in the model but draw nothing, as on 18xx.games.
"""

from __future__ import annotations

from tile_lang.layout.colors import fill_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.hexgeom import VERTICES
from tile_lang.layout.shapes import Point, fmt, path

COLORS = {"mountain": "brown", "province": "orange", "water": "blue", "impassable": "red",
          "divider": "black"}  # fmt: skip


def _vertex(spec: str) -> tuple[Point, Point | None]:
    """The point for `3`, `3+` or `3-`, and the control vertex for a signed end."""
    k = int(spec[0])
    vx, vy = VERTICES[k]
    if len(spec) == 1:
        return (vx, vy), None
    nk = (k + 1) % 6 if spec[1] == "+" else (k - 1) % 6
    nx, ny = VERTICES[nk]
    return (0.8 * vx + 0.2 * nx, 0.8 * vy + 0.2 * ny), (0.6 * vx, 0.6 * vy)


def draw(ctx: TileContext) -> None:
    for part in ctx.tile.partitions:
        if part.type not in ("divider", "province"):
            continue
        a, ca = _vertex(part.a)
        b, cb = _vertex(part.b)
        if part.length is not None:
            b = (a[0] + part.length * (b[0] - a[0]), a[1] + part.length * (b[1] - a[1]))
        c1 = ca or (0.8 * a[0] + 0.2 * b[0], 0.8 * a[1] + 0.2 * b[1])
        c2 = cb or (0.8 * b[0] + 0.2 * a[0], 0.8 * b[1] + 0.2 * a[1])
        d = (
            f"M {fmt(a[0])} {fmt(a[1])} C {fmt(c1[0])} {fmt(c1[1])} {fmt(c2[0])} {fmt(c2[1])} "
            f"{fmt(b[0])} {fmt(b[1])}"
        )
        color = fill_color(COLORS.get(part.type or "", ctx.color))
        ctx.add(
            "partitions",
            path(d, stroke=color, stroke_width=8,
                 stroke_dasharray="20 20" if part.type == "province" else None),  # fmt: skip
        )
