"""The syntax tree of a tile string: parts, keys and values with their positions.

This is the engine's decoding (facts §1.2) made strict and positional. The engine splits on `;`,
then `=`, then `,` and `:` and silently drops what does not fit; here every piece remembers its
offset so that errors and warnings can put a caret under the exact character, and the things the
engine tolerates (trailing separators, stray whitespace) are recorded as warnings instead of
being lost.

Only lexical problems are decided here (an empty piece, a second `=`, an item that is not
`key:value`); what the keys mean is `tile_lang.parse`'s job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from tile_lang.diagnostic import Diagnostic, TileCode
from tile_lang.errors import TileSyntaxError
from tile_lang.keys import PART_TYPES
from tile_lang.limits import MAX_CODE_LENGTH, MAX_PARTS


class Token(NamedTuple):
    """A piece of text and the 0-based offset of its first character in the whole code.

    A NamedTuple rather than a frozen dataclass: the lexer makes ~25 of these per tile and
    tuple construction is several times cheaper (parse throughput is a stated target).
    """

    text: str
    start: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)


class Param(NamedTuple):
    """One `key:value` item of a part."""

    key: Token
    value: Token


class RawPart(NamedTuple):
    """One `;`-separated piece: its type, and either `key:value` params or a bare value.

    `bare` is the params text when it has no `:` (how `label=OO` passes its text); `params` is
    empty then. `start`/`end` span the whole piece without surrounding whitespace.
    """

    part_index: int
    type: Token
    params: tuple[Param, ...] = ()
    bare: Token | None = None
    start: int = 0
    end: int = 0


@dataclass
class SyntaxTree:
    """The pieces of a code string, plus the lexical warnings found while splitting it."""

    code: str
    parts: list[RawPart] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)


def _strip(text: str, start: int) -> Token:
    """Trim whitespace, keeping the offset of the first kept character."""
    stripped = text.strip()
    if len(stripped) == len(text):
        return Token(text, start)
    return Token(stripped, start + len(text) - len(text.lstrip()))


def _split(text: str, sep: str, start: int) -> list[Token]:
    """Split `text` on `sep` keeping each piece's offset (no pieces dropped)."""
    tokens = []
    pos = 0
    for piece in text.split(sep):
        tokens.append(Token(piece, start + pos))
        pos += len(piece) + len(sep)
    return tokens


def _warn_whitespace(tree: SyntaxTree, raw: Token, what: str, index: int) -> None:
    if raw.text and (raw.text[0].isspace() or raw.text[-1].isspace()) and raw.text.strip():
        lead = len(raw.text) - len(raw.text.lstrip())
        column = raw.start if lead else raw.start + len(raw.text.rstrip())
        tree.warnings.append(
            Diagnostic(
                severity="warning",
                message=f"whitespace around {what} (the engine does not trim it)",
                code="whitespace",
                column=column,
                part_index=index,
                hint="remove the spaces or line breaks inside the tile string",
            )
        )


#: Characters a tile string may not hold: C0 controls other than tab, line feed and carriage
#: return (which the engine's authors do type, and `check` warns about), DEL and C1 controls,
#: lone surrogates and U+FFFE/U+FFFF: XML 1.0 cannot hold most of them, and none is meant.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _char_name(char: str) -> str:
    point = ord(char)
    if 0xD800 <= point <= 0xDFFF:
        return f"a lone surrogate (U+{point:04X})"
    return f"control character U+{point:04X}"


def lex(code: str) -> SyntaxTree:
    """Split a code string into parts, raising TileSyntaxError for what cannot be read."""
    if len(code) > MAX_CODE_LENGTH:
        raise TileSyntaxError(
            f"tile string too long: {len(code):,} characters (the limit is {MAX_CODE_LENGTH:,})",
            code=code[:60] + "…",
            column=0,
            hint="a real tile needs a few hundred characters; is this the right input?",
            diagnostic_code="too-long",
        )
    bad = _FORBIDDEN.search(code)
    if bad is not None:
        column = bad.start()
        raise TileSyntaxError(
            f"{_char_name(bad.group())} is not allowed in a tile string",
            code=code,
            column=column,
            part_index=code.count(";", 0, column),
            hint="remove it; it is invisible in most editors (copied from a PDF or a terminal?)",
            diagnostic_code="control-character",
        )
    tree = SyntaxTree(code)
    if not code.strip():
        if code:
            tree.warnings.append(
                Diagnostic(
                    severity="warning",
                    message="the tile string is only whitespace",
                    code="whitespace",
                )
            )
        return tree
    pieces = _split(code, ";", 0)
    # Trailing empty pieces are dropped by the engine's split; say so, they are usually a slip.
    while pieces and not pieces[-1].text.strip():
        last = pieces.pop()
        if pieces:
            tree.warnings.append(
                Diagnostic(
                    severity="warning",
                    message="trailing `;` (ignored)",
                    code="trailing-semicolon",
                    column=last.start - 1,
                    part_index=len(pieces) - 1,
                    hint="remove the `;` at the end",
                )
            )
    if len(pieces) > MAX_PARTS:
        raise TileSyntaxError(
            f"too many parts: {len(pieces):,} (the limit is {MAX_PARTS:,})",
            code=code,
            column=pieces[MAX_PARTS].start,
            part_index=MAX_PARTS,
            hint="a real tile has a few dozen parts at most",
            diagnostic_code="too-many-parts",
        )
    regular = _WHITESPACE.search(code) is None
    for index, piece in enumerate(pieces):
        part = _lex_regular(piece, index) if regular else None
        tree.parts.append(part if part is not None else _lex_part(tree, piece, index))
    return tree


_WHITESPACE = re.compile(r"\s")


def _lex_regular(piece: Token, index: int) -> RawPart | None:
    """Fast path for the common, well-formed piece without whitespace (most of the corpus).

    Returns None for anything irregular; `_lex_part` then does the careful work (and raises
    with positions). Both give identical results for regular input; parse throughput over
    the corpus is a stated target, and this path makes it several times faster.
    """
    text, start = piece
    type_text, eq, params = text.partition("=")
    if not type_text:
        return None
    end = start + len(text)
    if not eq:
        return RawPart(index, Token(type_text, start), (), None, start, end)
    if "=" in params:
        return None
    offset = start + len(type_text) + 1
    if ":" not in params:
        return RawPart(index, Token(type_text, start), (), Token(params, offset), start, end)
    out = []
    for item in params.split(","):
        key, _colon, value = item.partition(":")
        if not key or not value or ":" in value:
            return None
        out.append(Param(Token(key, offset), Token(value, offset + len(key) + 1)))
        offset += len(item) + 1
    return RawPart(index, Token(type_text, start), tuple(out), None, start, end)


def _lex_part(tree: SyntaxTree, piece: Token, index: int) -> RawPart:
    code = tree.code
    if not piece.text.strip():
        raise TileSyntaxError(
            "empty part between two `;`",
            code=code,
            column=max(piece.start - 1, 0),
            part_index=index,
            hint="remove the doubled `;`",
            diagnostic_code="empty-part",
        )
    fields = _split(piece.text, "=", piece.start)
    if len(fields) > 2:
        second = fields[2].start - 1
        before = fields[1].text
        hint = "each part needs its own `;`"
        kind: TileCode = "second-equals"
        for name in sorted(PART_TYPES, key=len, reverse=True):
            if before.endswith(name) and len(before) > len(name):
                hint = f"a `;` seems to be missing before `{name}`"
                kind = "missing-semicolon"
                second = fields[1].start + len(before) - len(name)
                break
        raise TileSyntaxError(
            "a second `=` in one part (the engine drops everything after it)",
            code=code,
            column=second,
            part_index=index,
            hint=hint,
            width=1,
            diagnostic_code=kind,
        )
    _warn_whitespace(tree, fields[0], "the part type", index)
    type_tok = _strip(fields[0].text, fields[0].start)
    whole = _strip(piece.text, piece.start)
    if len(fields) == 1:
        return RawPart(index, type_tok, start=whole.start, end=whole.end)
    params_tok = fields[1]
    if ":" not in params_tok.text:
        _warn_whitespace(tree, params_tok, "the value", index)
        bare = _strip(params_tok.text, params_tok.start)
        return RawPart(index, type_tok, bare=bare, start=whole.start, end=whole.end)
    items = _split(params_tok.text, ",", params_tok.start)
    while items and not items[-1].text.strip():
        dropped = items.pop()
        tree.warnings.append(
            Diagnostic(
                severity="warning",
                message="trailing `,` (ignored)",
                code="trailing-comma",
                column=dropped.start - 1,
                part_index=index,
                hint="remove the `,` at the end of the part",
            )
        )
    params = []
    for item in items:
        if not item.text.strip():
            raise TileSyntaxError(
                "empty item between two `,`",
                code=code,
                column=max(item.start - 1, 0),
                part_index=index,
                hint="remove the doubled `,`",
                diagnostic_code="empty-item",
            )
        kv = _split(item.text, ":", item.start)
        if len(kv) != 2:
            stripped = _strip(item.text, item.start)
            if len(kv) == 1:
                message = f"expected `key:value`, found `{stripped.text}` with no `:`"
                hint = f"give a value, e.g. `{stripped.text}:1`"
            else:
                message = f"expected `key:value`, found {len(kv) - 1} `:` in `{stripped.text}`"
                hint = "a value cannot contain `:`"
            raise TileSyntaxError(
                message,
                code=code,
                column=stripped.start,
                part_index=index,
                hint=hint,
                width=max(len(stripped.text), 1),
                diagnostic_code="not-key-value",
            )
        key_raw, value_raw = kv
        _warn_whitespace(tree, key_raw, "a key", index)
        _warn_whitespace(tree, value_raw, "a value", index)
        key = _strip(key_raw.text, key_raw.start)
        value = _strip(value_raw.text, value_raw.start)
        if not key.text:
            raise TileSyntaxError(
                "missing key before `:`",
                code=code,
                column=value_raw.start - 1,
                part_index=index,
                diagnostic_code="missing-key",
            )
        if not value.text:
            raise TileSyntaxError(
                f"missing value after `{key.text}:`",
                code=code,
                column=value_raw.start,
                part_index=index,
                hint=f"write `{key.text}:<value>` or remove it",
                diagnostic_code="missing-value",
            )
        params.append(Param(key, value))
    return RawPart(index, type_tok, params=tuple(params), start=whole.start, end=whole.end)
