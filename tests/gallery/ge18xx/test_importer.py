"""GE18XX importer on the real GE18XX files in ../shared and on small fixtures."""

from __future__ import annotations

import json
from pathlib import Path

import corpus
import pytest

from gallery.ge18xx import import_ge18xx, load_tile_definitions, tile_code
from gallery.ge18xx.tiles import side_to_edge
from tile_lang import catalog, parse, rotate
from tile_lang.model import EdgeRef, NodeRef

ROOT = Path(__file__).resolve().parents[2]
needs_corpus = pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)


def _shape(code: str) -> frozenset[tuple[object, ...]]:
    """Paths as sets of (edge or node kind) ends, for comparing tiles up to rotation."""
    tile = parse(code)
    out = set()
    for path in tile.paths:
        ends = []
        for end in (path.a, path.b):
            if isinstance(end, EdgeRef):
                ends.append(("edge", end.edge % 6))
            else:
                assert isinstance(end, NodeRef)
                ends.append(("node", type(tile.nodes[end.index]).__name__))
        out.add((tuple(sorted(ends)), path.track))
    return frozenset(out)


def same_up_to_rotation(a: str, b: str) -> bool:
    target = _shape(b)
    return any(_shape(_serial(rotate(parse(a), r))) == target for r in range(6))


def _serial(tile: object) -> str:
    from tile_lang import serialise

    return serialise(tile)  # type: ignore[arg-type]


def test_side_mapping() -> None:
    assert [side_to_edge(s, "flat") for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [side_to_edge(s, "pointy") for s in range(6)] == [1, 2, 3, 4, 5, 0]


@needs_corpus
def test_all_tile_definitions_convert_and_parse() -> None:
    diagnostics: list[object] = []
    definitions = load_tile_definitions(corpus.CORPUS_GE18XX / "Tiles", diagnostics)  # type: ignore[arg-type]
    assert len(definitions) >= 231
    for definition in definitions.values():
        for layout in ("flat", "pointy"):
            parse(tile_code(definition, layout))


@needs_corpus
@pytest.mark.parametrize("number", ["7", "8", "9", "14", "15", "16", "19", "23", "24", "57", "59"])
def test_shared_tiles_match_the_catalog(number: str) -> None:
    diagnostics: list[object] = []
    definitions = load_tile_definitions(corpus.CORPUS_GE18XX / "Tiles", diagnostics)  # type: ignore[arg-type]
    ours = tile_code(definitions[number], "flat")
    assert same_up_to_rotation(ours, catalog.get(number).code), (ours, catalog.get(number).code)


@needs_corpus
@pytest.mark.parametrize("game_id", ["1830", "1830+", "1835", "1853"])
def test_games_import(game_id: str) -> None:
    result = import_ge18xx(corpus.CORPUS_GE18XX, game_id, with_diagnostics=True)
    assert isinstance(result, tuple)
    game, diagnostics = result
    assert game.tiles and game.hexes and game.layout == "pointy"
    assert not [d for d in diagnostics if d.severity == "error"]
    for tile in game.tiles.values():
        parse(tile.code)
    for h in game.hexes.values():
        parse(h.code)


@needs_corpus
def test_1830_map_coordinates_match_18xx_games() -> None:
    game = import_ge18xx(corpus.CORPUS_GE18XX, "1830")
    assert not isinstance(game, tuple)
    data = json.loads((corpus.CORPUS_18XX / "games" / "1830.json").read_text("utf-8"))
    hexes = data["constants"]["HEXES"]
    theirs = {c for group in hexes.values() for e in group for c in e["coords"]}
    assert set(game.hexes) == theirs
    red = {c for e in hexes["red"] for c in e["coords"]}
    assert {c for c, h in game.hexes.items() if h.color == "red"} == red
    assert game.upgrades and game.tiles["8"].count == 8


def test_unknown_elements_warn_with_line(tmp_path: Path) -> None:
    (tmp_path / "Tiles").mkdir()
    (tmp_path / "Tiles" / "Yellow-Tile-Definitions.xml").write_text(
        '<?xml version="1.0"?>\n<TileDefinitions>\n  <Tile number="7" type="Yellow">\n'
        '    <Track enter="0" exit="1" gauge="NORMAL"/>\n    <Sparkle/>\n'
        '    <Track enter="2" exit="3" gauge="WARP"/>\n  </Tile>\n</TileDefinitions>\n',
        encoding="utf-8",
    )
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "x-TileSet.xml").write_text(
        '<TileManifest game="X"><TileSet color="Yellow"><Tile number="7" quantity="2"/>'
        '<Tile number="404" quantity="1"/></TileSet></TileManifest>',
        encoding="utf-8",
    )
    result = import_ge18xx(tmp_path, "x", with_diagnostics=True)
    assert isinstance(result, tuple)
    game, diagnostics = result
    messages = [str(d) for d in diagnostics]
    assert any(
        "Yellow-Tile-Definitions.xml:5: warning: Sparkle: unknown element" in m for m in messages
    )
    assert any(":6: warning: Track.gauge: unknown gauge 'WARP'" in m for m in messages)
    assert any("tile '404' is not defined" in m for m in messages)
    assert game.tiles["7"].count == 2
    assert parse(game.tiles["7"].code).written_paths


def test_malformed_xml_is_an_error_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "Tiles").mkdir()
    (tmp_path / "Tiles" / "Bad-Tile-Definitions.xml").write_text("<Tile", encoding="utf-8")
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "x-TileSet.xml").write_text("<TileManifest/>", encoding="utf-8")
    result = import_ge18xx(tmp_path, "x", with_diagnostics=True)
    assert isinstance(result, tuple)
    assert any(d.severity == "error" and "cannot read XML" in d.message for d in result[1])


def test_demo_folder_imports() -> None:
    game = import_ge18xx(ROOT / "games" / "ge18xx", "1830")
    assert not isinstance(game, tuple)
    assert len(game.hexes) == 93
