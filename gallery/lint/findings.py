"""What the linter reports: one finding at a Ruby file position, with a diagnostic code.

The fields are the project's diagnostic fields (`file`, `line`, `column`, `severity`, `code`,
`message`, `hint`) plus what a terminal or a pull-request annotation needs to underline the
offending characters (`end_column`) and show the Ruby line (`source_line`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from tile_lang import Diagnostic
from tile_lang.diagnostic import TileCode

LintSeverity = Literal["error", "warning", "info"]

# The linter's own codes (the tile diagnostics bring theirs).
NOT_CHECKED = "not-checked"
RUBY_SYNTAX = "ruby-syntax"
UNREADABLE = "unreadable"

# Every code a finding can carry, for `--select/--ignore` (a misspelt code is refused): the
# tile language's codes (defined once, in tile_lang) and the linter's own.
KNOWN_CODES = (*get_args(TileCode), NOT_CHECKED, RUBY_SYNTAX, UNREADABLE)


@dataclass(frozen=True)
class Finding:
    """One diagnostic at a Ruby source position; `line`/`column`/`end_column` are 1-based,
    the column counted in characters, `end_column` exclusive."""

    file: str
    line: int
    column: int
    severity: LintSeverity
    code: str
    message: str
    hint: str | None = None
    end_column: int = 0
    source_line: str = ""

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file, self.line, self.column, self.code)


def code_of(diagnostic: Diagnostic) -> str:
    """The diagnostic's code (every tile-language diagnostic carries one of `TileCode`)."""
    return diagnostic.code
