"""Errors and diagnostics for tile strings.

A tile string is one line of a Ruby hash, typed by hand; the engine silently drops what it does
not understand. So errors here say *where* (a column and the part's index), *what was expected*,
and offer a *hint*; `str()` shows the code with a caret under the problem, like a compiler.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def caret_lines(code: str, column: int, width: int = 1) -> str:
    """The code (one line, control characters made visible) with `^~~` under [column, +width)."""
    shown = code.replace("\n", "⏎").replace("\t", "⇥").replace("\r", "␍")
    # Other controls and lone surrogates (refused by the lexer) are shown as one visible
    # character each, so the caret still lines up and printing never fails.
    shown = _INVISIBLE.sub("\N{REPLACEMENT CHARACTER}", shown)
    column = max(0, min(column, len(shown)))
    width = max(1, min(width, max(1, len(shown) - column)))
    return f"  {shown}\n  {' ' * column}^{'~' * (width - 1)}"


class TileSyntaxError(ValueError):
    """A tile string that cannot be drawn faithfully.

    Attributes: `code` (the whole string), `column` (0-based offset into it), `part_index`
    (0-based index of the `;`-separated piece, or None), `message` (what is wrong and what was
    expected), `hint` (a suggestion such as "did you mean `city`?", or None), `width` (how many
    characters the caret underlines).
    """

    def __init__(
        self,
        message: str,
        *,
        code: str,
        column: int,
        part_index: int | None = None,
        hint: str | None = None,
        width: int = 1,
    ) -> None:
        self.message = message
        self.code = code
        self.column = column
        self.part_index = part_index
        self.hint = hint
        self.width = width
        super().__init__(message)

    def __str__(self) -> str:
        where = f"column {self.column + 1}"
        if self.part_index is not None:
            where = f"part {self.part_index + 1}, {where}"
        text = f"{self.message} ({where})\n{caret_lines(self.code, self.column, self.width)}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text

    def __reduce__(self) -> tuple[object, ...]:
        # Keep the error picklable (multiprocessing, pytest-xdist) despite keyword-only args.
        return (
            _rebuild,
            (self.message, self.code, self.column, self.part_index, self.hint, self.width),
        )


def _rebuild(
    message: str, code: str, column: int, part_index: int | None, hint: str | None, width: int
) -> TileSyntaxError:
    return TileSyntaxError(
        message, code=code, column=column, part_index=part_index, hint=hint, width=width
    )


@dataclass(frozen=True)
class Diagnostic:
    """Something the engine tolerates but is probably a mistake, or an error found by check().

    `column` is a 0-based offset into the code; `part_index` the `;`-piece it concerns.
    """

    severity: Severity
    column: int
    message: str
    part_index: int | None = None
    hint: str | None = None
    width: int = 1

    def format(self, code: str) -> str:
        """The message with a caret line, for terminals and error boxes."""
        text = f"{self.severity}: {self.message}\n{caret_lines(code, self.column, self.width)}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text
