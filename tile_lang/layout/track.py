"""Layout stage: track (facts §3) — lines and tangent arcs, lanes, crossovers, terminal and
offboard tapers, stubs, junction spokes, and the regions track claims.

The stage first computes every stop's place (`stops.compute_stops`, shared as
`ctx.stops`), because track ends where cities and towns sit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from tile_lang.layout.context import TileContext
from tile_lang.layout.hexgeom import edge_point
from tile_lang.layout.regions import rotate_regions
from tile_lang.layout.shapes import AttrValue, Point, Shape, fmt, group, path, polygon
from tile_lang.layout.stops import Stop, compute_stops, tile_has_border
from tile_lang.model import EdgeRef, Junction, NodeRef, Offboard, Path

#: (colour, width, dash, outline colour, outline width) per gauge (facts §3.2).
STYLES: dict[str, tuple[str, float, str | None, str | None, float]] = {
    "broad": ("#000000", 9, None, "#FFFFFF", 12),
    "narrow": ("#000000", 12, None, "#FFFFFF", 14),
    "dual": ("#FFFFFF", 10, None, "#000000", 13),
    "thin": ("#000000", 2, "12", None, 0),
    "future": ("#888888", 6, "9 3", None, 0),
}
LANE_SPACING = {2: 8, 3: 7, 4: 6, 5: 5}
OFFBOARD_LANE_SPACING = {2: 8, 3: 6, 4: 4}
EDGE_REGION = {0: 21, 1: 13, 2: 6, 3: 2, 4: 10, 5: 17}
CENTRED_END_REGIONS: dict[float, tuple[int, ...]] = {
    0: (15, 21), 0.5: (14, 15), 1: (13, 14), 1.5: (7, 14), 2: (6, 7), 2.5: (7, 8), 3: (2, 8),
    3.5: (8, 9), 4: (9, 10), 4.5: (9, 16), 5: (16, 17), 5.5: (15, 16),
}  # fmt: skip
# k -> (arc, straight, stop->stop) base region lists for begin edge 0 (facts §3.10).
K_REGIONS: dict[float, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {
    0: ((21,), (21,), (21,)),
    0.5: ((21,), (20, 21), (21,)),
    1: ((13, 14, 15, 21), (13, 19, 20), (13, 14, 15, 21)),
    1.5: ((14, 15, 21), (13, 14, 15, 21), (14, 15, 21)),
    2: ((6, 7, 14, 15, 21), (6, 7, 14, 15, 21), (6, 7, 14, 15, 21)),
    2.5: ((7, 14, 15, 21), (7, 14, 15, 21), (7, 14, 15, 21)),
    3: ((2, 8, 15, 21), (2, 8, 15, 21), (2, 8, 15, 21)),
    3.5: ((9, 15, 16, 21), (9, 15, 16, 21), (9, 15, 16, 21)),
    4: ((9, 10, 15, 16, 21), (9, 10, 15, 16, 21), (9, 10, 15, 16, 21)),
    4.5: ((15, 16, 21), (16, 17, 21, 22), (15, 16, 21)),
    5: ((15, 16, 17, 21), (17, 22, 23), (15, 16, 17, 21)),
    5.5: ((21,), (21, 22), (21,)),
}
HALF_STOP_REGIONS: dict[float, tuple[int, ...]] = {
    0: (21,), 0.5: (21,), 1: (13,), 1.5: (13, 14), 2: (6, 7, 14), 2.5: (7, 14), 3: (2, 7, 8, 14),
    3.5: (8, 9, 14, 15), 4: (9, 10, 15, 16), 4.5: (15, 16), 5: (15, 16, 17), 5.5: (15, 21),
}  # fmt: skip
TERMINAL_2_FILL = "#707070"
NARROW_STRIPE = "#FFFFFF"
CROSS_STRAIGHT = "1 55 63 56"
CROSS_GENTLE = "1 55 47 56"


#: How a path bends, for the crossover test (facts §3.5).
SegmentKind = Literal["straight", "gentle", "sharp", "other"]


@dataclass(frozen=True, kw_only=True)
class Segment:
    """One path ready to draw: its geometry and how it ends (built with keywords only)."""

    path: Path
    begin: Point
    end: Point
    begin_edge: float | None  # edge (or preferred edge) of the begin end
    arc: tuple[float, int] | None  # (radius, sweep) or None for a straight line
    kind: SegmentKind
    centred_end: bool = False
    stop_to_stop: bool = False
    terminal_edge: float | None = None  # terminal taper at this edge (edge->node terminal paths)
    offboard_edge: int | None = None  # offboard taper at this edge
    begin_shift: float = 0.0
    end_edge: float | None = None  # edge (or preferred edge) of the far end, for claims
    cross_ends: tuple[float, float] | None = None  # ends for the crossover test (§3.5)

    @property
    def d(self) -> str:
        bx, by = self.begin
        ex, ey = self.end
        if self.arc is None:
            return f"M {fmt(bx)} {fmt(by)} L {fmt(ex)} {fmt(ey)}"
        r, sweep = self.arc
        return f"M {fmt(bx)} {fmt(by)} A {fmt(r)} {fmt(r)} 0 0 {sweep} {fmt(ex)} {fmt(ey)}"


def _angle(a: Point, b: Point) -> float:
    return math.atan2(b[1] - a[1], b[0] - a[0])


def arc_for(begin: Point, end: Point) -> tuple[float, int] | None:
    """Tangent arc from `begin` (leaving towards the centre) through `end`, or None if colinear."""
    if abs(_angle(begin, end) - _angle(begin, (0.0, 0.0))) < 0.05:
        return None
    to_c = math.atan2(begin[1], -begin[0])  # y-up angle of begin -> centre
    to_e = math.atan2(-(end[1] - begin[1]), end[0] - begin[0])
    theta = to_c - to_e
    while theta <= -math.pi:
        theta += 2 * math.pi
    while theta > math.pi:
        theta -= 2 * math.pi
    chord = math.dist(begin, end)
    s = math.sin(abs(theta))
    if s < 1e-9:
        return None
    return (round(chord / (2 * s), 2), 1 if theta > 0 else 0)


def lane_shift(lane: tuple[int, int] | None, width: float, *, offboard: bool = False) -> float:
    if lane is None or lane[0] <= 1:
        return 0.0
    w, i = lane
    spacing = (OFFBOARD_LANE_SPACING if offboard else LANE_SPACING).get(w, 5 if not offboard else 4)
    return (2 * i - w + 1) * (width + spacing) / 2


def _shift(point: Point, shift: float, direction_edge: float | None) -> Point:
    if not shift or direction_edge is None:
        return point
    angle = math.radians(60 * direction_edge)
    return (
        point[0] + round(shift * math.cos(angle), 2),
        point[1] + round(shift * math.sin(angle), 2),
    )


def _classify(a: float | None, b: float | None) -> SegmentKind:
    if a is None or b is None or a == b:
        return "other"
    diff = abs(a - b)
    if diff == 3:
        return "straight"
    if diff in (2, 2.5, 3.5, 4):
        return "gentle"
    if diff in (1, 5):
        return "sharp"
    return "other"


def build_segment(ctx: TileContext, path: Path, stops: dict[int, Stop]) -> Segment:
    """Endpoints, arc and lane shifts of one expanded path (facts §3.3, §3.4, §3.6), and the
    ends its claims and the crossover test read (built whole: no copy per field filled later)."""
    tile = ctx.tile
    far_edge = _segment_end_edge(path, stops)
    nodes = tile.nodes
    width = STYLES[path.track][1]
    ends = [path.a, path.b]
    edges = [e for e in ends if isinstance(e, EdgeRef)]
    nodes_at = [e for e in ends if isinstance(e, NodeRef)]
    node = nodes[nodes_at[0].index] if nodes_at else None
    if isinstance(node, Offboard) and edges:
        e = edges[0].edge % 6
        lane = path.a_lane if isinstance(path.a, EdgeRef) else path.b_lane
        return Segment(
            path=path,
            begin=edge_point(e),
            end=(0.0, 0.0),
            begin_edge=e,
            arc=None,
            kind="other",
            centred_end=True,
            offboard_edge=e,
            begin_shift=lane_shift(lane, width, offboard=True),
            end_edge=far_edge,
        )
    if len(edges) == 2:
        a, b = edges[0].edge % 6, edges[1].edge % 6
        begin, end = edge_point(a), edge_point(b)
        return Segment(
            path=path,
            begin=_shift(begin, lane_shift(path.a_lane, width), a),
            end=_shift(end, lane_shift(path.b_lane, width), b),
            begin_edge=a,
            arc=arc_for(begin, end),
            kind=_classify(a, b),
            end_edge=far_edge,
            cross_ends=_cross_ends(path, stops),
        )
    if len(edges) == 1:
        e = edges[0].edge % 6
        edge_first = isinstance(path.a, EdgeRef)
        edge_lane = path.a_lane if edge_first else path.b_lane
        node_lane = path.b_lane if edge_first else path.a_lane
        begin = edge_point(e)
        if isinstance(node, Junction) or node is None:
            stop_point: Point = (0.0, 0.0)
            stop_edge: float | None = None
        else:
            stop = stops[nodes_at[0].index]
            stop_point, stop_edge = stop.point, stop.preferred
        centred = stop_edge is None
        begin_shift = lane_shift(edge_lane, width)
        return Segment(
            path=path,
            begin=_shift(begin, begin_shift, e),
            end=_shift(
                stop_point, lane_shift(node_lane, width), stop_edge if stop_edge is not None else e
            ),
            begin_edge=e,
            arc=None if centred else arc_for(begin, stop_point),
            kind=_classify(e, stop_edge),
            centred_end=centred,
            terminal_edge=float(e) if path.terminal is not None else None,
            begin_shift=begin_shift,
            end_edge=far_edge,
            cross_ends=_cross_ends(path, stops),
        )
    # stop -> stop (or junction)
    a_idx, b_idx = nodes_at[0].index, nodes_at[1].index
    a_stop, b_stop = stops.get(a_idx), stops.get(b_idx)
    a_pref = a_stop.preferred if a_stop else None
    b_pref = b_stop.preferred if b_stop else None
    first, second = (a_stop, b_stop) if a_pref is not None else (b_stop, a_stop)
    first_lane, second_lane = (path.a_lane, path.b_lane) if a_pref is not None else (
        path.b_lane, path.a_lane)  # fmt: skip
    begin = first.point if first else (0.0, 0.0)
    end = second.point if second else (0.0, 0.0)
    begin_edge = first.preferred if first else None
    end_edge = second.preferred if second else None
    if begin_edge is not None or end_edge is not None:
        begin = _shift(begin, lane_shift(first_lane, width),
                       begin_edge if begin_edge is not None else end_edge)  # fmt: skip
        end = _shift(end, lane_shift(second_lane, width),
                     end_edge if end_edge is not None else begin_edge)  # fmt: skip
    return Segment(
        path=path,
        begin=begin,
        end=end,
        begin_edge=begin_edge,
        arc=None,
        kind=_classify(a_pref, b_pref),
        centred_end=end_edge is None,
        stop_to_stop=True,
        end_edge=far_edge,
    )


def has_crossover(segments: list[Segment]) -> bool:
    """Facts §3.5: paths with at most one stop and two different ends, where a stop's end is
    its preferred edge (centred stops, junctions and offboards take no part)."""
    if len(segments) < 2:
        return False
    simple = [(s.kind, s.cross_ends) for s in segments if s.cross_ends is not None]
    straight_ends = {e for kind, ends in simple if kind == "straight" for e in ends}
    for kind, (a, b) in simple:
        if kind == "straight":
            if any((e + 1) % 6 in straight_ends or (e - 1) % 6 in straight_ends for e in (a, b)):
                return True
        elif kind == "gentle":
            lo = min(a, b)
            middle = (lo + 1 if abs(a - b) == 2 else lo - 1) % 6
            if any(k in ("straight", "gentle") and middle in ends for k, ends in simple):
                return True
    return False


def _cross_ends(path: Path, stops: dict[int, Stop]) -> tuple[float, float] | None:
    """The two ends (edges, or a stop's preferred edge) of a path with at most one stop and no
    offboard (the caller asks only for those)."""
    values: list[float] = []
    for end in (path.a, path.b):
        if isinstance(end, EdgeRef):
            values.append(float(end.edge % 6))
            continue
        stop = stops.get(end.index)
        if stop is None or stop.preferred is None:
            return None
        values.append(stop.preferred)
    if len(values) != 2 or values[0] == values[1]:
        return None
    return (values[0], values[1])


def _taper(x0: float, h: float, top: float, tip: float, fill: str, edge: float) -> Shape:
    pts = [(x0 + h, top), (x0 + h, 87.0), (x0 - h, 87.0), (x0 - h, top), (x0, tip)]
    return polygon(pts, fill=fill, stroke="none", transform=f"rotate({fmt(60 * edge)})")


def _claims(seg: Segment) -> tuple[int, ...]:
    if seg.offboard_edge is not None:
        return (EDGE_REGION[seg.offboard_edge],)
    if seg.begin_edge is None:
        return ()
    begin = seg.begin_edge
    if seg.centred_end and not seg.stop_to_stop:
        return CENTRED_END_REGIONS.get(begin, ())
    if seg.stop_to_stop:
        end_edge = seg.end_edge
        if end_edge is None:
            return CENTRED_END_REGIONS.get(begin, ())
        if begin % 1:
            k = ((end_edge - begin) + 0.5) % 6
            return rotate_regions(HALF_STOP_REGIONS.get(k, ()), math.floor(begin))
        k = (end_edge - begin) % 6
        return rotate_regions(K_REGIONS.get(k, ((), (), ()))[2], int(begin))
    end_edge = seg.end_edge
    if end_edge is None:
        return CENTRED_END_REGIONS.get(begin, ())
    k = (end_edge - begin) % 6
    column = 0 if seg.arc is not None else 1
    base = K_REGIONS.get(k, ((), (), ()))[column]
    return rotate_regions(base, math.floor(begin))


@dataclass
class Passes:
    """The three drawing passes of the track group (facts §3.2), emitted in this order."""

    outline: list[Shape] = field(default_factory=list)
    track: list[Shape] = field(default_factory=list)
    stripes: list[Shape] = field(default_factory=list)

    def all(self) -> list[Shape]:
        return self.outline + self.track + self.stripes


def _stroke(d: str, color: str, width: float, dash: str | None = None, gap: bool = False) -> Shape:
    """A stroked track path (built directly: this runs for every path of every tile)."""
    attrs: tuple[tuple[str, AttrValue], ...] = (
        ("d", d),
        ("stroke", color),
        ("stroke-width", width),
    )
    if dash is not None:
        attrs += (("stroke-dasharray", dash),)
    if gap:
        attrs += (("stroke-dashoffset", 1),)
    return Shape("path", attrs)


def segment_shapes(seg: Segment, crossover: bool, passes: Passes) -> None:
    """Append one path's shapes to the passes: outline, track, narrow stripe (facts §3.2-3.8)."""
    color, width, dash, outline, outline_width = STYLES[seg.path.track]
    if seg.offboard_edge is not None:
        e, x0 = seg.offboard_edge, seg.begin_shift
        if outline:
            passes.track.append(_taper(x0, outline_width / 2, 75, 48, outline, e))
        passes.track.append(_taper(x0, width / 2, 75, 48, color, e))
        return
    if seg.terminal_edge is not None:
        edge, x0 = seg.terminal_edge, seg.begin_shift
        short = seg.path.terminal == "2"
        top, tip = (85.0, 65.0) if short else (70.0, 35.0)
        if outline:
            fill = TERMINAL_2_FILL if short else outline
            passes.outline.append(_taper(x0, outline_width / 2, top, tip, fill, edge))
        fill = TERMINAL_2_FILL if short else color
        passes.track.append(_taper(x0, width / 2, top, tip, fill, edge))
        if seg.path.track == "narrow":
            fill = TERMINAL_2_FILL if short else NARROW_STRIPE
            passes.stripes.append(_taper(x0, (width - 4) / 2, top, tip, fill, edge))
        return
    d = seg.d
    gap = None
    if crossover and seg.kind in ("straight", "gentle"):
        gap = CROSS_STRAIGHT if seg.kind == "straight" else CROSS_GENTLE
    if outline:
        passes.outline.append(_stroke(d, outline, outline_width))
        if gap:
            passes.track.append(_stroke(d, outline, outline_width, gap, gap=True))
    passes.track.append(_stroke(d, color, width, dash))
    if seg.path.track == "narrow":
        if gap and outline:
            passes.stripes.append(_stroke(d, outline, outline_width, gap, gap=True))
            passes.stripes.append(_stroke(d, color, width, gap, gap=True))
        passes.stripes.append(_stroke(d, NARROW_STRIPE, width - 4, "12"))


def stub_shapes(edge: int) -> list[Shape]:
    """A stub: a short broad segment at `edge`, white halo then black (facts §3.9)."""
    rot = f"rotate({fmt(60 * edge)})"
    return [
        path("M 0 87 L 0 65", stroke="#FFFFFF", stroke_width=12, transform=rot),
        path("M 0 87 L 0 65", stroke="#000000", stroke_width=9, transform=rot),
    ]


def draw(ctx: TileContext) -> None:
    tile = ctx.tile
    expanded = tile.paths
    stops = compute_stops(tile, expanded)
    ctx.stops = stops

    real = [build_segment(ctx, p, stops) for p in expanded if p.track != "future"]
    future = [build_segment(ctx, p, stops) for p in expanded if p.track == "future"]
    crossover = has_crossover(real)
    ctx.crossover = crossover
    passes = Passes()
    # Pass-1 order, which is also the claim order: paths, stubs, future paths.
    for seg in real:
        segment_shapes(seg, crossover, passes)
        ctx.regions.claim(_claims(seg))
    for stub in tile.stubs:
        e = stub.edge % 6
        passes.track.extend(stub_shapes(e))
        ctx.regions.claim((EDGE_REGION[e],))
    for seg in future:
        segment_shapes(seg, crossover, passes)
        ctx.regions.claim(_claims(seg))
    shapes = passes.all()
    if shapes:
        ctx.add("track", group(shapes))


def _segment_end_edge(path: Path, stops: dict[int, Stop]) -> float | None:
    """The preferred edge (or edge) of the far end, for region claims."""
    edges = [e.edge % 6 for e in (path.a, path.b) if isinstance(e, EdgeRef)]
    node_ends = [e for e in (path.a, path.b) if isinstance(e, NodeRef)]
    if len(edges) == 2:
        return float(edges[1])
    if len(edges) == 1 and node_ends:
        stop = stops.get(node_ends[0].index)
        return stop.preferred if stop else None
    if len(node_ends) == 2:
        a, b = stops.get(node_ends[0].index), stops.get(node_ends[1].index)
        a_pref = a.preferred if a else None
        b_pref = b.preferred if b else None
        return b_pref if a_pref is not None else a_pref
    return None


__all__ = ["Passes", "Segment", "arc_for", "build_segment", "draw", "has_crossover",
           "lane_shift", "segment_shapes", "stub_shapes", "tile_has_border"]  # fmt: skip
