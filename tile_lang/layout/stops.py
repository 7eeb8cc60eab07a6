"""Where each city and town sits: preferred edges (facts §3.1), town styles (§1.9) and bar
positions (§5.2).

Track endpoints, city shapes, town bars and revenue circles all depend on these positions, so
they are computed once per tile, before any drawing, and shared through `TileContext.stops`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from tile_lang.layout.hexgeom import edge_point
from tile_lang.layout.shapes import Point
from tile_lang.model import City, EdgeRef, Halt, NodeRef, Path, Tile, Town

#: How a stop is drawn: towns as a bar (`rect`), a `dot` or not at all (`hidden`); cities `city`.
StopStyle = Literal["city", "rect", "dot", "hidden"]


@dataclass
class Stop:
    """A city or town with everything the drawing stages need to know about its place."""

    index: int  # node index (`_N`)
    part: City | Town | Halt
    is_city: bool
    paths: list[Path] = field(default_factory=list)  # expanded, real (no future) paths
    exits: list[int] = field(default_factory=list)  # edges of those paths, in order
    preferred: float | None = None  # preferred edge (0..6, halves = corners) or None = centre
    style: StopStyle = "dot"
    point: Point = (0.0, 0.0)  # where track ends
    angle: float = 0.0  # towns drawn as bars: rotation of the bar (degrees)
    bar_kind: str = ""  # bars: straight | sharp | gentle | "" (not a 2-exit bar)
    bar_low: float = 0.0  # bars with 2 exits: the smaller of the normalised edge pair
    centre_town: bool = False
    left: bool = False


def _edges_of(path: Path) -> list[int]:
    return [end.edge % 6 for end in (path.a, path.b) if isinstance(end, EdgeRef)]


def tile_has_border(tile: Tile, edge: float) -> bool:
    return any(b.edge % 6 == edge for b in tile.borders)


def _town_style(part: Town | Halt, path_count: int) -> StopStyle:
    style = part.style if isinstance(part, Town) else None
    if style == "rect":
        return "rect"
    if style == "hidden":
        return "hidden"
    if style is not None:
        return "dot"
    return "rect" if path_count in (1, 2) else "dot"


def compute_stops(tile: Tile, expanded: tuple[Path, ...] | None = None) -> dict[int, Stop]:
    """Stops (cities, passes, towns, halts) by node index, with preferred edges and points.

    `tile` must already be rotated (locs are rotated with it), as the engine computes this on
    the rotated paths. `expanded` = `tile.paths` when the caller already has them.
    """
    nodes = tile.nodes
    paths = [p for p in (tile.paths if expanded is None else expanded) if p.track != "future"]
    stops: dict[int, Stop] = {}
    for index, node in enumerate(nodes):
        if isinstance(node, City | Town | Halt):
            stops[index] = Stop(index, node, isinstance(node, City))
    for path in paths:
        ends = [e.index for e in (path.a, path.b) if isinstance(e, NodeRef)]
        for idx in ends:
            if idx in stops:
                stops[idx].paths.append(path)
                stops[idx].exits.extend(_edges_of(path))
    for stop in stops.values():
        part = stop.part
        stop.style = "city" if isinstance(part, City) else _town_style(part, len(stop.paths))
    _preferred_edges(tile, paths, stops)
    for stop in stops.values():
        _place(tile, stop, stops)
    return stops


def _numeric_loc(stop: Stop) -> float | None:
    loc = stop.part.loc
    return None if loc is None or loc == "center" else float(loc)


def _preferred_edges(tile: Tile, paths: list[Path], stops: dict[int, Stop]) -> None:
    """Each stop's preferred edge (facts §3.1), in the engine's steps: special layouts of
    track-less tiles, the lone centred stop, then edges by how crowded they are."""
    cities = [s for s in stops.values() if s.is_city]
    towns = [s for s in stops.values() if not s.is_city]
    ordered = cities + towns
    if not paths and _spread_without_track(cities, towns):
        return
    if _stays_centred(cities, towns):
        return
    counter, remembered = _crowding(paths, stops)
    with_edges = [s for s in ordered if s.index in remembered]
    with_edges.sort(key=lambda s: sorted(remembered[s.index]))
    for stop in with_edges:
        _choose_edge(stop, sorted(remembered[stop.index]), counter)
    _place_the_rest(ordered, with_edges[0] if with_edges else None, remembered)


def _place_the_rest(
    ordered: list[Stop], first_assigned: Stop | None, remembered: dict[int, list[int]]
) -> None:
    """A lone track-less stop beside one with track faces it; then stops without edge exits
    but with a numeric `loc` take it (step 7)."""
    pathless = [s for s in ordered if not s.paths]
    if (
        len(pathless) == 1
        and len(ordered) == 2
        and first_assigned is not None
        and first_assigned.preferred is not None
    ):
        pathless[0].preferred = (first_assigned.preferred + 3) % 6
    for stop in ordered:
        loc = _numeric_loc(stop)
        if stop.index not in remembered and loc is not None:
            stop.preferred = loc % 6


def _spread_without_track(cities: list[Stop], towns: list[Stop]) -> bool:
    """Track-less tiles: two cities and two towns face each other in pairs; several cities
    are spread evenly. True when that decided every stop."""
    if len(cities) == 2 and len(towns) == 2:
        for group in (cities, towns):
            for i, s in enumerate(group):
                s.preferred = float(3 * i)
        return True
    if len(cities) >= 2:
        for i, s in enumerate(cities):
            s.preferred = i * (6 / len(cities))
        return True
    return False


def _stays_centred(cities: list[Stop], towns: list[Stop]) -> bool:
    """A lone city, or a lone town not on a two-exit track, stays at the centre (unless its
    `loc` says otherwise)."""
    if len(cities) == 1 and not towns and _numeric_loc(cities[0]) is None:
        return True
    if not cities and len(towns) == 1:
        town = towns[0]
        return len(set(town.exits)) != 2 and _numeric_loc(town) is None
    return False


def _crowd(counter: list[float], edge: int) -> None:
    """One more stop or track end at `edge`: it counts 1 there and 0.1 on each neighbour."""
    counter[edge] += 1
    counter[(edge + 1) % 6] += 0.1
    counter[(edge - 1) % 6] += 0.1


def _crowding(
    paths: list[Path], stops: dict[int, Stop]
) -> tuple[list[float], dict[int, list[int]]]:
    """How crowded each edge is (edge 0 starts at 0.1), and the edges each stop's track
    reaches (a path with a city end belongs to its first city, else to its first stop)."""
    counter = [0.0] * 6
    counter[0] += 0.1
    remembered: dict[int, list[int]] = {}
    for path in paths:
        touching = [
            e.index for e in (path.a, path.b) if isinstance(e, NodeRef) and e.index in stops
        ]
        if not touching:
            continue
        city_ends = [i for i in touching if stops[i].is_city]
        owner = city_ends[0] if city_ends else touching[0]
        for e in _edges_of(path):
            remembered.setdefault(owner, []).append(e)
            _crowd(counter, e)
    return counter, remembered


def _choose_edge(stop: Stop, edges: list[int], counter: list[float]) -> None:
    """A stop's `loc`, else its least crowded edge (ties: the lowest), which then counts as
    crowded for the stops after it."""
    loc = stop.part.loc
    if loc is not None:
        stop.preferred = None if loc == "center" else float(loc) % 6
        return
    best = min(edges, key=lambda e: (counter[e], edges.index(e)))
    stop.preferred = float(best)
    _crowd(counter, best)


def _polar(rho: float, beta_deg: float) -> Point:
    beta = math.radians(beta_deg)
    return (round(-math.sin(beta) * rho, 2) + 0.0, round(math.cos(beta) * rho, 2) + 0.0)


def _place(tile: Tile, stop: Stop, stops: dict[int, Stop]) -> None:
    p = stop.preferred
    if stop.style != "rect":
        if p is None:
            stop.point = (0.0, 0.0)
        else:
            distance = 35.0 if tile_has_border(tile, p) else 50.0
            stop.point = edge_point(p, distance)
        return
    _place_bar(tile, stop, stops)


def _loc_center_angle(stop: Stop, stops: dict[int, Stop]) -> float:
    if stop.paths:
        edges = _edges_of(stop.paths[0])
        if edges:
            return 60.0 * edges[0]
        for end in (stop.paths[0].a, stop.paths[0].b):
            if isinstance(end, NodeRef) and end.index != stop.index and end.index in stops:
                other = stops[end.index].preferred
                if other is not None:
                    return 60.0 * other
    return 0.0


def _place_bar(tile: Tile, stop: Stop, stops: dict[int, Stop]) -> None:
    p = stop.preferred
    exits = sorted(set(stop.exits))
    if stop.part.loc == "center" or p is None:
        stop.point = (0.0, 0.0)
        stop.angle = _loc_center_angle(stop, stops)
        return
    if len(exits) == 2:
        q = next((e for e in exits if e != p), exits[0])
        pp, qq = p, float(q)
        if abs(pp - qq) > 3:
            if pp < qq:
                pp += 6
            else:
                qq += 6
        diff = abs(pp - qq)
        kind = {1: "sharp", 2: "gentle", 3: "straight"}.get(round(diff), "straight")
        left = pp < qq
        low = min(pp, qq)
        stop.bar_kind = kind
        stop.bar_low = low
        stop.left = left
        stop.centre_town = len(tile.exits()) in (2, 3)
        if stop.centre_town:
            if kind == "straight":
                stop.point, stop.angle = (0.0, 0.0), 60.0 * low
            elif kind == "sharp":
                stop.point, stop.angle = _polar(50, 60 * (low + 0.5)), 60.0 * (low + 2)
            else:
                stop.point, stop.angle = _polar(23.2, 60 * (low + 1)), 60.0 * low - 30
            return
        if kind == "straight":
            stop.point, stop.angle = _polar(40, 60 * p), 60.0 * p
        elif kind == "sharp":
            sign = 1 if left else -1
            stop.point = _polar(55.70, 60 * p + sign * 12.12)
            stop.angle = 60.0 * p - sign * 40
        else:
            sign = 1 if left else -1
            stop.point = _polar(48.05, 60 * p + sign * 6.11)
            stop.angle = 60.0 * p - sign * 15
        return
    rho = 50.0
    cities = tile.cities
    if len(cities) == 1 and cities[0].slots == 3:
        rho = 65.0
    elif len(cities) == 1 and cities[0].slots == 4:
        rho = 70.0
    stop.point, stop.angle = _polar(rho, 60 * p), 60.0 * p
