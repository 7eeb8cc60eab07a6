"""Layout stage: towns and halts (facts §5, §6.3): bars on their track, dots, hidden towns,
their own revenue circles or halt symbols, and the regions they claim.
"""

from __future__ import annotations

import math

from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import CENTER, Location, Weights
from tile_lang.layout.revenue_common import distinct_values, revenue_circle
from tile_lang.layout.shapes import Shape, circle, fmt, group, rect, text
from tile_lang.layout.stops import Stop
from tile_lang.model import Halt

EDGE_TOWN_REGIONS: dict[float, tuple[int, ...]] = {
    0: (21,), 0.5: (13, 21), 1: (13,), 1.5: (6, 13), 2: (6,), 2.5: (2, 6), 3: (2,),
    3.5: (2, 10), 4: (10,), 4.5: (10, 17), 5: (17,), 5.5: (17, 21),
}  # fmt: skip
SHARP_ONE_STOP = {0: (14, 15, 19, 20), 1: (5, 7, 12, 14), 2: (0, 1, 7, 8), 3: (3, 4, 8, 9),
                  4: (9, 11, 16, 18), 5: (15, 16, 22, 23)}  # fmt: skip
GENTLE_ONE_STOP = {0: (14,), 1: (7,), 2: (8,), 3: (9,), 4: (16,), 5: (15,)}
STRAIGHT_MANY: dict[int, tuple[int, ...]] = {
    0: (15,),
    1: (14,),
    2: (7,),
    3: (8,),
    4: (9,),
    5: (16,),
}
SHARP_MANY: dict[int, tuple[int, ...]] = {
    0: (15, 20, 21), 1: (12, 13, 14), 2: (0, 6, 7), 3: (2, 3, 8), 4: (9, 10, 11), 5: (16, 17, 23),
}  # fmt: skip
GENTLE_MANY: dict[int, tuple[int, ...]] = {
    0: (15, 12),
    1: (13, 14),
    2: (6, 7),
    3: (2, 8),
    4: (9, 10),
    5: (16, 17),
}
BAR_REVENUE_DIR = {0: 170.0, 1: -130.0, 2: 130.0, 3: -10.0, 4: 50.0, 5: -50.0}
BAR_REVENUE_CLAIMS = {0: (19,), 1: (5, 12), 2: (5, 12), 3: (4,), 4: (11, 18), 5: (11, 18)}
OTHER_BAR_REVENUE: dict[float, tuple[tuple[int, ...], float]] = {
    0: ((23,), 35), 0.5: ((12,), -35), 1: ((5,), -35), 1.5: ((19,), 35), 2: ((12,), 35),
    2.5: ((5,), 35), 3: ((0,), 35), 3.5: ((11,), -35), 4: ((18,), -35), 4.5: ((23,), -35),
    5: ((11,), 35), 5.5: ((18,), 35),
}  # fmt: skip
DOT_RADIUS = 10.25
BAR_HEIGHT = 8.5
BAR_WIDTH = 34.0


def _bar_claims(ctx: TileContext, stop: Stop) -> Weights:
    p = stop.preferred
    if stop.part.loc == "center":
        return CENTER
    stop_count = len(ctx.tile.cities) + len(ctx.tile.towns)
    if stop.bar_kind and p is not None:
        key = math.floor(p) % 6
        if stop_count == 1:
            low = int(stop.bar_low) % 6
            if stop.bar_kind == "straight":
                return CENTER
            if stop.bar_kind == "sharp":
                return SHARP_ONE_STOP[low]
            return GENTLE_ONE_STOP[low]
        table: dict[str, dict[int, tuple[int, ...]]] = {
            "straight": STRAIGHT_MANY,
            "sharp": SHARP_MANY,
            "gentle": GENTLE_MANY,
        }
        return table[stop.bar_kind][key]
    if p is not None:
        return EDGE_TOWN_REGIONS.get(p, ())
    return CENTER


def _bar(stop: Stop, halt: bool) -> Shape:
    x, y = stop.point
    style: dict[str, str | float] = (
        {"fill": "gray", "stroke": "#000000", "stroke_width": 4}
        if halt
        else {"fill": "#000000", "stroke": "none"}
    )
    transform = f"translate({fmt(x)} {fmt(y)})"
    if stop.angle:
        transform += f" rotate({fmt(stop.angle)})"
    return group(
        [rect(-BAR_WIDTH / 2, -BAR_HEIGHT / 2, BAR_WIDTH, BAR_HEIGHT, **style)],
        transform=transform,
    )


def _dot(x: float, y: float, halt: bool, boom: bool) -> list[Shape]:
    if halt:
        out = [circle(x, y, DOT_RADIUS, fill="gray", stroke="#000000", stroke_width=4)]
    else:
        out = [circle(x, y, DOT_RADIUS, fill="#000000", stroke="white", stroke_width=4)]
    if boom:
        out.append(
            circle(x, y, 25, fill="none", stroke="#000000", stroke_width=2, stroke_dasharray=6)
        )
    return out


def _symbol(label: str, x: float, y: float, upright: float) -> Shape:
    transform = f"translate({fmt(x)} {fmt(y)})"
    if upright:
        transform += f" rotate({fmt(upright)})"
    return group(
        [text(0, 0, label, fill="black", font_size=24, dominant_baseline="middle")],
        transform=transform,
    )


def _polar_from(point: tuple[float, float], degrees: float, distance: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (point[0] + distance * math.cos(a), point[1] + distance * math.sin(a))


def draw(ctx: TileContext) -> None:
    stops = ctx.stops
    tile_level = ctx.tile_level_revenue
    own = ctx.own_revenue
    towns = [s for s in stops.values() if not s.is_city]
    several_centred = sum(1 for s in towns if s.preferred is None) > 1
    for stop in towns:
        part = stop.part
        halt = isinstance(part, Halt)
        boom = bool(getattr(part, "boom", False))
        if stop.style == "hidden":
            continue
        if stop.style == "rect":
            ctx.add("towns", _bar(stop, halt))
            ctx.regions.claim(_bar_claims(ctx, stop))
            anchor, rev_dir, rev_dist, rev_claim = _bar_revenue(stop)
        else:
            if stop.preferred is not None:
                x, y = stop.point
                ctx.regions.claim(EDGE_TOWN_REGIONS.get(stop.preferred, ()))
                rev_dist = 25.0
            elif several_centred:
                choice = ctx.regions.choose(
                    [
                        Location(-40, 20, (13, 14)),
                        Location(40, -20, (9, 10)),
                        Location(-40, -20, {(6, 7): 0.5}),
                        Location(40, 20, {(16, 17): 0.5}),
                    ]
                )
                x, y = choice.x, choice.y
                stop.point = (x, y)
                rev_dist = 42.0
            else:
                x, y = 0.0, 0.0
                ctx.regions.claim(CENTER)
                rev_dist = 42.0
            ctx.add("towns", *_dot(x, y, halt, boom))
            anchor = (x, y)
            rev_dir = -60.0 if ctx.pointy else 0.0
            rev_claim = (8, 9) if ctx.pointy else (9, 16)
        if halt:
            assert isinstance(part, Halt)
            if part.symbol:
                ctx.regions.claim(rev_claim)
                pos = _polar_from(anchor, rev_dir, rev_dist)
                ctx.add("towns", _symbol(part.symbol, pos[0], pos[1], ctx.upright))
                own[stop.index] = (round(pos[0], 2), round(pos[1], 2))
            continue
        if tile_level or distinct_values(part.revenue) > 1 or not stop.paths:
            continue
        value = part.revenue.flat
        if value == 0:
            continue
        ctx.regions.claim(rev_claim)
        pos = _polar_from(anchor, rev_dir, rev_dist)
        label: int | str = part.format.replace("%d", str(value)) if part.format else value
        ctx.add("towns", revenue_circle(label, pos[0], pos[1], ctx.upright))
        own[stop.index] = (round(pos[0], 2), round(pos[1], 2))


def _bar_revenue(stop: Stop) -> tuple[tuple[float, float], float, float, Weights]:
    """Anchor, direction, distance and region claims of a bar's revenue (facts §5.2)."""
    p = stop.preferred
    if stop.bar_kind and stop.centre_town:
        extra = 180.0 if stop.bar_kind == "sharp" else 0.0
        return stop.point, stop.angle + extra, 38.0, CENTER
    if stop.bar_kind and p is not None:
        key = math.floor(p) % 6
        return stop.point, BAR_REVENUE_DIR[key], 35.0, BAR_REVENUE_CLAIMS[key]
    if p is not None and p in OTHER_BAR_REVENUE:
        regions, distance = OTHER_BAR_REVENUE[p]
        return stop.point, stop.angle, distance, regions
    return stop.point, stop.angle, 38.0, CENTER
