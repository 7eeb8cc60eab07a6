"""Where a tile string's characters are written in a Ruby file.

A problem in one hex of `HEXES` is first known only as "column 88 of the tile string" of a
constant that spans a hundred lines; a reader fixing the upstream file needs the line and column
of that character. The string is found again in the constant's syntax tree by its text (a plain
literal, or `'…' \\` continuations joined by the engine), and the offset mapped to the piece of
the literal that holds it. Strings whose text is not written literally (escapes, interpolation)
are not located: the caller keeps the constant's own line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from gallery.game import Game
from gallery.ruby.source import ConstDef
from tile_lang import Diagnostic, check


class Checkout(Protocol):
    """What the locator asks of a checkout (`gallery.ruby.importer.RubyCheckout`, which calls
    it: naming the class here would make the two modules import each other)."""

    def game_class(self, game_id: str) -> str | None: ...

    def where(self, module_name: str, name: str) -> ConstDef | None: ...


STRING_NODES = ("string", "chained_string")


@dataclass(frozen=True)
class Piece:
    """One literal piece of a string: `start` is its offset in the joined text, `line` and
    `column` (1-based, in characters) where its first character is written."""

    start: int
    text: str
    line: int
    column: int


def _pieces(node: Any, source: bytes) -> list[Piece] | None:
    """The literal pieces of a `string` / `chained_string` node, or None when any piece is not
    plain text (its written form and its value would not line up)."""
    strings = node.named_children if node.type == "chained_string" else [node]
    pieces: list[Piece] = []
    offset = 0
    for string in strings:
        if string.type != "string":
            return None
        contents = [c for c in string.children if c.is_named]
        if any(c.type != "string_content" for c in contents):
            return None
        for content in contents:
            text = bytes(content.text).decode("utf-8")
            if "\\" in text:
                return None
            row, byte_column = content.start_point
            prefix = source[content.start_byte - byte_column : content.start_byte]
            column = len(prefix.decode("utf-8", errors="replace")) + 1
            pieces.append(Piece(offset, text, row + 1, column))
            offset += len(text)
    return pieces


def find_string(node: Any, source: bytes, text: str) -> list[Piece] | None:
    """The pieces of the first string literal under `node` whose value is `text`."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in STRING_NODES:
            pieces = _pieces(current, source)
            if pieces is not None and "".join(p.text for p in pieces) == text:
                return pieces
            continue
        stack.extend(reversed(current.children))
    return None


def position(pieces: list[Piece], offset: int) -> tuple[int, int]:
    """1-based line and column of the character at 0-based `offset` of the joined text (the end
    of the last piece when `offset` is past it)."""
    chosen = pieces[0]
    for piece in pieces:
        if piece.start <= offset:
            chosen = piece
    return chosen.line, chosen.column + offset - chosen.start


def code_diagnostics(checkout: Checkout, game_id: str, game: Game) -> list[Diagnostic]:
    """The tile-language problems of an imported game's tile strings, at the character of the
    Ruby literal that holds them (file:line:column), or at the constant's line when the string
    is not written literally (the importer reads Ruby values; it does not judge tile strings)."""
    game_class = checkout.game_class(game_id)
    found: list[Diagnostic] = []
    codes = [("TILES", name, tile.code) for name, tile in game.tiles.items()]
    codes += [("HEXES", coord, h.code) for coord, h in game.hexes.items()]
    for constant, key, code in codes:
        problems = check(code)
        if not problems:
            continue
        where = checkout.where(game_class, constant) if game_class else None
        pieces = None
        if where is not None:
            pieces = find_string(where.node, bytes(where.file.tree.root_node.text), code)
        for diag in problems:
            line, column = where.line if where else 0, 0
            message = f"{diag.message} (column {diag.column + 1} of the tile string)"
            if pieces:
                line, column = position(pieces, diag.column)
                message = diag.message
            found.append(
                Diagnostic(
                    severity=diag.severity,
                    message=message,
                    code=diag.code,
                    file=where.file.path if where else game.source or "",
                    line=line,
                    column=column,
                    field=f"{constant}.{key}",
                    hint=diag.hint,
                    width=diag.width,
                )
            )
    return found
