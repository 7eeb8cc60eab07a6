"""Helper methods read statically (gallery.ruby.helpers): a map merged by a module function
(the 1822 Canada family's `merge_hexes`), a map built by `optional_hexes` from local strings
and the default options (1893, 18 Rhl), and code that is not data reported at its line with
the constant imported instead. Nothing is run."""

from __future__ import annotations

from pathlib import Path

from gallery.ruby import import_18xx

MERGED = """\
module Engine
  module Game
    module GMerge
      module Map
        def self.merge_hexes(*hex_sets)
          merged = Hash.new { |h, color| h[color] = {} }
          hex_sets.each do |hex_set|
            hex_set.each do |color, hexes|
              merged[color].update(hexes)
            end
          end
          merged
        end

        WEST = {
          white: { %w[A1] => 'city=revenue:0' },
          red: { ['A3'] => 'offboard=revenue:20' },
        }.freeze
        EAST = { white: { %w[B2 C1] => '' } }.freeze
        HEXES = merge_hexes(WEST, EAST).freeze
      end

      class Game < Game::Base
        include GMerge::Map
      end
    end
  end
end
"""

SHORT = """\
module Engine
  module Game
    module GShort
      class Game < Game::Base
        HEXES = GMerge::Map.merge_hexes(GMerge::Map::EAST, { gray: { ['D2'] => 'path=a:0,b:3' } })
      end
    end
  end
end
"""

OPTIONAL = """\
module Engine
  module Game
    module GOpt
      class Game < Game::Base
        HEXES = {}.freeze

        def optional_variant
          @optional_rules&.include?(:variant)
        end

        def optional_hexes
          base_map
        end

        def base_map
          a1 = 'city=revenue:0'
          a1 += ';label=V' if optional_variant
          blank = optional_variant ? %w[B2] : %w[B2 C1]
          return {} unless a1
          {
            white: { ['A1'] => a1, blank => '' },
          }
        end
      end
    end
  end
end
"""

CODE = """\
module Engine
  module Game
    module GCode
      class Game < Game::Base
        HEXES = { white: { ['A1'] => '' } }.freeze

        def game_hexes
          system('touch /tmp/never')
          HEXES
        end
      end
    end
  end
end
"""


def _checkout(root: Path) -> Path:
    for game_id, text in (("merge", MERGED), ("short", SHORT), ("opt", OPTIONAL), ("code", CODE)):
        folder = root / "lib" / "engine" / "game" / f"g_{game_id}"
        folder.mkdir(parents=True)
        (folder / ("map.rb" if game_id == "merge" else "game.rb")).write_text(text, "utf-8")
    return root


def test_a_map_merged_by_a_module_function_is_read(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path)
    game, diagnostics = import_18xx(checkout, "merge", with_diagnostics=True)
    assert {c: (h.color, h.code) for c, h in game.hexes.items()} == {
        "A1": ("white", "city=revenue:0"),
        "B2": ("white", ""),
        "C1": ("white", ""),
        "A3": ("red", "offboard=revenue:20"),
    }
    assert diagnostics == []
    short, diagnostics = import_18xx(checkout, "short", with_diagnostics=True)
    assert sorted(short.hexes) == ["B2", "C1", "D2"] and diagnostics == []


def test_optional_hexes_is_read_with_the_default_options(tmp_path: Path) -> None:
    game, diagnostics = import_18xx(_checkout(tmp_path), "opt", with_diagnostics=True)
    assert {c: h.code for c, h in game.hexes.items()} == {
        "A1": "city=revenue:0",
        "B2": "",
        "C1": "",
    }
    assert diagnostics == []


def test_code_that_is_not_data_is_reported_and_the_constant_imported(tmp_path: Path) -> None:
    game, diagnostics = import_18xx(_checkout(tmp_path), "code", with_diagnostics=True)
    assert list(game.hexes) == ["A1"]
    (note,) = diagnostics
    assert note.field == "HEXES" and note.line == 8 and note.file.endswith("g_code/game.rb")
    assert "`def game_hexes`" in note.message and "`system`" in note.message
    assert "the constant HEXES is imported instead" in note.message
    assert not Path("/tmp/never").exists()
