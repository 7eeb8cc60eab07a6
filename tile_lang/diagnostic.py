"""The one diagnostic type of the whole project, its collector and the "did you mean" helper.

Every reader (a tile string, a game file, an 18xx.games Ruby file, a GE18XX XML file, a board
game) reports problems the same way, so the CLI prints them alike, the MkDocs plugin turns them
into build warnings alike, and a lint can filter them by `code` alike. It lives in tile_lang, the
lowest layer, because tile strings are checked here and every other layer may import it.

Positions. A diagnostic read from a file has `file`, and `line` / `column` 1-based in that file
(0 when unknown), like a compiler. A diagnostic of a bare tile string (`tile_lang.check()`) has
no file: its `column` is the 0-based offset into the tile string, the public API since 0.1;
`located()` places such a diagnostic inside the file the string was read from.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

Severity = Literal["error", "warning", "info"]

TileCode = Literal[
    # errors: the tile cannot be drawn faithfully
    "too-long",
    "control-character",
    "too-many-parts",
    "empty-part",
    "second-equals",
    "missing-semicolon",
    "empty-item",
    "not-key-value",
    "missing-key",
    "missing-value",
    "unknown-part",
    "bare-value",
    "missing-required",
    "out-of-range",
    "over-limit",
    "bad-icon",
    "bad-number",
    "bad-loc",
    "bad-revenue",
    "bad-lane",
    "bad-node",
    "bad-edge",
    "bad-corner",
    "unknown-track",
    "unknown-terrain",
    # warnings: the engine tolerates it, but it is probably a mistake
    "whitespace",
    "trailing-semicolon",
    "trailing-comma",
    "duplicate-key",
    "ignored-key",
    "flag-value",
    "unknown-value",
    "loc-range",
    "single-phase-revenue",
    "ignored-format",
    "edge-range",
    "unknown-terminal",
    "ignored-lanes",
    "label-text",
    "missing-cost",
    "missing-edge",
    "ignored-value",
]
"""The stable codes of tile-language diagnostics (`--select` / `--ignore` take these)."""

MAX_DIAGNOSTICS = 500
"""A collector keeps at most this many diagnostics: a file that is not what it claims to be
(a binary, a different format) would otherwise produce one per line."""


@dataclass(frozen=True, kw_only=True)
class Diagnostic:
    """One problem, wherever it was found.

    `code` is a short stable name of the kind of problem (`unknown-part`, `board-game`, …);
    `field` the path of the game-file field it concerns (`tiles.57.count`), or "";
    `part_index` the `;`-separated piece of a tile string, `width` how many characters a caret
    underlines. See the module docstring for what `line` and `column` count.
    """

    severity: Severity
    message: str
    code: str
    file: str = ""
    line: int = 0
    column: int = 0
    hint: str | None = None
    field: str = ""
    part_index: int | None = None
    width: int = 1

    def __str__(self) -> str:
        """`file:line:col: severity: field: message (hint: …)`, position parts when known."""
        where = self.file
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        what = f"{self.field}: {self.message}" if self.field else self.message
        text = f"{where}: {self.severity}: {what}" if where else f"{self.severity}: {what}"
        return text + (f" (hint: {self.hint})" if self.hint else "")

    def located(self, file: str, line: int, start_column: int) -> Diagnostic:
        """This tile-string diagnostic placed in `file`, whose tile string starts on `line` at
        1-based `start_column`."""
        return replace(self, file=file, line=line, column=start_column + self.column)

    def format(self, code: str) -> str:
        """The message with a caret line under the tile string `code` (terminals, error boxes)."""
        text = f"{self.severity}: {self.message}\n{caret_lines(code, self.column, self.width)}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


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


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    """True when any diagnostic is an error (warnings and notes never stop anything)."""
    return any(d.severity == "error" for d in diagnostics)


class Collector:
    """The diagnostics of one file, gathered while reading goes on.

    Readers never stop at the first problem (an author fixing a long file wants every mistake in
    one run), so each reader owns a collector bound to its file and keeps going. `code` names the
    reader's diagnostics unless a call gives a more precise one. At most `MAX_DIAGNOSTICS` are
    kept; the next adds one error saying the list stops there.
    """

    def __init__(self, file: str, *, code: str, limit: int = MAX_DIAGNOSTICS) -> None:
        self.file = file
        self.code = code
        self.limit = limit
        self.diagnostics: list[Diagnostic] = []
        self.full = False

    def add(
        self,
        severity: Severity,
        line: int,
        field: str,
        message: str,
        column: int = 0,
        *,
        code: str | None = None,
        hint: str | None = None,
    ) -> None:
        self._keep(
            Diagnostic(
                severity=severity,
                message=message,
                code=code or self.code,
                file=self.file,
                line=line,
                column=column,
                field=field,
                hint=hint,
            )
        )

    def error(
        self, line: int, field: str, message: str, column: int = 0, *, code: str | None = None
    ) -> None:
        self.add("error", line, field, message, column, code=code)

    def warn(
        self, line: int, field: str, message: str, column: int = 0, *, code: str | None = None
    ) -> None:
        self.add("warning", line, field, message, column, code=code)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        """Diagnostics found by another reader (a tile string inside this file, say)."""
        for diag in diagnostics:
            self._keep(diag)

    def _keep(self, diag: Diagnostic) -> None:
        if len(self.diagnostics) < self.limit:
            self.diagnostics.append(diag)
        elif not self.full:
            self.full = True
            self.diagnostics.append(
                Diagnostic(
                    severity="error",
                    message=f"more than {self.limit} problems; stopped listing",
                    code="too-many-problems",
                    file=self.file,
                )
            )

    @property
    def has_errors(self) -> bool:
        return has_errors(self.diagnostics)


def closest(word: str, choices: Iterable[str], *, n: int = 1, cutoff: float = 0.6) -> list[str]:
    """The choices closest to a misspelt `word`, best first, ignoring case (as written in
    `choices`); empty when nothing is close. The one "did you mean" matcher of the project."""
    by_lower: dict[str, str] = {}
    for choice in choices:
        by_lower.setdefault(choice.lower(), choice)
    return [
        by_lower[m]
        for m in difflib.get_close_matches(word.lower(), list(by_lower), n=n, cutoff=cutoff)
    ]


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A hint "did you mean `x`?" for a misspelt name, or None when nothing is close."""
    close = closest(word, choices)
    return f"did you mean `{close[0]}`?" if close else None
