"""Errors and warnings raised while reading game definitions.

Every message names where the problem is (file, line, field) because game files are long and
hand-edited: "tiles.57.count: expected a whole number or 'unlimited'" is only useful with
`1889.yaml:14` in front of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class GameDiagnostic:
    """One problem found in a game source; `line` and `column` are 1-based, 0 when unknown."""

    file: str
    line: int
    field: str
    message: str
    severity: Severity = "warning"
    column: int = 0

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        what = f"{self.field}: {self.message}" if self.field else self.message
        return f"{where}: {self.severity}: {what}"


class GameLoadError(ValueError):
    """A game source that cannot be loaded; carries every error found, not only the first."""

    def __init__(self, diagnostics: list[GameDiagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))
