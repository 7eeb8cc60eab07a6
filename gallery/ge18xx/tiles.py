"""GE18XX tile definitions (`Tiles/*-Tile-Definitions.xml`) and their tile-language codes.

A definition is kept in GE18XX terms (`TileDefinition`) until a map layout is known, because
the same GE18XX side is a different 18xx.games edge on flat and pointy maps (see
`gallery.ge18xx.locations`). `tile_code(definition, layout, orientation)` then writes the code.
The package docstring has the whole mapping table; the rules in short:

* revenue centres become nodes (`city`, `town`, `offboard`), tracks become `path`s between
  edges and `_N` node references; a bare inner point where several tracks meet is a `junction`
  (two tracks through a bare point are one path);
* OVERPASS, METER BASE and FERRY BASE tracks are drawing aids and are dropped;
* tracks to dead ends (90–95, 99) end at the tile's off-board node, or are a `stub` when the
  tile has none;
* cities on near-corner points, and stops without track, get a `loc`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import gallery.ge18xx.locations as L
from gallery.ge18xx.xmlread import XmlNode, XmlReadError, hidden_diagnostics, read_xml
from tile_lang import Collector, Diagnostic

# GE18XX gauge -> tile-language track (None: a drawing aid, dropped).
GAUGES: dict[str, str | None] = {
    "NORMAL": "broad",
    "METER": "narrow",
    "DUAL": "dual",
    "TUNNEL": "broad",
    "FERRY": "thin",
    "OVERPASS": None,
    "METER_BASE": None,
    "FERRY_BASE": None,
}

# GE18XX tile type -> tile colour.
TILE_COLORS: dict[str, str] = {
    "yellow": "yellow",
    "green": "green",
    "brown": "brown",
    "grey": "gray",
    "gray": "gray",
    "red off board": "red",
    "red-brown": "brown",
    "ocean ferry": "blue",
}

# GE18XX revenue-centre type -> (node kind, number of nodes, slots per city).
# `None` kind: not a stop in the tile language (dropped without a warning).
CENTER_TYPES: dict[str, tuple[str | None, int, int]] = {
    "single city": ("city", 1, 1),
    "double city": ("city", 1, 2),
    "triple city": ("city", 1, 3),
    "quad city": ("city", 1, 4),
    "two cities": ("city", 2, 1),
    "three cities": ("city", 3, 1),
    "four cities": ("city", 4, 1),
    "five cities": ("city", 5, 1),
    "six cities": ("city", 6, 1),
    "two double cities": ("city", 2, 2),
    "bypass city": ("city", 1, 1),
    "run through city": ("city", 1, 1),
    "small town": ("town", 1, 0),
    "dot town": ("dot", 1, 0),
    "two small towns": ("town", 2, 0),
    "dead-end only city": ("offboard", 1, 0),
    "dead-end city": ("offboard", 1, 0),
    "destination city": ("destination", 1, 1),
    "private railway": (None, 0, 0),
    "no revenue center": (None, 0, 0),
}

# 18xx.games colours phase revenues; GE18XX numbers game phases whose colours live in the
# game's phase list, which these files do not carry. So values are coloured by position.
PHASE_COLORS: dict[int, tuple[str, ...]] = {
    2: ("yellow", "brown"),
    3: ("yellow", "green", "brown"),
    4: ("yellow", "green", "brown", "gray"),
}

KNOWN_TILE_CHILDREN = {"Track", "RevenueCenter", "TileName"}


@dataclass(frozen=True)
class Track:
    """A `<Track>`: two GE18XX locations and a normalised gauge (`METER BASE` -> METER_BASE)."""

    enter: int
    exit: int
    gauge: str
    line: int = 0


@dataclass(frozen=True)
class Center:
    """A `<RevenueCenter>`: its lower-case type, location, name and (phase, value) revenues."""

    kind: str
    location: int
    name: str = ""
    revenues: tuple[tuple[int, int], ...] = ()
    line: int = 0


@dataclass(frozen=True)
class TileName:
    name: str
    location: int | None = None
    line: int = 0


@dataclass(frozen=True)
class TileDefinition:
    """One `<Tile>` of a definitions file, in GE18XX terms."""

    number: str
    color: str
    tracks: tuple[Track, ...] = ()
    centers: tuple[Center, ...] = ()
    names: tuple[TileName, ...] = ()
    fixed: bool = False
    file: str = ""
    line: int = 0


class Diagnostics:
    """The collector of one GE18XX file, placed by XML node: `warn(node, field, message)` adds
    file:line:column."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.collector = Collector(file, code="ge18xx")

    @property
    def items(self) -> list[Diagnostic]:
        return self.collector.diagnostics

    def warn(self, node: XmlNode | None, field_: str, message: str) -> None:
        line, column = (node.line, node.column) if node is not None else (0, 0)
        self.collector.warn(line, field_, message, column)

    def error(self, node: XmlNode | None, field_: str, message: str) -> None:
        line, column = (node.line, node.column) if node is not None else (0, 0)
        self.collector.error(line, field_, message, column)

    def integer(self, node: XmlNode, name: str, default: int | None) -> int | None:
        """Attribute `name` as a whole number; a warning (and `default`) when it is not one."""
        text = node.get(name)
        if text is None or not text.strip():
            return default
        try:
            return int(text.strip())
        except ValueError:
            self.warn(node, f"{node.tag}.{name}", f"expected a whole number, found {text!r}")
            return default


def normalise_gauge(text: str | None) -> str:
    """`METER BASE`, `meter_base` and `Meter Base` all name METER_BASE; missing is NORMAL."""
    return "_".join((text or "NORMAL").upper().split())


def _track(node: XmlNode, diags: Diagnostics) -> Track | None:
    enter = diags.integer(node, "enter", None)
    exit_ = diags.integer(node, "exit", None)
    if enter is None or exit_ is None:
        diags.warn(node, "Track", "a track needs whole-number enter and exit; track dropped")
        return None
    for name, value in (("enter", enter), ("exit", exit_)):
        if not (L.is_side(value) or L.is_point(value) or L.is_dead_end(value)):
            diags.warn(node, f"Track.{name}", f"unknown location {value}; track dropped")
            return None
    gauge = normalise_gauge(node.get("gauge"))
    if gauge not in GAUGES:
        diags.warn(node, "Track.gauge", f"unknown gauge {node.get('gauge')!r}; drawn as NORMAL")
        gauge = "NORMAL"
    return Track(enter, exit_, gauge, node.line)


def read_center(node: XmlNode, diags: Diagnostics) -> Center:
    """A `<RevenueCenter>` of a tile definition or of a map cell (one reader for both, so a bad
    type or location is reported, then drawn as a city / centred, wherever it is written)."""
    kind = " ".join((node.get("type") or "Single City").lower().split())
    if kind not in CENTER_TYPES:
        diags.warn(
            node, "RevenueCenter.type", f"unknown type {node.get('type')!r}; drawn as a city"
        )
        kind = "single city"
    location = diags.integer(node, "location", L.CENTER)
    if location is None or not (L.is_point(location) or location == L.DEAD_END):
        diags.warn(node, "RevenueCenter.location", f"unknown location {location}; centred")
        location = L.CENTER
    revenues = []
    for child in node.children:
        if child.tag != "Revenue":
            diags.warn(child, child.tag, "unknown element in RevenueCenter; ignored")
            continue
        value = diags.integer(child, "value", None)
        if value is None:
            diags.warn(child, "Revenue.value", "a revenue needs a value; ignored")
            continue
        revenues.append((diags.integer(child, "phase", 0) or 0, value))
    return Center(kind, location, (node.get("name") or "").strip(), tuple(revenues), node.line)


def parse_tile(node: XmlNode, diags: Diagnostics) -> TileDefinition | None:
    """A `<Tile>` element of a definitions file; None (with a warning) without a number."""
    number = (node.get("number") or "").strip()
    if not number:
        diags.warn(node, "Tile.number", "a tile without a number; skipped")
        return None
    type_text = " ".join((node.get("type") or "").lower().split())
    color = TILE_COLORS.get(type_text)
    if color is None:
        diags.warn(node, "Tile.type", f"unknown tile type {node.get('type')!r}; drawn white")
        color = "white"
    tracks: list[Track] = []
    centers: list[Center] = []
    names: list[TileName] = []
    for child in node.children:
        if child.tag == "Track":
            track = _track(child, diags)
            if track is not None:
                tracks.append(track)
        elif child.tag == "RevenueCenter":
            centers.append(read_center(child, diags))
        elif child.tag == "TileName":
            name = (child.get("name") or "").strip()
            if name:
                names.append(TileName(name, diags.integer(child, "location", None), child.line))
        else:
            diags.warn(child, child.tag, f"unknown element in tile {number}; ignored")
    return TileDefinition(
        number,
        color,
        tuple(tracks),
        tuple(centers),
        tuple(names),
        (node.get("fixed") or "").strip().lower() == "true",
        diags.file,
        node.line,
    )


def definition_files(tiles_dir: Path) -> list[Path]:
    """GE18XX's per-colour `*-Tile-Definitions.xml`, sorted by name.

    (`Tile-Definitions.xml`, an older combined copy shipped beside them, is not read.)
    """
    return sorted(p for p in tiles_dir.glob("*-Tile-Definitions.xml") if p.is_file())


def load_tile_definitions(
    tiles_dir: str | Path, diagnostics: list[Diagnostic] | None = None
) -> dict[str, TileDefinition]:
    """Every tile of `tiles_dir`'s definition files by number (the first definition wins)."""
    found: dict[str, TileDefinition] = {}
    sink = diagnostics if diagnostics is not None else []
    files = definition_files(Path(tiles_dir))
    if not files:
        sink.append(
            Diagnostic(
                severity="error",
                message="no *-Tile-Definitions.xml files",
                code="ge18xx",
                file=str(tiles_dir),
            )
        )
    for path in files:
        diags = Diagnostics(str(path))
        try:
            root = read_xml(path, Path(tiles_dir).parent)
        except (XmlReadError, OSError) as exc:
            line = exc.line if isinstance(exc, XmlReadError) else 0
            diags.collector.error(line, "", f"cannot read XML: {exc}")
            sink.extend(diags.items)
            continue
        diags.collector.extend(hidden_diagnostics(root, str(path)))
        if root.tag != "TileDefinitions":
            diags.warn(root, root.tag, "expected <TileDefinitions> as the root element")
        for node in root.children:
            if node.tag != "Tile":
                diags.warn(node, node.tag, "unknown element in TileDefinitions; ignored")
                continue
            tile = parse_tile(node, diags)
            if tile is None:
                continue
            if tile.number in found:
                first = found[tile.number]
                diags.warn(
                    node,
                    "Tile.number",
                    f"tile {tile.number} is defined again (first at {first.file}:{first.line});"
                    " the first definition is used",
                )
                continue
            found[tile.number] = tile
        sink.extend(diags.items)
    return found


# --------------------------------------------------------------------------------------------
# tile language


def revenue_text(revenues: Iterable[tuple[int, int]]) -> str:
    """`40`, or `yellow_40|brown_70` for phase revenues (coloured by position, see above)."""
    values = [value for _, value in sorted(revenues, key=lambda r: r[0])]
    if not values:
        return "0"
    if len(set(values)) == 1:
        return str(values[0])
    colors = PHASE_COLORS.get(len(values))
    if colors is None:  # five or more phases: yellow, green, brown, then gray
        colors = ("yellow", "green", "brown") + ("gray",) * (len(values) - 3)
    return "|".join(f"{color}_{value}" for color, value in zip(colors, values, strict=True))


def label_text(name: str) -> str:
    """A TileName as a `label=` value: characters the tile language splits on are spaced out."""
    for ch in ";=:,|":
        name = name.replace(ch, " ")
    return " ".join(name.split())


@dataclass
class _Stop:
    kind: str  # city, town, offboard
    location: int
    revenue: str
    slots: int = 1
    dot: bool = False
    group: int = 1  # how many nodes the GE18XX centre became
    index: int = 0


def _stops(tile: TileDefinition, centers: Iterable[Center]) -> list[_Stop]:
    stops: list[_Stop] = []
    for center in centers:
        kind, count, slots = CENTER_TYPES.get(center.kind, ("city", 1, 1))
        if kind is None:
            continue
        revenue = revenue_text(center.revenues)
        if kind == "destination":
            if not center.revenues:
                continue  # a company's destination marker: no tile-language part
            kind = "offboard" if tile.color == "red" else "city"
        for _ in range(count):
            stops.append(
                _Stop(
                    "town" if kind == "dot" else kind,
                    center.location,
                    revenue,
                    slots,
                    dot=kind == "dot",
                    group=count,
                    index=len(stops),
                )
            )
    return stops


@dataclass(frozen=True)
class _Ends:
    """How a track end is written: an edge, a node `_N`, or None (a dead end with no
    off-board node)."""

    layout: str
    node_at: dict[int, int]
    junctions: dict[int, int]
    offboard: int | None
    node_offset: int

    def end(self, location: int) -> str | None:
        if L.is_side(location):
            return str(L.side_to_edge(location, self.layout))
        node = self.node_at.get(location, self.junctions.get(location))
        if node is None and L.is_dead_end(location):
            node = self.offboard
        return None if node is None else f"_{node + self.node_offset}"


def _turned(tile: TileDefinition, turn: int) -> tuple[list[Center], list[Track]]:
    """The tile's centres and drawable tracks turned by `turn` sixths."""

    def at(location: int) -> int:
        return L.rotate_location(location, turn)

    centers = [Center(c.kind, at(c.location), c.name, c.revenues, c.line) for c in tile.centers]
    tracks = [
        Track(at(t.enter), at(t.exit), t.gauge, t.line)
        for t in tile.tracks
        if GAUGES.get(t.gauge) is not None
    ]
    return centers, tracks


def _track_parts(merged: list[Track], ends: _Ends) -> tuple[list[str], list[str], Counter[int]]:
    """`path=` and `stub=` parts of the tracks, once each, and how many tracks end where."""
    paths: list[str] = []
    stubs: list[str] = []
    track_ends: Counter[int] = Counter()
    for track in merged:
        a, b = ends.end(track.enter), ends.end(track.exit)
        if a is None or b is None:
            edge = a if b is None else b
            if edge is not None and not edge.startswith("_") and f"stub=edge:{edge}" not in stubs:
                stubs.append(f"stub=edge:{edge}")
            continue
        if a.startswith("_") and not b.startswith("_"):
            a, b = b, a
        if a == b:
            continue
        gauge = GAUGES[track.gauge] or "broad"
        path = f"path=a:{a},b:{b}" + ("" if gauge == "broad" else f",track:{gauge}")
        if path not in paths:
            paths.append(path)
        track_ends.update((track.enter, track.exit))
    return paths, stubs, track_ends


def _stop_part(stop: _Stop, track_ends: Counter[int], stop_count: int, layout: str) -> str:
    items = [f"revenue:{stop.revenue}"]
    if stop.kind == "city" and stop.slots != 1:
        items.append(f"slots:{stop.slots}")
    if stop.kind == "town" and stop.dot and track_ends[stop.location] <= 2:
        items.append("style:dot")
    if stop.kind != "offboard" and stop.group == 1:
        where = _stop_loc(stop, track_ends[stop.location] > 0, stop_count, layout)
        if where is not None:
            items.append(f"loc:{where}")
    return f"{stop.kind}=" + ",".join(items)


def _labels(tile: TileDefinition) -> list[str]:
    labels: list[str] = []
    for name in tile.names:
        text = label_text(name.name)
        if text and text not in labels:
            labels.append(text)
    return [f"label={text}" for text in labels]


def tile_parts(
    tile: TileDefinition,
    layout: str,
    orientation: int = 0,
    *,
    node_offset: int = 0,
) -> list[str]:
    """The tile-language parts of `tile` on a `layout` map, turned by GE18XX `orientation`.

    `node_offset` shifts `_N` references, for codes that put other nodes first.
    """
    centers, tracks = _turned(tile, orientation % 6)
    stops = _stops(tile, centers)
    node_at: dict[int, int] = {}
    for stop in stops:
        node_at.setdefault(stop.location, stop.index)
    offboard = next((s.index for s in stops if s.kind == "offboard"), None)
    # Bare inner points: two track ends make one path through the point, more make a junction.
    bare = Counter(
        loc for t in tracks for loc in (t.enter, t.exit) if L.is_point(loc) and loc not in node_at
    )
    crossings = [loc for loc, ends in sorted(bare.items()) if ends != 2]
    junctions = {loc: len(stops) + n for n, loc in enumerate(crossings)}
    merged = _merge_through_points(tracks, {loc for loc, n in bare.items() if n == 2})
    ends = _Ends(layout, node_at, junctions, offboard, node_offset)
    paths, stubs, track_ends = _track_parts(merged, ends)
    parts = [_stop_part(stop, track_ends, len(stops), layout) for stop in stops]
    parts.extend("junction" for _ in junctions)
    return [*parts, *paths, *stubs, *_labels(tile)]


def _stop_loc(stop: _Stop, tracked: bool, stop_count: int, layout: str) -> str | None:
    if tracked:
        # 18xx.games places stops on track by itself; only a city sitting in a corner between
        # its tracks needs telling (as its own catalog does for New York, 54: loc:0.5/2.5).
        # A town keeps the automatic place on its curve (a corner loc would kink the track).
        if stop.kind == "city" and L.is_corner_point(stop.location):
            return L.point_loc(stop.location, layout)
        return None
    loc = L.point_loc(stop.location, layout)
    if loc == "center" and stop_count == 1:
        return None  # a lone pathless stop is centred anyway
    return loc


def _merge_through_points(tracks: list[Track], through: set[int]) -> list[Track]:
    """Tracks a–p and p–b through a bare point p become one track a–b."""
    out = list(tracks)
    for point in sorted(through):
        pair = [t for t in out if point in (t.enter, t.exit)]
        if len(pair) != 2 or pair[0] is pair[1]:
            continue
        first, second = pair
        a = first.exit if first.enter == point else first.enter
        b = second.exit if second.enter == point else second.enter
        index = out.index(first)
        out.remove(first)
        out.remove(second)
        out.insert(index, Track(a, b, first.gauge, first.line))
    return out


def tile_code(tile: TileDefinition, layout: str = "flat", orientation: int = 0) -> str:
    """The tile-language code of `tile` on a flat or pointy map, turned by `orientation`."""
    return ";".join(tile_parts(tile, layout, orientation))


__all__ = [
    "CENTER_TYPES",
    "GAUGES",
    "TILE_COLORS",
    "Center",
    "Diagnostics",
    "TileDefinition",
    "TileName",
    "Track",
    "definition_files",
    "label_text",
    "load_tile_definitions",
    "normalise_gauge",
    "parse_tile",
    "revenue_text",
    "tile_code",
    "tile_parts",
]
