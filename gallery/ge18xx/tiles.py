"""GE18XX tile definitions and their conversion to tile strings (see the package docstring)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from gallery.errors import GameDiagnostic
from gallery.ge18xx.xmlread import XmlNode, read_xml
from tile_lang import TileSyntaxError, parse, serialise

GAUGES = {"NORMAL": "broad", "METER": "narrow", "DUAL": "dual", "TUNNEL": "broad", "FERRY": "thin"}
DRAWING_AIDS = {"OVERPASS", "METER_BASE", "FERRY_BASE"}
COLORS = {
    "yellow": "yellow",
    "green": "green",
    "brown": "brown",
    "grey": "gray",
    "gray": "gray",
    "red off board": "red",
    "red-brown": "brown",
    "ocean ferry": "blue",
}
CITY_SLOTS = {
    "single city": 1,
    "double city": 2,
    "triple city": 3,
    "quad city": 4,
    "four cities": 4,
    "destination city": 1,
    "private railway": 1,
}
TOWNS = {"small town": None, "dot town": "dot"}
OFFBOARDS = {"dead-end only city"}
PHASE_COLORS = {
    1: ("yellow",),
    2: ("yellow", "brown"),
    3: ("yellow", "green", "brown"),
    4: ("yellow", "green", "brown", "gray"),
}


@dataclass(frozen=True)
class Track:
    enter: int
    exit: int
    gauge: str
    line: int


@dataclass(frozen=True)
class Center:
    location: int
    kind: str
    slots: int | None
    revenues: tuple[tuple[int, int], ...]  # (phase, value)
    line: int


@dataclass
class TileDefinition:
    """One `<Tile>` of a definitions file, kept in GE18XX terms until a layout is chosen."""

    number: str
    color: str
    file: str
    line: int
    tracks: list[Track] = field(default_factory=list)
    centers: list[Center] = field(default_factory=list)
    names: list[tuple[int, str]] = field(default_factory=list)


def side_to_edge(side: int, layout: str) -> int:
    """GE18XX side -> 18xx.games edge for a flat or pointy map (package docstring)."""
    return (side + (1 if layout == "pointy" else 3)) % 6


def inner_loc(location: int, layout: str) -> str | None:
    """A `loc` for a stop drawn without track at a GE18XX inner point, when it has one."""
    if 6 <= location <= 11 or 40 <= location <= 45:
        return str(side_to_edge(location % 6 if location < 40 else location - 40, layout))
    if 12 <= location <= 17:
        corner = (side_to_edge(location - 12, layout) - 0.5) % 6
        return f"{corner:g}"
    if location == 50:
        return "center"
    return None


def _int(
    node: XmlNode, name: str, default: int | None, file: str, diagnostics: list[GameDiagnostic]
) -> int | None:
    value = node.get(name)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        diagnostics.append(
            GameDiagnostic(
                file, node.line, f"{node.tag}.{name}", f"expected a whole number, found {value!r}"
            )
        )
        return default


def _definition(node: XmlNode, file: str, diagnostics: list[GameDiagnostic]) -> TileDefinition:
    color_text = (node.get("type") or "").strip().lower()
    color = COLORS.get(color_text)
    if color is None:
        diagnostics.append(
            GameDiagnostic(
                file, node.line, "Tile.type", f"unknown tile type {node.get('type')!r}; drawn white"
            )
        )
        color = "white"
    tile = TileDefinition(str(node.get("number")), color, file, node.line)
    for child in node.children:
        if child.tag == "Track":
            gauge = (child.get("gauge") or "NORMAL").strip().upper().replace(" ", "_")
            enter = _int(child, "enter", None, file, diagnostics)
            exit_ = _int(child, "exit", None, file, diagnostics)
            if enter is None or exit_ is None:
                diagnostics.append(
                    GameDiagnostic(file, child.line, "Track", "a track needs enter and exit")
                )
                continue
            if gauge not in GAUGES and gauge not in DRAWING_AIDS:
                diagnostics.append(
                    GameDiagnostic(
                        file, child.line, "Track.gauge", f"unknown gauge {gauge!r}; drawn as NORMAL"
                    )
                )
                gauge = "NORMAL"
            tile.tracks.append(Track(enter, exit_, gauge, child.line))
        elif child.tag == "RevenueCenter":
            revenues = []
            for rev in child.children:
                if rev.tag != "Revenue":
                    diagnostics.append(GameDiagnostic(file, rev.line, rev.tag, "unknown element"))
                    continue
                phase = _int(rev, "phase", 0, file, diagnostics) or 0
                value = _int(rev, "value", 0, file, diagnostics) or 0
                revenues.append((phase, value))
            kind = (child.get("type") or "Single City").strip().lower()
            if kind not in CITY_SLOTS and kind not in TOWNS and kind not in OFFBOARDS:
                diagnostics.append(
                    GameDiagnostic(
                        file,
                        child.line,
                        "RevenueCenter.type",
                        f"unknown type {child.get('type')!r}; drawn as a city",
                    )
                )
            tile.centers.append(
                Center(
                    _int(child, "location", 50, file, diagnostics) or 50,
                    kind,
                    _int(child, "number", None, file, diagnostics),
                    tuple(revenues),
                    child.line,
                )
            )
        elif child.tag == "TileName":
            tile.names.append(
                (_int(child, "location", 50, file, diagnostics) or 50, child.get("name") or "")
            )
        else:
            diagnostics.append(GameDiagnostic(file, child.line, child.tag, "unknown element"))
    return tile


def load_tile_definitions(
    tiles_dir: Path, diagnostics: list[GameDiagnostic]
) -> dict[str, TileDefinition]:
    """Every `<Tile>` of `*-Tile-Definitions.xml` (and `Tile-Definitions.xml`), first wins."""
    definitions: dict[str, TileDefinition] = {}
    files = sorted(
        tiles_dir.glob("*Tile-Definitions.xml"),
        key=lambda p: (p.name == "Tile-Definitions.xml", p.name),
    )
    for path in files:
        try:
            root = read_xml(path)
        except (ET.ParseError, OSError) as exc:
            diagnostics.append(GameDiagnostic(str(path), 0, "", f"cannot read XML: {exc}", "error"))
            continue
        for node in root.children:
            if node.tag != "Tile":
                diagnostics.append(
                    GameDiagnostic(str(path), node.line, node.tag, "unknown element")
                )
                continue
            tile = _definition(node, str(path), diagnostics)
            definitions.setdefault(tile.number, tile)
    return definitions


def _revenue(center: Center) -> str:
    values = [v for _, v in sorted(center.revenues)] or [0]
    if len(values) == 1:
        return str(values[0])
    colors = PHASE_COLORS.get(len(values))
    if colors is None:
        colors = tuple(["yellow", "green", "brown", "gray"] + ["gray"] * (len(values) - 4))
    return "|".join(f"{c}_{v}" for c, v in zip(colors, values, strict=False))


def tile_code(tile: TileDefinition, layout: str, orientation: int = 0) -> str:
    """The tile string of a definition on a flat or pointy map, turned by `orientation`."""
    parts: list[str] = []
    node_of: dict[int, int] = {}
    tracked = {loc for t in tile.tracks for loc in (t.enter, t.exit) if loc >= 6}
    for center in tile.centers:
        items = [f"revenue:{_revenue(center)}"]
        kind = center.kind
        if kind in OFFBOARDS:
            parts.append("offboard=" + ",".join(items))
        elif kind in TOWNS:
            if TOWNS[kind]:
                items.append(f"style:{TOWNS[kind]}")
            loc = None if center.location in tracked else inner_loc(center.location, layout)
            if loc and loc != "center":
                items.append(f"loc:{loc}")
            parts.append("town=" + ",".join(items))
        else:
            slots = center.slots or CITY_SLOTS.get(kind, 1)
            if slots != 1:
                items.append(f"slots:{slots}")
            loc = None if center.location in tracked else inner_loc(center.location, layout)
            if loc and loc != "center":
                items.append(f"loc:{loc}")
            parts.append("city=" + ",".join(items))
        node_of.setdefault(center.location, len(node_of))
    offboard_99 = next(
        (node_of[c.location] for c in tile.centers if c.location == 99 and c.kind in OFFBOARDS),
        None,
    )
    junctions: dict[int, int] = {}
    paths: list[str] = []
    stubs: list[str] = []
    seen: set[tuple[str, str, str]] = set()
    count = len(node_of)

    def end(location: int) -> str | None:
        nonlocal count
        if 0 <= location <= 5:
            return str((side_to_edge(location, layout) + orientation) % 6)
        if location in node_of:
            return f"_{node_of[location]}"
        if 90 <= location <= 99:
            return f"_{offboard_99}" if offboard_99 is not None else None
        if location not in junctions:
            junctions[location] = count
            count += 1
        return f"_{junctions[location]}"

    for track in tile.tracks:
        if track.gauge in DRAWING_AIDS:
            continue
        a, b = end(track.enter), end(track.exit)
        gauge = GAUGES[track.gauge]
        if a is None or b is None:
            edge = a if a is not None and not a.startswith("_") else b
            if edge is not None and not edge.startswith("_"):
                stubs.append(f"stub=edge:{edge}")
            continue
        if a.startswith("_") and not b.startswith("_"):
            a, b = b, a
        key = (a, b, gauge)
        if key in seen:
            continue
        seen.add(key)
        extra = "" if gauge == "broad" else f",track:{gauge}"
        paths.append(f"path=a:{a},b:{b}{extra}")
    parts.extend("junction" for _ in junctions)
    parts.extend(paths)
    parts.extend(stubs)
    parts.extend(f"label={name}" for _, name in tile.names if name)
    code = ";".join(parts)
    if orientation:
        code = _rotate_locs(code, orientation)
    try:
        return serialise(parse(code))
    except TileSyntaxError:
        return code


def _rotate_locs(code: str, orientation: int) -> str:
    from tile_lang.rotation import rotate

    tile = parse(code)
    turned = rotate(tile, 0)
    # Paths were turned as they were built; stop locs turn with the tile too.
    from dataclasses import replace

    from tile_lang.model import City, Halt, Town

    parts = []
    for part in turned.parts:
        if isinstance(part, City | Town | Halt) and part.loc not in (None, "center"):
            part = replace(part, loc=(float(part.loc) + orientation) % 6)
        parts.append(part)
    return serialise(type(tile)(tuple(parts)))
