"""Where can this tile go: what a game's map page needs to mark, for a chosen supply tile, every
hex of the starting map where it may be laid, and to list for a hex the tiles that may replace
it; and the game's tables as data for other tools, `games/<id>/upgrades.json`.

The rules are the on-map table the upgrade chart draws (`GalleryBuild.upgrade_tables`, phase
colours included): a hex's row is what may replace it where it lies. The page carries that
table once, as JSON in a `<script type="application/json">` (`hexes.script_json`: browsers
never run it, no text in it can end the element), so the viewer (`assets/tile-atlas/map.js`)
works offline and from file://. Identical rows (every blank hex of a region) are kept once and
named by number. Each legal placement is folded with the rotations that give the same picture
(`upgrade_chart.fold`), and its drawing is the file the upgrade chart shows for it (the same
`svg_asset` key), so the page adds no drawing of its own. The address's `?tile=` is only ever
looked up among the names this data holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from markupsafe import Markup

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.hexes import script_json
from gallery.pages.order import color_rank, name_key
from gallery.pages.paths import rel, tile_slug
from gallery.upgrade_chart import fold
from gallery.upgrades import Table, UpgradeTables, offered_colors
from gallery.upgrades_data import upgrades_json
from tile_lang import Layout, TileSyntaxError

#: A hex's outline in a drawing's units (-100..100), per layout: the marked hexes' frame.
OUTLINES: dict[Layout, str] = {
    "flat": "100,0 50,87 -50,87 -100,0 -50,-87 50,-87",
    "pointy": "87,50 0,100 -87,50 -87,-50 0,-100 87,-50",
}


@dataclass(frozen=True)
class PickerTile:
    """One supply tile of the map page's picker: its drawing and on how many hexes it fits."""

    name: str
    color: str
    img: str
    hexes: int


@dataclass(frozen=True)
class WhereView:
    """The picker's tiles (manifest order) and the viewer's data (JSON for a script element)."""

    tiles: tuple[PickerTile, ...]
    data: Markup
    #: The colours the game's phases allow (None: the game does not say).
    phases: tuple[str, ...] | None = None


def upgrades_path(game: Game) -> str:
    """The published tables' path from the docs root."""
    return f"games/{tile_slug(game.id)}/upgrades.json"


def publish_upgrades(build: GalleryBuild, game: Game) -> None:
    """Write `games/<id>/upgrades.json` (`gallery.upgrades_data`)."""
    tables = (build.upgrade_tables(game), build.upgrade_tables(game, on_map=True))
    build.file(upgrades_path(game), partial(upgrades_json, game, *tables))


def where_view(build: GalleryBuild, game: Game, page: str) -> WhereView:
    """The picker and data of `game`'s map page at `page`. Depends on nothing of the game's
    title (a piece of its pages: `GalleryBuild.piece`)."""
    on_map = build.upgrade_tables(game, on_map=True)
    drawn = {c for c, h in game.hexes.items() if h.color != "empty"}  # as `map_view` draws
    rows, hexes, images = _rows(build, game, page, on_map.legal, drawn)
    counts: dict[str, int] = {}
    for coord in hexes:
        for name, _ in rows[hexes[coord]]:
            counts[name] = counts.get(name, 0) + 1
    why = _reasons(build, game, counts)
    tiles: dict[str, dict[str, Any]] = {}
    picker = []
    for name, entry in sorted(game.tiles.items(), key=lambda kv: _order(kv[1].color, kv[0])):
        tiles[name] = {"img": images.get(name, {})}
        if name in why:
            tiles[name]["why"] = why[name]
        if not entry.hidden:
            img = _drawing(build, page, entry.code, entry.color, game.layout, 0)
            picker.append(PickerTile(name, entry.color, img, counts.get(name, 0)))
    data = {"outline": OUTLINES[game.layout], "rows": rows, "hexes": hexes, "tiles": tiles}
    phases = tuple(game.phase_colors) if game.phase_colors is not None else None
    return WhereView(tuple(picker), script_json(data), phases)


def _order(color: str, name: str) -> tuple[int, tuple[int, int, str]]:
    return color_rank(color), name_key(name)


Row = list[tuple[str, list[list[int]]]]


def _rows(
    build: GalleryBuild, game: Game, page: str, table: Table, drawn: set[str]
) -> tuple[list[Row], dict[str, int], dict[str, dict[str, str]]]:
    """The distinct non-empty rows of the drawn hexes (each target with its placements: the
    drawn rotation first, then those giving the same picture), each hex's row number, and the
    drawing of each target's placements by rotation."""
    rows: list[Row] = []
    numbers: dict[tuple[tuple[str, tuple[int, ...]], ...], int] = {}
    hexes: dict[str, int] = {}
    images: dict[str, dict[str, str]] = {}
    for coord, row in table.items():
        if not row or coord not in drawn:
            continue
        key = tuple(row.items())
        number = numbers.get(key)
        if number is None:
            number = numbers[key] = len(rows)
            rows.append([(name, _placements(build, game, name, rots, page, images))
                         for name, rots in row.items()])  # fmt: skip
        hexes[coord] = number
    return rows, hexes, images


def _placements(build: GalleryBuild, game: Game, name: str, rotations: tuple[int, ...],
                page: str, images: dict[str, dict[str, str]]) -> list[list[int]]:  # fmt: skip
    entry = game.tiles[name]
    out = []
    for p in fold(rotations, build.shapes.symmetries(entry.code)):
        drawn = images.setdefault(name, {})
        if str(p.rotation) not in drawn:
            drawn[str(p.rotation)] = _drawing(
                build, page, entry.code, entry.color, game.layout, p.rotation
            )
        out.append([p.rotation, *p.same])
    return out


def _drawing(build: GalleryBuild, page: str, code: str, color: str, layout: Layout,
             rotation: int) -> str:  # fmt: skip
    return rel(page, build.svg_asset(code, color, layout, rotation))


def _reasons(build: GalleryBuild, game: Game, counts: Mapping[str, int]) -> dict[str, str]:
    """Why a supply tile fits no hex of the starting map, in words, by tile name."""
    tile_level = build.upgrade_tables(game)
    offered = offered_colors(game)
    replaces = {name for row in tile_level.legal.values() for name in row}
    blocks = {name for row in tile_level.blocks_lay.values() for name in row}
    out = {}
    for name, entry in game.tiles.items():
        if counts.get(name):
            continue
        out[name] = _reason(build, name, entry.code, entry.color, offered, replaces, blocks,
                            tile_level)  # fmt: skip
    return out


def _reason(build: GalleryBuild, name: str, code: str, color: str, offered: frozenset[str],
            replaces: set[str], blocks: set[str], tables: UpgradeTables) -> str:  # fmt: skip
    if name in tables.unreadable:
        return f"Tile {name}'s code has an error: it is drawn as an error tile."
    if name in blocks or _blocks_lay(build, code, color):
        return f"Tile {name} blocks ordinary lays: only a special ability lays it."
    if color not in offered:
        return f"No phase of this game offers {color} tiles."
    if name in replaces:
        return (
            f"Tile {name} fits no hex of the starting map: it replaces tiles laid during the "
            "game (see the upgrade chart)."
        )
    return f"Under the base rules nothing in this game upgrades to tile {name}."


def _blocks_lay(build: GalleryBuild, code: str, color: str) -> bool:
    try:
        return build.shapes.get(code, color).blocks_lay
    except TileSyntaxError:
        return False
