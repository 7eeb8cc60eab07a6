"""Lint one Ruby file: find its tile strings, check them, place each diagnostic in the file.

The file is parsed with tree-sitter (never executed). A query hands over the string nodes
directly, so a 100 kB game file costs a parse and a few thousand cheap node visits, not a walk of
every node in Python.
"""

from __future__ import annotations

import re
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
from gallery.lint.places import SourceText, Suppressions, silenced
from gallery.lint.tilechecks import tile_findings
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


@cache
def _query() -> tuple[Any, Any]:
    """The compiled query (literals and tile slots) and the cursor class, built once."""
    from tree_sitter import Query, QueryCursor

    return Query(parser().language, _LITERALS + slot_query(colour_names())), QueryCursor


def _read(node: Any, heredocs: dict[int, Any]) -> Literal | None:
    if node.type == "bare_string":
        opening = bytes(node.parent.text[:2]) if node.parent is not None else b"%w"
        return read_word(node, opening == b"%w")
    if node.type == "heredoc_beginning":
        body = heredocs.get(int(node.start_byte))
        return read_heredoc(node, body) if body is not None else None
    return read_string(node)


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


def _span(node: Any) -> tuple[int, int]:
    return int(node.start_byte), int(node.end_byte)


@dataclass(frozen=True)
class _Slots:
    """What the query found in one file: the tile slots, the constants used as pieces of other
    strings, and the literal nodes to look at (a chained string once, not its pieces)."""

    hexes: frozenset[tuple[int, int]]
    codes: frozenset[tuple[int, int]]
    pieces: frozenset[str]
    nodes: tuple[Any, ...]

    @classmethod
    def of(cls, captures: dict[str, Any]) -> _Slots:
        chains = captures.get("chain", ())
        inside_chains = {int(c.start_byte) for chain in chains for c in chain.children}
        nodes = [n for n in captures.get("string", ()) if int(n.start_byte) not in inside_chains]
        nodes += [*chains, *captures.get("word", ()), *captures.get("heredoc", ())]
        return cls(
            frozenset(_span(n) for n in captures.get("hex", ())),
            frozenset(_span(n) for n in captures.get("code", ())),
            frozenset(bytes(n.text).decode("utf-8", "replace") for n in captures.get("piece", ())),
            tuple(nodes),
        )

    def holds(self, span: tuple[int, int]) -> bool:
        return span in self.hexes or span in self.codes


class _FileScan:
    """The tile strings of one parsed file, checked one literal at a time."""

    def __init__(self, path: str, text: SourceText, tree: Any, slots: _Slots) -> None:
        self.path, self.text, self.slots = path, text, slots
        self.heredocs = (
            heredoc_bodies(tree.root_node)
            if any(n.type == "heredoc_beginning" for n in slots.nodes)
            else {}
        )
        self.suppressions = text.suppressions()
        self.runtime_roots: set[int] = set()
        self.findings: list[Diagnostic] = []

    def run(self) -> list[Diagnostic]:
        for node in self.slots.nodes:
            if self._may_be_tile(node):
                self._literal(node)
        return self.findings

    def _may_be_tile(self, node: Any) -> bool:
        """Without `=` a string is tile code only in a slot (a name, '' or a typo), or when
        interpolation adds the rest (`"junction;#{paths}"`)."""
        raw = bytes(node.text)
        return (
            node.type == "heredoc_beginning"
            or b"=" in raw
            or b"#{" in raw
            or self.slots.holds(_span(node))
        )

    def _literal(self, node: Any) -> None:
        use = expression_root(node)
        if use.pattern:
            return
        root_span = _span(use.root)
        slot = self.slots.holds(root_span)
        literal = _read(node, self.heredocs)
        if literal is None:
            return
        for method in use.trims:
            literal = literal.trimmed(method)
        if use.built or literal.runtime:
            self._runtime(use.root, slot)
            return
        if root_span in self.slots.hexes and catalog.lookup(literal.value) is not None:
            return  # a catalog tile's name (`'blank'`, `'57'`): the engine looks it up
        if not slot:
            if not looks_like_tile(literal.value):
                return
            if _assigned_constant(use.root) in self.slots.pieces:
                return  # a piece of other strings (`"junction;#{SP6}"`), checked there
        self.findings.extend(_check_literal(self.path, self.text, literal, self.suppressions))

    def _runtime(self, root: Any, slot: bool) -> None:
        start = int(root.start_byte)
        if start in self.runtime_roots:
            return
        if slot or looks_like_runtime_tile(bytes(root.text).decode("utf-8", "replace")):
            self.runtime_roots.add(start)
            self.findings.extend(_runtime(self.path, self.text, root, self.suppressions))


def lint_source(path: str, data: bytes) -> FileReport:
    """Every finding for one Ruby file (`path` is how the file is named in the output)."""
    if not might_hold_tiles(data):
        return FileReport()
    text = SourceText.of(data)
    tree = parser().parse(data)
    query, cursor = _query()
    slots = _Slots.of(cursor(query).captures(tree.root_node))
    findings = _FileScan(path, text, tree, slots).run()
    if tree.root_node.has_error:
        findings.extend(_syntax_errors(path, text, tree.root_node))
    findings.sort(key=sort_key)
    lines = {f.line: text.line_text(f.line - 1) for f in findings}
    return FileReport(tuple(findings), lines)


def _runtime(
    path: str, text: SourceText, root: Any, suppressions: Suppressions
) -> Iterable[Diagnostic]:
    first, last = int(root.start_point[0]), int(root.end_point[0])
    if silenced(suppressions, first, last, NOT_CHECKED):
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
    path: str, text: SourceText, literal: Literal, suppressions: Suppressions
) -> Iterable[Diagnostic]:
    diagnostics = check(literal.value)
    if not any(d.severity == "error" for d in diagnostics):
        diagnostics += tile_findings(literal.value)
    if not diagnostics:
        return
    first = text.line_index(literal.start)
    last = text.line_index(max(literal.end - 1, literal.start))
    for diagnostic in diagnostics:
        if silenced(suppressions, first, last, diagnostic.code):
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
