"""A game's upgrade tables against the 18xx.games engine's own answers.

`corpus/upgrades/<game>.json` holds what the real engine said for 1830, 1889 and 18Chesapeake:
the tile-level table (every origin on a hex with six neighbours), the table on the real map, and
the pairs of tiles that block lays. We build each game from the corpus and must agree on every
pair. The engine's map table also lists the 13 pairs whose tile passes stage 1 but fits no
rotation on the real map, with an empty list; our tables leave pairs without a rotation out, so
those are dropped from the expected side (and nothing else is).
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from typing import Any

import corpus
import pytest

from gallery.corpus import game_from_corpus
from gallery.game import Game, Layout, MapHex, TileEntry
from gallery.upgrades import (
    ALL_EDGES,
    Table,
    UpgradeTables,
    offered_colors,
    open_edges,
    upgrade_table,
    upgrade_tables,
    upgrade_tables_both,
)
from tile_lang import TileSyntaxError, catalog
from tile_lang.upgrades import ShapeCache, UpgradeShape, check_rotations

UPGRADES = corpus.SHARED / "corpus" / "upgrades"
GAMES = ("1830", "1889", "18_chesapeake")
needs_corpus = pytest.mark.skipif(
    not (UPGRADES / "1830.json").is_file(), reason=f"{corpus.SKIP_REASON}: no corpus/upgrades"
)


@cache
def engine(game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((UPGRADES / f"{game_id}.json").read_text("utf-8"))
    return data


@cache
def corpus_game(game_id: str) -> Game:
    """The game as the engine built it with default options (its supply may be smaller than
    TILES: 1889's beginner tiles only come with the `beginner_game` option)."""
    path = corpus.CORPUS_18XX / "games" / f"{game_id}.json"
    game = game_from_corpus(path)
    data = json.loads(path.read_text("utf-8"))
    supply = (data.get("effective_default") or {}).get("tile_supply_init_tiles")
    if supply:
        game = replace(game, tiles={k: v for k, v in game.tiles.items() if k in supply})
    return game


def as_lists(table: dict[str, dict[str, tuple[int, ...]]]) -> dict[str, dict[str, list[int]]]:
    return {origin: {to: list(rots) for to, rots in row.items()} for origin, row in table.items()}


def without_empty(table: dict[str, dict[str, list[int]]]) -> dict[str, dict[str, list[int]]]:
    return {origin: {to: r for to, r in row.items() if r} for origin, row in table.items()}


@needs_corpus
@pytest.mark.parametrize("game_id", GAMES)
def test_tile_level_table_equals_the_engine(game_id: str) -> None:
    assert as_lists(upgrade_table(corpus_game(game_id))) == engine(game_id)["upgrades"]


@needs_corpus
@pytest.mark.parametrize("game_id", GAMES)
def test_map_table_equals_the_engine(game_id: str) -> None:
    expected = without_empty(engine(game_id)["upgrades_on_map"])
    assert as_lists(upgrade_table(corpus_game(game_id), on_map=True)) == expected


@needs_corpus
@pytest.mark.parametrize("game_id", GAMES)
def test_blocking_tiles_listed_apart(game_id: str) -> None:
    tables = upgrade_tables(corpus_game(game_id))
    assert as_lists(tables.blocks_lay) == engine(game_id)["upgrades_blocks_lay_tiles"]
    assert tables.lay_rejected == {}  # RULES.md: no rotation of these games is rejected at lay


@needs_corpus
@pytest.mark.parametrize("game_id", GAMES)
def test_open_edges_equal_the_engine_neighbours(game_id: str) -> None:
    edges = open_edges(corpus_game(game_id))
    for coord, origin in engine(game_id)["from"].items():
        if origin["kind"] == "hex":
            assert sorted(e for e in range(6) if edges[coord] >> e & 1) == origin["neighbors"]


def small_game(hexes: dict[str, MapHex], layout: Layout = "flat") -> Game:
    tiles = {"9": TileEntry("9", 1, "yellow", "path=a:0,b:3", catalog=True)}
    return Game("t", "T", layout=layout, tiles=tiles, hexes=hexes)


def test_map_edges_borders_and_impassable_neighbours() -> None:
    # Flat layout: B2's neighbours are B4 (edge 0, below), A1 (edge 2), C1 (edge 4)...
    hexes = {
        "B2": MapHex("B2", "white", "border=edge:2,type:impassable"),
        "B4": MapHex("B4", "white", ""),
        "A1": MapHex("A1", "white", ""),
        "C1": MapHex("C1", "red", "offboard=revenue:20;path=a:0,b:_0"),
        "C3": MapHex("C3", "gray", "path=a:2,b:4"),
    }
    edges = open_edges(small_game(hexes))
    # B4 below: open. A1 (edge 2): closed by the border. C1 (edge 4): red, track on its edge 1
    # (facing B2) is absent -> closed. C3 (edge 5): gray with track on edge 2 facing B2 -> open.
    assert edges["B2"] == 1 << 0 | 1 << 5
    table = upgrade_table(small_game(hexes), on_map=True)
    assert table["B2"] == {}  # a straight needs edges 0 and 3 (or 1-4, 2-5): none both open
    assert upgrade_table(small_game(hexes))["B2"] == {"9": (0, 1, 2, 3, 4, 5)}


def test_phase_colours_limit_what_is_offered() -> None:
    game = small_game({"A1": MapHex("A1", "white", "")})
    assert upgrade_table(game)["A1"] == {"9": (0, 1, 2, 3, 4, 5)}
    only_green = replace(game, phase_colors=("green",))
    assert upgrade_table(only_green)["A1"] == {}
    assert upgrade_table(replace(game, phase_colors=("yellow", "green")))["A1"] != {}


def test_unreadable_codes_are_reported_not_fatal() -> None:
    game = small_game({"A1": MapHex("A1", "white", "path=a:0"), "A3": MapHex("A3", "white", "")})
    tables = upgrade_tables(game)
    assert tables.unreadable == ("A1",)
    assert tables.legal["A3"] == {"9": (0, 1, 2, 3, 4, 5)}


def pair_by_pair(game: Game, *, on_map: bool) -> UpgradeTables:
    """The tables as first written: `check_rotations` for every (origin, target) pair, each
    hex on its own. The shared-row inference must give exactly this (order included)."""
    shapes = ShapeCache()
    colors = offered_colors(game)
    unreadable: list[str] = []
    supply: list[tuple[str, UpgradeShape]] = []
    for name, entry in game.tiles.items():
        try:
            supply.append((name, shapes.get(entry.code, entry.color)))
        except TileSyntaxError:
            unreadable.append(name)
    targets = [(name, shape) for name, shape in supply if shape.color in colors]
    origins = [] if on_map else [(name, shape, ALL_EDGES) for name, shape in supply]
    edges = open_edges(game) if on_map else {}
    for coord, h in game.hexes.items():
        try:
            shape = shapes.get(h.code, h.color)
        except TileSyntaxError:
            unreadable.append(coord)
            continue
        origins.append((coord, shape, edges.get(coord, 0) if on_map else ALL_EDGES))
    legal: Table = {}
    blocked: Table = {}
    rejected: Table = {}
    for origin, old, mask in origins:
        row: dict[str, tuple[int, ...]] = {}
        for name, new in targets:
            verdict = check_rotations(old, new, open_edges=mask)
            if verdict.lay_rejected:
                rejected.setdefault(origin, {})[name] = verdict.lay_rejected
            if not verdict.legal:
                continue
            if new.blocks_lay:
                blocked.setdefault(origin, {})[name] = verdict.legal
            else:
                row[name] = verdict.legal
        legal[origin] = row
    return UpgradeTables(legal, blocked, rejected, tuple(dict.fromkeys(unreadable)))


def same(ours: UpgradeTables, theirs: UpgradeTables) -> None:
    # repr as well: it sees the order of every dict (the pages list rows in that order)
    assert ours == theirs
    assert repr(ours) == repr(theirs)


def repeated_hexes_game() -> Game:
    """A map of a few repeated shapes with many edge masks (a row shared by shape and mask),
    every kind of answer (blocked lays, lay-time rejections) and an unreadable hex."""
    names = ("7", "8", "9", "57", "5", "6", "14", "15", "63", "23", "24", "25", "39", "40")
    names += ("437", "1", "55")  # (a port tile that blocks lays, towns)
    names += ("401", "120")  # the lay-time check rejects 120 over 401 at rotation 5
    tiles = {
        n: TileEntry(n, None, catalog.get(n).color, catalog.get(n).code, catalog=True)
        for n in names
    }
    hexes: dict[str, MapHex] = {}
    codes = ["", "city=revenue:0", "town=revenue:0", "path=a:0,b:3"]
    yellow = [catalog.get("14").code, catalog.get("401").code]
    for x in range(1, 12):
        for y in range(1 + x % 2, 14, 2):
            code = (codes + yellow)[len(hexes) % 6]
            color = "yellow" if code in yellow else "white"
            hexes[f"{chr(64 + x)}{y}"] = MapHex(f"{chr(64 + x)}{y}", color, code)
    hexes["K3"] = MapHex("K3", "red", "offboard=revenue:20;path=a:0,b:_0")
    hexes["L2"] = MapHex("L2", "white", "path=a:0")  # unreadable
    return Game("rep", "Repeated", tiles=tiles, hexes=hexes)


def test_shared_rows_equal_the_pair_by_pair_tables() -> None:
    game = repeated_hexes_game()
    tile_level, on_map = upgrade_tables_both(game)
    same(tile_level, pair_by_pair(game, on_map=False))
    same(on_map, pair_by_pair(game, on_map=True))
    same(upgrade_tables(game), tile_level)
    same(upgrade_tables(game, on_map=True), on_map)
    # the game exercises what it should: many hexes per shape, several masks, every kind
    masks = open_edges(game)
    assert len(set(masks.values())) > 3 and len(game.hexes) > 5 * len(set(masks.values()))
    assert tile_level.blocks_lay and tile_level.lay_rejected and on_map.unreadable == ("L2",)
    assert any(on_map.legal[c] != tile_level.legal[c] for c in masks)
    assert on_map.lay_rejected != {c: r for c, r in tile_level.lay_rejected.items() if c in masks}


@needs_corpus
@pytest.mark.parametrize("game_id", GAMES)
def test_shared_rows_equal_the_pair_by_pair_tables_on_corpus_games(game_id: str) -> None:
    game = corpus_game(game_id)
    tile_level, on_map = upgrade_tables_both(game, ShapeCache())
    same(tile_level, pair_by_pair(game, on_map=False))
    same(on_map, pair_by_pair(game, on_map=True))


def test_open_edges_reads_shapes_from_the_callers_cache() -> None:
    game = repeated_hexes_game()
    shapes = ShapeCache()
    assert open_edges(game, shapes) == open_edges(game)
    assert ("path=a:0,b:3", "white") in shapes.shapes
