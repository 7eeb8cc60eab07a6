"""GE18XX games (TileSet + Map) turned into our Game model."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from gallery.errors import GameDiagnostic, GameLoadError
from gallery.game import Axes, Game, MapHex, TileEntry, TileUpgrade
from gallery.ge18xx.tiles import (
    CITY_SLOTS,
    OFFBOARDS,
    TOWNS,
    Center,
    TileDefinition,
    inner_loc,
    load_tile_definitions,
    side_to_edge,
    tile_code,
)
from gallery.ge18xx.xmlread import XmlNode, read_xml
from tile_lang import check

TERRAIN_SYMBOLS = {
    "hill": "mountain",
    "mountain": "mountain",
    "river": "water",
    "water": "water",
    "swamp": "swamp",
    "lake": "lake",
    "desert": "desert",
    "forest": "forest",
    "coast": "water",
    "multiple river": "river",
}
OFF_MAP = {"off board green", "ocean"}


def list_ge18xx_games(folder: str | Path) -> list[str]:
    """Game ids of a GE18XX folder: sub-folders holding `<id>-TileSet.xml`."""
    root = Path(folder)
    return sorted(
        p.name for p in root.iterdir() if p.is_dir() and (p / f"{p.name}-TileSet.xml").is_file()
    )


def _letters(index: int) -> str:
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


def _letter_index(text: str) -> int:
    value = 0
    for ch in text.upper():
        if not "A" <= ch <= "Z":
            return -1
        value = value * 26 + ord(ch) - 64
    return value - 1


def import_ge18xx(
    folder: str | Path, game_id: str, *, with_diagnostics: bool = False
) -> Game | tuple[Game, list[GameDiagnostic]]:
    """Import GE18XX game `game_id` from `folder` (which holds `Tiles/` and `<game_id>/`)."""
    root = Path(folder)
    diagnostics: list[GameDiagnostic] = []
    definitions = load_tile_definitions(root / "Tiles", diagnostics)
    game_dir = root / game_id
    tileset_path = game_dir / f"{game_id}-TileSet.xml"
    map_path = game_dir / f"{game_id}-Map.xml"
    layout = "flat"
    map_root: XmlNode | None = None
    if map_path.is_file():
        try:
            map_root = read_xml(map_path)
            layout = "pointy" if (map_root.get("direction") or "EW").upper() == "EW" else "flat"
        except ET.ParseError as exc:
            diagnostics.append(
                GameDiagnostic(str(map_path), 0, "", f"cannot read XML: {exc}", "error")
            )
    tiles: dict[str, TileEntry] = {}
    upgrades: list[TileUpgrade] = []
    title = game_id
    try:
        tileset = read_xml(tileset_path)
        title = tileset.get("game") or game_id
        for tile_set in tileset.iter("TileSet"):
            for node in tile_set.children:
                if node.tag != "Tile":
                    diagnostics.append(
                        GameDiagnostic(str(tileset_path), node.line, node.tag, "unknown element")
                    )
                    continue
                number = node.get("number") or ""
                definition = definitions.get(number)
                if definition is None:
                    diagnostics.append(
                        GameDiagnostic(
                            str(tileset_path),
                            node.line,
                            "Tile.number",
                            f"tile {number!r} is not defined in Tiles/",
                        )
                    )
                    continue
                quantity = node.get("quantity") or "1"
                count = None if quantity.lower() in ("unlimited", "-1") else int(quantity)
                tiles[number] = TileEntry(
                    number, count, definition.color, tile_code(definition, layout)
                )
                for up in node.iter("Upgrade"):
                    rotations = tuple(
                        int(r)
                        for r in (up.get("rotations") or "").split(",")
                        if r.strip().isdigit()
                    )
                    upgrades.append(
                        TileUpgrade(number, up.get("toNumber") or "", rotations or None)
                    )
    except (ET.ParseError, OSError) as exc:
        diagnostics.append(GameDiagnostic(str(tileset_path), 0, "", f"cannot read: {exc}", "error"))
    hexes: dict[str, MapHex] = {}
    if map_root is not None:
        hexes = _map_hexes(map_root, str(map_path), definitions, layout, diagnostics)
    for tile in tiles.values():
        for diag in check(tile.code):
            if diag.severity == "error":
                diagnostics.append(
                    GameDiagnostic(
                        str(tileset_path), 0, f"tiles.{tile.name}", diag.message, "error"
                    )
                )
    game = Game(
        id=game_id,
        title=title,
        layout=layout,  # type: ignore[arg-type]
        axes=Axes("number", "letter") if layout == "pointy" else Axes("letter", "number"),
        tiles=tiles,
        hexes=hexes,
        meta={"source": "GE18XX (Krazick, MIT)"},
        upgrades=tuple(upgrades),
        source=str(game_dir),
    )
    if with_diagnostics:
        return game, diagnostics
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        raise GameLoadError(errors)
    return game


def _map_hexes(
    root: XmlNode,
    file: str,
    definitions: dict[str, TileDefinition],
    layout: str,
    diagnostics: list[GameDiagnostic],
) -> dict[str, MapHex]:
    costs: dict[str, int] = {}
    for terrain in root.iter("TerrainCosts"):
        for item in terrain.children:
            costs[(item.get("type") or "").lower()] = int(item.get("cost") or 0)
    last_row = _letter_index(root.get("rowStart") or "A")
    col_start = int(root.get("colStart") or 1) if (root.get("colStart") or "1").isdigit() else 1
    hexes: dict[str, MapHex] = {}
    for row in root.iter("Row"):
        index = int(row.get("index") or 0)
        start = int(row.get("startCol") or 0)
        letter = _letters(last_row - index) if last_row >= index else f"Z{index}"
        for i, cell in enumerate(c for c in row.children if c.tag == "MapCell"):
            column = col_start + 2 * (i + start) + (index % 2 if col_start % 2 else 1 - index % 2)
            code, color = _cell_code(cell, file, definitions, layout, costs, diagnostics)
            if color is None:
                continue
            coord = f"{letter}{column}"
            hexes[coord] = MapHex(coord, color, code)
    return hexes


def _cell_code(
    cell: XmlNode,
    file: str,
    definitions: dict[str, TileDefinition],
    layout: str,
    costs: dict[str, int],
    diagnostics: list[GameDiagnostic],
) -> tuple[str, str | None]:
    base = next((t for t in cell.iter("Terrain") if t.get("category") == "base"), None)
    base_type = (base.get("type") or "Clear").lower() if base is not None else "clear"
    if base_type in OFF_MAP:
        return "", None
    color = "red" if "red" in base_type else "white"
    parts: list[str] = []
    tile = cell.find("Tile")
    if tile is not None:
        number = tile.get("number") or ""
        definition = definitions.get(number)
        if definition is None:
            diagnostics.append(
                GameDiagnostic(
                    file, tile.line, "Tile.number", f"tile {number!r} is not defined in Tiles/"
                )
            )
        else:
            orientation = int(tile.get("orientation") or 0)
            code = tile_code(definition, layout, orientation)
            if code:
                parts.append(code)
            if definition.color not in ("white",):
                color = definition.color
    else:
        for center in cell.iter("RevenueCenter"):
            kind = (center.get("type") or "single city").lower()
            loc = inner_loc(int(center.get("location") or 50), layout)
            loc_item = f",loc:{loc}" if loc and loc != "center" else ""
            if kind in TOWNS:
                parts.append(f"town=revenue:0{loc_item}")
            elif kind in OFFBOARDS:
                parts.append("offboard=revenue:0")
            else:
                slots = int(center.get("number") or CITY_SLOTS.get(kind, 1) or 1)
                slot_item = f",slots:{slots}" if slots != 1 else ""
                parts.append(f"city=revenue:0{slot_item}{loc_item}")
        for name in cell.iter("TileName"):
            if name.get("name"):
                parts.append(f"label={name.get('name')}")
    terrains = [t for t in cell.iter("Terrain") if t.get("category") == "optional"]
    for terrain in terrains:
        kind = (terrain.get("type") or "").lower()
        symbol = TERRAIN_SYMBOLS.get(kind)
        if symbol is None:
            diagnostics.append(
                GameDiagnostic(
                    file, terrain.line, "Terrain.type", f"unknown terrain {terrain.get('type')!r}"
                )
            )
            continue
        parts.append(f"upgrade=cost:{costs.get(kind, 0)},terrain:{symbol}")
    for blocked in cell.iter("Blocked"):
        side = int(blocked.get("side") or 0)
        parts.append(f"border=edge:{side_to_edge(side, layout)},type:impassable")
    for child in cell.children:
        if child.tag not in ("Terrain", "Tile", "RevenueCenter", "TileName", "Blocked"):
            diagnostics.append(GameDiagnostic(file, child.line, child.tag, "unknown element"))
    return ";".join(parts), color


def import_ge18xx_folder(folder: str | Path, out_dir: str | Path) -> list[GameDiagnostic]:
    """Write one YAML file per GE18XX game of `folder` into `out_dir` (the CLI's import)."""
    from gallery.native import dump_game

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    diagnostics: list[GameDiagnostic] = []
    for game_id in list_ge18xx_games(folder):
        result = import_ge18xx(folder, game_id, with_diagnostics=True)
        assert isinstance(result, tuple)
        game, diags = result
        diagnostics.extend(diags)
        (out / f"{game_id}.yaml").write_text(dump_game(game), encoding="utf-8")
    return diagnostics


__all__ = ["Center", "import_ge18xx", "import_ge18xx_folder", "list_ge18xx_games"]
