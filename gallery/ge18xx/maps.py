"""GE18XX maps (`<game>-Map.xml`): rows of cells turned into 18xx.games-style map hexes.

**Coordinates.** GE18XX names a cell `rowID + colID[2 · column + row % 2]`, where `column`
counts from 0 including the `startCol` cells a row skips, and the ID lists come from the map's
`rowStart` / `colStart`: an upper-case letter counts down to A (`rowStart="K"`: row 0 is K,
row 1 is J, …), `A`/`a` count up, `1`/`0` are numbers from 1/0, and `zz` is `zz, a, b, …`.
That is 18xx.games' doubled-coordinate scheme, so a GE18XX ID is already an 18xx.games
coordinate when it is letter + number (1830: K13, J2, …, identical to 18xx.games' 1830 map).
Letter column IDs (1853's `zz, a, b…`) become their position in that list (`zz` 0, `a` 1, …), so
`Vn` is V14. On a pointy (`EW`) map the letter names the row and the number the column
(18xx.games' pointy axes: x number, y letter); on a flat (`NS`) map GE18XX's rows are columns,
so the letter names the column (x letter, y number). GE18XX draws row 0 at the bottom of an EW
map, which is why `rowStart` is the last letter.

**Cells.** The base terrain decides whether a cell is a hex: Clear and Delta are white hexes,
Off Board Red red ones, Off Board Gray gray ones; Ocean, Off Board Green and Off Board Black
are outside the map and give no hex. A preprinted `<Tile>` (with its orientation) gives the
hex its code and colour. Without a tile, the cell's revenue centres become stops with revenue
0 and a `loc` from their location, and its TileName a label. Optional terrain becomes
`upgrade=cost:<TerrainCosts>,terrain:<symbol>` (TERRAINS), a `<Blocked side>` an impassable
border. Names of revenue centres (not of private railways) become location names. Private
railway markers and 1853's `<Rebate>` have no tile-language form and are dropped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import gallery.ge18xx.locations as L
from gallery.game import Axes, MapHex
from gallery.ge18xx.tiles import (
    CENTER_TYPES,
    Center,
    Diagnostics,
    TileDefinition,
    label_text,
    read_center,
    tile_parts,
)
from gallery.ge18xx.xmlread import XmlNode

BASE_COLORS: dict[str, str | None] = {
    "clear": "white",
    "delta": "white",
    "off board red": "red",
    "off board gray": "gray",
    "off board grey": "gray",
    "ocean": None,
    "off board green": None,
    "off board black": None,
}

# GE18XX optional terrain -> 18xx.games upgrade terrain symbol.
TERRAINS: dict[str, str] = {
    "river": "water",
    "small river": "water",
    "large river": "water",
    "major river": "water",
    "multiple river": "water",
    "coast": "water",
    "shallow coast": "water",
    "deep coast": "water",
    "lake": "lake",
    "hill": "mountain",
    "mountain": "mountain",
    "himalya": "mountain",
    "pass": "mountain",
    "swamp": "swamp",
    "desert": "desert",
}

# GE18XX terrain drawn as an 18xx.games icon (1856's ports, tunnels and bridges): what the
# engine's own maps write for them. A cost in TerrainCosts adds an upgrade cost.
ICON_TERRAINS: dict[str, str] = {
    "port": "icon=image:port,sticky:1",
    "tunnel": "icon=image:tunnel",
    "bridge": "icon=image:bridge",
}

KNOWN_CELL_CHILDREN = {"Terrain", "Tile", "RevenueCenter", "TileName", "Blocked", "Rebate"}
UPPER = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
LOWER = [c.lower() for c in UPPER] + ["a" + c.lower() for c in UPPER]


@dataclass
class MapResult:
    """What a map file gives: layout, axes, hexes in file order and location names."""

    layout: str
    axes: Axes
    hexes: dict[str, MapHex] = field(default_factory=dict)
    location_names: dict[str, str] = field(default_factory=dict)
    cell_lines: dict[str, int] = field(default_factory=dict)


def layout_of(direction: str | None) -> str | None:
    """GE18XX `direction`: EW (two vertical sides) is pointy, NS flat; None when unknown."""
    text = (direction or "").strip().upper()
    return {"EW": "pointy", "NS": "flat"}.get(text)


def axis_ids(start: str | None, count: int) -> list[str] | None:
    """GE18XX's row or column IDs for `rowStart` / `colStart` (at least `count` of them)."""
    text = (start or "").strip()
    if text in ("", "a"):
        ids = list(LOWER)
    elif text == "zz":
        ids = ["zz", *LOWER]
    elif text == "A":
        ids = list(UPPER)
    elif text.isdigit():
        first = int(text)
        ids = [str(first + i) for i in range(max(count, 1))]
    elif len(text) == 1 and text in UPPER:
        ids = UPPER[: UPPER.index(text) + 1][::-1]
    else:
        return None
    return ids


def _column_number(col_id: str, col_ids: list[str]) -> int:
    """A column ID as a number: numbers stay, letters give their position in the ID list."""
    if col_id.lstrip("-").isdigit():
        return int(col_id)
    position = col_ids.index(col_id)
    return position if col_ids[0] == "zz" else position + 1


def _row_letter(row_id: str) -> str:
    return row_id.upper() if len(row_id) <= 2 else row_id


def read_map(
    root: XmlNode,
    diags: Diagnostics,
    definitions: dict[str, TileDefinition],
    fallback_layout: str = "flat",
    city_names: dict[str, str] | None = None,
) -> MapResult:
    """Hexes, location names and layout of a parsed `<Map>` element. `city_names` (city id
    -> name, from the game's Cities file) names the revenue centres whose own name is empty."""
    layout = layout_of(root.get("direction"))
    if layout is None:
        diags.warn(
            root,
            "Map.direction",
            f"unknown direction {root.get('direction')!r} (EW or NS); {fallback_layout} assumed",
        )
        layout = fallback_layout
    axes = Axes("number", "letter") if layout == "pointy" else Axes("letter", "number")
    result = MapResult(layout, axes)
    cells = _Cells(diags, definitions, layout, _terrain_costs(root, diags), set(), city_names)
    rows = list(root.elements("Row"))
    row_ids, col_ids = _axis_ids(root, rows, diags)
    for child in root.children:
        if child.tag not in ("Row", "TerrainCosts"):
            diags.warn(child, child.tag, "unknown element in Map; ignored")
    for row in rows:
        index = diags.integer(row, "index", None)
        if index is None or index < 0:
            diags.warn(row, "Row.index", "a row needs a whole-number index; row skipped")
            continue
        if index >= len(row_ids) or not row_ids[index].isalpha():
            diags.warn(row, "Row.index", f"row {index} is beyond the row IDs; row skipped")
            continue
        column = diags.integer(row, "startCol", 0) or 0
        for cell in row.children:
            if cell.tag != "MapCell":
                diags.warn(cell, cell.tag, "unknown element in Row; ignored")
                continue
            slot = 2 * column + index % 2
            column += 1
            if slot >= len(col_ids):
                diags.warn(cell, "MapCell", "cell beyond the column IDs; skipped")
                continue
            coord = f"{_row_letter(row_ids[index])}{_column_number(col_ids[slot], col_ids)}"
            hex_ = cells.hex(cell, coord)
            if hex_ is None:
                continue
            if coord in result.hexes:
                diags.warn(cell, "MapCell", f"{coord} appears twice; the first cell is kept")
                continue
            result.hexes[coord] = hex_
            result.cell_lines[coord] = cell.line
            if hex_.name:
                result.location_names[coord] = hex_.name
    return result


def _terrain_costs(root: XmlNode, diags: Diagnostics) -> dict[str, int]:
    """The map's `TerrainCosts`: terrain kind -> upgrade cost."""
    costs: dict[str, int] = {}
    for terrain_costs in root.elements("TerrainCosts"):
        for item in terrain_costs.children:
            kind = " ".join((item.get("type") or "").lower().split())
            cost = diags.integer(item, "cost", None)
            if item.tag != "Terrain" or not kind or cost is None:
                diags.warn(item, item.tag, "expected <Terrain type=… cost=…>; ignored")
                continue
            costs[kind] = cost
    return costs


def _axis_ids(
    root: XmlNode, rows: list[XmlNode], diags: Diagnostics
) -> tuple[list[str], list[str]]:
    """The row and column ids the map's rows and cells are numbered with."""
    width = max((_row_width(row, diags) for row in rows), default=0)
    row_ids = axis_ids(root.get("rowStart"), len(rows))
    if row_ids is None:
        diags.warn(root, "Map.rowStart", f"unknown rowStart {root.get('rowStart')!r}; A… used")
        row_ids = list(UPPER)
    col_ids = axis_ids(root.get("colStart"), 2 * width + 2)
    if col_ids is None:
        diags.warn(root, "Map.colStart", f"unknown colStart {root.get('colStart')!r}; 1… used")
        col_ids = axis_ids("1", 2 * width + 2) or []
    return row_ids, col_ids


def _row_width(row: XmlNode, diags: Diagnostics) -> int:
    start = diags.integer(row, "startCol", 0) or 0
    return start + sum(1 for c in row.children if c.tag == "MapCell")


@dataclass
class _Cells:
    """What every cell of one map is read with: the map's diagnostics, the tile definitions,
    the layout, terrain costs (each missing cost said once) and the Cities file's names."""

    diags: Diagnostics
    definitions: dict[str, TileDefinition]
    layout: str
    costs: dict[str, int]
    warned_costs: set[str]
    city_names: dict[str, str] | None = None

    def color(self, cell: XmlNode) -> str | None:
        """The colour of the cell's base terrain (None: not a hex of the map)."""
        base = next((t for t in cell.elements("Terrain") if t.get("category") == "base"), None)
        base_text = (base.get("type") if base is not None else None) or "Clear"
        base_type = " ".join(base_text.lower().split())
        if base_type not in BASE_COLORS:
            self.diags.warn(
                base, "Terrain.type", f"unknown base terrain {base_type!r}; drawn as Clear"
            )
            base_type = "clear"
        return BASE_COLORS[base_type]

    def tile(self, cell: XmlNode) -> tuple[XmlNode, TileDefinition] | None:
        """The preprinted tile of the cell and its definition, when it has one."""
        tile_node = cell.find("Tile")
        if tile_node is None:
            return None
        number = (tile_node.get("number") or "").strip()
        definition = self.definitions.get(number)
        if definition is None:
            self.diags.warn(tile_node, "Tile.number", f"tile {number!r} is not defined in Tiles/")
            return None
        return tile_node, definition

    def city_names_of(self, nodes: list[XmlNode], centers: list[Center]) -> list[str]:
        """Names of unnamed revenue centres from the Cities file, by their id."""
        if self.city_names is None:
            return []
        names = []
        for node, center in zip(nodes, centers, strict=True):
            city_id = (node.get("id") or "0").strip()
            if center.name or center.kind == "private railway" or city_id == "0":
                continue
            if city_id in self.city_names:
                names.append(self.city_names[city_id])
            else:
                self.diags.warn(
                    node, "RevenueCenter.id", f"city {city_id} is not in the Cities file"
                )
        return names

    def terrain(self, terrain: XmlNode) -> list[str]:
        """The parts one non-base terrain adds: an icon, or a cost with its symbol."""
        kind = " ".join((terrain.get("type") or "").lower().split())
        if kind in ICON_TERRAINS:
            cost = [f"upgrade=cost:{self.costs[kind]}"] if self.costs.get(kind) else []
            return [ICON_TERRAINS[kind], *cost]
        symbol = TERRAINS.get(kind)
        if symbol is None:
            message = f"terrain {terrain.get('type')!r} has no tile-language form; dropped"
            self.diags.warn(terrain, "Terrain.type", message)
            return []
        if kind not in self.costs and kind not in self.warned_costs:
            self.warned_costs.add(kind)
            self.diags.warn(terrain, "Terrain.type", f"no TerrainCosts entry for {kind!r}; cost 0")
        return [f"upgrade=cost:{self.costs.get(kind, 0)},terrain:{symbol}"]

    def blocked(self, blocked: XmlNode) -> list[str]:
        """An impassable side."""
        side = self.diags.integer(blocked, "side", None)
        if side is None or not L.is_side(side):
            message = f"expected a side 0–5, found {blocked.get('side')!r}"
            self.diags.warn(blocked, "Blocked.side", message)
            return []
        return [f"border=edge:{L.side_to_edge(side, self.layout)},type:impassable"]

    def decorations(self, cell: XmlNode, coord: str) -> list[str]:
        """Terrain and impassable sides; a warning for each element not understood."""
        parts: list[str] = []
        for terrain in cell.elements("Terrain"):
            if terrain.get("category") != "base":
                parts.extend(self.terrain(terrain))
        for blocked in cell.elements("Blocked"):
            parts.extend(self.blocked(blocked))
        for child in cell.children:
            if child.tag not in KNOWN_CELL_CHILDREN:
                message = f"unknown element in the cell of {coord}; ignored"
                self.diags.warn(child, child.tag, message)
        return parts

    def hex(self, cell: XmlNode, coord: str) -> MapHex | None:
        """The map hex of one cell (None for a cell that is not on the map)."""
        color = self.color(cell)
        if color is None:
            return None
        parts: list[str] = []
        labels: list[str] = []
        tile_names: list[str] = []
        tile = self.tile(cell)
        if tile is not None:
            tile_node, definition = tile
            orientation = self.diags.integer(tile_node, "orientation", 0) or 0
            for part in tile_parts(definition, self.layout, orientation):
                (labels if part.startswith("label=") else parts).append(part.removeprefix("label="))
            color = definition.color
            tile_names = _center_names(definition.centers)
        center_nodes = list(cell.elements("RevenueCenter"))
        centers = [read_center(node, self.diags) for node in center_nodes]
        names = [*_center_names(centers), *tile_names, *self.city_names_of(center_nodes, centers)]
        if tile is None:
            parts.extend(_pathless_stops(centers, self.layout))
        labels.extend(_tile_names(cell, labels))
        parts.extend(f"label={text}" for text in labels)
        parts.extend(self.decorations(cell, coord))
        return MapHex(coord, color, ";".join(parts), next((n for n in names if n), None))


def _center_names(centers: Iterable[Center]) -> list[str]:
    """The names revenue centres give their hex (a private railway's is not a place)."""
    return [c.name for c in centers if c.name and c.kind != "private railway"]


def _tile_names(cell: XmlNode, labels: list[str]) -> list[str]:
    """The cell's TileName labels not already given by its tile, in order, once each."""
    found: list[str] = []
    for node in cell.elements("TileName"):
        text = label_text(node.get("name") or "")
        if text and text not in labels and text not in found:
            found.append(text)
    return found


def _pathless_stops(centers: list[Center], layout: str) -> list[str]:
    """Stops of a cell without a tile: revenue 0, placed by their GE18XX location."""
    stops = [c for c in centers if CENTER_TYPES[c.kind][0] not in (None, "destination")]
    parts: list[str] = []
    for center in stops:
        kind, count, slots = CENTER_TYPES[center.kind]
        word = "town" if kind == "dot" else str(kind)
        items = ["revenue:0"]
        if word == "city" and slots != 1:
            items.append(f"slots:{slots}")
        if kind == "dot":
            items.append("style:dot")
        loc = L.point_loc(center.location, layout) if word != "offboard" else None
        if count == 1 and loc is not None and not (loc == "center" and len(stops) == 1):
            items.append(f"loc:{loc}")
        parts.extend(f"{word}=" + ",".join(items) for _ in range(count))
    return parts
