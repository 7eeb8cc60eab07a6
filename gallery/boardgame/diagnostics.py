"""Collecting diagnostics while reading board-game files, plus the helpers every reader shares.

Readers never stop at the first problem: an author fixing a 40-line board wants every wrong
field in one run. So each reader owns a `Collector` bound to its file name and keeps going.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import tile_lang
from gallery.textfile import read_text_file
from tile_lang import closest, has_errors

__all__ = [
    "Collector",
    "did_you_mean",
    "has_errors",
    "looks_whole",
    "read_source",
    "whole_number",
]


class Collector(tile_lang.Collector):
    """The project's collector for one board-game file: its diagnostics are coded `board-game`."""

    def __init__(self, file: str) -> None:
        super().__init__(file, code="board-game")


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`; did you mean 'x'?` (appended to a board-game message) for the closest choice, or ''.

    The matching is `tile_lang.closest`, shared by every reader; only the wording is the board
    games' own."""
    match = closest(word, choices)
    return f"; did you mean {match[0]!r}?" if match else ""


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
    collector.extend(found)
    return text
