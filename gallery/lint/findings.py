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

LINT_CODES = (NOT_CHECKED, RUBY_SYNTAX, UNREADABLE)
# Every code a finding can carry, for `--select/--ignore` (a misspelt code is refused).
KNOWN_CODES: tuple[str, ...] = (*get_args(TileCode), *LINT_CODES)


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int, str]:
    """File order: by file, line, column, then code."""
    return (diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.code)
