"""Layout stage: the location name in a half-transparent box (facts §6.10)."""

from __future__ import annotations

from dataclasses import dataclass

from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import BOTTOM_ROW, TOP_MIDDLE_ROW, TOP_ROW, TRACK_TO_EDGE, Location
from tile_lang.layout.shapes import Shape, fmt, group, rect, text
from tile_lang.model import Border, Path, Tile


def name_segments(name: str) -> list[str]:
    """Split a long name into lines the way 18xx.games does (facts §6.10)."""
    if len(name) <= 12:
        return [name]
    words = name.split()
    if len(words) == 3:
        if len(words[0]) > len(words[2]):
            return [words[0], f"{words[1]} {words[2]}"]
        return [f"{words[0]} {words[1]}", words[2]]
    if len(words) == 4:
        return [f"{words[0]} {words[1]}", f"{words[2]} {words[3]}"]
    if len(words) == 5:
        front, back = f"{words[0]} {words[1]}", f"{words[3]} {words[4]}"
        if len(front) > len(back):
            return [f"{front} {words[2]}", back]
        return [front, f"{words[2]} {back}"]
    return words or [name]


@dataclass(frozen=True)
class _Places:
    """The name box's fixed candidate locations for one layout and line count."""

    center: Location
    up24: Location
    up40: Location
    down24: Location
    down40: Location
    down50: Location
    top: Location
    bottom: Location


def _center(x: float, delta: float) -> Location:
    return Location(x, -delta / 2, {(9, 14): 1, (7, 8, 15, 16): 0.7}, name="center")


def _places(pointy: bool, lines: int) -> _Places:
    delta = 15 * (lines - 1)
    edge0, edge3 = TRACK_TO_EDGE[0], TRACK_TO_EDGE[3]
    up24 = Location(0, -(24 + delta), (2, 4, 6, 7, 8, 12) if pointy else TOP_MIDDLE_ROW)
    up40 = Location(
        0,
        -((42 if pointy else 40) + delta),
        {(2, 3, 5, 6): 1, (0, 1, 7, 8): 0.2}
        if pointy
        else {(0, 2, 4, 6, 8, 10): 0.7, (1, 3, 7, 9): 0.2},
    )
    down24 = Location(
        0,
        24,
        {(11, 15, 16, 19): 0.8, (9, 10, 13, 14): 0.2}
        if pointy
        else {(13, 15, 17): 1, (12, 14, 16, 18): 0.4},
    )
    down40 = Location(
        0,
        40,
        {(17, 18, 20, 21): 1, (15, 16, 22, 23): 0.2}
        if pointy
        else {(13, 15, 17, 19, 21, 23): 0.7, (14, 16, 20, 22): 0.2},
    )
    down50 = Location(0, 50, weights_in={edge0: 1, BOTTOM_ROW: 0.1}, weights_out=BOTTOM_ROW)
    if pointy:
        top_y = -((63 if lines > 1 else 70) + delta)
        top = Location(0, top_y, {(0, 1): 1, (2, 3, 5, 6): 0.5})
    else:
        top_y = -((54 if lines > 1 else 61) + delta)
        top = Location(0, top_y, weights_in={edge3: 1, TOP_ROW: 2}, weights_out=TOP_ROW)
    bottom_y = (39 if lines > 1 else (65 if pointy else 56)) + delta
    if pointy:
        bottom = Location(0, bottom_y, {(22, 23): 1, (17, 18, 20, 21): 0.5})
    else:
        bottom = Location(
            0, bottom_y, weights_in={edge0: 1, BOTTOM_ROW: 1.5}, weights_out=BOTTOM_ROW
        )
    return _Places(_center(0, delta), up24, up40, down24, down40, down50, top, bottom)


#: The places of one- and two-line names, built once: every drawing without a name plans
#: both (`name_overlay.SAMPLES`), so they were the layout's most rebuilt objects.
_COMMON_PLACES: dict[tuple[bool, int], _Places] = {
    (pointy, lines): _places(pointy, lines) for pointy in (False, True) for lines in (1, 2)
}


def _candidates(ctx: TileContext, lines: int, width: float) -> list[Location]:
    """Where the name may go, best first (facts §7): decided by the tile's stops."""
    tile = ctx.tile
    places = _COMMON_PLACES.get((ctx.pointy, lines)) or _places(ctx.pointy, lines)
    single = _one_stop(tile, places)
    if single is not None:
        return single
    if len(tile.cities) + len(tile.towns) > 1:
        return _many_stops(ctx, places, lines, width)
    others = [p for p in tile.parts if not isinstance(p, Path | Border)]
    return [places.down40] if others else [places.center]


def _at_center(places: _Places, lines: int, x: float) -> Location:
    return places.center if x == 0 else _center(x, 15 * (lines - 1))


def _one_stop(tile: Tile, places: _Places) -> list[Location] | None:
    """An offboard, a lone town or a lone city (by its slots); None for other tiles."""
    cities, towns, offboards = tile.cities, tile.towns, tile.offboards
    if offboards:
        below = [] if offboards[0].rows > 1 else [places.down24]
        return [places.center, places.up24, *below]
    if len(towns) == 1 and not cities:
        return [places.center, places.up40, places.down40]
    if len(cities) == 1 and not towns:
        slots = cities[0].slots
        if slots == 3:
            return [places.down50, places.top]
        if slots == 4:
            return [places.top, places.bottom]
        return [places.center, places.up40, places.down40, places.down24]
    return None


def _many_stops(ctx: TileContext, places: _Places, lines: int, width: float) -> list[Location]:
    tile, pointy = ctx.tile, ctx.pointy
    cities, towns = tile.cities, tile.towns
    exits = set(tile.exits())
    # Shift right when exits 0, 3, 1 and 2 are all taken (the engine's left shift for
    # exits 4 and 5 computes a value and drops it, so it does nothing).
    center = _at_center(places, lines, 79 - width / 2 if {0, 3, 1, 2} <= exits else 0)
    if _stops_leave_the_center_free(ctx):
        return [center]
    town_edge = next((s.preferred for s in ctx.stops.values() if not s.is_city), None)
    town_at_bottom = (
        len(towns) == 1 and town_edge is not None and (town_edge == 0 or int(town_edge) == 5)
    )
    if pointy and (len(cities) > 2 or town_at_bottom):
        return [center, places.up40, places.down40, places.bottom, places.top]
    if pointy or (not exits and not cities):
        return [center, places.up40, places.down40]
    return [center, places.up40, places.down40, places.bottom, places.top]


def _stops_leave_the_center_free(ctx: TileContext) -> bool:
    """Two cities facing each other, three cities on alternate edges (flat), or two stops on
    edges other than 1 and 4 (pointy): the name goes in the middle."""
    edges = {s.preferred for s in ctx.stops.values()}  # every city and town, None = centre
    cities = len(ctx.tile.cities)
    if not ctx.pointy:
        return (cities == 2 and {0, 3} <= edges) or (
            cities == 3 and ({0, 2, 4} <= edges or {1, 3, 5} <= edges)
        )
    listed = [s.preferred for s in ctx.stops.values()]
    return len(listed) == 2 and not {1, 4} & edges and None not in listed


def box_size(lines: list[str]) -> tuple[float, float]:
    """The name box's width and height for these lines (the renderer's rule)."""
    return 8 + 8 * max(len(line) for line in lines), 4 + 15 * len(lines)


def _transform(ctx: TileContext, where: Location) -> str:
    transform = f"scale(1.1) translate({fmt(where.x)} {fmt(where.y)})"
    if ctx.upright:
        transform = f"rotate({fmt(ctx.upright)}) " + transform
    return transform


def planned_transform(ctx: TileContext, name: str) -> str:
    """Where the box of `name` would go on this tile, claiming nothing: for pages that add a
    name to a drawing made without one (see `tile_lang.name_overlay`). Call it at the point of
    the stages where `draw` would run."""
    lines = name_segments(name)
    width, _ = box_size(lines)
    return _transform(ctx, ctx.regions.best(_candidates(ctx, len(lines), width)))


def draw(ctx: TileContext) -> None:
    if not ctx.name:
        # no name to draw; plan where names would go, at the very point of the claims
        ctx.name_plans = tuple(planned_transform(ctx, name) for name in ctx.plan_names)
        return
    lines = name_segments(ctx.name)
    width, height = box_size(lines)
    where = ctx.regions.choose(_candidates(ctx, len(lines), width))
    children: list[Shape] = [
        rect(-width / 2, -9.5, width, height, fill="white", fill_opacity=0.5, stroke="none")
    ]
    for i, line in enumerate(lines):
        children.append(
            text(
                0,
                15 * i + 1,
                line,
                fill="black",
                stroke_width=0.5,
                dominant_baseline="middle",
                font_size=16,
            )
        )
    ctx.add("location_name", group(children, transform=_transform(ctx, where)))
