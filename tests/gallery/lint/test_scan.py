"""Every finding of the fixture checkout, at its Ruby line and column (1-based, characters).

The expected positions were counted by hand in the fixture files; each comment says which
string form it covers and where the offending character is.
"""

from __future__ import annotations

from pathlib import Path

from gallery.lint.scan import lint_source, might_hold_tiles

GAME = "lib/engine/game/g_fixture"


def _found(checkout: Path, name: str) -> list[tuple[int, int, str, str]]:
    data = (checkout / name).read_bytes()
    return [(f.line, f.column, f.severity, f.code) for f in lint_source(name, data).diagnostics]


def test_map_file_every_string_form(checkout: Path) -> None:
    assert _found(checkout, f"{GAME}/map.rb") == [
        # single string, `citty` after `'code' => '` (quote at 23, content from 24)
        (14, 54, "error", "unknown-part"),
        # concatenated over lines with `'…' \`: the `,` on the second line
        (20, 37, "warning", "trailing-comma"),
        # X3's ignored key is silenced by `# tile-atlas: ignore[ignored-key]`
        # %w keys: `path` glued to `revenue:10` (missing `;`)
        (31, 42, "error", "missing-semicolon"),
        # `\u00c9` is one character of the value but six of the source: `lable` at 67
        (33, 67, "error", "unknown-part"),
        # non-ASCII before the problem: columns count characters (`ü` is 2 bytes)
        (34, 66, "warning", "trailing-comma"),
        # interpolated: reported once, at the opening quote, never guessed
        (37, 23, "info", "not-checked"),
        # heredoc (<<~ with .chomp): the line break after `;` on the first body line...
        (42, 41, "warning", "whitespace"),
        # ...and `a:6` on the second body line (12 spaces of indentation kept in the file)
        (43, 20, "warning", "edge-range"),
    ]


def test_game_file_methods_and_false_positive_guards(checkout: Path) -> None:
    assert _found(checkout, f"{GAME}/game.rb") == [
        # third argument of Tile.from_code (a tile slot)
        (14, 40, "error", "missing-required"),
        (14, 45, "warning", "ignored-key"),
        # `'town=revenue:' + rev.to_s`: a piece of a run-time string
        (22, 11, "info", "not-checked"),
        # `"junction;#{SHARED_PATHS}"` (SHARED_PATHS itself is a piece: not checked alone)
        (26, 11, "info", "not-checked"),
        # private `base_map` method: missing `;` across a `'…' \` continuation
        (35, 26, "error", "missing-semicolon"),
        # adjacent literals on one line: the trailing `;` of the second
        (36, 78, "warning", "trailing-semicolon"),
        # %q keeps `\;` as two characters: the engine reads `_0\` as the node
        (39, 72, "error", "bad-node"),
        (39, 75, "warning", "trailing-semicolon"),
    ]


def test_catalog_colour_groups(checkout: Path) -> None:
    assert _found(checkout, "lib/engine/config/tile.rb") == [
        (13, 29, "warning", "trailing-semicolon")
    ]


def test_plain_strings_are_not_tile_code() -> None:
    source = b"""
class G
  NAMES = { 'A1' => 'Paris', 'B2' => 'city' }
  LOG = "price=10 for city"
  def f(code)
    @log << "#{name} lays city=revenue:#{x}"
    return 1 if code.include?('city=')
    return 2 if code == 'path=a:0,b:1'
    return 3 if code.start_with?('town=revenue:')
    url = 'https://example.com/?a=b:c'
    'color=red'
  end
end
"""
    assert lint_source("g.rb", source).diagnostics == ()


def test_near_miss_part_type_outside_any_slot_is_checked() -> None:
    source = b"X = 'citty=revenue:20;path=a:0,b:_0'\n"
    (finding,) = lint_source("g.rb", source).diagnostics
    assert (finding.line, finding.column, finding.code) == (1, 6, "unknown-part")
    assert finding.hint == "did you mean `city`?"


def test_suppression_on_the_line_above_and_for_every_code() -> None:
    source = b"""HEXES = {
  white: {
    # tile-atlas: ignore
    ['A1'] => 'city=revenue:20;;',
    ['A2'] => 'city=revenue:20;', # tile-atlas: ignore[unknown-part]
  },
}
"""
    found = [(f.line, f.code) for f in lint_source("g.rb", source).diagnostics]
    assert found == [(5, "trailing-semicolon")]  # only the codes named are silenced


def test_ruby_syntax_error_is_reported_not_swallowed() -> None:
    source = b"HEXES = { white: { ['A1'] => 'city=revenue:20;' \n  def end end ) }\n"
    codes = {f.code for f in lint_source("g.rb", source).diagnostics}
    assert "ruby-syntax" in codes


def test_files_without_tile_markers_are_not_parsed() -> None:
    assert not might_hold_tiles(b"class Step\n  def act(x)\n    x + 1\n  end\nend\n")
    assert might_hold_tiles(b"X = 'ctiy=revenue:20'\n")  # a misspelt type still has `key:`
    assert might_hold_tiles(b"{ 'code' => '' }")
