"""One small 18xx game written in each 18xx format (our YAML, 18xx.games Ruby, GE18XX XML), each
with one bad hex, and the functions that write them into a folder: shared by the tests of the
source protocol and of the loader."""

from __future__ import annotations

from pathlib import Path

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


def write_yaml(root: Path) -> Path:
    (root / "mini.yaml").write_text(YAML, encoding="utf-8")
    return root / "mini.yaml"


def write_ruby(root: Path) -> Path:
    game_dir = root / "checkout" / "lib" / "engine" / "game" / "g_mini"
    game_dir.mkdir(parents=True)
    (game_dir / "game.rb").write_text(RUBY, encoding="utf-8")
    return root / "checkout"


def write_ge18xx(root: Path) -> Path:
    folder = root / "ge"
    (folder / "Tiles").mkdir(parents=True)
    (folder / "mini").mkdir()
    (folder / "Tiles" / "Mini-Tile-Definitions.xml").write_text(GE_TILES, encoding="utf-8")
    (folder / "mini" / "mini-TileSet.xml").write_text(GE_TILESET, encoding="utf-8")
    (folder / "mini" / "mini-Map.xml").write_text(GE_MAP, encoding="utf-8")
    return folder


def write_ruby_games(root: Path, count: int) -> Path:
    """A checkout of `count` games (`mini0`, `mini1`, …), each with the one bad hex."""
    for n in range(count):
        game_dir = root / "checkout" / "lib" / "engine" / "game" / f"g_mini{n}"
        game_dir.mkdir(parents=True)
        text = RUBY.replace("GMini", f"GMini{n}").replace("'Mini'", f"'Mini {n}'")
        (game_dir / "game.rb").write_text(text, encoding="utf-8")
    return root / "checkout"
