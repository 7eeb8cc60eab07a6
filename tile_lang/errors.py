"""Errors and diagnostics for tile strings.

A tile string is one line of a Ruby hash, typed by hand; the engine silently drops what it does
not understand. So errors here say *where* (a column and the part's index), *what was expected*,
and offer a *hint*; `str()` shows the code with a caret under the problem, like a compiler.
"""

from __future__ import annotations

from tile_lang.diagnostic import Diagnostic, Severity, TileCode, caret_lines

__all__ = ["Diagnostic", "Severity", "TileSyntaxError", "caret_lines"]


class TileSyntaxError(ValueError):
    """A tile string that cannot be drawn faithfully.

    Attributes: `code` (the whole string), `column` (0-based offset into it), `part_index`
    (0-based index of the `;`-separated piece, or None), `message` (what is wrong and what was
    expected), `hint` (a suggestion such as "did you mean `city`?", or None), `width` (how many
    characters the caret underlines), `diagnostic_code` (the stable name of the problem, one of
    `TileCode`, as in `Diagnostic.code`).
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
        diagnostic_code: TileCode,
    ) -> None:
        self.message = message
        self.diagnostic_code: TileCode = diagnostic_code
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
            (
                self.message,
                self.code,
                self.column,
                self.part_index,
                self.hint,
                self.width,
                self.diagnostic_code,
            ),
        )

    def to_diagnostic(self) -> Diagnostic:
        """The error as a Diagnostic of the tile string (column: 0-based offset into it)."""
        return Diagnostic(
            severity="error",
            message=self.message,
            code=self.diagnostic_code,
            column=self.column,
            part_index=self.part_index,
            hint=self.hint,
            width=self.width,
        )


def _rebuild(
    message: str,
    code: str,
    column: int,
    part_index: int | None,
    hint: str | None,
    width: int,
    diagnostic_code: TileCode,
) -> TileSyntaxError:
    return TileSyntaxError(
        message,
        code=code,
        column=column,
        part_index=part_index,
        hint=hint,
        width=width,
        diagnostic_code=diagnostic_code,
    )
