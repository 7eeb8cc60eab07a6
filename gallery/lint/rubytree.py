"""Small readers of Ruby syntax trees for the whole-game checks: hash keys, the strings a value
lists, and the map fragments (colour groups of hexes) a file writes.

Everything here reads what is written; nothing is evaluated. A value that is not written as
literals (a constant, a call) yields nothing, so a check never judges a guess.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from gallery.lint.classify import colour_names, looks_like_tile
from gallery.lint.literals import read_string, read_word
from gallery.native import COORD
from gallery.ruby.source import parser
from tile_lang import catalog

_SAME_VALUE = frozenset({"freeze", "dup", "clone"})


def text(node: Any) -> str:
    return bytes(node.text).decode("utf-8", errors="replace")


def unwrap(node: Any) -> Any:
    """`x.freeze` (and `.dup`, parentheses) -> `x`."""
    while True:
        if node.type == "call" and node.child_by_field_name("block") is None:
            method = node.child_by_field_name("method")
            receiver = node.child_by_field_name("receiver")
            if receiver is not None and method is not None and text(method) in _SAME_VALUE:
                node = receiver
                continue
        if node.type == "parenthesized_statements" and node.named_child_count == 1:
            node = node.named_children[0]
            continue
        return node


def key_name(pair: Any) -> str | None:
    """The name of a hash pair's key when it is a symbol or a plain string (`hexes:`,
    `:hexes =>`, `'hexes' =>`), else None."""
    key = pair.child_by_field_name("key")
    if key is None:
        return None
    if key.type == "hash_key_symbol":
        return text(key)
    if key.type == "simple_symbol":
        return text(key)[1:]
    if key.type == "string":
        literal = read_string(key)
        return None if literal.runtime else literal.value
    return None


def pairs(node: Any) -> Iterator[Any]:
    """Every `pair` under `node`, in file order."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "pair":
            yield current
        stack.extend(reversed(current.named_children))


@dataclass(frozen=True)
class Word:
    """A string written literally, with the node it is written as."""

    value: str
    node: Any


def strings(node: Any) -> list[Word]:
    """The strings a value lists: a string, a `%w[…]`, or an array of those (nested arrays
    too). Anything else (a constant, a call, interpolation) lists nothing. Walked with a
    stack: a hostile file can nest arrays deeper than Python recurses."""
    found: list[Word] = []
    stack = [node]
    while stack:
        current = unwrap(stack.pop())
        kind = current.type
        if kind in ("string", "chained_string"):
            literal = read_string(current)
            if not literal.runtime:
                found.append(Word(literal.value, current))
        elif kind == "string_array":
            raw = bytes(current.text[:2]) == b"%w"
            words = [read_word(c, raw) for c in current.named_children if c.type == "bare_string"]
            found.extend(Word(w.value, w.node) for w in words if not w.runtime)
        elif kind == "array":
            stack.extend(reversed(current.named_children))
    return found


@dataclass(frozen=True)
class HexDef:
    """One coordinate of a map fragment: where it is written, its colour group, and the node
    of the tile code (or catalog name) it is given."""

    coord: str
    node: Any
    color: str
    code: Any


@dataclass(frozen=True)
class Fragment:
    """A colour-grouped hash of hexes (`{ white: { %w[A1 B2] => '' }, … }`) written in a file:
    a whole map, or a piece a method merges into one. `groups` are the colour keys as written
    (a repeated one is lost to Ruby's hash)."""

    node: Any
    groups: tuple[tuple[str, Any], ...]
    hexes: tuple[HexDef, ...]


def _colour(pair: Any, colours: frozenset[str]) -> str | None:
    name = key_name(pair)
    return name if name in colours else None


def fragment_of(node: Any, colours: frozenset[str]) -> Fragment | None:
    """The fragment a `hash` node is, when every key is a colour and a value is a hash."""
    entries = [c for c in node.named_children if c.type != "comment"]
    if not entries or not all(e.type == "pair" and _colour(e, colours) for e in entries):
        return None
    groups: list[tuple[str, Any]] = []
    hexes: list[HexDef] = []
    for entry in entries:
        colour = _colour(entry, colours) or ""
        value = unwrap(entry.child_by_field_name("value"))
        groups.append((colour, entry.child_by_field_name("key")))
        if value.type != "hash":
            continue
        for pair in value.named_children:
            if pair.type != "pair":
                continue
            code = pair.child_by_field_name("value")
            for word in strings(pair.child_by_field_name("key")):
                hexes.append(HexDef(word.value, word.node, colour, code))
    if not hexes:
        return None
    return Fragment(node, tuple(groups), tuple(hexes))


def _is_tile_value(node: Any) -> bool:
    words = strings(node) if node is not None and node.type != "array" else []
    if len(words) != 1:
        return False
    value = words[0].value
    return value == "" or looks_like_tile(value) or catalog.lookup(value) is not None


def loose_hexes(node: Any) -> tuple[HexDef, ...]:
    """A hash of coordinates to tile code without colour groups (`{ %w[J3] => 'city=…' }`,
    which a method hands to the map later): its hexes, or () when it is not one."""
    found: list[HexDef] = []
    for pair in node.named_children:
        if pair.type == "comment":
            continue
        if pair.type != "pair" or not _is_tile_value(pair.child_by_field_name("value")):
            return ()
        words = strings(pair.child_by_field_name("key"))
        if not words or not all(COORD.fullmatch(w.value) for w in words):
            return ()
        code = pair.child_by_field_name("value")
        found.extend(HexDef(w.value, w.node, "", code) for w in words)
    return tuple(found)


@cache
def _query() -> tuple[Any, Any]:
    from tree_sitter import Query, QueryCursor

    return Query(parser().language, QUERIES), QueryCursor


QUERIES = """
(hash) @hash
(pair key: [(hash_key_symbol) (simple_symbol) (string)] @key) @pair
"""


@dataclass(frozen=True)
class FileSyntax:
    """What the whole-game checks read of one file's syntax, found with one query: the map
    fragments and the hash pairs, in file order (pairs as (start byte, key name, node))."""

    fragments: tuple[Fragment, ...]
    pairs: tuple[tuple[int, str, Any], ...]

    def pairs_in(self, node: Any) -> list[tuple[str, Any]]:
        """The pairs written inside `node`."""
        start, end = int(node.start_byte), int(node.end_byte)
        first = bisect_left(self.pairs, start, key=lambda p: p[0])
        found = []
        for position, name, pair in self.pairs[first:]:
            if position >= end:
                break
            found.append((name, pair))
        return found


def file_syntax(root: Any, wanted_keys: frozenset[str]) -> FileSyntax:
    """The fragments and the pairs keyed by one of `wanted_keys` of a file."""
    query, cursor = _query()
    captures = cursor(query).captures(root)
    colours = colour_names()
    found: list[Fragment] = []
    inside = -1
    for node in sorted(captures.get("hash", ()), key=lambda n: n.start_byte):
        if int(node.start_byte) < inside:
            continue
        fragment = fragment_of(node, colours)
        if fragment is None and (loose := loose_hexes(node)):
            fragment = Fragment(node, (), loose)
        if fragment is not None:
            found.append(fragment)
            inside = int(node.end_byte)
    pairs = []
    for pair in captures.get("pair", ()):
        name = key_name(pair)
        if name in wanted_keys:
            pairs.append((int(pair.start_byte), name, pair))
    pairs.sort(key=lambda p: p[0])
    return FileSyntax(tuple(found), tuple(pairs))
