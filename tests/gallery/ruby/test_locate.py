"""A tile string with an upstream typo (a missing `;`, as 1840's F8, 18_ny_1e's A17 and
22_mars's B3 have) in a small Ruby fixture: the game still imports, the hex is kept and drawn
as an error tile, and the problem is one error at the Ruby file, line and column of the typo,
through the source protocol, the loader and `tile-atlas import 18xx`."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from gallery.cli import main
from gallery.loader import load_gallery
from gallery.ruby.locate import find_string, position
from gallery.ruby.source import parser
from gallery.site import tile_words

# F8's string is continued on the next line, after a non-ASCII name (columns count characters)
RUBY = """\
module Engine
  module Game
    module GTypo
      class Game < Game::Base
        GAME_TITLE = 'Typo'
        LOCATION_NAMES = { 'F8' => 'Mödling' }.freeze
        HEXES = {
          white: { ['A1'] => 'city=revenue:0' },
          gray: {
            ['F8'] => 'town=revenue:10;path=a:0,b:_0;' \\
                      'path=a:1,b:_0border=edge:4',
          },
        }.freeze
      end
    end
  end
end
"""
BAD = "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0border=edge:4"


def _checkout(root: Path) -> Path:
    game_dir = root / "checkout" / "lib" / "engine" / "game" / "g_typo"
    game_dir.mkdir(parents=True)
    (game_dir / "map.rb").write_text(RUBY, encoding="utf-8")
    return root / "checkout"


def test_a_continued_literal_maps_offsets_to_its_lines() -> None:
    source = "X = { a: 'é;b' \\\n      'cd', b: \"x#{1}\" }\n".encode()
    tree = parser().parse(source)
    pieces = find_string(tree.root_node, source, "é;bcd")
    assert pieces is not None
    assert position(pieces, 0) == (1, 11)  # the é, a character column, not a byte one
    assert position(pieces, 3) == (2, 8)  # `c`, the second piece
    assert find_string(tree.root_node, source, "x1") is None  # interpolated: not located


def test_the_game_imports_and_the_typo_is_an_error_at_its_ruby_character(
    tmp_path: Path,
) -> None:
    checkout = _checkout(tmp_path)
    loaded = load_gallery([tmp_path])
    (game,) = loaded.games
    assert game.id == "typo" and game.hexes["F8"].code == BAD
    assert game.hexes["A1"].code == "city=revenue:0"
    # drawn as a visible error tile, not dropped
    assert tile_words(BAD, "gray", game.layout).startswith("Tile error:")
    (error,) = [d for d in loaded.diagnostics if d.severity == "error"]
    assert error.code == "missing-semicolon" and error.field == "HEXES.F8"
    # the `b` of `border` on the continuation line (line 11, column 37)
    rb = checkout / "lib" / "engine" / "game" / "g_typo" / "map.rb"
    assert (error.file, error.line, error.column) == (str(rb), 11, 37)
    assert RUBY.splitlines()[10][36:42] == "border"

    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["import", "18xx", str(checkout), str(out)])
    assert result.exit_code == 1  # an error was found …
    assert (out / "typo.yaml").is_file()  # … and the game was still written
    assert f"{rb}:11:37: error: HEXES.F8: a second `=`" in result.output
