"""Fitting text into a square without a font engine: width estimates, wrapping, shrinking.

SVG has no text wrapping, and the board is drawn before any browser sees it, so we estimate
widths from per-character advances of a typical sans-serif (DejaVu Sans, which cairosvg and
many Linux browsers fall back to, is among the widest; Arial and Helvetica are narrower, so
text sized here fits those too). Accented letters count as their base letter.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

NARROW = set("iljI.,:;'!|·")
SEMI = set("frt()-[]/ ")
WIDE = set("mwMW")
LINE_HEIGHT = 1.15


def _advance(ch: str) -> float:
    base = unicodedata.normalize("NFKD", ch)[:1] or ch
    if base in NARROW:
        return 0.3
    if base in SEMI:
        return 0.4
    if base in WIDE:
        return 0.95
    if base.isupper():
        return 0.72
    if base.isdigit():
        return 0.64
    return 0.6


BOLD = 1.13
"""Bold DejaVu Sans is about 13% wider than regular."""


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Estimated width of `text` at font size `size` (user units)."""
    return sum(_advance(c) for c in text) * size * (BOLD if bold else 1.0)


@dataclass(frozen=True)
class Fitted:
    """Text broken into lines that fit at font `size`."""

    size: float
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        return self.size * LINE_HEIGHT * len(self.lines)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str] | None:
    """Greedy word wrap; None when a single word is wider than `width`."""
    lines: list[str] = []
    for word in text.split():
        if text_width(word, size, bold) > width:
            return None
        if lines and text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def fit(
    text: str, width: float, height: float, *, max_size: float, min_size: float, bold: bool = True
) -> Fitted | None:
    """The largest size (in steps of 0.5 down to `min_size`) at which `text` wraps into the
    box; None when it does not fit even at `min_size` without breaking a word."""
    size = max_size
    while size >= min_size - 1e-9:
        lines = wrap(text, size, width, bold)
        if lines is not None and size * LINE_HEIGHT * len(lines) <= height + 1e-9:
            return Fitted(size, tuple(lines))
        size -= 0.5
    return None


def fit_or_cut(
    texts: list[str],
    width: float,
    height: float,
    *,
    max_size: float,
    min_size: float,
    bold: bool = True,
) -> Fitted:
    """Fit the first text of `texts` that fits (a name, then its short form); if none does,
    the last one at `min_size`, each line cut with an ellipsis so nothing spills out. Sizes
    are for bold text unless `bold` is False."""
    for text in texts:
        fitted = fit(text, width, height, max_size=max_size, min_size=min_size, bold=bold)
        if fitted is not None:
            return fitted
    rows = max(1, int(height // (min_size * LINE_HEIGHT)))
    words = texts[-1].split() or [""]
    lines: list[str] = []
    for word in words:
        if lines and text_width(lines[-1] + " " + word, min_size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > rows:
        lines = [*lines[: rows - 1], " ".join(lines[rows - 1 :])]
    return Fitted(min_size, tuple(_cut(line, min_size, width, bold) for line in lines))


def _cut(line: str, size: float, width: float, bold: bool) -> str:
    if text_width(line, size, bold) <= width:
        return line
    while line and text_width(line + "…", size, bold) > width:
        line = line[:-1]
    return line.rstrip() + "…"
