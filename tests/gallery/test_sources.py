"""One small 18xx game written in each 18xx format (our YAML, 18xx.games Ruby, GE18XX XML) read
through the one source protocol: the same model, the same diagnostic shape, the same policy.

Each version has one hex with a problem (a misspelt part in YAML and Ruby; a revenue centre at
an unknown location in GE18XX, the drift the GE18XX map reader used to hide): the game is still
loaded, the bad hex is still on the map, and the problem is a Diagnostic at file:line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gallery.game import MapHex, TileEntry
from gallery.loader import load_gallery
from gallery.sources import GameRef, Ge18xxSource, NativeSource, RubySource
from tile_lang import Diagnostic

YAML = """\
id: mini
title: Mini
tiles:
  "8": {count: 2, color: yellow, code: "path=a:4,b:0"}
location_names: {A1: Springfield}
hexes:
  white:
    "city=revenue:0": [A1]
    "citty=revenue:0": [A3]
"""

RUBY = """\
module Engine
  module Game
    module GMini
      class Game < Game::Base
        GAME_TITLE = 'Mini'
        TILES = { '8' => { 'count' => 2, 'color' => 'yellow', 'code' => 'path=a:4,b:0' } }.freeze
        LOCATION_NAMES = { 'A1' => 'Springfield' }.freeze
        HEXES = {
          white: {
            ['A1'] => 'city=revenue:0',
            ['A3'] => 'citty=revenue:0',
          },
        }.freeze
      end
    end
  end
end
"""

GE_TILES = """\
<?xml version="1.0" encoding="UTF-8"?>
<TileDefinitions>
\t<Tile number="8" type="Yellow">
\t\t<Track enter="1" exit="3" gauge="NORMAL" />
\t</Tile>
</TileDefinitions>
"""
GE_TILESET = """\
<?xml version="1.0" encoding="UTF-8"?>
<TileManifest game="Mini" variant="Normal" direction="NS">
\t<TileSet color="Yellow">
\t\t<Tile number="8" quantity="2" />
\t</TileSet>
</TileManifest>
"""
GE_MAP = """\
<?xml version="1.0" encoding="UTF-8"?>
<Map cols="2" direction="NS" rows="1" rowStart="A" colStart="1">
\t<Row index="0" startCol="0">
\t\t<MapCell>
\t\t\t<Terrain category="base" type="Clear" />
\t\t\t<RevenueCenter id="1" location="50" name="Springfield" type="Single City" />
\t\t</MapCell>
\t\t<MapCell>
\t\t\t<Terrain category="base" type="Clear" />
\t\t\t<RevenueCenter id="2" location="77" name="" type="Single City" />
\t\t</MapCell>
\t</Row>
</Map>
"""


def _yaml(root: Path) -> Path:
    (root / "mini.yaml").write_text(YAML, encoding="utf-8")
    return root / "mini.yaml"


def _ruby(root: Path) -> Path:
    game_dir = root / "checkout" / "lib" / "engine" / "game" / "g_mini"
    game_dir.mkdir(parents=True)
    (game_dir / "game.rb").write_text(RUBY, encoding="utf-8")
    return root / "checkout"


def _ge18xx(root: Path) -> Path:
    folder = root / "ge"
    (folder / "Tiles").mkdir(parents=True)
    (folder / "mini").mkdir()
    (folder / "Tiles" / "Mini-Tile-Definitions.xml").write_text(GE_TILES, encoding="utf-8")
    (folder / "mini" / "mini-TileSet.xml").write_text(GE_TILESET, encoding="utf-8")
    (folder / "mini" / "mini-Map.xml").write_text(GE_MAP, encoding="utf-8")
    return folder


SOURCES = {
    "yaml": (NativeSource(), _yaml, "mini.yaml"),
    "18xx": (RubySource(), _ruby, "game.rb"),
    "ge18xx": (Ge18xxSource(), _ge18xx, "mini-Map.xml"),
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_one_game_through_each_source(name: str, tmp_path: Path) -> None:
    source, write, bad_file = SOURCES[name]
    (ref,) = source.find(write(tmp_path))
    assert ref == GameRef(ref.path, ref.game_id) and source.name == name
    loaded = source.read(ref)
    game = loaded.model
    assert game is not None and game.id == "mini" and game.layout == "flat"
    # the same model
    assert game.tiles == {"8": TileEntry("8", 2, "yellow", "path=a:4,b:0")}
    assert game.hexes["A1"] == MapHex("A1", "white", "city=revenue:0", "Springfield")
    assert game.location_names == {"A1": "Springfield"}
    # the same policy: the bad hex is kept (the gallery draws what it can, or an error tile)
    assert "A3" in game.hexes
    # the same diagnostic shape: one project type, at the file and line of the problem
    problems = [d for d in loaded.diagnostics if d.file.endswith(bad_file)]
    assert problems, [str(d) for d in loaded.diagnostics]
    for diag in problems:
        assert isinstance(diag, Diagnostic) and diag.code and diag.line > 0
        assert str(diag).startswith(f"{diag.file}:{diag.line}")


def test_the_loader_keeps_games_with_errors_and_reports_them(tmp_path: Path) -> None:
    yaml_only = tmp_path / "yaml"
    yaml_only.mkdir()
    _yaml(yaml_only)
    loaded = load_gallery([yaml_only])
    (game,) = loaded.games  # an error in one hex does not drop the game
    assert game.source is not None and game.source.endswith("mini.yaml")
    assert "A3" in game.hexes  # shown, drawn as an error tile
    (problem,) = loaded.diagnostics
    assert problem.severity == "error" and problem.code == "unknown-part"
    assert str(problem).startswith(f"{yaml_only / 'mini.yaml'}:9:5: error: ")

    both = tmp_path / "both"
    both.mkdir()
    _yaml(both)
    _ge18xx(both)
    loaded = load_gallery([both])
    assert [g.id for g in loaded.games] == ["mini"]  # `ge/` sorts first; the YAML one repeats
    messages = [str(d) for d in loaded.diagnostics]
    assert any("mini-Map.xml:10:" in m and "unknown location 77; centred" in m for m in messages)
    assert any("game id 'mini' used twice" in m for m in messages)
