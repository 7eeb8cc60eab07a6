"""How far a point of a laid-out tile is from anything the tile draws, from its shapes.

The region table (`tile_lang.layout.regions`) is how 18xx.games keeps parts apart, and it is
coarse: on a crowded tile every corner is claimed by something, though some corner is still
empty. This measures the drawing itself, closely enough to choose among a few corners: circles
(city slots, revenue circles, town dots), rectangles and polygons (city boxes, bars, phase
boxes), text (as the box its characters take) and track (its path's points, as thick as drawn).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tile_lang.layout.context import Layer, TileContext
from tile_lang.layout.shapes import Point, Shape

#: What is background, not something drawn on the tile: the hex, its frame and stripes, and
#: the debug overlays.
BACKGROUND: frozenset[Layer] = frozenset(
    {"outline", "frame", "stripes", "grid", "grid_numbers", "annotations"}
)

#: Width of a character relative to the font size (Lato's capitals and digits, roughly).
CHAR_WIDTH = 0.62

Matrix = tuple[float, float, float, float, float, float]  # SVG's a b c d e f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_STEP = re.compile(r"(translate|rotate|scale)\(([^)]*)\)")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")


@dataclass(frozen=True)
class Blob:
    """A drawn thing: points joined into segments (or one point), `pad` wide around them, or a
    filled polygon (`filled`), in the tile frame."""

    points: tuple[Point, ...]
    pad: float = 0.0
    filled: bool = False


def _compose(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)  # fmt: skip


def _transform(text: str) -> Matrix:
    m = IDENTITY
    for name, args in _STEP.findall(text):
        v = [float(x) for x in _NUMBER.findall(args)] or [0.0]
        if name == "translate":
            step = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            step = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        else:
            r = math.radians(v[0])
            step = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0.0, 0.0)
        m = _compose(m, step)
    return m


def _apply(m: Matrix, p: Point) -> Point:
    return (m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5])


def _num(shape: Shape, name: str) -> float:
    value = shape.attr(name)
    try:
        return float(value) if value is not None else 0.0
    except ValueError:
        return 0.0


def _local(shape: Shape) -> Blob | None:
    """The blob of one element in its own frame (None for what draws nothing we measure)."""
    tag = shape.tag
    if tag == "circle":
        centre = (_num(shape, "cx"), _num(shape, "cy"))
        return Blob((centre,), pad=_num(shape, "r"))
    if tag == "rect":
        x, y, w, h = (_num(shape, k) for k in ("x", "y", "width", "height"))
        return Blob(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), filled=True)
    if tag in ("polygon", "polyline"):
        values = [float(v) for v in _NUMBER.findall(str(shape.attr("points") or ""))]
        points = tuple(zip(values[::2], values[1::2], strict=False))
        return Blob(points, filled=tag == "polygon") if points else None
    if tag == "path":
        points = _path_points(str(shape.attr("d") or ""))
        width = _num(shape, "stroke-width") or 1.0
        return Blob(points, pad=width / 2) if points else None
    if tag == "text" and shape.text:
        size = _num(shape, "font-size") or 16.0
        x, y, half = _num(shape, "x"), _num(shape, "y"), CHAR_WIDTH * size * len(shape.text) / 2
        box = ((x - half, y - size / 2), (x + half, y - size / 2), (x + half, y + size / 2),
               (x - half, y + size / 2))  # fmt: skip
        return Blob(box, filled=True)
    return None


def _path_points(d: str) -> tuple[Point, ...]:
    """The end points of a path's straight lines and arcs, with points along each arc."""
    points: list[Point] = []
    for command, args in re.findall(r"([MLA])([^MLAZz]*)", d):
        v = [float(x) for x in _NUMBER.findall(args)]
        if command in "ML" and len(v) >= 2:
            points.append((v[0], v[1]))
        elif command == "A" and len(v) >= 7 and points:
            points.extend(_arc(points[-1], v))
    return tuple(points)


def _arc(start: Point, v: list[float]) -> list[Point]:
    """Points along a circular arc (`A r r 0 large sweep x y`) from `start`, ending at its end."""
    r, large, sweep, end = v[0], v[3] != 0, v[4] != 0, (v[5], v[6])
    dx, dy = end[0] - start[0], end[1] - start[1]
    chord = math.hypot(dx, dy)
    if r <= 0 or chord == 0 or chord > 2 * r + 1e-6:
        return [end]
    h = math.sqrt(max(r * r - chord * chord / 4, 0.0))
    side = 1.0 if large != sweep else -1.0
    mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
    cx, cy = mx - side * h * dy / chord, my + side * h * dx / chord
    a0 = math.atan2(start[1] - cy, start[0] - cx)
    a1 = math.atan2(end[1] - cy, end[0] - cx)
    turn = (a1 - a0) % (2 * math.pi) if sweep else -((a0 - a1) % (2 * math.pi))
    return [(cx + r * math.cos(a0 + turn * k / 8), cy + r * math.sin(a0 + turn * k / 8))
            for k in range(1, 9)]  # fmt: skip


def blobs(ctx: TileContext) -> Iterator[Blob]:
    """Everything the tile draws but its background, in the tile frame."""
    for layer, shapes in ctx.layers.items():
        if layer not in BACKGROUND:
            yield from _walk(shapes, IDENTITY)


def _walk(shapes: Iterable[Shape], m: Matrix) -> Iterator[Blob]:
    for shape in shapes:
        here = _compose(m, _transform(str(shape.attr("transform") or "")))
        if shape.tag == "g":
            yield from _walk(shape.children, here)
            continue
        blob = _local(shape)
        if blob is not None:
            scale = math.sqrt(abs(here[0] * here[3] - here[1] * here[2]))
            points = tuple(_apply(here, p) for p in blob.points)
            yield Blob(points, blob.pad * scale, blob.filled)


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    )
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _inside(p: Point, polygon: tuple[Point, ...]) -> bool:
    inside = False
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (ay > p[1]) != (by > p[1]) and p[0] < ax + (p[1] - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def distance(p: Point, blob: Blob) -> float:
    """From `p` to the edge of `blob` (negative or 0 inside it)."""
    pts = blob.points
    if blob.filled and len(pts) > 2 and _inside(p, pts):
        return 0.0
    if len(pts) == 1:
        return math.hypot(p[0] - pts[0][0], p[1] - pts[0][1]) - blob.pad
    ring = pts + pts[:1] if blob.filled else pts
    return min(_segment_distance(p, a, b) for a, b in itertools.pairwise(ring)) - blob.pad


def clearance(p: Point, drawn: Iterable[Blob]) -> float:
    """How far `p` is from the nearest thing drawn (a large number on an empty tile)."""
    return min((distance(p, blob) for blob in drawn), default=1000.0)
