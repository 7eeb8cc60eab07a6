"""Where things are written in a Ruby file: byte offsets and syntax nodes turned into 1-based
lines and character columns, and the inline comments that silence a finding there.

Both halves of the linter use it: the tile-string checks (`scan`) and the whole-game checks
(`game`), so `# tile-atlas: ignore[code]` means the same thing to every finding.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from tile_lang import Diagnostic
from tile_lang.diagnostic import Severity

# `# tile-atlas: ignore` or `# tile-atlas: ignore[code, code]`
_SUPPRESS = re.compile(rb"#\s*tile-atlas:\s*ignore(?:\[([^\]]*)\])?")

# 0-based line -> the codes silenced there (None: every code)
Suppressions = dict[int, frozenset[str] | None]


@dataclass(frozen=True)
class SourceText:
    """A file's bytes with its line starts, to turn byte offsets into line and column."""

    data: bytes
    line_starts: tuple[int, ...]

    @classmethod
    def of(cls, data: bytes) -> SourceText:
        starts = [0]
        starts.extend(m.end() for m in re.finditer(rb"\n", data))
        return cls(data, tuple(starts))

    def line_index(self, offset: int) -> int:
        return bisect_right(self.line_starts, offset) - 1

    def line_text(self, index: int) -> str:
        start = self.line_starts[index]
        end = self.line_starts[index + 1] if index + 1 < len(self.line_starts) else len(self.data)
        return self.data[start:end].decode("utf-8", errors="replace").rstrip("\r\n")

    def position(self, offset: int) -> tuple[int, int]:
        """(1-based line, 1-based character column) of a byte offset."""
        index = self.line_index(offset)
        start = self.line_starts[index]
        column = len(self.data[start:offset].decode("utf-8", errors="replace"))
        return index + 1, column + 1

    def suppressions(self) -> Suppressions:
        """The `# tile-atlas: ignore` comments of the file, by line."""
        if b"tile-atlas:" not in self.data:
            return {}
        found: Suppressions = {}
        for match in _SUPPRESS.finditer(self.data):
            codes = match.group(1)
            line = self.line_index(match.start())
            found[line] = (
                None
                if codes is None
                else frozenset(
                    c.strip() for c in codes.decode("utf-8", "replace").split(",") if c.strip()
                )
            )
        return found


def silenced(suppressions: Suppressions, first: int, last: int, code: str) -> bool:
    """A comment on any line (0-based) from `first` to `last`, or on the line just above,
    silences `code` there."""
    for line in range(first - 1, last + 1):
        if line not in suppressions:
            continue
        codes = suppressions[line]
        if codes is None or code in codes:
            return True
    return False


@dataclass(frozen=True)
class Spot:
    """A written piece of a file: 1-based `line` and `column` (characters), `width` characters
    on that line, and the 0-based lines the piece spans (for the inline comments)."""

    file: str
    line: int
    column: int
    width: int = 1
    last_line: int = 0

    def finding(
        self, severity: Severity, code: str, message: str, hint: str | None = None
    ) -> Diagnostic:
        return Diagnostic(
            severity=severity,
            message=message,
            code=code,
            file=self.file,
            line=self.line,
            column=self.column,
            hint=hint,
            width=self.width,
        )


def spot_of(name: str, text: SourceText, node: Any, start: int | None = None) -> Spot:
    """The place of a syntax node (or of the byte `start` inside it, to its end), named `name`.
    The width stops at the end of the node's first line."""
    begin = int(node.start_byte) if start is None else start
    end = int(node.end_byte)
    line, column = text.position(begin)
    end_line, end_column = text.position(max(end, begin + 1))
    if end_line != line:
        end_column = len(text.line_text(line - 1)) + 1
    return Spot(name, line, column, max(end_column - column, 1), end_line - 1)
