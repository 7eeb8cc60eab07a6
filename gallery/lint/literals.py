"""Ruby string literals with a source map: every character of the value knows its byte in the file.

A tile string in a game file is rarely one quoted run of characters: it is split over lines with
`'…' \\`, written with escapes, put in a heredoc or a `%w[…]` list. The engine sees the joined
value; a contributor needs the line and column of the offending character in the file. So each
literal is read into its value plus, for every character, the byte offset it came from (an
escape's characters all point at its backslash). Interpolated literals are kept with
`runtime=True`: their value is not known without running Ruby, and is never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from gallery.ruby.evaluate import _escape

_NOT_A_CHARACTER = "\ufffd"


def _escaped(sequence: str) -> str:
    """The value of a double-quoted escape; one that is no character (`\\u{110000}`, a lone
    surrogate, which Ruby refuses) becomes U+FFFD, so the string is still checked and printed."""
    try:
        value = _escape(sequence)
    except (ValueError, OverflowError):
        return _NOT_A_CHARACTER
    return "".join(_NOT_A_CHARACTER if 0xD800 <= ord(c) <= 0xDFFF else c for c in value)


# characters of a single-quoted string that a backslash escapes
_RAW_ESCAPE = re.compile(rb"\\([\\'])")


@dataclass(frozen=True)
class Literal:
    """One string value as Ruby builds it from the source.

    `offsets[i]` is the byte offset in the file of `value[i]`; `end` the byte just after the last
    content character (where a diagnostic about "the end of the string" points). `start` is the
    first byte of the whole literal (its opening quote), `node` the outermost syntax node.
    """

    value: str
    offsets: tuple[int, ...]
    end: int
    start: int
    node: Any
    runtime: bool = False

    def offset_of(self, column: int) -> int:
        """The byte offset in the file of the value's character at `column` (0-based)."""
        if 0 <= column < len(self.offsets):
            return self.offsets[column]
        return self.end

    def trimmed(self, method: str) -> Literal:
        """The literal after Ruby's `strip`, `lstrip`, `rstrip` or `chomp` (no argument)."""
        value = self.value
        start, end = 0, len(value)
        if method == "chomp":
            if value.endswith("\r\n"):
                end -= 2
            elif value.endswith(("\n", "\r")):
                end -= 1
        else:
            blank = " \t\n\v\f\r\0"
            if method in ("strip", "lstrip"):
                while start < end and value[start] in blank:
                    start += 1
            if method in ("strip", "rstrip"):
                while end > start and value[end - 1] in blank:
                    end -= 1
        if (start, end) == (0, len(value)):
            return self
        offsets = self.offsets[start:end]
        return replace(
            self,
            value=value[start:end],
            offsets=offsets,
            end=offsets[-1] + 1 if offsets else self.start,
        )


class _Builder:
    """Collects (character, offset) pairs while walking a literal's parts."""

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.offsets: list[int] = []
        self.runtime = False
        self.end = 0

    def add(self, text: str, offset: int) -> None:
        for char in text:
            self.chars.append(char)
            self.offsets.append(offset)

    def add_run(self, raw: bytes, offset: int) -> None:
        """Source bytes copied verbatim: each character maps to its own byte offset."""
        if raw.isascii():
            self.chars.extend(raw.decode("ascii"))
            self.offsets.extend(range(offset, offset + len(raw)))
            return
        position = offset
        for char in raw.decode("utf-8", errors="replace"):
            self.chars.append(char)
            self.offsets.append(position)
            position += len(char.encode("utf-8"))

    def add_raw_quoted(self, raw: bytes, offset: int) -> None:
        """Content of a single-quoted string: `\\\\` and `\\'` stand for one character."""
        position = 0
        for match in _RAW_ESCAPE.finditer(raw):
            self.add_run(raw[position : match.start()], offset + position)
            self.add(match.group(1).decode(), offset + match.start())
            position = match.end()
        self.add_run(raw[position:], offset + position)

    def literal(self, node: Any, start: int | None = None) -> Literal:
        end = self.end or (self.offsets[-1] + 1 if self.offsets else int(node.start_byte))
        return Literal(
            "".join(self.chars),
            tuple(self.offsets),
            end,
            int(node.start_byte) if start is None else start,
            node,
            self.runtime,
        )


def _is_raw(node: Any) -> bool:
    """Single quotes and `%q` keep backslashes (except before `\\` and `'`)."""
    head = bytes(node.text[:2])
    return head.startswith(b"'") or head == b"%q"


def _string_parts(node: Any, builder: _Builder, raw: bool) -> None:
    for child in node.children:
        kind = child.type
        if kind == "string_content":
            text = bytes(child.text)
            if raw:
                builder.add_raw_quoted(text, int(child.start_byte))
            else:
                builder.add_run(text, int(child.start_byte))
            builder.end = int(child.end_byte)
        elif kind == "escape_sequence":
            sequence = bytes(child.text).decode("utf-8", errors="replace")
            if raw:
                value = sequence[1:] if sequence[1:] in ("\\", "'") else sequence
            else:
                value = _escaped(sequence)
            builder.add(value, int(child.start_byte))
            builder.end = int(child.end_byte)
        elif kind == "interpolation":
            builder.runtime = True
            builder.end = int(child.end_byte)
        elif child.is_named:  # anything else inside a string is built at run time
            builder.runtime = True


def read_string(node: Any) -> Literal:
    """A `string` (quoted, `%q`, `%Q`) or `chained_string` (adjacent literals, `'…' \\`)."""
    builder = _Builder()
    parts = (
        [c for c in node.children if c.type == "string"]
        if node.type == "chained_string"
        else [node]
    )
    for part in parts:
        _string_parts(part, builder, _is_raw(part))
    return builder.literal(node)


def read_word(node: Any, raw: bool) -> Literal:
    """One `bare_string` of a `%w[…]` (raw) or `%W[…]` list."""
    builder = _Builder()
    _string_parts(node, builder, raw)
    return builder.literal(node)


def read_heredoc(beginning: Any, body: Any) -> Literal:
    """A heredoc's value: the body lines, less the end line's indentation and, for `<<~`, the
    common indentation; escapes and interpolation unless the tag is quoted."""
    opening = bytes(beginning.text).decode("utf-8", errors="replace")
    raw = "'" in opening
    builder = _Builder()
    for child in body.children:
        if child.type == "heredoc_content":
            builder.add_run(bytes(child.text), int(child.start_byte))
        elif child.type == "escape_sequence":
            sequence = bytes(child.text).decode("utf-8", errors="replace")
            if raw:
                builder.add_run(bytes(child.text), int(child.start_byte))
            else:
                builder.add(_escaped(sequence), int(child.start_byte))
        elif child.type == "interpolation":
            builder.runtime = True
    pairs = list(zip(builder.chars, builder.offsets, strict=True))
    # the body starts with the rest of the opening line and ends with the end tag's indentation
    if pairs and pairs[0][0] == "\n":
        pairs = pairs[1:]
    last_newline = max((i for i, (c, _) in enumerate(pairs) if c == "\n"), default=-1)
    pairs = pairs[: last_newline + 1]
    if opening.startswith("<<~"):
        pairs = _dedent(pairs)
    result = _Builder()
    result.runtime = builder.runtime
    for char, offset in pairs:
        result.add(char, offset)
    result.end = int(body.end_byte)
    return result.literal(beginning)


def _dedent(pairs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    lines: list[list[tuple[str, int]]] = [[]]
    for pair in pairs:
        lines[-1].append(pair)
        if pair[0] == "\n":
            lines.append([])

    def indent(line: list[tuple[str, int]]) -> int:
        count = 0
        for char, _ in line:
            if char not in " \t":
                break
            count += 1
        return count

    blank = [all(c in " \t\n" for c, _ in line) for line in lines]
    cut = min(
        (indent(line) for line, empty in zip(lines, blank, strict=True) if not empty), default=0
    )
    out: list[tuple[str, int]] = []
    for line, empty in zip(lines, blank, strict=True):
        out.extend(line[indent(line) if empty else cut :])
    return out


def heredoc_bodies(root: Any) -> dict[int, Any]:
    """Each heredoc's start byte -> its body node (tree-sitter keeps the two apart)."""
    beginnings: list[Any] = []
    bodies: list[Any] = []
    stack = [root]
    while stack:
        node = stack.pop()
        for child in reversed(node.children):
            if child.type == "heredoc_beginning":
                beginnings.append(child)
            elif child.type == "heredoc_body":
                bodies.append(child)
            else:
                stack.append(child)
    beginnings.sort(key=lambda n: n.start_byte)
    bodies.sort(key=lambda n: n.start_byte)
    return {int(b.start_byte): body for b, body in zip(beginnings, bodies, strict=False)}


def iter_literals(root: Any) -> Iterator[Literal]:
    """Every string value written in the tree, outermost form first (a `chained_string` once,
    not its pieces); `%w` words one by one; heredocs with their bodies."""
    heredocs = heredoc_bodies(root)
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind in ("string", "chained_string"):
            yield read_string(node)
            stack.extend(c for c in node.children if c.type == "interpolation")
            continue
        if kind == "string_array":
            raw = bytes(node.text[:2]) == b"%w"
            for child in node.children:
                if child.type == "bare_string":
                    yield read_word(child, raw)
            continue
        if kind == "heredoc_beginning":
            body = heredocs.get(int(node.start_byte))
            if body is not None:
                yield read_heredoc(node, body)
            continue
        stack.extend(reversed(node.children))
