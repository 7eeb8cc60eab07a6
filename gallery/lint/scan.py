"""Lint one Ruby file: find its tile strings, check them, place each diagnostic in the file.

The file is parsed with tree-sitter (never executed). A query hands over the string nodes
directly, so a 100 kB game file costs a parse and a few thousand cheap node visits, not a walk of
every node in Python.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from gallery.lint.classify import (
    colour_names,
    expression_root,
    looks_like_runtime_tile,
    looks_like_tile,
    slot_query,
)
from gallery.lint.findings import NOT_CHECKED, RUBY_SYNTAX, sort_key
from gallery.lint.literals import Literal, heredoc_bodies, read_heredoc, read_string, read_word
from gallery.ruby.source import parser
from tile_lang import Diagnostic, catalog, check
from tile_lang.diagnostic import Severity
from tile_lang.keys import PART_TYPES

_LITERALS = """
(string) @string
(chained_string) @chain
(bare_string) @word
(heredoc_beginning) @heredoc
"""
# `# tile-atlas: ignore` or `# tile-atlas: ignore[code, code]`
_SUPPRESS = re.compile(rb"#\s*tile-atlas:\s*ignore(?:\[([^\]]*)\])?")


@cache
def _query() -> tuple[Any, Any]:
    """The compiled query (literals and tile slots) and the cursor class, built once."""
    from tree_sitter import Query, QueryCursor

    return Query(parser().language, _LITERALS + slot_query(colour_names())), QueryCursor


@dataclass(frozen=True)
class SourceText:
    """A file's bytes with its line starts, to turn byte offsets into line and column."""

    data: bytes
    line_starts: tuple[int, ...]

    @classmethod
    def of(cls, data: bytes) -> SourceText:
        starts = [0]
        starts.extend(m.end() for m in re.finditer(rb"\n", data))
        return cls(data, tuple(starts))

    def line_index(self, offset: int) -> int:
        return bisect_right(self.line_starts, offset) - 1

    def line_text(self, index: int) -> str:
        start = self.line_starts[index]
        end = self.line_starts[index + 1] if index + 1 < len(self.line_starts) else len(self.data)
        return self.data[start:end].decode("utf-8", errors="replace").rstrip("\r\n")

    def position(self, offset: int) -> tuple[int, int]:
        """(1-based line, 1-based character column) of a byte offset."""
        index = self.line_index(offset)
        start = self.line_starts[index]
        column = len(self.data[start:offset].decode("utf-8", errors="replace"))
        return index + 1, column + 1


def _suppressions(text: SourceText) -> dict[int, frozenset[str] | None]:
    """0-based line -> the codes silenced there (None: every code)."""
    found: dict[int, frozenset[str] | None] = {}
    for match in _SUPPRESS.finditer(text.data):
        codes = match.group(1)
        line = text.line_index(match.start())
        found[line] = (
            None
            if codes is None
            else frozenset(
                c.strip() for c in codes.decode("utf-8", "replace").split(",") if c.strip()
            )
        )
    return found


def _silenced(
    suppressions: dict[int, frozenset[str] | None], first: int, last: int, code: str
) -> bool:
    """A comment on any line of the string, or on a line of its own just above it, silences it."""
    for line in range(first - 1, last + 1):
        if line not in suppressions:
            continue
        codes = suppressions[line]
        if codes is None or code in codes:
            return True
    return False


def _read(node: Any, heredocs: dict[int, Any]) -> Literal | None:
    if node.type == "bare_string":
        opening = bytes(node.parent.text[:2]) if node.parent is not None else b"%w"
        return read_word(node, opening == b"%w")
    if node.type == "heredoc_beginning":
        body = heredocs.get(int(node.start_byte))
        return read_heredoc(node, body) if body is not None else None
    return read_string(node)


def _span(node: Any) -> tuple[int, int]:
    return int(node.start_byte), int(node.end_byte)


def _assigned_constant(root: Any) -> str | None:
    """`NAME` when `root` is the right side of `NAME = …`."""
    parent = root.parent
    if parent is None or parent.type != "assignment":
        return None
    left = parent.child_by_field_name("left")
    if left is None or left.type != "constant" or parent.child_by_field_name("right") != root:
        return None
    return bytes(left.text).decode("utf-8", errors="replace")


_PART_MARKERS = tuple(f"{kind}=".encode() for kind in PART_TYPES)
_SLOT_MARKERS = (b"'code'", b'"code"', b"code:", b":code", b"from_code", b"HEXES")
_NEAR_MISS = re.compile(rb"[a-z_]=[a-z_0-9]+:")


def might_hold_tiles(data: bytes) -> bool:
    """A cheap byte test passed by every file that can hold a finding: tile code has `type=`
    (a known part type, or a misspelt one followed by `key:`), and the strings that need no `=`
    to be checked sit under a `code` key or in a HEXES colour group. Most files of a game
    (steps, rounds, entities) fail it and are never parsed."""
    if any(marker in data for marker in _SLOT_MARKERS):
        return True
    if any(marker in data for marker in _PART_MARKERS):
        return True
    return _NEAR_MISS.search(data) is not None


@dataclass(frozen=True)
class FileReport:
    """One file's findings, and the text of each line they are on (for the caret snippets)."""

    diagnostics: tuple[Diagnostic, ...] = ()
    lines: Mapping[int, str] = field(default_factory=dict)


def lint_source(path: str, data: bytes) -> FileReport:
    """Every finding for one Ruby file (`path` is how the file is named in the output)."""
    if not might_hold_tiles(data):
        return FileReport()
    text = SourceText.of(data)
    tree = parser().parse(data)
    query, cursor = _query()
    captures = cursor(query).captures(tree.root_node)
    hex_slots = {_span(n) for n in captures.get("hex", ())}
    code_slots = {_span(n) for n in captures.get("code", ())}
    pieces = {bytes(n.text).decode("utf-8", errors="replace") for n in captures.get("piece", ())}
    chains = captures.get("chain", ())
    inside_chains = {int(c.start_byte) for chain in chains for c in chain.children}
    nodes = [n for n in captures.get("string", ()) if int(n.start_byte) not in inside_chains]
    nodes += [*chains, *captures.get("word", ()), *captures.get("heredoc", ())]
    heredocs = heredoc_bodies(tree.root_node) if captures.get("heredoc") else {}
    suppressions = _suppressions(text) if b"tile-atlas:" in data else {}
    findings: list[Diagnostic] = []
    runtime_roots: set[int] = set()
    for node in nodes:
        span = _span(node)
        # without `=` a string is tile code only in a slot (a name, '' or a typo), or when
        # interpolation adds the rest (`"junction;#{paths}"`)
        raw = bytes(node.text)
        if (
            node.type != "heredoc_beginning"
            and b"=" not in raw
            and b"#{" not in raw
            and span not in hex_slots
            and span not in code_slots
        ):
            continue
        use = expression_root(node)
        if use.pattern:
            continue
        root, built = use.root, use.built
        root_span = _span(root)
        in_hexes = root_span in hex_slots
        slot = in_hexes or root_span in code_slots
        literal = _read(node, heredocs)
        if literal is None:
            continue
        for method in use.trims:
            literal = literal.trimmed(method)
        if built or literal.runtime:
            if root_span[0] in runtime_roots:
                continue
            if slot or looks_like_runtime_tile(bytes(root.text).decode("utf-8", "replace")):
                runtime_roots.add(root_span[0])
                findings.extend(_runtime(path, text, root, suppressions))
            continue
        if in_hexes and catalog.lookup(literal.value) is not None:
            continue  # a catalog tile's name (`'blank'`, `'57'`): the engine looks it up
        if not slot:
            if not looks_like_tile(literal.value):
                continue
            if _assigned_constant(root) in pieces:
                continue  # a piece of other strings (`"junction;#{SP6}"`), checked there
        findings.extend(_check_literal(path, text, literal, suppressions))
    if tree.root_node.has_error:
        findings.extend(_syntax_errors(path, text, tree.root_node))
    findings.sort(key=sort_key)
    lines = {f.line: text.line_text(f.line - 1) for f in findings}
    return FileReport(tuple(findings), lines)


def _runtime(
    path: str, text: SourceText, root: Any, suppressions: dict[int, frozenset[str] | None]
) -> Iterable[Diagnostic]:
    first, last = int(root.start_point[0]), int(root.end_point[0])
    if _silenced(suppressions, first, last, NOT_CHECKED):
        return
    yield _at(
        path,
        text.position(int(root.start_byte)),
        "info",
        NOT_CHECKED,
        "tile string not checked (built at run time)",
        hint="only literal strings can be checked without running Ruby",
    )


def _at(
    path: str,
    position: tuple[int, int],
    severity: Severity,
    code: str,
    message: str,
    hint: str | None = None,
) -> Diagnostic:
    """A diagnostic of the linter itself at a (line, column) of the file."""
    line, column = position
    return Diagnostic(
        severity=severity,
        message=message,
        code=code,
        file=path,
        line=line,
        column=column,
        hint=hint,
    )


def _check_literal(
    path: str, text: SourceText, literal: Literal, suppressions: dict[int, frozenset[str] | None]
) -> Iterable[Diagnostic]:
    diagnostics = check(literal.value)
    if not diagnostics:
        return
    first = text.line_index(literal.start)
    last = text.line_index(max(literal.end - 1, literal.start))
    for diagnostic in diagnostics:
        if _silenced(suppressions, first, last, diagnostic.code):
            continue
        line, column = text.position(literal.offset_of(diagnostic.column))
        # the caret covers the same characters in the file, up to the end of the line
        end_offset = literal.offset_of(diagnostic.column + max(diagnostic.width, 1) - 1)
        end_line, end_column = text.position(end_offset)
        if end_line != line or end_column < column:
            end_column = len(text.line_text(line - 1))
        width = max(end_column - column + 1, 1)
        yield replace(diagnostic, file=path, line=line, column=column, width=width)


def _syntax_errors(path: str, text: SourceText, root: Any) -> Iterable[Diagnostic]:
    """Ruby the reader could not parse: strings in that region may be missed, so say where."""
    stack = [root]
    while stack:
        node = stack.pop()
        if not node.has_error:
            continue
        if node.type == "ERROR" or node.is_missing:
            yield _at(
                path,
                text.position(int(node.start_byte)),
                "warning",
                RUBY_SYNTAX,
                "Ruby syntax error: tile strings around here may not be checked",
            )
            return
        stack.extend(reversed(node.children))
