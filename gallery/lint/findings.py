"""The linter's own diagnostic codes and the full list `--select/--ignore` accept.

Findings are `tile_lang.Diagnostic`s (the project's one diagnostic type) with `file`, a 1-based
`line` and `column` in the Ruby file (columns count characters) and `width`, the number of
characters the caret underlines on that line. Tile-string problems keep the code `tile_lang`
gives them; the codes below are what only the linter can say.
"""

from __future__ import annotations

from typing import get_args

from tile_lang import Diagnostic
from tile_lang.diagnostic import TileCode

NOT_CHECKED = "not-checked"  # a tile string built at run time (info)
RUBY_SYNTAX = "ruby-syntax"  # tree-sitter could not parse part of the file (warning)
UNREADABLE = "unreadable"  # the file could not be read (error)

# one tile string that contradicts itself (gallery.lint.tilechecks)
UNREACHED_STOP = "unreached-stop"  # a city or town no path reaches, in a tile with paths
REPEATED_PATH = "repeated-path"  # the same path twice in one string
BORDER_TWICE = "border-twice"  # two borders on one edge of one hex

# a game's data that disagrees with other data (gallery.lint.game and its checks)
UNKNOWN_HEX = "unknown-hex"  # a coordinate named somewhere that is not on the game's map
CITY_INDEX = "city-index"  # `city: N` beyond the cities of the hex
HEX_TWICE = "hex-twice"  # a hex (or a colour group) defined twice in one map
STRAY_HEX = "stray-hex"  # a hex off the map's grid (the other hexes' row/column parity)
MAP_HOLE = "map-hole"  # no hex where all six neighbours are defined
NAME_OFF_MAP = "name-off-map"  # a location name for a hex that is not on the map
UNNAMED_CITY = "unnamed-city"  # the one city hex without a name, where all others have one
UNKNOWN_TILE = "unknown-tile"  # a tile name that is neither in the catalog nor the game's
TILE_CLASH = "tile-clash"  # a game tile whose name is a different catalog tile
NEVER_LAID = "never-laid"  # a manifest tile nothing on the map or in the manifest becomes
NO_UPGRADE = "no-upgrade"  # a buildable preprinted hex no manifest tile can upgrade
BORDER_ONE_SIDE = "border-one-side"  # a border on one side of an edge only
NOT_DECIDED = "not-decided"  # a whole-game check that cannot be decided statically (info)

TILE_STRING_CODES = (UNREACHED_STOP, REPEATED_PATH, BORDER_TWICE)
GAME_CODES = (
    UNKNOWN_HEX, CITY_INDEX, HEX_TWICE, STRAY_HEX, MAP_HOLE, NAME_OFF_MAP, UNNAMED_CITY,
    UNKNOWN_TILE, TILE_CLASH, NEVER_LAID, NO_UPGRADE, BORDER_ONE_SIDE, NOT_DECIDED,
)  # fmt: skip
LINT_CODES = (NOT_CHECKED, RUBY_SYNTAX, UNREADABLE, *TILE_STRING_CODES, *GAME_CODES)
# one line each, for SARIF viewers (docs/usage/contributors.md says more)
DESCRIPTIONS = {
    NOT_CHECKED: "a tile string built at run time, not checked",
    RUBY_SYNTAX: "Ruby the reader could not parse",
    UNREADABLE: "a file that could not be read",
    UNREACHED_STOP: "a city or town no path reaches, in a tile with paths",
    REPEATED_PATH: "the same path twice in one tile string",
    BORDER_TWICE: "two borders on one edge of a hex",
    UNKNOWN_HEX: "a coordinate named that is not on the game's map",
    CITY_INDEX: "a `city:` index beyond the cities of the hex",
    HEX_TWICE: "a hex, or a colour group, defined twice in one map",
    STRAY_HEX: "a hex off the map's grid",
    MAP_HOLE: "no hex where all six neighbours are on the map",
    NAME_OFF_MAP: "a location name for a hex that is not on the map",
    UNNAMED_CITY: "the one city hex without a name",
    UNKNOWN_TILE: "a tile name neither in the catalog nor in the game's TILES",
    TILE_CLASH: "a game tile named like a different catalog tile",
    NEVER_LAID: "a manifest tile nothing can ever become",
    NO_UPGRADE: "a buildable preprinted hex no manifest tile can replace",
    BORDER_ONE_SIDE: "a border on one side of an edge only",
    NOT_DECIDED: "a whole-game check that cannot be decided without running Ruby",
}

# Every code a finding can carry, for `--select/--ignore` (a misspelt code is refused).
KNOWN_CODES: tuple[str, ...] = (*get_args(TileCode), *LINT_CODES)


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int, str]:
    """File order: by file, line, column, then code."""
    return (diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.code)
