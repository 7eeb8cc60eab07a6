"""Two versions of one small made-up 18xx.games game (our own Ruby), with known changes.

From OLD to NEW:
- hex A1: location name Springfield -> Shelbyville (LOCATION_NAMES)
- hex A3: code changed (a second path)
- hex A5: moved from the white group to the yellow one (colour)
- hex B2: added; hex C1: removed
- hex B4: the same tile written with its paths in the other order (same_tile)
- tile 8: count 2 -> 3; tile X1: added; tile 9: removed
- hex B6 and tile 57 are the same on both sides; game `other` is unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

GAME = """\
module Engine
  module Game
    module GMini
      class Game < Game::Base
        GAME_TITLE = 'Mini'
        TILES = {
          '8' => %(COUNT8),
          '57' => 4,
%(TILE_EXTRA)
        }.freeze
        LOCATION_NAMES = { 'A1' => '%(A1NAME)', 'B6' => 'Ogdenville' }.freeze
        HEXES = {
          white: {
            ['A1'] => 'city=revenue:0',
            ['A3'] => '%(A3)',
            ['B4'] => '%(B4)',
            ['B6'] => 'town=revenue:0',
%(WHITE_EXTRA)
          },
          yellow: {
%(YELLOW_EXTRA)
          },
        }.freeze
      end
    end
  end
end
"""

OLD = {
    "COUNT8": "2",
    "TILE_EXTRA": "          '9' => 1,",
    "A1NAME": "Springfield",
    "A3": "path=a:0,b:3",
    "B4": "path=a:0,b:3;path=a:1,b:4",
    "WHITE_EXTRA": "            ['A5'] => 'city=revenue:20',\n            ['C1'] => '',",
    "YELLOW_EXTRA": "",
}
NEW = {
    "COUNT8": "3",
    "TILE_EXTRA": "          'X1' => { 'count' => 1, 'color' => 'green', "
    "'code' => 'city=revenue:40;path=a:0,b:_0;label=X' },",
    "A1NAME": "Shelbyville",
    "A3": "path=a:0,b:3;path=a:1,b:4",
    "B4": "path=a:1,b:4;path=a:0,b:3",
    "WHITE_EXTRA": "            ['B2'] => 'town=revenue:10',",
    "YELLOW_EXTRA": "            ['A5'] => 'city=revenue:20',",
}

OTHER = """\
module Engine
  module Game
    module GOther
      class Game < Game::Base
        GAME_TITLE = 'Other'
        TILES = { '7' => 2 }.freeze
        HEXES = { white: { %w[A1 A3] => '' } }.freeze
      end
    end
  end
end
"""


def game_text(values: dict[str, str]) -> str:
    text = GAME
    for key, value in values.items():
        text = text.replace(f"%({key})", value)
    return text


def write_checkout(root: Path, values: dict[str, str]) -> Path:
    for game_id, text in (("mini", game_text(values)), ("other", OTHER)):
        folder = root / "lib" / "engine" / "game" / f"g_{game_id}"
        folder.mkdir(parents=True)
        (folder / "game.rb").write_text(text, encoding="utf-8")
    return root


@dataclass(frozen=True)
class Checkouts:
    old: Path
    new: Path


@pytest.fixture
def checkouts(tmp_path: Path) -> Checkouts:
    return Checkouts(write_checkout(tmp_path / "old", OLD), write_checkout(tmp_path / "new", NEW))
