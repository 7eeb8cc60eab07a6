"""Collecting diagnostics while reading board-game files, plus the helpers every reader shares.

Readers never stop at the first problem: an author fixing a 40-line board wants every wrong
field in one run. So each reader owns a `Collector` bound to its file name and keeps going.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from pathlib import Path

from gallery.errors import GameDiagnostic, Severity
from gallery.textfile import read_text_file


class Collector:
    """Diagnostics of one file; `line` and `column` are 1-based (0 = unknown)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.diagnostics: list[GameDiagnostic] = []

    def add(self, severity: Severity, line: int, field: str, message: str, column: int = 0) -> None:
        self.diagnostics.append(GameDiagnostic(self.file, line, field, message, severity, column))

    def error(self, line: int, field: str, message: str, column: int = 0) -> None:
        self.add("error", line, field, message, column)

    def warn(self, line: int, field: str, message: str, column: int = 0) -> None:
        self.add("warning", line, field, message, column)

    @property
    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.diagnostics)


def has_errors(diagnostics: Iterable[GameDiagnostic]) -> bool:
    """True when any diagnostic is an error (warnings never stop loading)."""
    return any(d.severity == "error" for d in diagnostics)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """` (did you mean 'x'?)` for the closest choice, ignoring case, or '' when none is close."""
    options = list(choices)
    lowered = {c.lower(): c for c in options}
    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f"; did you mean {lowered[match[0]]!r}?" if match else ""


MAX_DIGITS = 12
"""The longest number a board-game file may hold (a trillion is more money than any board
needs); longer numbers are refused by length, before Python is asked to convert them."""

_WHOLE = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"-?[0-9]+")


def looks_whole(text: str, *, signed: bool = False) -> bool:
    """True for ASCII digits (with a leading '-' when `signed`), whatever their number."""
    return (_SIGNED if signed else _WHOLE).fullmatch(text) is not None


def whole_number(text: str, *, signed: bool = False) -> tuple[int | None, str]:
    """`(value, "")` for a whole number of at most `MAX_DIGITS` digits, else `(None, why)`.

    The reason names the real limit: a 13-digit amount is a number, only too long, so telling
    its author "expected a whole number" would send them looking for a typo that is not there.
    """
    if not looks_whole(text, signed=signed):
        return None, "not a whole number"
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return None, f"a number has at most {MAX_DIGITS} digits, found {digits}"
    return int(text), ""


def read_source(path: Path, collector: Collector) -> str | None:
    """The text of a board-game file by the rules of `gallery.textfile`, with Windows-1252 as
    the legacy encoding: files of the original game may predate UTF-8 editors, and reading
    them as Windows-1252 (with a warning) keeps `Cárcel` readable instead of refusing them."""
    text, found = read_text_file(path, collector.file, legacy="cp1252")
    collector.diagnostics.extend(found)
    return text
