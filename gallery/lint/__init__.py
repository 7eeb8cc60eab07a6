"""`tile-atlas lint`: every tile string and every game of an 18xx.games checkout, checked where
it is written.

The Ruby files are read with tree-sitter (never executed). Tile strings: `literals` turns each
string literal into its value plus a source map, `classify` decides which strings are tile code,
`scan` checks them with `tile_lang.check` and `tilechecks` and places each diagnostic at the Ruby
line and column of the offending character. Whole games: `gameview` puts the map and manifest
the importer reads next to where each piece is written (`gamefiles`, `rubytree`); `check_refs`,
`check_map` and `check_tiles` compare them; `game` runs the checks per game and merges findings
per place. `runner` runs both halves side by side, filters by code and sets the exit status,
`formats` prints; `places` and `findings` are shared by all.
"""

from gallery.lint.files import select_files
from gallery.lint.runner import LintResult, lint_files
from gallery.lint.scan import lint_source

__all__ = ["LintResult", "lint_files", "lint_source", "select_files"]
