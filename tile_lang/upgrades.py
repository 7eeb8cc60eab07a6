"""Legal upgrades: which tile may replace which, and at which rotations of the new tile.

This follows the 18xx.games engine's *base* rules (no game overrides), in the engine's two stages:

1. *Which tiles* (`Game#upgrades_to?`, the same answer at every rotation): colour order, town and
   city counts, labels and future labels, and for two multi-city tiles that every old city's
   edges fit inside one new city at some rotation.
2. *Which rotations* (`Track#legal_tile_rotation?`, asked for each rotation of the new tile): new
   exits must lead somewhere, the old track must be kept at that rotation, cities must map onto
   cities, and then the lay-time check ("new track must override old one") drops rotations where
   an old city or town loses an exit.

Why precomputed shapes: the whole catalog has about 52,000 candidate pairs, each tested at six
rotations. Everything the rules read from one tile (track ends as bit masks, city and town edge
sets, counts, labels) is computed once per tile and colour, for all six rotations, in an
`UpgradeShape`; a check is then a handful of integer operations. A `ShapeCache` owned by the
caller keeps the shapes of a whole game or catalog (no module-level cache).

Bit masks: bits 0-5 are the hex edges, the higher bits the kinds of node a track end can reach.
Rotating a tile by r turns edge e into (e + r) mod 6 and leaves node bits alone.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import tile_lang.catalog as catalog
from tile_lang.model import (
    City,
    EdgeRef,
    FutureLabel,
    Halt,
    Junction,
    NodeRef,
    Offboard,
    Pass,
    Path,
    Tile,
    Town,
)
from tile_lang.parse import parse
from tile_lang.rotation import rotate

#: Every edge open: a hex with six neighbours (the tile-level answer).
ALL_EDGES = 0b111111

#: Catalog colour groups whose second colour is only drawn as stripes: they count as the first.
STRIPED_COLORS = {"greenbrown": "green", "browngray": "brown", "brownsepia": "brown"}

_CITY, _PASS, _TOWN, _TOWN_TO_CITY, _HALT, _OFFBOARD = (1 << b for b in range(6, 12))
_EDGE_BITS = ALL_EDGES

#: For the kind of node an old track end reaches, the kinds of new node that keep it (the
#: engine's `Part#<=`): a city only a city, a pass only a pass, a town any town (a halt is not a
#: town for this), a `to_city` town also a city or pass, a halt any town or halt.
_KEEPS = {
    _CITY: _CITY,
    _PASS: _PASS,
    _TOWN: _TOWN | _TOWN_TO_CITY,
    _TOWN_TO_CITY: _TOWN | _TOWN_TO_CITY | _CITY | _PASS,
    _HALT: _TOWN | _TOWN_TO_CITY | _HALT,
    _OFFBOARD: _OFFBOARD,
}

#: Which new gauges keep an old gauge (any other old gauge is never kept, as in the engine).
_GAUGE_KEPT_BY = {
    "broad": frozenset({"broad", "dual"}),
    "narrow": frozenset({"narrow", "dual"}),
    "dual": frozenset({"dual"}),
}


def turn_mask(mask: int, rotation: int) -> int:
    """`mask` with its edge bits turned clockwise by `rotation` sixths (node bits untouched)."""
    r = rotation % 6
    edges = mask & _EDGE_BITS
    return (mask & ~_EDGE_BITS) | (((edges << r) | (edges >> (6 - r))) & _EDGE_BITS)


def edges_of(mask: int) -> tuple[int, ...]:
    """The edge numbers set in `mask`, ascending."""
    return tuple(e for e in range(6) if mask >> e & 1)


def _node_bit(node: object) -> int:
    # Order matters: Pass is a City, Halt is not a Town in the model.
    if isinstance(node, Pass):
        return _PASS
    if isinstance(node, City):
        return _CITY
    if isinstance(node, Town):
        return _TOWN_TO_CITY if node.to_city else _TOWN
    if isinstance(node, Halt):
        return _HALT
    if isinstance(node, Offboard):
        return _OFFBOARD
    return 0


def _needs(ends: int) -> tuple[int, ...]:
    """For a set of old track ends, one mask per end: what a new path's ends must meet."""
    out = [1 << e for e in range(6) if ends >> e & 1]
    out += [_KEEPS[bit] for bit in _KEEPS if ends & bit]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TrackShape:
    """One (lane-expanded) path as the rules see it: its ends and its gauge.

    `ends` holds the edges and node kinds the path reaches, a junction replaced by the ends of
    the other paths through it; `needs` is what a new path must meet to keep this one.
    """

    ends: int
    needs: tuple[int, ...]
    gauge: str


@dataclass(frozen=True, slots=True)
class Turn:
    """A tile at one rotation: everything the per-rotation checks compare."""

    exits: int
    tracks: tuple[TrackShape, ...]
    #: Edges of each city or town with track to an edge, in the engine's order (first path).
    stop_edges: tuple[int, ...]
    #: Whether that city's or town's edge list has no repeated edge (lanes can repeat one).
    stop_plain: tuple[bool, ...]
    #: Exits of every city and town, with or without track (the lay-time check).
    node_exits: tuple[int, ...]
    #: Exits of each city (and pass), in written order.
    city_exits: tuple[int, ...]


@dataclass(frozen=True)
class UpgradeShape:
    """What the upgrade rules read from one tile of one colour, at all six rotations.

    Build it with `upgrade_shape` (or a `ShapeCache`); it is a value and may be shared freely.
    """

    color: str
    label: str | None
    future_label: FutureLabel | None
    towns: int
    cities: int
    city_slots: tuple[int, ...]
    junction: bool
    blocks_lay: bool
    turns: tuple[Turn, ...]
    #: Edges with an impassable border (a map hex's; they close the edge on the map).
    impassable: frozenset[int] = frozenset()
    #: Position of `color` in the engine's colour order (None for a colour outside it).
    rank: int | None = None
    #: For a junction tile: (own ends, touches the junction, gauge) of each path, unturned, and
    #: the ends of every path through the junction; the engine's stage 1 reads a turned junction
    #: tile's paths this way (see `_stage1_junction_quirk`).
    raw_paths: tuple[tuple[int, bool, str], ...] = field(default=(), repr=False)
    junction_ends: int = 0


def normalise_color(color: str) -> str:
    """The colour the rules use: the striped catalog groups count as their first colour."""
    return STRIPED_COLORS.get(color, color)


def _path_ends(tile: Tile, nodes: tuple[object, ...]) -> list[tuple[int, int, bool]]:
    """For every expanded path: (own ends mask, junction-reached ends mask, touches junction)."""
    paths = [p for p in tile.paths if p.track != "future"]
    own: list[int] = []
    junctions: list[set[int]] = []
    for path in paths:
        mask = 0
        js: set[int] = set()
        for end in (path.a, path.b):
            if isinstance(end, EdgeRef):
                mask |= 1 << (end.edge % 6)
            elif isinstance(end, NodeRef) and end.index < len(nodes):
                node = nodes[end.index]
                if isinstance(node, Junction):
                    js.add(end.index)
                else:
                    mask |= _node_bit(node)
        own.append(mask)
        junctions.append(js)
    out = []
    for i, js in enumerate(junctions):
        through = 0
        for j in js:
            for k, other in enumerate(junctions):
                if k != i and j in other:
                    through |= own[k]
        out.append((own[i], through, bool(js)))
    return out


def _all_junction_ends(ends: list[tuple[int, int, bool]]) -> int:
    mask = 0
    for own, _, touches in ends:
        if touches:
            mask |= own
    return mask


def _turn(tile: Tile, paths: tuple[Path, ...], ends: list[tuple[int, int, bool]], r: int) -> Turn:
    nodes = tile.nodes
    tracks = []
    exits = 0
    for (own, through, _), path in zip(ends, paths, strict=True):
        mask = turn_mask(own | through, r)
        tracks.append(TrackShape(mask, _needs(mask), path.track))
        exits |= turn_mask(own & _EDGE_BITS, r)
    stop_lists, node_exits = _stop_lists(nodes, paths, ends, r)
    stop_edges = tuple(sum(1 << e for e in set(edges)) for edges in stop_lists.values())
    stop_plain = tuple(len(set(edges)) == len(edges) for edges in stop_lists.values())
    stops = [i for i, n in enumerate(nodes) if isinstance(n, City | Town | Halt)]
    return Turn(
        exits=exits,
        tracks=tuple(tracks),
        stop_edges=stop_edges,
        stop_plain=stop_plain,
        node_exits=tuple(node_exits[i] for i in stops),
        city_exits=tuple(node_exits[i] for i, n in enumerate(nodes) if isinstance(n, City)),
    )


def _stop_lists(
    nodes: tuple[object, ...],
    paths: tuple[Path, ...],
    ends: list[tuple[int, int, bool]],
    r: int,
) -> tuple[dict[int, list[int]], list[int]]:
    """Each city's or town's edges with track (by node index, in first-path order) and every
    node's exits at rotation `r`.

    A path with an edge end and a city or town end adds its edges to that stop (the engine takes
    the path's city before its town); lanes can add an edge twice.
    """
    stop_lists: dict[int, list[int]] = {}
    node_exits = [0] * len(nodes)
    for (own, _, _), path in zip(ends, paths, strict=True):
        edge_mask = turn_mask(own & _EDGE_BITS, r)
        node_ids = [
            e.index
            for e in (path.a, path.b)
            if isinstance(e, NodeRef) and e.index < len(nodes)
            if not isinstance(nodes[e.index], Junction)
        ]
        for n in node_ids:
            node_exits[n] |= edge_mask
        if not edge_mask:
            continue
        cities = [n for n in node_ids if isinstance(nodes[n], City)]
        towns = [n for n in node_ids if isinstance(nodes[n], Town | Halt)]
        stop = cities[-1] if cities else (towns[-1] if towns else None)
        if stop is not None:
            stop_lists.setdefault(stop, []).extend(edges_of(edge_mask))
    return stop_lists, node_exits


def _turned(turn: Turn, r: int) -> Turn:
    """`turn` (a tile at rotation 0) at rotation `r`: the same as `_turn(..., r)`.

    Why: every field is a set of edges (a mask) or is the same at every rotation (gauges, the
    order of stops, whether an edge list repeats an edge), so turning the masks of rotation 0
    is all a rotation does; walking the tile's paths again six times cost most of a shape.
    """
    tracks = []
    for track in turn.tracks:
        ends = turn_mask(track.ends, r)
        tracks.append(TrackShape(ends, _needs(ends), track.gauge))
    return Turn(
        exits=turn_mask(turn.exits, r),
        tracks=tuple(tracks),
        stop_edges=tuple(turn_mask(m, r) for m in turn.stop_edges),
        stop_plain=turn.stop_plain,
        node_exits=tuple(turn_mask(m, r) for m in turn.node_exits),
        city_exits=tuple(turn_mask(m, r) for m in turn.city_exits),
    )


def upgrade_shape(tile: Tile | str, color: str) -> UpgradeShape:
    """Everything the upgrade rules need from `tile` (a tile string or parsed tile) of `color`.

    Raises `TileSyntaxError` when given a string that does not parse.
    """
    if isinstance(tile, str):
        tile = parse(tile)
    nodes = tile.nodes
    paths = tuple(p for p in tile.paths if p.track != "future")
    ends = _path_ends(tile, nodes)
    labels = tile.labels
    futures = tile.future_labels
    junction = bool(tile.junctions)
    color = normalise_color(color)
    order = catalog.colors()
    first = _turn(tile, paths, ends, 0)
    return UpgradeShape(
        color=color,
        label=labels[-1].text if labels else None,
        future_label=futures[-1] if futures else None,
        towns=len(tile.towns),
        cities=len(tile.cities),
        city_slots=tuple(c.slots for c in tile.cities),
        junction=junction,
        blocks_lay=any(i.blocks_lay for i in tile.icons),
        turns=(first, *(_turned(first, r) for r in range(1, 6))),
        impassable=frozenset(b.edge for b in tile.borders if b.type == "impassable"),
        rank=order.index(color) if color in order else None,
        raw_paths=(
            tuple((own, touches, p.track) for (own, _, touches), p in zip(ends, paths, strict=True))
            if junction
            else ()
        ),
        junction_ends=_all_junction_ends(ends),
    )


@dataclass
class ShapeCache:
    """Shapes by (tile string, colour), owned by whoever checks many pairs (a game, the catalog).

    Why a cache: a game's tiles appear in many pairs; parsing and precomputing each once keeps
    the catalog-wide inference in seconds. `read` turns a tile string into a tile: `parse`, or
    a memoized parse the caller already keeps (a build's `RenderCache.tile`), so a tile drawn
    and charted is parsed once.
    """

    shapes: dict[tuple[str, str], UpgradeShape] = field(default_factory=dict)
    #: `symmetries` by tile string: every game's chart folds each target's rotations by it,
    #: and one worker charts many games drawing the same tiles.
    symmetry: dict[str, tuple[int, ...]] = field(default_factory=dict)
    read: Callable[[str], Tile] = field(default=parse, repr=False, compare=False)

    def get(self, code: str, color: str) -> UpgradeShape:
        """`upgrade_shape(code, color)`, once per pair (raises `TileSyntaxError` every time
        for a string that does not parse)."""
        key = (code, color)
        shape = self.shapes.get(key)
        if shape is None:
            shape = self.shapes[key] = upgrade_shape(self.read(code), color)
        return shape

    def clear(self) -> None:
        """Forget every shape and symmetry (their owner is done checking pairs)."""
        self.shapes.clear()
        self.symmetry.clear()

    def symmetries(self, code: str) -> tuple[int, ...]:
        """`symmetries(code)`, once per tile string (raises `TileSyntaxError` every time for a
        string that does not parse)."""
        found = self.symmetry.get(code)
        if found is None:
            found = self.symmetry[code] = symmetries(self.read(code))
        return found


# ------------------------------------------------------------------------------------------
# symmetry: rotations that give the same picture


def _node_key(node: object, exact: bool) -> str:
    if exact:
        return repr(node)
    return f"{type(node).__name__}:{getattr(node, 'slots', '')}"


def picture(tile: Tile, *, exact: bool = True) -> tuple[object, ...]:
    """A form of `tile` that ignores the order of parts and the numbering of its nodes.

    Each city, town or offboard is described by its own fields (a turned `loc` included) and the
    sorted ends of the track that touches it, so two equal towns swapping places under a
    rotation still give the same picture; track between two edges is kept as an unordered pair.
    With `exact=False` only the track network counts (node kinds and slots, not revenues,
    positions or other parts): two programs' drawings of one tile compare equal then.
    """
    nodes = tile.nodes
    touching: dict[int, list[tuple[object, ...]]] = {i: [] for i in range(len(nodes))}
    plain: list[tuple[object, ...]] = []
    for path in tile.paths:
        ends = [path.a, path.b]
        node_ends = [e.index for e in ends if isinstance(e, NodeRef)]
        edges = tuple(sorted(e.edge % 6 for e in ends if isinstance(e, EdgeRef)))
        style = (path.track, path.terminal, path.a_lane, path.b_lane) if exact else (path.track,)
        if not node_ends:
            plain.append((edges, style))
        for i in node_ends:
            others = tuple(sorted(_node_key(nodes[j], exact) for j in node_ends if j != i))
            touching.setdefault(i, []).append((edges, others, style))
    groups = sorted(
        repr((_node_key(nodes[i], exact), sorted(map(repr, t)))) for i, t in touching.items()
    )
    rest = (
        sorted(repr(p) for p in tile.parts if not isinstance(p, Path) and p not in nodes)
        if exact
        else []
    )
    return (tuple(groups), tuple(sorted(map(repr, plain))), tuple(rest))


def symmetries(tile: Tile | str) -> tuple[int, ...]:
    """The rotations (0 included) at which `tile` looks exactly as at rotation 0.

    Tile 63 (a six-exit city) gives all six, a straight track 0 and 3. A TileSet that lists one
    rotation per distinct picture lists fewer rotations than the engine, but means the same.
    """
    if isinstance(tile, str):
        tile = parse(tile)
    upright = rotate(tile, 0)
    # Every path's edges are in the picture, so a rotation that moves the set of track edges
    # cannot give the same one: only the others are drawn and compared (most tiles have none).
    edges = {e.edge for p in upright.written_paths for e in (p.a, p.b) if isinstance(e, EdgeRef)}
    turns = [r for r in range(1, 6) if {(e + r) % 6 for e in edges} == edges]
    if not turns:
        return (0,)
    base = picture(upright)
    return (0, *(r for r in turns if picture(rotate(tile, r)) == base))


# ------------------------------------------------------------------------------------------
# stage 1: which tiles


def colors_follow(old: str, new: str) -> bool:
    """Whether colour `new` comes directly after `old` in the engine's colour order."""
    order = catalog.colors()
    old, new = normalise_color(old), normalise_color(new)
    if old not in order or new not in order:
        return False
    return order.index(new) == order.index(old) + 1


def _label_ok(old: UpgradeShape, new: UpgradeShape) -> bool:
    future = old.future_label
    if future is not None and new.color == future.color:
        return future.label == new.label
    return old.label == new.label


def _counts_ok(old: UpgradeShape, new: UpgradeShape) -> bool:
    if old.towns != new.towns:
        return False
    if old.label is None and old.cities != new.cities:
        return False
    if old.cities > 1 and new.cities > 1 and not _stops_fit_somewhere(old, new):
        return False
    if old.label is not None and old.cities and not new.cities:
        return False
    return not (old.color == "white" and old.label == "OO" and old.cities != new.cities)


def _stops_fit_somewhere(old: UpgradeShape, new: UpgradeShape) -> bool:
    """Every old city/town edge set inside one new one, at some rotation."""
    old_stops = old.turns[0].stop_edges
    return any(
        all(any(o & ~n == 0 for n in turn.stop_edges) for o in old_stops) for turn in new.turns
    )


def _kept(tracks: tuple[TrackShape, ...], by: tuple[TrackShape, ...]) -> bool:
    for old in tracks:
        gauges = _GAUGE_KEPT_BY.get(old.gauge)
        if gauges is None:
            return False
        if not any(
            new.gauge in gauges and all(need & new.ends for need in old.needs) for new in by
        ):
            return False
    return True


def _stage1_junction_quirk(old: UpgradeShape, new: UpgradeShape) -> bool:
    """Stage 1 track check for a junction tile becoming a tile without one.

    The engine turns each old path but expands its junction end through the *unturned* paths of
    the old tile (all of them, the turned path included), so few rotations can ever match.
    """
    targets = new.turns[0].tracks
    for tick in range(6):
        turned = []
        for own, touches, gauge in old.raw_paths:
            mask = turn_mask(own, tick) | (old.junction_ends if touches else 0)
            turned.append(TrackShape(mask, _needs(mask), gauge))
        if _kept(tuple(turned), targets):
            return True
    return False


def _stage1_no_track(old: UpgradeShape, new: UpgradeShape) -> bool:
    """Stage 1 without its track check: colour, label, town and city counts."""
    if old.rank is None or new.rank != old.rank + 1:
        return False
    return _label_ok(old, new) and _counts_ok(old, new)


def upgrades_to(old: UpgradeShape, new: UpgradeShape) -> bool:
    """Stage 1 (`Game#upgrades_to?`): may `new` replace `old` at all (rotation aside)?"""
    if not _stage1_no_track(old, new):
        return False
    if old.junction and new.junction:
        old_exits = old.turns[0].exits
        return any(old_exits & ~t.exits == 0 for t in new.turns)
    if old.junction:
        return _stage1_junction_quirk(old, new)
    return any(_kept(old.turns[0].tracks, t.tracks) for t in new.turns)


# ------------------------------------------------------------------------------------------
# stage 2: which rotations


def _cities_map(old: Turn, new: Turn, added: int, multi_city: bool) -> bool:
    old_stops, new_stops = old.stop_edges, new.stop_edges
    fresh = sum(1 for n in new_stops if all(n & o == 0 for o in old_stops))
    if fresh > added:
        return False
    if multi_city:
        for o, plain in zip(old_stops, old.stop_plain, strict=True):
            hits = sum(1 for n in new_stops if plain and o & ~n == 0)
            if hits != 1:
                return False
    return True


def _city_sizes_kept(old: UpgradeShape, new: UpgradeShape, old_turn: Turn, new_turn: Turn) -> bool:
    """The engine's `city_sizes_maintained` with its `Hex#city_map_for` pairing of cities."""
    if len(set(old.city_slots)) <= 1:
        return True
    olds, news = old_turn.city_exits, new_turn.city_exits
    pairing: list[int | None]
    if not any(olds) and len(olds) == len(news):
        pairing = list(range(len(olds)))
    else:
        pairing = [next((j for j, n in enumerate(news) if o and o & ~n == 0), None) for o in olds]
    used = [j for j in pairing if j is not None]
    for i, j in enumerate(pairing):
        if j is not None:
            continue
        pick: int | None = i if i < len(news) else None
        if pick is None or pick in used:
            pick = next((k for k in range(len(news)) if k not in used), None)
        pairing[i] = pick
        if pick is not None:
            used.append(pick)
    return all(
        j is not None and new.city_slots[j] >= old.city_slots[i] for i, j in enumerate(pairing)
    )


def _lay_keeps_stops(old: Turn, new: Turn) -> bool:
    """The lay-time check: every old city or town has a new one with all of its exits."""
    return all(any(o & ~n == 0 for n in new.node_exits) for o in old.node_exits)


@dataclass(frozen=True)
class RotationVerdict:
    """The rotations that pass, and those only the lay-time check rejects (for reports)."""

    legal: tuple[int, ...]
    lay_rejected: tuple[int, ...] = ()


def check_rotations(
    old: UpgradeShape, new: UpgradeShape, *, open_edges: int = ALL_EDGES
) -> RotationVerdict:
    """Both stages for one pair: the legal rotations of `new` over `old` (at rotation 0).

    `open_edges` is a mask of the edges whose neighbour exists and is passable (all six for the
    tile-level answer); every new exit must be one of them.
    """
    # Stage 1's track check is implied by stage 2's at any passing rotation, except for the
    # junction-to-plain case, where the engine's stage 1 is stricter.
    if not _stage1_no_track(old, new):
        return RotationVerdict(())
    if old.junction and not new.junction and not _stage1_junction_quirk(old, new):
        return RotationVerdict(())
    old_turn = old.turns[0]
    added = max(0, len(new.turns[0].stop_edges) - len(old_turn.stop_edges))
    multi_city = old.cities > 1 and new.cities > 1
    legal: list[int] = []
    rejected: list[int] = []
    for r, turn in enumerate(new.turns):
        if not turn.exits or turn.exits & ~open_edges:
            continue
        if old_turn.exits & ~turn.exits:
            continue  # an old edge lost: no path can keep it
        if not _kept(old_turn.tracks, turn.tracks):
            continue
        if not _cities_map(old_turn, turn, added, multi_city):
            continue
        if not _city_sizes_kept(old, new, old_turn, turn):
            continue
        (legal if _lay_keeps_stops(old_turn, turn) else rejected).append(r)
    return RotationVerdict(tuple(legal), tuple(rejected))


def legal_rotations(
    old: Tile | str,
    new: Tile | str,
    *,
    old_color: str,
    new_color: str,
    open_edges: Iterable[int] | None = None,
) -> tuple[int, ...]:
    """The rotations (0-5, of `new`; `old` at rotation 0) at which `new` may replace `old`.

    Base rules of the 18xx.games engine, lay-time check included; rotations that give the same
    picture are all listed. `open_edges` (default: all six) restricts new exits to edges with a
    passable neighbour, as on a real map. Empty when the upgrade is not legal at all.
    """
    mask = ALL_EDGES if open_edges is None else sum(1 << (e % 6) for e in set(open_edges))
    verdict = check_rotations(_shape(old, old_color), _shape(new, new_color), open_edges=mask)
    return verdict.legal


def _shape(tile: Tile | str, color: str) -> UpgradeShape:
    return _string_shape(tile, color) if isinstance(tile, str) else upgrade_shape(tile, color)


@functools.lru_cache(maxsize=4096)
def _string_shape(code: str, color: str) -> UpgradeShape:
    """`upgrade_shape` of a tile string, remembered: a caller asking about many pairs of strings
    (a catalog-wide loop) names each tile in dozens of pairs, and building a shape costs ~100x a
    check. Keyed by the string and colour only, which are all a shape depends on; both are
    immutable and the shape is a frozen value, so sharing it is safe. Bounded: a few catalogs'
    worth of tiles. A string that does not parse raises every time (exceptions are not cached).
    """
    return upgrade_shape(code, color)
