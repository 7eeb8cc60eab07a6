"""`check()`: everything worth telling the author of a tile string, errors and warnings alike.

The parser raises on the first thing that cannot be drawn; `check` never raises. It returns that
error as a Diagnostic plus every warning about what the engine tolerates but is likely a mistake,
so an editor, the CLI or a build log can show them all at once.
"""

from __future__ import annotations

from tile_lang.diagnostic import Diagnostic
from tile_lang.errors import TileSyntaxError
from tile_lang.parse import parse_with_warnings


def check(code: str) -> list[Diagnostic]:
    """Diagnostics for `code`, ordered by position (an error, if any, comes with the warnings
    found before it)."""
    warnings: list[Diagnostic] = []
    try:
        parse_with_warnings(code, warnings)
    except TileSyntaxError as exc:
        warnings.append(exc.to_diagnostic())
    return sorted(warnings, key=lambda d: (d.column, d.severity != "error"))
