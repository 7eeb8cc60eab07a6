"""Evaluate Ruby literals statically from a tree-sitter syntax tree. Nothing is ever executed.

Supported:

* hashes (`=>` and `key:` pairs, `**splat`), arrays (`*splat`), `%w[]`/`%W[]`/`%i[]`;
* strings: single and double quoted, `%q`/`%Q`, adjacent literals (`'…'\\` line continuations),
  escapes, `#{…}` interpolation of anything evaluable here (constants, mostly), `<<~`/`<<-`
  heredocs; symbols; integers, floats; true/false/nil;
* constants, looked up by the caller's resolver (same file, parent games, included modules);
* methods without side effects on a value: `.freeze`, `.dup`, `.clone`, `.merge(…)`, `.to_h`,
  `.to_a`, `.to_s`, `.to_sym`, `.strip`/`.chomp`, `.keys`, `.values`, `+` on strings, arrays and
  numbers, `[index]`, unary minus, parentheses;
* `.reject`/`.select`/`.filter` on a hash or array with a block whose body is one predicate
  built from the block's parameters and literals: `%w[…].include?(k)`, `==`, `!=`, `<`, `>`,
  `!`, `&&`, `||`, `.start_with?`, `.end_with?`.

Anything else raises `CannotEvaluate` naming the construct and its line, so the caller can
report that one constant and still import the rest.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# A constant reference (`TILES`, `G1817::Map::TILES`) and the 1-based line it is written on.
Resolver = Callable[[str, int], Any]
# A call of a helper method: (module the receiver names, or "" for a call without receiver,
# method name, evaluated arguments, line) -> its value (`gallery.ruby.helpers`); raises
# CannotEvaluate when the method is not one that can be read.
MethodCaller = Callable[[str, str, list[Any], int], Any]


class CannotEvaluate(Exception):
    """A construct outside the literal subset; `line` is 1-based."""

    def __init__(self, what: str, line: int) -> None:
        super().__init__(f"cannot evaluate {what} statically")
        self.what = what
        self.line = line


class LimitExceeded(CannotEvaluate):
    """A construct beyond the evaluator's bounds (depth, size, work): an error, since no real
    game needs it, unlike the code the evaluator merely does not read."""

    def __init__(self, what: str, line: int) -> None:
        super().__init__(what, line)
        self.args = (f"{what}: beyond the importer's limits",)


class ModuleValue(CannotEvaluate):
    """A constant that names a module or class, used where a value is needed."""


class Symbol(str):
    """A Ruby symbol. Equal to the string of its name, as in the browser's Opal runtime."""

    __slots__ = ()


def line_of(node: Any) -> int:
    return int(node.start_point[0]) + 1


def text_of(node: Any) -> str:
    return bytes(node.text).decode("utf-8")


def _named(node: Any) -> list[Any]:
    return [c for c in node.children if c.is_named and c.type != "comment"]


_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "s": " ", "r": "\r", "0": "\0", "e": "\x1b", "a": "\a",
                   "b": "\b", "f": "\f", "v": "\v"}  # fmt: skip


def _escape(raw: str) -> str:
    """The character(s) of a double-quoted escape sequence such as `\\n` or `\\u00e9`."""
    body = raw[1:]
    if body in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[body]
    if body.startswith("u{"):
        return "".join(chr(int(h, 16)) for h in body[2:-1].split())
    if body.startswith("u") and len(body) == 5:
        return chr(int(body[1:], 16))
    if body.startswith("x") and len(body) > 1:
        return chr(int(body[1:], 16))
    if body.isdigit():
        return chr(int(body, 8))
    if body.startswith("\n"):
        return ""  # backslash-newline inside double quotes joins the lines
    return body  # \\ \" \# \' and any other character stand for themselves


def _char(node: Any) -> str:
    """The character(s) of an escape-sequence node; `\\u{110000}` or a lone surrogate
    (`\\uD800`) is no character: CannotEvaluate, never a ValueError or a string that
    cannot be written as UTF-8 later."""
    try:
        text = _escape(text_of(node))
    except (ValueError, OverflowError):
        text = "\ud800"  # refused just below, with the same message
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise CannotEvaluate(f"the escape {text_of(node)} (not a character)", line_of(node))
    return text


_PLACEHOLDER = "\ufff0"

MAX_DEPTH = 100
"""Expressions inside expressions, counted across the constants they reference (real map
files: about 10). Shared across references because the Python stack is: 100 levels stay far
below the interpreter's recursion limit."""
MAX_SIZE = 1_000_000
"""Characters of a string, items of an array or hash (the largest real map: ~20,000)."""
MAX_WORK = 20_000_000
"""Steps of one evaluation, counting each node and each item copied: a doubling chain of
constants (`B = A + A`, `C = B + B`, ...) stops here instead of filling memory."""
MAX_INT_BITS = 256
"""Integers beyond this are no game's numbers (and `A * A` chains would grow without end)."""
MAX_INT_DIGITS = 80


def _block_parts(block: Any, name: str) -> tuple[list[str], Any]:
    """A `{ |a, b| one statement }` block's parameter names and statement."""
    params_node = next((c for c in block.children if c.type == "block_parameters"), None)
    params = [text_of(p) for p in _named(params_node)] if params_node is not None else []
    body = next((c for c in block.children if c.type in ("block_body", "body_statement")), None)
    statements = _named(body) if body is not None else []
    if len(statements) != 1 or not all(re.fullmatch(r"_?[a-z]\w*", p) for p in params):
        raise CannotEvaluate(f"the block of `{name}`", line_of(block))
    return params, statements[0]


#: What a predicate test gives when it does not apply (the node is then evaluated as a value).
_NO_TEST = object()


@dataclass
class Budget:
    """What one evaluation may still spend: nesting depth and total work. Shared by the
    evaluators of the constants it references, so the bounds hold across references."""

    depth: int = 0
    work: int = 0


@dataclass
class Evaluator:
    """Evaluates expressions of one file (`heredocs`: a heredoc's start byte -> its body)."""

    resolve: Resolver
    heredocs: dict[int, Any] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)
    budget: Budget = field(default_factory=Budget)
    call_method: MethodCaller | None = None

    # ---------------------------------------------------------------- strings

    def _string(self, node: Any) -> str:
        opening = text_of(node)[:3]
        raw = opening.startswith("'") or opening.startswith("%q")
        out: list[str] = []
        for child in node.children:
            kind = child.type
            if kind == "string_content":
                content = text_of(child)
                if raw:  # only \\ and \' are escapes inside single quotes
                    content = re.sub(r"\\([\\'])", r"\1", content)
                out.append(content)
            elif kind == "escape_sequence":
                seq = text_of(child)
                out.append(
                    seq[1:] if raw and seq[1:] in ("\\", "'") else seq if raw else _char(child)
                )
            elif kind == "interpolation":
                out.append(self._interpolation(child))
            elif child.is_named:
                raise CannotEvaluate(f"a string part ({kind})", line_of(child))
        return "".join(out)

    def _interpolation(self, node: Any) -> str:
        inner = _named(node)
        if len(inner) != 1:
            raise CannotEvaluate("an interpolation", line_of(node))
        value = self.eval(inner[0])
        if value is None:
            return ""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int | float | str):
            return str(value)
        raise CannotEvaluate("an interpolation of a collection", line_of(node))

    def _heredoc(self, node: Any) -> str:
        start = text_of(node)
        body = self.heredocs.get(node.start_byte)
        if body is None:
            raise CannotEvaluate("a heredoc without its body", line_of(node))
        quoted = "'" in start
        pieces: list[str] = []
        values: list[str] = []
        for child in body.children:
            if child.type == "heredoc_content":
                pieces.append(text_of(child))
            elif child.type == "escape_sequence":
                pieces.append(text_of(child) if quoted else _char(child))
            elif child.type == "interpolation":
                values.append(self._interpolation(child))
                pieces.append(_PLACEHOLDER)
            elif child.type != "heredoc_end":
                raise CannotEvaluate(f"a heredoc part ({child.type})", line_of(child))
        text = "".join(pieces)
        text = text.removeprefix("\n")  # the rest of the line the heredoc starts on
        text = text[: text.rfind("\n") + 1] if "\n" in text else ""  # indentation of the end
        if start.startswith("<<~"):
            lines = text.split("\n")
            indents = [len(x) - len(x.lstrip(" \t")) for x in lines if x.strip(" \t")]
            cut = min(indents, default=0)
            text = "\n".join(x[cut:] if x.strip(" \t") else x.lstrip(" \t") for x in lines)
        for value in values:
            text = text.replace(_PLACEHOLDER, value, 1)
        return text

    # ---------------------------------------------------------------- calls and blocks

    def _call(self, node: Any) -> Any:
        receiver = node.child_by_field_name("receiver")
        method = node.child_by_field_name("method")
        args_node = node.child_by_field_name("arguments")
        block = node.child_by_field_name("block")
        name = text_of(method) if method is not None else "call"
        args = _named(args_node) if args_node is not None else []
        if receiver is None:
            if self.call_method is None or block is not None:
                raise CannotEvaluate(f"a call of the method `{name}`", line_of(node))
            return self.call_method("", name, [self.eval(a) for a in args], line_of(node))
        try:
            value = self.eval(receiver)
        except ModuleValue:  # G1822CA::Map.merge_hexes(…): a module function, i.e. code
            if self.call_method is None or block is not None:
                raise CannotEvaluate(
                    f"a call of the method `{text_of(receiver)}.{name}`", line_of(node)
                ) from None
            values = [self.eval(a) for a in args]
            return self.call_method(text_of(receiver), name, values, line_of(node))
        if value is None and any(c.type == "&." for c in node.children):
            return None  # `nil&.anything` is nil
        if block is not None:
            return self._block_call(value, name, args, block, node)
        return self.apply(value, name, args, node)

    def apply(self, value: Any, name: str, args: list[Any], node: Any) -> Any:
        """`value.name(*args)` for the side-effect-free methods this evaluator knows."""
        if not args:
            if name in ("freeze", "dup", "clone", "itself"):
                return value
            if name == "to_h" and isinstance(value, dict):
                return dict(value)
            if name == "to_a" and isinstance(value, list | dict):
                return list(value.items()) if isinstance(value, dict) else list(value)
            if name == "keys" and isinstance(value, dict):
                return list(value)
            if name == "values" and isinstance(value, dict):
                return list(value.values())
            if isinstance(value, str):
                if name == "to_s":
                    return str(value)
                if name == "to_sym":
                    return Symbol(value)
                if name in ("strip", "lstrip", "rstrip"):
                    return getattr(str(value), name)()
                if name == "chomp":
                    return str(value).removesuffix("\n")
        if name == "merge" and isinstance(value, dict):
            merged = dict(value)
            for arg in args:
                merged.update(self._hash_argument(arg))
            return merged
        raise CannotEvaluate(f"the method `{name}`", line_of(node))

    def _hash_argument(self, arg: Any) -> dict[Any, Any]:
        if arg.type == "pair":
            key, item = self._pair(arg)
            return {key: item}
        other = self.eval(arg)
        if not isinstance(other, dict):
            raise CannotEvaluate("a merge with something other than a hash", line_of(arg))
        return other

    def _block_call(self, value: Any, name: str, args: list[Any], block: Any, node: Any) -> Any:
        if name not in ("reject", "select", "filter") or args:
            raise CannotEvaluate(f"the method `{name}` with a block", line_of(node))
        params, statement = _block_parts(block, name)
        if isinstance(value, dict):
            items: list[tuple[Any, ...]] = [(k, v) for k, v in value.items()]
        elif isinstance(value, list):
            items = [(v,) for v in value]
        else:
            raise CannotEvaluate(
                f"`{name}` on something other than a hash or an array", line_of(node)
            )
        keep = name != "reject"
        kept = [item for item in items if bool(self._test_item(params, item, statement)) == keep]
        return {k: v for k, v in kept} if isinstance(value, dict) else [i[0] for i in kept]

    def _test_item(self, params: list[str], item: tuple[Any, ...], statement: Any) -> Any:
        """The block's one statement with its parameters bound to `item`."""
        bound = dict(zip(params, item, strict=False))
        inner = Evaluator(
            self.resolve, self.heredocs, {**self.params, **bound}, self.budget, self.call_method
        )
        return inner.predicate(statement)

    def predicate(self, node: Any) -> Any:
        """A block body: the literal subset plus comparisons and `include?`-like tests."""
        self._enter(node)
        try:
            return self._predicate(node)
        finally:
            self.budget.depth -= 1

    def _predicate(self, node: Any) -> Any:
        kind = node.type
        if kind in ("identifier", "instance_variable") and text_of(node) in self.params:
            return self.params[text_of(node)]
        if kind == "identifier" and self.call_method is not None:
            return self.call_method("", text_of(node), [], line_of(node))
        test = {
            "parenthesized_statements": self._grouped_test,
            "unary": self._not_test,
            "binary": self._binary_test,
            "call": self._call_test,
        }.get(kind)
        found = test(node) if test is not None else _NO_TEST
        return self.eval(node) if found is _NO_TEST else found

    def _grouped_test(self, node: Any) -> Any:
        inner = _named(node)
        return self.predicate(inner[0]) if len(inner) == 1 else _NO_TEST

    def _not_test(self, node: Any) -> Any:
        operator = node.child_by_field_name("operator")
        operand = node.child_by_field_name("operand")
        if operator is not None and operand is not None and text_of(operator) in ("!", "not"):
            return not self.predicate(operand)
        return _NO_TEST

    def _binary_test(self, node: Any) -> Any:
        operator = text_of(node.child_by_field_name("operator"))
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if operator in ("&&", "and"):
            return self.predicate(left) and self.predicate(right)
        if operator in ("||", "or"):
            return self.predicate(left) or self.predicate(right)
        if operator in ("==", "!="):
            same = self.predicate(left) == self.predicate(right)
            return same if operator == "==" else not same
        if operator in ("<", ">", "<=", ">="):
            a, b = self.predicate(left), self.predicate(right)
            if isinstance(a, int | float) and isinstance(b, int | float):
                return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[operator]
        return _NO_TEST

    def _call_test(self, node: Any) -> Any:
        """`x.include?(y)` and its kin, `s.start_with?(t)`, `s.end_with?(t)`."""
        if node.child_by_field_name("block") is not None:
            return _NO_TEST
        receiver = node.child_by_field_name("receiver")
        method = node.child_by_field_name("method")
        args_node = node.child_by_field_name("arguments")
        args = _named(args_node) if args_node is not None else []
        name = text_of(method) if method is not None else ""
        if receiver is None or len(args) != 1:
            return _NO_TEST
        target = self.predicate(receiver)
        arg = self.predicate(args[0])
        if name in ("include?", "member?", "key?", "has_key?") and isinstance(
            target, list | dict | str
        ):
            return arg in target
        if name in ("start_with?", "end_with?") and isinstance(target, str):
            return (target.startswith if name == "start_with?" else target.endswith)(str(arg))
        return _NO_TEST

    # ---------------------------------------------------------------- the literal subset

    def _pair(self, node: Any) -> tuple[Any, Any]:
        key_node = node.child_by_field_name("key")
        value_node = node.child_by_field_name("value")
        if key_node is None or value_node is None:
            raise CannotEvaluate("a hash pair", line_of(node))
        if key_node.type in ("hash_key_symbol", "simple_symbol"):
            key: Any = Symbol(text_of(key_node).lstrip(":"))
        else:
            key = self.eval(key_node)
            if any(c.type == ":" for c in node.children):  # "key": value is a symbol key
                key = Symbol(key)
        if isinstance(key, list):
            key = tuple(key)
        if isinstance(key, dict):
            raise CannotEvaluate("a hash used as a hash key", line_of(key_node))
        return key, self.eval(value_node)

    def _integer(self, node: Any) -> int:
        digits = text_of(node).replace("_", "").lower()
        if len(digits) > MAX_INT_DIGITS:
            raise LimitExceeded(f"a number of more than {MAX_INT_DIGITS} digits", line_of(node))
        if digits.startswith(("0x", "0b", "0o")):
            return int(digits, 0)
        if digits.startswith("0d"):
            return int(digits[2:])
        if len(digits) > 1 and digits.startswith("0"):
            return int(digits, 8)
        return int(digits)

    def eval(self, node: Any) -> Any:
        """The Python value of a literal expression node (dict, list, str, int, float, …).

        Bounded: nesting beyond `MAX_DEPTH`, a value beyond `MAX_SIZE` or `MAX_INT_BITS`, or
        more than `MAX_WORK` steps raise `CannotEvaluate` (never RecursionError or
        MemoryError), so one hostile constant is one diagnostic and the import goes on.
        """
        self._enter(node)
        try:
            value = self._eval(node)
        finally:
            self.budget.depth -= 1
        return self._bounded(value, node)

    def _enter(self, node: Any) -> None:
        """Count one more level and one more step, refusing past the bounds."""
        budget = self.budget
        budget.work += 1
        if budget.depth >= MAX_DEPTH:
            raise LimitExceeded(f"an expression nested more than {MAX_DEPTH} deep", line_of(node))
        if budget.work > MAX_WORK:
            raise LimitExceeded(
                f"an expression needing more than {MAX_WORK:,} steps", line_of(node)
            )
        budget.depth += 1

    def _bounded(self, value: Any, node: Any) -> Any:
        if isinstance(value, str | list | dict):
            if len(value) > MAX_SIZE:
                raise LimitExceeded(
                    f"a value of more than {MAX_SIZE:,} characters or items", line_of(node)
                )
            self.budget.work += len(value)
        elif isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
            raise LimitExceeded(f"a number of more than {MAX_INT_BITS} bits", line_of(node))
        return value

    def _eval(self, node: Any) -> Any:
        read = _READERS.get(node.type)
        if read is not None:
            return read(self, node)
        return self._other(node)

    def _hash(self, node: Any) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        for child in _named(node):
            if child.type == "pair":
                key, value = self._pair(child)
                result[key] = value
            elif child.type == "hash_splat_argument":
                result.update(self._hash_argument(_named(child)[0]))
            else:
                raise CannotEvaluate(f"a hash element ({child.type})", line_of(child))
        return result

    def _array(self, node: Any) -> list[Any]:
        items: list[Any] = []
        for child in _named(node):
            if child.type != "splat_argument":
                items.append(self.eval(child))
                continue
            spread = self.eval(_named(child)[0])
            if not isinstance(spread, list):
                raise CannotEvaluate("a splat of something other than an array", line_of(child))
            items.extend(spread)
        return items

    def _words(self, node: Any) -> list[Any]:
        words = [self._word(c) for c in node.children if c.type in ("bare_string", "bare_symbol")]
        return [Symbol(w) for w in words] if node.type == "symbol_array" else words

    def _parenthesized(self, node: Any) -> Any:
        inner = _named(node)
        if len(inner) != 1:
            raise CannotEvaluate("a parenthesised expression", line_of(node))
        return self.eval(inner[0])

    def _other(self, node: Any) -> Any:
        """Names (parameters, helper methods), `a ? b : c` in helpers and signed numbers;
        anything else cannot be evaluated."""
        kind = node.type
        if kind in ("identifier", "instance_variable") and text_of(node) in self.params:
            return self.params[text_of(node)]
        if kind == "identifier" and self.call_method is not None:
            return self.call_method("", text_of(node), [], line_of(node))
        if kind == "conditional" and self.call_method is not None:  # a ? b : c, in helpers
            condition = self.eval(node.child_by_field_name("condition"))
            met = condition is not None and condition is not False
            return self.eval(node.child_by_field_name("consequence" if met else "alternative"))
        if kind == "unary":
            signed = self._signed(node)
            if signed is not None:
                return signed
        if kind == "identifier":
            raise CannotEvaluate(f"the method or variable `{text_of(node)}`", line_of(node))
        raise CannotEvaluate(f"a `{kind}` expression", line_of(node))

    def _signed(self, node: Any) -> int | float | None:
        """`-n` or `+n` of a number; None for any other unary expression."""
        operator = node.child_by_field_name("operator")
        operand = node.child_by_field_name("operand")
        if operator is None or operand is None or text_of(operator) not in ("-", "+"):
            return None
        number = self.eval(operand)
        if isinstance(number, int | float) and not isinstance(number, bool):
            return -number if text_of(operator) == "-" else number
        return None

    def _word(self, node: Any) -> str:
        out = []
        for child in node.children:
            if child.type == "interpolation":
                out.append(self._interpolation(child))
            elif child.type == "escape_sequence":
                out.append(text_of(child)[1:])
            else:
                out.append(text_of(child))
        return "".join(out) if node.children else text_of(node)

    def _index(self, node: Any) -> Any:
        named = _named(node)
        if len(named) != 2:
            raise CannotEvaluate("an index expression", line_of(node))
        container = self.eval(named[0])
        index = self.eval(named[1])
        try:
            if isinstance(container, dict):
                return container.get(tuple(index) if isinstance(index, list) else index)
            if isinstance(container, list | str) and isinstance(index, int):
                return container[index] if -len(container) <= index < len(container) else None
        except TypeError:
            pass
        raise CannotEvaluate(f"the index [{index!r}]", line_of(node))

    def _binary(self, node: Any) -> Any:
        operator = text_of(node.child_by_field_name("operator"))
        left = self.eval(node.child_by_field_name("left"))
        right = self.eval(node.child_by_field_name("right"))
        if operator == "+":
            if isinstance(left, str) and isinstance(right, str):
                return left + right
            if isinstance(left, list) and isinstance(right, list):
                return left + right
            if isinstance(left, int | float) and isinstance(right, int | float):
                return left + right
        if operator == "-" and isinstance(left, int | float) and isinstance(right, int | float):
            return left - right
        if operator == "*" and isinstance(left, int | float) and isinstance(right, int | float):
            return left * right
        raise CannotEvaluate(f"the operator `{operator}`", line_of(node))


#: How each kind of literal node is evaluated (`Evaluator._eval`); other kinds go to
#: `Evaluator._other`.
_READERS: dict[str, Callable[[Evaluator, Any], Any]] = {
    "hash": Evaluator._hash,
    "array": Evaluator._array,
    "string_array": Evaluator._words,
    "symbol_array": Evaluator._words,
    "string": Evaluator._string,
    "chained_string": lambda e, node: "".join(e._string(c) for c in _named(node)),
    "heredoc_beginning": Evaluator._heredoc,
    "simple_symbol": lambda e, node: Symbol(text_of(node)[1:]),
    "delimited_symbol": lambda e, node: Symbol(e._string(node)),
    "hash_key_symbol": lambda e, node: Symbol(text_of(node)),
    "integer": Evaluator._integer,
    "float": lambda e, node: float(text_of(node).replace("_", "")),
    "true": lambda e, node: True,
    "false": lambda e, node: False,
    "nil": lambda e, node: None,
    "constant": lambda e, node: e.resolve(text_of(node).removeprefix("::"), line_of(node)),
    "scope_resolution": lambda e, node: e.resolve(text_of(node).removeprefix("::"), line_of(node)),
    "parenthesized_statements": Evaluator._parenthesized,
    "call": Evaluator._call,
    "element_reference": Evaluator._index,
    "binary": Evaluator._binary,
}
