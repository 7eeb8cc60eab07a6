"""A GE18XX game (TileSet + Map + the shared tile definitions) turned into our `Game`.

`read_ge18xx(folder, game_id)` returns the game and every diagnostic; `import_ge18xx` returns the
game alone and raises `GameLoadError` when there are errors (warnings are dropped: use
`read_ge18xx` to see them). Errors are what stops a game from being usable: no TileSet, XML that
is not well-formed, or a generated code that does not parse; anything unknown or unsupported
inside a file is a warning with file:line and the rest imports.

The TileSet (`<game>-TileSet.xml`) gives the tile supply with quantities, and for each tile the
allowed upgrades with the rotations of the new tile (relative to the old one at orientation 0;
kept as they are, see `gallery.ge18xx.locations`). Its "Other" set lists the preprinted tiles of
the map; they are drawn on the map hexes and are not part of the tile supply.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Literal, overload

from gallery.addresses import Addresses
from gallery.errors import GameLoadError
from gallery.game import Axes, Game, SourceRef, TileEntry, TileUpgrade
from gallery.ge18xx.cities import read_cities
from gallery.ge18xx.maps import MapResult, layout_of, read_map
from gallery.ge18xx.tiles import Diagnostics, TileDefinition, load_tile_definitions, tile_code
from gallery.ge18xx.xmlread import XmlNode, XmlReadError, hidden_diagnostics, read_xml
from gallery.limits import TILE_COUNT, bound_game
from gallery.native import dump_game
from gallery.output import forced_warnings, write_files
from gallery.textfile import outside_reason
from tile_lang import Diagnostic, TileSyntaxError
from tile_lang import parse as parse_code

SOURCE = "GE18XX by Mark J Smith (Krazick), MIT License"
KNOWN_TILESET_TILE_CHILDREN = {"Upgrade"}
KNOWN_UPGRADE_CHILDREN = {"RevenueCenter", "BaseCityName"}  # token moves, city restrictions
_ID_CHARS = re.compile(r"[^A-Za-z0-9_.-]+")


def game_slug(game_id: str) -> str:
    """A GE18XX folder name as one of our game ids (`1830+` -> `1830plus`)."""
    slug = _ID_CHARS.sub("-", game_id.replace("+", "plus")).strip("-._")
    return (slug or "ge18xx")[:64]


def list_ge18xx_games(folder: str | Path) -> list[str]:
    """The game folders of a GE18XX folder: sub-folders holding `<name>-TileSet.xml`."""
    root = Path(folder)
    if not root.is_dir():
        return []
    return sorted(
        p.name for p in root.iterdir() if p.is_dir() and (p / f"{p.name}-TileSet.xml").is_file()
    )


def _read(
    path: Path, diagnostics: list[Diagnostic], *, required: bool, within: Path
) -> XmlNode | None:
    if not (path.is_file() or path.is_symlink()):
        severity: Literal["error", "warning"] = "error" if required else "warning"
        diagnostics.append(
            Diagnostic(severity=severity, message="file not found", code="ge18xx", file=str(path))
        )
        return None
    try:
        root = read_xml(path, within)
        diagnostics.extend(hidden_diagnostics(root, str(path)))
        return root
    except XmlReadError as exc:
        diagnostics.append(
            Diagnostic(
                severity="error",
                message=f"cannot read XML: {exc.message}",
                code="ge18xx",
                file=str(path),
                line=exc.line,
                column=exc.column,
            )
        )
    except OSError as exc:
        diagnostics.append(
            Diagnostic(
                severity="error", message=f"cannot read: {exc}", code="ge18xx", file=str(path)
            )
        )
    return None


def _quantity(node: XmlNode, diags: Diagnostics) -> int | None:
    text = (node.get("quantity") or "1").strip().lower()
    if text in ("unlimited", "-1"):
        return None
    if re.fullmatch(r"[0-9]+", text):
        if len(text.lstrip("0")) <= len(str(TILE_COUNT.high)) and int(text) <= TILE_COUNT.high:
            return int(text)
        shown = text if len(text) <= 20 else f"a number of {len(text)} digits"
        diags.error(node, "Tile.quantity", f"{shown}: {TILE_COUNT.what} are at most "
                    f"{TILE_COUNT.high:,}; {TILE_COUNT.high:,} used")  # fmt: skip
        return TILE_COUNT.high
    diags.warn(node, "Tile.quantity", f"expected a number or 'unlimited', found {text!r}; 1 used")
    return 1


def _rotations(node: XmlNode, diags: Diagnostics) -> tuple[int, ...] | None:
    text = node.get("rotations")
    if text is None or not text.strip():
        return None
    found: list[int] = []
    for item in text.split(","):
        item = item.strip()
        if item.isdigit() and int(item) < 6:
            if int(item) not in found:
                found.append(int(item))
        else:
            diags.warn(node, "Upgrade.rotations", f"rotation {item!r} is not 0–5; ignored")
    return tuple(found) or None


def _tileset(
    root: XmlNode,
    diags: Diagnostics,
    definitions: dict[str, TileDefinition],
    layout: str,
) -> tuple[dict[str, TileEntry], list[TileUpgrade]]:
    tiles: dict[str, TileEntry] = {}
    upgrades: list[TileUpgrade] = []
    if root.tag != "TileManifest":
        diags.warn(root, root.tag, "expected <TileManifest> as the root element")
    for tile_set in root.children:
        if tile_set.tag != "TileSet":
            diags.warn(tile_set, tile_set.tag, "unknown element in TileManifest; ignored")
            continue
        preprinted = (tile_set.get("color") or "").strip().lower() == "other"
        for node in tile_set.children:
            if node.tag != "Tile":
                diags.warn(node, node.tag, "unknown element in TileSet; ignored")
                continue
            number = (node.get("number") or "").strip()
            count = _quantity(node, diags)
            for up in node.children:
                if up.tag not in KNOWN_TILESET_TILE_CHILDREN:
                    diags.warn(up, up.tag, f"unknown element in tile {number}; ignored")
                    continue
                for child in up.children:
                    if child.tag not in KNOWN_UPGRADE_CHILDREN:
                        diags.warn(child, child.tag, "unknown element in Upgrade; ignored")
                to = (up.get("toNumber") or "").strip()
                if not to:
                    diags.warn(up, "Upgrade.toNumber", "an upgrade needs toNumber; ignored")
                    continue
                upgrades.append(TileUpgrade(number, to, _rotations(up, diags)))
            definition = definitions.get(number)
            if definition is None:
                diags.warn(node, "Tile.number", f"tile {number!r} is not defined in Tiles/")
                continue
            if preprinted or definition.fixed or number in tiles:
                continue
            tiles[number] = TileEntry(
                number, count, definition.color, tile_code(definition, layout)
            )
    return tiles, upgrades


def read_ge18xx(folder: str | Path, game_id: str) -> tuple[Game, list[Diagnostic]]:
    """Import GE18XX game `game_id` from `folder` (holding `Tiles/` and `<game_id>/`)."""
    root = Path(folder)
    diagnostics: list[Diagnostic] = []
    definitions = load_tile_definitions(root / "Tiles", diagnostics)
    game_dir = root / game_id
    tileset_path = game_dir / f"{game_id}-TileSet.xml"
    map_path = game_dir / f"{game_id}-Map.xml"
    tileset = _read(tileset_path, diagnostics, required=True, within=root)
    map_root = _read(map_path, diagnostics, required=False, within=root)
    cities_path = game_dir / f"{game_id}-Cities.xml"
    # optional: without it the map has only the names its cells spell out
    cities_root = (
        _read(cities_path, diagnostics, required=False, within=root)
        if cities_path.is_file() or cities_path.is_symlink()
        else None
    )
    cities_diags = Diagnostics(str(cities_path))
    city_names = read_cities(cities_root, cities_diags) if cities_root is not None else None

    layout = layout_of(map_root.get("direction") if map_root is not None else None)
    layout = layout or layout_of(tileset.get("direction") if tileset is not None else None)
    layout = layout or "flat"

    map_diags = Diagnostics(str(map_path))
    result = MapResult(layout, Axes("number", "letter") if layout == "pointy" else Axes())
    if map_root is not None:
        if map_root.tag != "Map":
            map_diags.warn(map_root, map_root.tag, "expected <Map> as the root element")
        result = read_map(map_root, map_diags, definitions, layout, city_names)

    set_diags = Diagnostics(str(tileset_path))
    tiles: dict[str, TileEntry] = {}
    upgrades: list[TileUpgrade] = []
    meta = {"source": SOURCE}
    if tileset is not None:
        variant = (tileset.get("variant") or "").strip()
        if variant and variant.lower() != "normal":
            meta["variant"] = variant
        tiles, upgrades = _tileset(tileset, set_diags, definitions, result.layout)
    diagnostics.extend(set_diags.items)
    diagnostics.extend(map_diags.items)
    diagnostics.extend(cities_diags.items)

    for name, entry in tiles.items():
        definition = definitions[name]
        _validate(entry.code, definition.file, definition.line, f"tiles.{name}", diagnostics)
    for coord, hex_ in result.hexes.items():
        _validate(hex_.code, str(map_path), result.cell_lines[coord], coord, diagnostics)

    game = Game(
        id=game_slug(game_id),
        title=game_id,  # the folder name: 1830+ says game="1830" in its TileSet
        layout="pointy" if result.layout == "pointy" else "flat",
        axes=result.axes,
        tiles=tiles,
        hexes=result.hexes,
        location_names=result.location_names,
        meta=meta,
        upgrades=tuple(upgrades),
        source=str(game_dir),
    )
    tiles_at = SourceRef(str(tileset_path), tileset.line if tileset is not None else 0)
    hexes_at = SourceRef(str(map_path), map_root.line if map_root is not None else 0)
    game, beyond = bound_game(game, tiles_at, hexes_at)
    return game, diagnostics + beyond


def _validate(code: str, file: str, line: int, field: str, sink: list[Diagnostic]) -> None:
    try:
        parse_code(code)
    except TileSyntaxError as exc:
        sink.append(
            Diagnostic(
                severity="error",
                message=f"generated code {code!r}: {exc}",
                code="ge18xx",
                file=file,
                line=line,
                field=field,
            )
        )


@overload
def import_ge18xx(
    folder: str | Path, game_id: str, *, with_diagnostics: Literal[False] = False
) -> Game: ...
@overload
def import_ge18xx(
    folder: str | Path, game_id: str, *, with_diagnostics: Literal[True]
) -> tuple[Game, list[Diagnostic]]: ...
def import_ge18xx(
    folder: str | Path, game_id: str, *, with_diagnostics: bool = False
) -> Game | tuple[Game, list[Diagnostic]]:
    """The `Game` of GE18XX game `game_id` in `folder` (holding `Tiles/` and `<game_id>/`).

    Raises GameLoadError listing every error; warnings are dropped unless `with_diagnostics`,
    which returns `(game, diagnostics)` and never raises for problems in the files.
    """
    game, diagnostics = read_ge18xx(folder, game_id)
    if with_diagnostics:
        return game, diagnostics
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        raise GameLoadError(errors)
    return game


def import_ge18xx_folder(
    folder: str | Path, out_dir: str | Path, *, force: bool = False
) -> list[Diagnostic]:
    """Convert every game of a GE18XX folder to our YAML (`OUT_DIR/<id>.yaml`), for the CLI.

    Returns every diagnostic; a game with errors is still written when it has anything to show.
    Written through `gallery.output.write_files`: raises `OutputConflict` (writing nothing)
    rather than overwrite a file it did not write or that was edited since, unless `force`.
    """
    diagnostics: list[Diagnostic] = []
    games = list_ge18xx_games(folder)
    if not games:
        diagnostics.append(
            Diagnostic(
                severity="error",
                message="no GE18XX games (<name>/<name>-TileSet.xml)",
                code="ge18xx",
                file=str(folder),
            )
        )
        return diagnostics
    files: dict[str, str] = {}
    addresses = Addresses()
    for game_id in games:
        refused = outside_reason(Path(folder) / game_id, Path(folder))
        if refused is not None:  # one unreadable folder costs its game, not the folder
            where = str(Path(folder) / game_id)
            diagnostics.append(
                Diagnostic(severity="error", message=refused, code="ge18xx", file=where)
            )
            continue
        game, diags = read_ge18xx(folder, game_id)
        published, said = addresses.claim(game.id, game.source or game_id)
        game = game if published == game.id else replace(game, id=published)
        diagnostics.extend([*diags, *said])
        if game.tiles or game.hexes:
            files[f"{game.id}.yaml"] = dump_game(game)
        else:
            diagnostics.append(
                Diagnostic(
                    severity="warning",
                    message="no tiles and no map hexes could be read: nothing written",
                    code="ge18xx",
                    file=str(Path(folder) / game_id),
                )
            )
    diagnostics.extend(forced_warnings(write_files(out_dir, files, force=force)))
    return diagnostics
