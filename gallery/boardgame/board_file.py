"""The `.tab` board file: reading it with every problem reported, and writing it back.

Grammar (one square per line; lines are independent)::

    file    = { line "\\n" }
    line    = blank | comment | square
    blank   = only spaces and tabs
    comment = optional spaces, "#", anything          (a whole line; there are no end-of-line
                                                       comments because names may contain "#")
    square  = [ "|" ] type { "|" field } [ "|" ]
    type    = one of: calle servicio estacion parking impuesto impuesto_especial tarjeta
              salida carcel a_la_carcel
    field   = any characters except "|" and line breaks; spaces around it are not part of it

The seed draws each type as ``calle`` followed by ``| número | nombre | ... | precio hotel |``,
so the type id and the fields are separated by ``|``, and a ``|`` before the type id or after the
last field is optional (``|calle|1|...|`` in table style is the same line). A field can
therefore never contain ``|``, and no field may be empty. The fields after the type id are the
seed's columns in the seed's order (`model.Square.field_specs()`); the first is always the
square number. Squares are numbered from 0 or 1 in file order, each one more than the last.
Money is a whole number without separators or currency signs. The file is UTF-8; a
Windows-1252 file is read with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from gallery.boardgame.colors import color_fill, color_names
from gallery.boardgame.diagnostics import Collector, did_you_mean, looks_whole, whole_number
from gallery.boardgame.model import (
    SQUARE_TYPES,
    ALaCarcel,
    Board,
    Carcel,
    FieldSpec,
    Salida,
    Square,
)
from gallery.errors import GameLoadError
from gallery.textfile import bad_character
from tile_lang import Diagnostic


@dataclass(frozen=True)
class BoardFacts:
    """What checking a deck against a board needs: its square numbers, the square types on it
    and their names. Built from a partly wrong file too, so a deck is still checked while the
    board has errors elsewhere."""

    numbers: range
    kinds: frozenset[str] = frozenset()
    names: dict[int, str] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, board: Board) -> BoardFacts:
        return cls(
            board.numbers,
            frozenset(s.kind for s in board.squares),
            {s.number: s.name for s in board.squares},
        )


@dataclass(frozen=True)
class BoardScan:
    """Everything learnt from one `.tab` text: the board (None when there are errors), the
    facts a deck check needs, and the diagnostics. `readable` is the board of the squares
    that could be read, errors or not (None when none could): a gallery shows a game with a
    bad square rather than none of it, the errors saying what is missing."""

    board: Board | None
    facts: BoardFacts
    diagnostics: list[Diagnostic]
    readable: Board | None = None


def split_fields(line: str) -> list[tuple[str, int]]:
    """The `|`-separated fields of a square line with their 1-based columns, spaces stripped,
    an optional leading and trailing `|` removed."""
    parts: list[tuple[str, int]] = []
    start = 0
    for end in [*(i for i, ch in enumerate(line) if ch == "|"), len(line)]:
        raw = line[start:end]
        lead = len(raw) - len(raw.lstrip())
        parts.append((raw.strip(), start + lead + 1))
        start = end + 1
    if len(parts) > 1 and parts[0][0] == "":
        parts.pop(0)
    if len(parts) > 1 and parts[-1][0] == "":
        parts.pop()
    return parts


def _money_hint(text: str) -> str:
    if re.fullmatch(r"-\d+", text):
        return "; amounts cannot be negative"
    if re.search(r"\d", text) and re.search(r"[.,€$£\s]", text):
        return "; write the plain number, without separators or currency signs"
    return ""


def _value(kind: str, text: str) -> tuple[int | str | None, str]:
    """The field value, or None and why it is wrong."""
    if kind in ("text", "deck"):
        if not text:
            return None, "is empty"
        problem = bad_character(text)
        return (None, problem) if problem else (text, "")
    if kind == "color":
        if color_fill(text) is not None:
            return text, ""
        hint = did_you_mean(text, color_names())
        return None, f"unknown colour {text!r}: use a colour name or #rrggbb{hint}"
    if kind == "percent":
        text = text.removesuffix("%").rstrip()
    if not looks_whole(text):
        what = {
            "number": "the square number",
            "money": "an amount of money",
            "positive": "a count",
            "percent": "a percentage",
        }[kind]
        return None, f"expected {what} (a whole number), found {text!r}" + _money_hint(text)
    value, too_long = whole_number(text)
    if value is None:
        return None, too_long
    if kind == "positive" and value < 1:
        return None, f"must be at least 1, found {value}"
    if kind == "percent" and value > 100:
        return None, f"a percentage is 0..100, found {value}"
    return value, ""


@dataclass
class _Numbering:
    """Square numbers must start at 0 or 1 and follow on: what the lines so far said."""

    first: int | None = None
    expected: int | None = None

    def check(self, out: Collector, lineno: int, fields: list[tuple[str, int]]) -> None:
        """Check a line's square number (whatever else is wrong with the line, so numbering
        errors do not cascade from one bad line)."""
        number = whole_number(fields[1][0])[0] if len(fields) > 1 else None
        if number is None:
            self.first = 0 if self.first is None else self.first
            self.expected = self.expected + 1 if self.expected is not None else None
            return
        if self.first is None:
            self.first = number
            if number not in (0, 1):
                message = f"the first square is numbered 0 or 1, found {number}"
                out.error(lineno, "numero", message, fields[1][1])
        elif self.expected is not None and number != self.expected:
            message = (
                f"square numbers must be consecutive: expected {self.expected}, found {number}"
            )
            out.error(lineno, "numero", message, fields[1][1])
        self.expected = number + 1


def _unknown_type(out: Collector, lineno: int, kind: str, kind_col: int) -> None:
    if kind:
        hint = did_you_mean(kind, SQUARE_TYPES) or ("; the types are " + ", ".join(SQUARE_TYPES))
        out.error(lineno, "tipo", f"unknown square type {kind!r}{hint}", kind_col)
    else:
        out.error(lineno, "tipo", "the square type is missing", kind_col)


def _square(
    out: Collector,
    lineno: int,
    fields: list[tuple[str, int]],
    cls: type[Square],
    decks: Collection[str] | None,
) -> Square | None:
    """The square of one line of type `cls` (None when a field is wrong, with its error)."""
    (kind, kind_col), given = fields[0], fields[1:]
    specs: tuple[FieldSpec, ...] = cls.field_specs()
    if len(given) != len(specs):
        labels = " | ".join(s.label for s in specs)
        message = f"{kind} takes {len(specs)} fields after the type ({labels}), found {len(given)}"
        out.error(lineno, kind, message, kind_col)
        return None
    values: dict[str, object] = {}
    ok = True
    for spec, (raw, col) in zip(specs, given, strict=True):
        value, problem = _value(spec.kind, raw)
        if value is None:
            ok = False
            out.error(lineno, f"{kind}.{spec.label}", problem, col)
            continue
        if spec.kind == "deck" and decks is not None and value not in decks:
            loaded = ", ".join(sorted(decks)) or "none"
            hint = did_you_mean(str(value), decks)
            message = f"deck {value!r} is not loaded (loaded: {loaded}){hint}"
            out.error(lineno, f"{kind}.{spec.label}", message, col)
        values[spec.attr] = value
    if not ok:
        return None
    # the square's field table is the contract: `_value` gave each field the type its spec
    # names, so the class is called as a plain factory of squares
    make: Callable[..., Square] = cls
    return make(**values)


def _board_warnings(out: Collector, count: int, seen_kinds: dict[str, int]) -> None:
    """What a whole board lacks: squares, a salida, a carcel for its a_la_carcel."""
    if count == 0:
        out.error(0, "", "the board has no squares")
    if count and Salida.kind not in seen_kinds:
        out.warn(0, "salida", "the board has no salida square: nobody is ever paid a salary")
    if ALaCarcel.kind in seen_kinds and Carcel.kind not in seen_kinds:
        out.warn(
            seen_kinds[ALaCarcel.kind],
            "a_la_carcel",
            "this square sends players to jail but the board has no carcel square",
        )


def scan_board(
    text: str, file: str = "<board>", *, decks: Collection[str] | None = None
) -> BoardScan:
    """Read a `.tab` text, collecting every problem.

    `decks` are the names of the loaded card decks: a `tarjeta` square naming another deck is
    an error. Pass None when the decks are unknown (a `.tab` checked on its own) to skip that
    check.
    """
    out = Collector(file)
    squares: list[Square] = []
    numbering = _Numbering()
    count = 0
    seen_kinds: dict[str, int] = {}  # type id -> first line
    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        fields = split_fields(line)
        kind, kind_col = fields[0]
        count += 1
        cls = SQUARE_TYPES.get(kind)
        if cls is not None:
            seen_kinds.setdefault(kind, lineno)
        numbering.check(out, lineno, fields)
        if cls is None:
            _unknown_type(out, lineno, kind, kind_col)
            continue
        square = _square(out, lineno, fields, cls, decks)
        if square is not None:
            squares.append(square)
    _board_warnings(out, count, seen_kinds)
    kinds = frozenset(seen_kinds)
    first = numbering.first or 0
    facts = BoardFacts(range(first, first + count), kinds, {s.number: s.name for s in squares})
    readable = Board(tuple(squares)) if squares else None
    board = None if out.has_errors else readable
    diagnostics = sorted(out.diagnostics, key=lambda d: (d.line, d.column))
    return BoardScan(board, facts, diagnostics, readable)


def read_board(
    text: str, file: str = "<board>", *, decks: Collection[str] | None = None
) -> tuple[Board | None, list[Diagnostic]]:
    """The board (None when there are errors) and every diagnostic; see `scan_board`."""
    scan = scan_board(text, file, decks=decks)
    return scan.board, scan.diagnostics


def parse_board(text: str, file: str = "<board>", *, decks: Collection[str] | None = None) -> Board:
    """The board of a `.tab` text; raises `GameLoadError` listing every error."""
    scan = scan_board(text, file, decks=decks)
    if scan.board is None:
        raise GameLoadError([d for d in scan.diagnostics if d.severity == "error"])
    return scan.board


def _breaks_line(text: str) -> bool:
    """True when `str.splitlines` (which the reader uses) would split `text`: besides \n and
    \r that includes \v, \f, \x1c-\x1e, \x85, \u2028 and \u2029."""
    return len(("a" + text + "b").splitlines()) > 1


def _writable(value: int | str, spec: FieldSpec, square: Square) -> str:
    text = str(value)
    where = f"square {square.number} ({square.kind}) field {spec.label}"
    if isinstance(value, str):
        if (
            not text
            or text != text.strip()
            or "|" in text
            or _breaks_line(text)
            or bad_character(text)
        ):
            raise ValueError(
                f"{where}: {text!r} cannot be written: a field is non-empty, has no "
                "'|' or line break, and no spaces at its ends"
            )
        if spec.kind == "color" and color_fill(text) is None:
            raise ValueError(f"{where}: unknown colour {text!r}")
    elif (
        value < (1 if spec.kind == "positive" else 0)
        or (spec.kind == "percent" and value > 100)
        or whole_number(text)[0] is None
    ):
        raise ValueError(f"{where}: {value} is out of range")
    return text


def write_board(board: Board, *, header: bool = True) -> str:
    """The `.tab` text of a board; `parse_board(write_board(b)) == b` for every valid board.

    With `header`, a comment lists the columns of each square type used, so a hand editor
    does not need the docs open. Raises ValueError for a value the format cannot hold (a
    name with `|`, a negative price, ...).
    """
    lines: list[str] = []
    if header:
        lines.append("# Tile Atlas board (.tab): one square per line, fields separated by |")
        for kind, cls in SQUARE_TYPES.items():
            if any(s.kind == kind for s in board.squares):
                labels = " | ".join(s.label for s in cls.field_specs())
                lines.append(f"# {kind} | {labels} |")
        lines.append("")
    for square in board.squares:
        cells = [
            _writable(v, spec, square)
            for v, spec in zip(square.values(), square.field_specs(), strict=True)
        ]
        lines.append(" | ".join([square.kind, *cells]) + " |")
    return "\n".join(lines) + "\n"
