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
from gallery.upgrades import open_edges, upgrade_table, upgrade_tables

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
