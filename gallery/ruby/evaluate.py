"""Evaluate Ruby literals statically from a tree-sitter syntax tree. Nothing is ever executed.

Supported: hashes (`=>` and `key:` pairs), arrays, `%w[]`/`%i[]`, strings (single, double,
adjacent literals joined by `\\` continuations, `#{CONST}` interpolation of known constants,
`<<~` heredocs), symbols, integers, floats, true/false/nil, constants (looked up through a
resolver, so the same file, included modules and parent games work), `.freeze`, `.dup`,
`.merge(…)`, `+` on strings, arrays and hashes, and parentheses. Anything else raises
`CannotEvaluate` naming the construct and its line, so the caller can report that constant and
import the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Resolver = Callable[[str], Any]


class CannotEvaluate(Exception):
    """A construct outside the literal subset; `line` is 1-based."""

    def __init__(self, what: str, line: int) -> None:
        super().__init__(f"cannot evaluate {what} statically (line {line})")
        self.what = what
        self.line = line


class Symbol(str):
    """A Ruby symbol (kept distinct from strings only where it matters: none so far)."""


def _line(node: Any) -> int:
    return int(node.start_point[0]) + 1


def _text(node: Any) -> str:
    return bytes(node.text).decode("utf-8")


_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0", "s": " ", "e": "\x1b"}


def _string(node: Any, resolve: Resolver, heredoc: Any = None) -> str:
    single = _text(node).startswith("'")
    out: list[str] = []
    for child in node.children:
        kind = child.type
        if kind == "string_content":
            content = _text(child)
            if single:  # only \\ and \' are escapes inside single quotes
                content = content.replace("\\\\", "\0").replace("\\'", "'").replace("\0", "\\")
            out.append(content)
        elif kind == "escape_sequence":
            raw = _text(child)
            if single:
                out.append(raw[1:] if raw[1:] in ("\\", "'") else raw)
            else:
                out.append(_ESCAPES.get(raw[1:], raw[1:]))
        elif kind == "interpolation":
            inner = [c for c in child.children if c.type not in ("#{", "}")]
            if len(inner) != 1:
                raise CannotEvaluate("an interpolation", _line(child))
            out.append(str(evaluate(inner[0], resolve)))
        elif kind in ('"', "'", "heredoc_content", "heredoc_end", "heredoc_start"):
            if kind == "heredoc_content":
                out.append(_text(child))
        else:
            raise CannotEvaluate(f"a string part ({kind})", _line(child))
    return "".join(out)


def _method_call(node: Any, resolve: Resolver) -> Any:
    receiver = node.child_by_field_name("receiver")
    method = node.child_by_field_name("method")
    args = node.child_by_field_name("arguments")
    name = _text(method) if method is not None else ""
    if receiver is None:
        raise CannotEvaluate(f"a method call `{name}`", _line(node))
    value = evaluate(receiver, resolve)
    if name in ("freeze", "dup", "clone", "to_h", "to_a") and args is None:
        return value
    if name == "merge" and isinstance(value, dict) and args is not None:
        merged = dict(value)
        for arg in [c for c in args.children if c.is_named]:
            if arg.type == "pair":
                key, item = _pair(arg, resolve)
                merged[key] = item
            else:
                other = evaluate(arg, resolve)
                if not isinstance(other, dict):
                    raise CannotEvaluate("merge with a non-hash", _line(arg))
                merged.update(other)
        return merged
    raise CannotEvaluate(f"the method `{name}`", _line(node))


def _pair(node: Any, resolve: Resolver) -> tuple[Any, Any]:
    key_node = node.child_by_field_name("key")
    value_node = node.child_by_field_name("value")
    if key_node is None or value_node is None:
        raise CannotEvaluate("a hash pair", _line(node))
    if key_node.type == "hash_key_symbol":
        key: Any = Symbol(_text(key_node))
    else:
        key = evaluate(key_node, resolve)
    if isinstance(key, list):
        key = tuple(key)
    return key, evaluate(value_node, resolve)


def evaluate(node: Any, resolve: Resolver) -> Any:
    """The Python value of a literal expression node."""
    kind = node.type
    if kind == "hash":
        result: dict[Any, Any] = {}
        for child in node.children:
            if child.type == "pair":
                key, value = _pair(child, resolve)
                result[key] = value
            elif child.type == "hash_splat_argument":
                inner = [c for c in child.children if c.is_named]
                result.update(evaluate(inner[0], resolve))
            elif child.is_named and child.type != "comment":
                raise CannotEvaluate(f"a hash element ({child.type})", _line(child))
        return result
    if kind == "array":
        items = []
        for child in node.children:
            if not child.is_named or child.type == "comment":
                continue
            if child.type == "splat_argument":
                inner = [c for c in child.children if c.is_named]
                items.extend(evaluate(inner[0], resolve))
            else:
                items.append(evaluate(child, resolve))
        return items
    if kind in ("string_array", "symbol_array"):
        words = [_text(c) for c in node.children if c.type in ("bare_string", "bare_symbol")]
        return [Symbol(w) for w in words] if kind == "symbol_array" else words
    if kind == "string":
        return _string(node, resolve)
    if kind == "chained_string":
        return "".join(_string(c, resolve) for c in node.children if c.type == "string")
    if kind in ("simple_symbol", "delimited_symbol"):
        text = _text(node)[1:]
        return Symbol(text.strip("\"'"))
    if kind == "integer":
        return (
            int(_text(node).replace("_", ""), 0)
            if not _text(node).startswith("0") or _text(node) == "0"
            else int(_text(node).replace("_", ""))
        )
    if kind == "float":
        return float(_text(node).replace("_", ""))
    if kind == "true":
        return True
    if kind == "false":
        return False
    if kind == "nil":
        return None
    if kind in ("constant", "scope_resolution"):
        return resolve(_text(node))
    if kind == "parenthesized_statements":
        inner = [c for c in node.children if c.is_named]
        if len(inner) != 1:
            raise CannotEvaluate("a parenthesised expression", _line(node))
        return evaluate(inner[0], resolve)
    if kind == "call":
        return _method_call(node, resolve)
    if kind == "element_reference":
        named = [c for c in node.children if c.is_named]
        if len(named) != 2:
            raise CannotEvaluate("an index expression", _line(node))
        container = evaluate(named[0], resolve)
        index = evaluate(named[1], resolve)
        try:
            return container[index]
        except (KeyError, IndexError, TypeError):
            raise CannotEvaluate(f"the index [{index!r}]", _line(node)) from None
    if kind == "binary":
        op = node.child_by_field_name("operator")
        left = evaluate(node.child_by_field_name("left"), resolve)
        right = evaluate(node.child_by_field_name("right"), resolve)
        if op is not None and _text(op) == "+":
            if isinstance(left, dict) and isinstance(right, dict):
                return {**left, **right}
            if type(left) is type(right) or (isinstance(left, str) and isinstance(right, str)):
                return left + right
        raise CannotEvaluate(f"the operator `{_text(op) if op else '?'}`", _line(node))
    if kind == "unary" and _text(node).startswith("-"):
        inner = [c for c in node.children if c.is_named]
        return -evaluate(inner[0], resolve)
    raise CannotEvaluate(f"a `{kind}` expression", _line(node))
