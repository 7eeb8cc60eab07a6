"""The error raised when a game source cannot be loaded at all.

Problems themselves are `tile_lang.Diagnostic`s, the one diagnostic type of the project; every
message names where the problem is (file, line, field) because game files are long and
hand-edited: "tiles.57.count: expected a whole number or 'unlimited'" is only useful with
`1889.yaml:14` in front of it.
"""

from __future__ import annotations

from tile_lang import Diagnostic


class GameLoadError(ValueError):
    """A game source that cannot be loaded; carries every error found, not only the first."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))
