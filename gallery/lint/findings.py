"""What the linter reports: one finding at a Ruby file position, with a diagnostic code.

The fields are the project's diagnostic fields (`file`, `line`, `column`, `severity`, `code`,
`message`, `hint`) plus what a terminal or a pull-request annotation needs to underline the
offending characters (`end_column`) and show the Ruby line (`source_line`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tile_lang import Diagnostic

LintSeverity = Literal["error", "warning", "info"]

# The linter's own codes (the tile diagnostics bring theirs).
NOT_CHECKED = "not-checked"
RUBY_SYNTAX = "ruby-syntax"
UNREADABLE = "unreadable"

# Every code a finding can carry, for `--select/--ignore` (a misspelt code is refused).
KNOWN_CODES = (
    "missing-semicolon",
    "trailing-comma",
    "trailing-semicolon",
    "unknown-part",
    "ignored-key",
    "duplicate-key",
    "tile-syntax",
    "tile-warning",
    NOT_CHECKED,
    RUBY_SYNTAX,
    UNREADABLE,
)


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
    """The diagnostic's code. Tile diagnostics without a `code` field (older tile_lang) get one
    derived from what they say, so `--select/--ignore` work either way."""
    code = getattr(diagnostic, "code", None)
    if isinstance(code, str) and code:
        return code
    message, hint = diagnostic.message, diagnostic.hint or ""
    if "seems to be missing" in hint and "`;`" in hint:
        return "missing-semicolon"
    if message.startswith("trailing `,`"):
        return "trailing-comma"
    if message.startswith("trailing `;`"):
        return "trailing-semicolon"
    if message.startswith("unknown part type"):
        return "unknown-part"
    if message.startswith("the engine ignores"):
        return "ignored-key"
    if "given twice" in message:
        return "duplicate-key"
    return "tile-syntax" if diagnostic.severity == "error" else "tile-warning"
