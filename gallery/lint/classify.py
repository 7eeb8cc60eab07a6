"""Which string literals of a Ruby file are tile code.

A game file holds tens of thousands of strings (names, log messages, hex coordinates) and a few
hundred tile strings. Checking a name as a tile would bury the real findings in noise; missing a
tile string would hide a bug. Two questions decide:

1. *Where is the string?* Some places only ever hold tile code (a "tile slot"): the value of a
   `'code'` key (TILES entries, `code:` keyword arguments), a hash value inside a colour group
   (`HEXES = { red: { ['A1'] => '…' } }`, also in methods such as 1893's `base_map`), a value
   of a colour-named constant hash (`Config::Tile::YELLOW = { '57' => '…' }`) and the third
   argument of `Tile.from_code`. Such a string is checked whatever it looks like.
2. *Does it read as tile code?* Anywhere else a string is checked only when its first `;`-part
   starts with a known part type and `=` (`city=…`, `path=…`), or with a near-miss of one
   followed by `key:` (`citty=revenue:20`), or is a bare part type followed by more parts
   (`junction;path=…`). Prose, names, coordinates and CSS never start that way.

A string that is only a piece of a value (`'city=revenue:' + x`, `"…#{x}…"`, `'…'.gsub(…)`) is
built at run time: it is reported once as not checked, never guessed. A string used as a pattern
(`code.include?('city=')`, `x == 'path=a:0,b:1'`, `.split(';')` on it) is not a tile at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tile_lang import catalog, did_you_mean
from tile_lang.keys import PART_TYPES

# methods that return their receiver's value unchanged
_SAME_VALUE = frozenset({"freeze", "dup", "clone", "itself", "to_s", "to_str", "-@", "+@"})
# methods that only remove whitespace (the literal's source map follows them)
TRIMS = frozenset({"strip", "lstrip", "rstrip", "chomp"})
# methods whose receiver or argument is a piece of a new string
_BUILDERS = frozenset(
    {"gsub", "sub", "tr", "concat", "prepend", "insert", "center", "ljust", "rjust", "join",
     "format", "sprintf", "replace", "squeeze", "*", "+", "%", "<<"}
)  # fmt: skip
# operators that compute a new string from a literal
_BUILD_OPERATORS = frozenset({"+", "*", "%", "<<"})
_COMPARE_OPERATORS = frozenset({"==", "!=", "=~", "!~", "===", "<=>", "eql?"})

_FIRST_PART = re.compile(r"\s*([a-z_]+)\s*(=|;|$)")
_KEY_VALUE = re.compile(r"[a-z_]+=\s*[a-z_0-9]+:")
_PART_START = re.compile(r"(?:^|;)\s*([a-z_]+)=")


def colour_names() -> frozenset[str]:
    """Tile colours as the engine spells them (plus `grey`), the keys of HEXES groups."""
    return frozenset((*catalog.colors(), "grey"))


def _method(call: Any) -> str:
    method = call.child_by_field_name("method")
    return bytes(method.text).decode("utf-8", errors="replace") if method is not None else ""


def _operator(binary: Any) -> str:
    operator = binary.child_by_field_name("operator")
    return bytes(operator.text).decode() if operator is not None else ""


@dataclass(frozen=True)
class Use:
    """How a literal is used: `root` is the whole expression its value ends up in, `built` says
    it is only a piece of a run-time string, `pattern` that it is data for a method (a search
    pattern, a comparison), `trims` the whitespace methods applied to it in order."""

    root: Any
    built: bool = False
    pattern: bool = False
    trims: tuple[str, ...] = ()


def expression_root(node: Any) -> Use:
    """Follow a literal up through parentheses, `.freeze`, `.strip` and string building."""
    current = node
    built = False
    trims: list[str] = []
    while True:
        parent = current.parent
        if parent is None:
            return Use(current, built, False, tuple(trims))
        kind = parent.type
        if kind in ("parenthesized_statements", "parenthesized_expression"):
            current = parent
        elif kind == "binary":
            operator = _operator(parent)
            if operator in _COMPARE_OPERATORS:
                return Use(current, built, True)
            if operator not in _BUILD_OPERATORS:
                return Use(current, built, False, tuple(trims))
            built = True
            current = parent
        elif kind == "call" and parent.child_by_field_name("receiver") == current:
            method = _method(parent)
            if method in _SAME_VALUE:
                current = parent
            elif method in TRIMS:
                trims.append(method)
                current = parent
            elif method in _BUILDERS:
                built = True
                current = parent
            else:  # `'…'.split(';')`, `'…'.include?(x)`: the literal is data for a method
                return Use(current, built, True)
        elif kind == "argument_list":
            call = parent.parent
            method = _method(call) if call is not None and call.type == "call" else ""
            if method in _BUILDERS:
                return Use(current, True)
            return Use(current, built, method in _PATTERN_METHODS, tuple(trims))
        else:
            return Use(current, built, False, tuple(trims))


# methods whose string argument is a pattern or a piece, not a whole tile
_PATTERN_METHODS = frozenset(
    {"include?", "start_with?", "end_with?", "match", "match?", "scan", "index", "rindex",
     "split", "delete", "count", "partition", "rpartition", "eql?", "casecmp", "casecmp?",
     "gsub!", "sub!", "tr!", "delete!", "delete_prefix", "delete_suffix", "=="}
)  # fmt: skip


def slot_query(colours: frozenset[str]) -> str:
    """A tree-sitter query capturing the tile slots of a file: `@hex` for values of colour
    groups (where a catalog tile name may stand instead of code), `@code` for `'code'` values and
    `Tile.from_code`'s third argument; `@piece` for constants used inside other strings."""
    names = "|".join(sorted(colours))
    key = r"^[:'\"]?(" + names + r")['\"]?$"
    constant = "^(" + names.upper() + ")$"
    group = "[(hash (pair value: (_) @hex)) (call receiver: (hash (pair value: (_) @hex)))]"
    keys = "[(hash_key_symbol) (simple_symbol) (string)]"
    return f"""
(pair key: {keys} @_key (#match? @_key "{key}") value: {group})
(assignment left: (constant) @_name (#match? @_name "{constant}") right: {group})
(pair key: {keys} @_code (#match? @_code "^[:'\\"]?code['\\"]?$") value: (_) @code)
(call method: (identifier) @_from (#eq? @_from "from_code")
      arguments: (argument_list . (_) . (_) . (_) @code))
(interpolation (constant) @piece)
(binary left: (constant) @piece operator: ["+" "<<" "%"])
(binary operator: ["+" "<<"] right: (constant) @piece)
"""


def looks_like_tile(value: str) -> bool:
    """Does a string outside any tile slot read as tile code (see the module docstring)?"""
    if "=" not in value:
        return False
    first = _FIRST_PART.match(value)
    if first is None:
        return False
    kind, after = first.group(1), first.group(2)
    if kind in PART_TYPES:
        return after == "=" or (after == ";" and _PART_START.search(value) is not None)
    if after != "=" or did_you_mean(kind, PART_TYPES) is None:
        return False
    known_later = any(m.group(1) in PART_TYPES for m in _PART_START.finditer(value))
    return _KEY_VALUE.match(value.lstrip()) is not None or known_later


def looks_like_runtime_tile(text: str) -> bool:
    """Run-time strings are judged on their written text: a known part type followed by `=` or
    `;` right after an opening quote or a `;` (`"city=revenue:#{x}"`, `"junction;#{paths}"`,
    `'…;path=' + y`)."""
    return _RUNTIME_PART.search(text) is not None


_RUNTIME_PART = re.compile(r"""(?:^|['";]|%[qQ]?.)\s*(?:""" + "|".join(PART_TYPES) + ")[=;]")
