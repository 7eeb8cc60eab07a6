"""Layout stage: cities and passes (facts §4): position, slots and the shape joining them, boom
rings, pass triangles, the city's own revenue circle, and the regions they claim.
"""

from __future__ import annotations

import math

from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import CENTER, Weights
from tile_lang.layout.revenue_common import distinct_values, revenue_circle, tile_level_revenue
from tile_lang.layout.shapes import Point, Shape, circle, fmt, group, polygon, rect
from tile_lang.layout.stops import Stop, tile_has_border
from tile_lang.model import City, Pass

SLOT_RADIUS = {7: 22.0, 8: 20.5, 9: 19.0}
FIRST_SLOT: dict[int, Point] = {
    1: (0, 0), 2: (-25, 0), 3: (0, -29), 4: (-25, -25), 5: (0, -43), 6: (0, -50),
    7: (0, -52), 8: (0, -54), 9: (0, -55),
}  # fmt: skip
EDGE_CITY_REGIONS: dict[float, tuple[int, ...]] = {
    0: (15, 20, 21, 22), 0.5: (13, 14, 15, 19, 20, 21), 1: (12, 13, 14, 19),
    1.5: (5, 6, 7, 12, 13, 14), 2: (0, 5, 6, 7), 2.5: (0, 1, 2, 6, 7, 8), 3: (1, 2, 3, 8),
    3.5: (2, 3, 4, 8, 9, 10), 4: (4, 9, 10, 11), 4.5: (9, 10, 11, 16, 17, 18),
    5: (16, 17, 18, 23), 5.5: (15, 16, 17, 21, 22, 23),
}  # fmt: skip
EXTRA_SLOT_REGIONS: dict[float, tuple[int, ...]] = {
    0: (13, 14, 16, 17, 19, 20, 22, 23), 0.5: (12, 22), 1: (5, 6, 7, 12, 15, 19, 20, 21),
    1.5: (0, 19), 2: (0, 1, 2, 5, 8, 14, 13, 12), 2.5: (3, 5), 3: (0, 1, 3, 4, 6, 7, 9, 10),
    3.5: (1, 11), 4: (17, 16, 18, 8, 2, 18, 3, 4), 4.5: (4, 17),
    5: (21, 15, 22, 23, 9, 10, 11, 18), 5.5: (18, 20),
}  # fmt: skip
BORDER_REGIONS: dict[float, tuple[int, ...]] = {
    0: (15, 7), 0.5: (7, 8, 9, 16), 1: (14, 8), 1.5: (8, 9, 15, 16), 2: (7, 9),
    2.5: (9, 14, 15, 16), 3: (8, 16), 3.5: (7, 14, 15, 16), 4: (9, 15), 4.5: (7, 8, 14, 15),
    5: (16, 14), 5.5: (7, 8, 9, 14),
}  # fmt: skip
#: One-slot edge city revenue candidates: (regions, φ) in order (facts §4.5 case 2).
EDGE_REVENUE: dict[float, tuple[tuple[tuple[int, ...], float], ...]] = {
    0: (((19,), 170), ((14,), -120), ((23,), 10), ((16,), -60)),
    0.5: (((12, 13), -175), ((7, 14), -120), ((15, 16), -60), ((21, 22), -5)),
    1: (((5,), 170), ((7,), -120), ((15,), -60), ((20,), 10)),
    1.5: (((0, 6), -175), ((13, 19), -5), ((7, 8), -120), ((14, 15), -60)),
    2: (((12,), 10), ((14,), -60), ((8,), -120), ((1,), 170)),
    2.5: (((5, 6), -5), ((7, 14), -60), ((8, 9), -120), ((2, 3), -175)),
    3: (((4,), 170), ((0,), 10), ((9,), -120), ((7,), -60)),
    3.5: (((10, 11), -175), ((9, 16), -120), ((7, 8), -60), ((1, 2), -5)),
    4: (((18,), 170), ((16,), -120), ((8,), -60), ((3,), 10)),
    4.5: (((4, 10), -5), ((17, 23), -175), ((8, 9), -60), ((15, 16), -120)),
    5: (((11,), 10), ((9,), -60), ((15,), -120), ((22,), 170)),
    5.5: (((17, 18), -5), ((14, 15), -120), ((9, 16), -60), ((20, 21), -175)),
}
MULTI_SLOT_REVENUE: dict[int, tuple[tuple[int, ...], bool]] = {
    0: ((19,), True), 1: ((5, 12), True), 2: ((5, 12), False), 3: ((4,), True),
    4: ((11, 18), True), 5: ((11, 18), False),
}  # fmt: skip
CENTRED_REVENUE_CLAIMS: dict[int, Weights] = {
    0: {(14, 15): 1, (13, 21): 0.5, (19, 20): 0.25},
    1: {(7, 14): 1, (6, 13): 0.5, (5, 12): 0.25},
    2: {(7, 8): 1, (2, 6): 0.5, (0, 1): 0.25},
    3: {(8, 9): 1, (2, 10): 0.5, (3, 4): 0.25},
    4: {(9, 16): 1, (10, 17): 0.5, (11, 18): 0.25},
    5: {(15, 16): 1, (17, 21): 0.5, (22, 23): 0.25},
}


def slot_radius(n: int) -> float:
    return SLOT_RADIUS.get(n, 25.0)


def slot_centres(n: int) -> list[Point]:
    """Slot centres in the city frame: the first offset turned by i·360°/n (facts §4.2)."""
    if n <= 0:
        return []
    fx, fy = FIRST_SLOT.get(n, (0.0, -55.0))
    out = []
    for i in range(n):
        a = math.radians(360.0 * i / n)
        x = fx * math.cos(a) - fy * math.sin(a)
        y = fx * math.sin(a) + fy * math.cos(a)
        out.append((round(x, 2) + 0.0, round(y, 2) + 0.0))
    return out


def joining_shape(n: int) -> Shape | None:
    if n == 2:
        return rect(-25, -25, 50, 50, fill="white")
    if n == 3:
        pts = [(45.8, 0), (22.9, -39.846), (-22.9, -39.846), (-45.8, 0), (-22.9, 39.846),
               (22.9, 39.846)]  # fmt: skip
        return polygon(pts, fill="white")
    if n == 4:
        return rect(-50, -50, 100, 100, rx=25, fill="white")
    if n == 5:
        return circle(0, 0, 68, fill="white")
    if n >= 6:
        return circle(0, 0, 75, fill="white")
    return None


def city_position(
    preferred: float | None, slots: int, *, border: bool = False, upright: float = 0.0
) -> tuple[Point, float]:
    """Centre and rotation of a city group (facts §4.1): centred -> ((0, 0), L); at edge p ->
    distance 50, minus 8 at a corner for multi-slot cities, minus 15 with a border on p."""
    if preferred is None:
        return (0.0, 0.0), upright
    d = 50.0
    if preferred % 1 and slots > 1:
        d -= 8
    if border:
        d -= 15
    a = math.radians(60 * preferred)
    return (round(-math.sin(a) * d, 2) + 0.0, round(math.cos(a) * d, 2) + 0.0), 60.0 * preferred


def _claim_city(ctx: TileContext, stop: Stop, n: int) -> None:
    p = stop.preferred
    if p is None:
        if n == 0:
            return
        if 2 <= n <= 4:
            ctx.regions.claim({CENTER: 1.0, (7, 14, 6, 13, 9, 16, 10, 17): 0.75})
        else:
            ctx.regions.claim(CENTER)
        return
    regions = EDGE_CITY_REGIONS.get(p, ())
    if n != 1:
        regions = regions + EXTRA_SLOT_REGIONS.get(p, ())
    if tile_has_border(ctx.tile, p):
        ctx.regions.claim({regions: 1.0, BORDER_REGIONS.get(p, ()): 0.1})
    else:
        ctx.regions.claim(regions)


def _revenue_distance(ctx: TileContext, n: int) -> float:
    if ctx.pointy:
        return {1: 42.0, 2: 62.0, 3: 57.0}.get(n, 0.0)
    return {1: 42.0, 2: 67.0, 3: 65.0, 4: 67.0}.get(n, 0.0)


def _revenue_direction(
    ctx: TileContext, stop: Stop, n: int, stops: dict[int, Stop]
) -> tuple[float, float]:
    """(φ relative to the city's rotation, distance) and claims (facts §4.5)."""
    tile = ctx.tile
    p = stop.preferred
    if len(tile.cities) + len(tile.towns) == 1:
        if ctx.pointy:
            claim: Weights = {(8, 9): 1, (2, 10): 0.5, (3, 4): 0.25} if n == 1 else (3, 4)
        else:
            claim = {(9, 16): 1, (10, 17): 0.5, (11, 18): 0.25} if n == 1 else (11, 18)
        ctx.regions.claim(claim)
        return ctx.upright, _revenue_distance(ctx, n)
    if p is not None and n == 1:
        candidates = EDGE_REVENUE.get(p)
        if candidates:
            best = min(enumerate(candidates), key=lambda ic: (ctx.regions.cost(ic[1][0]), ic[0]))[1]
            ctx.regions.claim(best[0])
            return best[1], 42.0
        return 0.0, 42.0
    if p is not None:
        regions, negate = MULTI_SLOT_REVENUE[math.floor(p) % 6]
        ctx.regions.claim(regions)
        d = _revenue_distance(ctx, n)
        return 0.0, -d if negate else d
    priority = [1, 2, 3, 4, 0, 5]
    for other in stops.values():
        if other is stop or other.preferred is None:
            continue
        e = other.preferred
        for drop in (e, (e - 1) % 6):
            if drop in priority:
                priority.remove(int(drop))  # `drop in priority`: a whole number
    edge = priority[0] if priority else 0
    ctx.regions.claim(CENTRED_REVENUE_CLAIMS[edge])
    return 60.0 * edge + 120.0, _revenue_distance(ctx, n)


def pass_triangles(size: int, slots: int, color: str) -> list[Shape]:
    """A mountain pass: white triangle R + 4 behind a `color` one, apex up (facts §4.7)."""
    radius = {1: 40.0, 2: 48.0, 3: 60.0}.get(size, 40.0)
    dy = 0.0
    if slots > 1:
        radius *= 1.2
        dy = 8.0

    def tri(r: float) -> list[Point]:
        return [
            (round(r * math.cos(math.radians(a)), 2), round(r * math.sin(math.radians(a)) + dy, 2))
            for a in (30, 150, 270)
        ]

    return [
        polygon(tri(radius + 4), fill="white", stroke="none"),
        polygon(tri(radius), fill=color),
    ]


def draw(ctx: TileContext) -> None:
    stops = ctx.stops
    with_paths = {i for i, s in stops.items() if s.paths}
    tile_level = tile_level_revenue(ctx.tile, with_paths)
    ctx.tile_level_revenue = tile_level
    for stop in stops.values():
        city = stop.part
        if not isinstance(city, City):
            continue
        n = city.slots
        border = stop.preferred is not None and tile_has_border(ctx.tile, stop.preferred)
        centre, rotation = city_position(stop.preferred, n, border=border, upright=ctx.upright)
        children: list[Shape] = []
        if isinstance(city, Pass):
            children.extend(pass_triangles(city.size, n, city.color))
        shape = joining_shape(n)
        if shape is not None:
            children.append(shape)
        r = slot_radius(n)
        for x, y in slot_centres(n):
            children.append(circle(x, y, r, fill="white", fill_opacity=0 if city.outline else None))
            if city.boom:
                children.append(circle(x, y, 10, fill="none", stroke_width=2, stroke_dasharray=6))
        _claim_city(ctx, stop, n)
        transform = f"translate({fmt(centre[0])} {fmt(centre[1])})"
        if rotation:
            transform += f" rotate({fmt(rotation)})"
        ctx.add("cities", group(children, transform=transform))
        if tile_level or not stop.paths or distinct_values(city.revenue) > 1:
            continue
        value = city.revenue.flat
        if value == 0 and not isinstance(city, Pass):
            continue
        phi, distance = _revenue_direction(ctx, stop, n, stops)
        direction = math.radians(rotation + phi)
        x = centre[0] + distance * math.cos(direction)
        y = centre[1] + distance * math.sin(direction)
        label: int | str = city.format.replace("%d", str(value)) if city.format else value
        ctx.add("cities", revenue_circle(label, x, y, ctx.upright))
        ctx.own_revenue[stop.index] = (round(x, 2), round(y, 2))
