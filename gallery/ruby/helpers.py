"""Helper methods read statically, for the few maps the engine builds with simple data code.

Some games assemble a map constant with a helper (`HEXES = merge_hexes(WESTERN_HEXES, …)` in
the 1822 Canada family) or hand the engine a method instead of the constant (`def
optional_hexes; base_map; end` in 1893 and 18 Rhl, where `base_map` builds a hash from local
strings). Nothing is ever run: a method body is read only when every statement is plain data
work, and anything else is `CannotEvaluate` naming the construct and its line, reported like
any other constant that cannot be read.

Read: parameters (plain and `*rest`), local assignments and `+=`, `Hash.new { |h, k| h[k] =
{} }`, `each` over a hash or an array with a `do … end` block, `update` / `merge!` on a hash,
`if` / `unless` (statement and modifier) and `a ? b : c`, `return`, calls of other such methods
(without receiver, or on a module: `G1822CA::Map.merge_hexes`), and the game's options as the
default game has them: `@optional_rules` is nil, so `@optional_rules&.include?(:x)` is false,
as for a game created without optional rules (what the site shows).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gallery.ruby.evaluate import (
    Budget,
    CannotEvaluate,
    Evaluator,
    MethodCaller,
    line_of,
    text_of,
)
from gallery.ruby.source import Cref, MethodDef

MAX_CALL_DEPTH = 8
"""Helper methods calling helper methods (real maps: 2)."""

DEFAULT_IVARS: dict[str, Any] = {"@optional_rules": None}
"""Instance variables a map helper may read, as a game without options has them."""

# (the caller's scope, whether the caller is an instance method, the module named by the
# receiver or "", method name, line) -> the definition called
Finder = Callable[[Cref, bool, str, str, int], MethodDef]
# the evaluator of one method body (constants resolved from the method's own scope), with the
# variables it sees and the caller of the methods it calls
MakeEvaluator = Callable[[MethodDef, dict[str, Any], MethodCaller], Evaluator]


class _Return(Exception):
    """`return value` inside a method body (control flow, not an error)."""

    def __init__(self, value: Any) -> None:
        super().__init__()
        self.value = value


class AutoHash(dict[Any, Any]):
    """`Hash.new { |h, k| h[k] = {} }`: reading a missing key stores and returns a new hash."""

    def get(self, key: Any, default: Any = None) -> Any:
        return self.setdefault(key, {})


def _named(node: Any) -> list[Any]:
    return [c for c in node.children if c.is_named and c.type != "comment"]


def _truthy(value: Any) -> bool:
    return value is not None and value is not False


@dataclass
class HelperReader:
    """Reads calls of helper methods, with the definitions `find` gives."""

    find: Finder
    make: MakeEvaluator
    budget: Budget = field(default_factory=Budget)
    depth: int = 0

    def caller(self, cref: Cref, instance: bool) -> MethodCaller:
        """The method caller of code written in scope `cref` (in an instance method when
        `instance`, else in a module body or a module function)."""

        def call(module: str, name: str, args: list[Any], line: int) -> Any:
            return self.call(self.find(cref, instance, module, name, line), args, line)

        return call

    def call(self, definition: MethodDef, args: list[Any], line: int) -> Any:
        """The value `definition` returns for `args`."""
        if self.depth >= MAX_CALL_DEPTH:
            raise CannotEvaluate(f"helper methods nested more than {MAX_CALL_DEPTH} deep", line)
        local = {**DEFAULT_IVARS, **self._bind(definition, args, line)}
        self.depth += 1
        try:
            body = next((c for c in definition.node.children if c.type == "body_statement"), None)
            try:
                return self._statements(_named(body) if body is not None else [], definition, local)
            except _Return as done:
                return done.value
        finally:
            self.depth -= 1

    def _bind(self, definition: MethodDef, args: list[Any], line: int) -> dict[str, Any]:
        params = definition.node.child_by_field_name("parameters")
        bound: dict[str, Any] = {}
        rest = list(args)
        for param in _named(params) if params is not None else []:
            if param.type == "identifier":
                if not rest:
                    raise CannotEvaluate(f"a call of `{definition.name}` missing arguments", line)
                bound[text_of(param)] = rest.pop(0)
            elif param.type == "splat_parameter":
                inner = _named(param)
                if inner:
                    bound[text_of(inner[0])] = rest
                rest = []
            else:
                raise CannotEvaluate(f"a parameter of `{definition.name}` ({param.type})", line)
        if rest:
            raise CannotEvaluate(f"a call of `{definition.name}` with extra arguments", line)
        return bound

    # ------------------------------------------------------------------ statements

    def _statements(self, nodes: list[Any], definition: MethodDef, local: dict[str, Any]) -> Any:
        value: Any = None
        for node in nodes:
            value = self._statement(node, definition, local)
        return value

    def _eval(self, node: Any, definition: MethodDef, local: dict[str, Any]) -> Any:
        instance = definition.node.type == "method"
        return self.make(definition, local, self.caller(definition.cref, instance)).eval(node)

    def _statement(self, node: Any, definition: MethodDef, local: dict[str, Any]) -> Any:
        kind = node.type
        if kind == "assignment":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is None or right is None or left.type != "identifier":
                raise CannotEvaluate("an assignment to something other than a local", line_of(node))
            local[text_of(left)] = value = self._value(right, definition, local)
            return value
        if kind == "operator_assignment":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            operator = next((c for c in node.children if c.type == "+="), None)
            if left is None or right is None or left.type != "identifier" or operator is None:
                raise CannotEvaluate("an operator assignment other than `local +=`", line_of(node))
            before, added = local.get(text_of(left)), self._eval(right, definition, local)
            if isinstance(before, str) and isinstance(added, str):
                local[text_of(left)] = before + added
            elif isinstance(before, list) and isinstance(added, list):
                local[text_of(left)] = [*before, *added]
            else:
                raise CannotEvaluate("a `+=` other than on strings or arrays", line_of(node))
            return local[text_of(left)]
        if kind in ("if", "unless", "if_modifier", "unless_modifier"):
            return self._conditional(node, definition, local)
        if kind == "return":
            inner = _named(node)
            value = self._eval(_named(inner[0])[0], definition, local) if inner else None
            raise _Return(value)
        if kind == "call":
            return self._call_statement(node, definition, local)
        return self._eval(node, definition, local)

    def _value(self, node: Any, definition: MethodDef, local: dict[str, Any]) -> Any:
        """An assigned value: `Hash.new { |h, k| h[k] = {} }` or any readable expression."""
        if node.type == "call" and text_of(node).replace(" ", "").startswith("Hash.new{|"):
            block = node.child_by_field_name("block")
            body = text_of(block).replace(" ", "") if block is not None else ""
            params = body.split("|")[1].split(",") if body.count("|") >= 2 else []
            if len(params) == 2 and body.endswith(f"{params[0]}[{params[1]}]={{}}}}"):
                return AutoHash()
            raise CannotEvaluate("a `Hash.new` with a block", line_of(node))
        return self._eval(node, definition, local)

    def _conditional(self, node: Any, definition: MethodDef, local: dict[str, Any]) -> Any:
        condition = node.child_by_field_name("condition")
        if condition is None:
            raise CannotEvaluate(f"an `{node.type}`", line_of(node))
        met = _truthy(self._eval(condition, definition, local))
        if node.type.startswith("unless"):
            met = not met
        if node.type.endswith("_modifier"):
            body = node.child_by_field_name("body")
            return self._statement(body, definition, local) if met and body is not None else None
        branch = node.child_by_field_name("consequence" if met else "alternative")
        if branch is None:
            return None
        if branch.type == "else":
            return self._statements(_named(branch), definition, local)
        if branch.type in ("elsif",):
            return self._conditional(branch, definition, local)
        return self._statements(_named(branch), definition, local)

    def _call_statement(self, node: Any, definition: MethodDef, local: dict[str, Any]) -> Any:
        method = node.child_by_field_name("method")
        receiver = node.child_by_field_name("receiver")
        block = node.child_by_field_name("block")
        name = text_of(method) if method is not None else ""
        if name == "each" and receiver is not None and block is not None:
            return self._each(self._eval(receiver, definition, local), block, definition, local)
        if name in ("update", "merge!") and receiver is not None and block is None:
            target = self._eval(receiver, definition, local)
            args_node = node.child_by_field_name("arguments")
            args = [self._eval(a, definition, local) for a in _named(args_node or node)]
            if not isinstance(target, dict) or not all(isinstance(a, dict) for a in args):
                raise CannotEvaluate(f"`{name}` of something other than hashes", line_of(node))
            for arg in args:
                target.update(arg)
            return target
        return self._eval(node, definition, local)

    def _each(self, items: Any, block: Any, definition: MethodDef, local: dict[str, Any]) -> Any:
        params_node = next((c for c in block.children if c.type == "block_parameters"), None)
        params = [text_of(p) for p in _named(params_node)] if params_node is not None else []
        body = next((c for c in block.children if c.type in ("body_statement", "block_body")), None)
        statements = _named(body) if body is not None else []
        if isinstance(items, dict):
            rows: list[tuple[Any, ...]] = list(items.items())
        elif isinstance(items, list):
            rows = [tuple(i) if isinstance(i, list) and len(params) > 1 else (i,) for i in items]
        else:
            raise CannotEvaluate("`each` over something other than a hash or array", line_of(block))
        for row in rows:
            local.update(zip(params, row, strict=False))
            self._statements(statements, definition, local)
        return items
