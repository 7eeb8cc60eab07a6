"""Ruby source files as modules and constants, read with tree-sitter (never executed).

A file is walked for what a static reader can know: which modules and classes it opens (with
their full names: `Engine::Game::G1889::Map`), the constants assigned in each (the expression
node is kept, evaluated only when asked), the modules each includes, a class's superclass, and
statements that change a constant after its assignment (`LOCATION_NAMES.update(…)`).
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gallery.ruby.evaluate import text_of
from gallery.textfile import decode_text, read_regular
from tile_lang import Diagnostic

# innermost scope first: ("Engine::Game::G1889::Map", "Engine::Game::G1889", "Engine::Game",
# "Engine"); the top level is not listed
Cref = tuple[str, ...]
MUTATORS = ("update", "merge!", "delete", "store", "concat", "push", "<<")
HARMLESS = ("freeze",)


@cache
def parser() -> Any:
    """A tree-sitter parser for Ruby (tree-sitter and tree-sitter-ruby are needed)."""
    import tree_sitter_ruby
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_ruby.language()))


@dataclass
class RubyFile:
    """One parsed file; `heredocs` maps each heredoc's start byte to its body node."""

    path: str
    tree: Any
    heredocs: dict[int, Any] = field(default_factory=dict)
    # what could not be read: bytes that are not UTF-8 (with positions), absurd nesting
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass
class Mutation:
    """`CONST.update(…)`, `CONST[key] = value`, … written after the constant's assignment."""

    method: str
    args: list[Any]
    line: int


@dataclass
class ConstDef:
    """`NAME = expression` in a module or class body."""

    name: str
    node: Any
    file: RubyFile
    line: int
    cref: Cref
    mutations: list[Mutation] = field(default_factory=list)


@dataclass
class Reference:
    """A constant reference written somewhere (`include G1817::Map`), with its scope."""

    text: str
    cref: Cref
    file: str
    line: int


@dataclass
class RubyModule:
    """Everything the files say about one module or class (it may be opened several times)."""

    name: str
    is_class: bool = False
    constants: dict[str, ConstDef] = field(default_factory=dict)
    includes: list[Reference] = field(default_factory=list)  # in source order
    superclass: Reference | None = None
    files: list[str] = field(default_factory=list)
    methods: dict[str, tuple[str, int]] = field(default_factory=dict)  # name -> (file, line)
    # name -> definition, for the helper methods `gallery.ruby.helpers` may read; a module
    # function (`def self.merge_hexes`) is listed with the instance methods
    definitions: dict[str, MethodDef] = field(default_factory=dict)


@dataclass
class MethodDef:
    """`def name(params) … end` (or `def self.name`) in a module or class body."""

    name: str
    node: Any
    file: RubyFile
    line: int
    cref: Cref


def parse_file(path: Path, modules: dict[str, RubyModule], within: Path | None = None) -> RubyFile:
    """Parse `path` and add its modules, constants, includes and mutations to `modules`. Only a
    regular file inside `within` is read (`read_regular`); any other is an error of an empty
    file."""
    try:
        data = read_regular(path, within)
    except OSError as exc:
        refused = Diagnostic(
            severity="error",
            message=f"cannot read the file: {exc.strerror or exc}",
            code="18xx-import",
            file=str(path),
        )
        return RubyFile(str(path), parser().parse(b""), diagnostics=[refused])
    decoded = decode_text(data, str(path))
    if decoded.diagnostics or decoded.encoding != "utf-8" or data.startswith(codecs.BOM_UTF8):
        # tree-sitter and `text_of` read UTF-8: hand them the decoded text (each bad byte now
        # U+FFFD, reported with its position) so no node's text can fail to decode
        data = decoded.text.encode("utf-8")
    tree = parser().parse(data)
    ruby_file = RubyFile(str(path), tree, diagnostics=list(decoded.diagnostics))
    beginnings: list[Any] = []
    bodies: list[Any] = []
    if _HEREDOC_START.search(data):  # most files have none: spare them a walk of every node
        _heredoc_nodes(tree.root_node, beginnings, bodies)
    ruby_file.heredocs = {b.start_byte: body for b, body in zip(beginnings, bodies, strict=False)}
    _walk(tree.root_node, (), ruby_file, modules)
    return ruby_file


# `<<~EOS`, `<<-'EOS'`, `<<EOS`: what a heredoc starts with (`x << "y"` is not one)
_HEREDOC_START = re.compile(rb"<<[~-]?['\"`]?[A-Za-z_]")


def _heredoc_nodes(node: Any, beginnings: list[Any], bodies: list[Any]) -> None:
    """Every heredoc start and body, in file order. Walked with an explicit stack: a syntax
    tree is as deep as the file's nesting, which a hostile file makes thousands deep."""
    stack = list(reversed(node.children))
    while stack:
        child = stack.pop()
        if child.type == "heredoc_beginning":
            beginnings.append(child)
        elif child.type == "heredoc_body":
            bodies.append(child)
        else:
            stack.extend(reversed(child.children))


def _module(modules: dict[str, RubyModule], name: str, is_class: bool, file: str) -> RubyModule:
    module = modules.setdefault(name, RubyModule(name, is_class))
    module.is_class = module.is_class or is_class
    if file not in module.files:
        module.files.append(file)
    return module


MAX_MODULE_DEPTH = 32
"""Modules and classes inside each other (18xx.games nests 3 or 4: Engine::Game::G1889::Map)."""


def _walk(node: Any, cref: Cref, ruby_file: RubyFile, modules: dict[str, RubyModule]) -> None:
    for child in node.children:
        kind = child.type
        if kind in ("module", "class"):
            name_node = child.child_by_field_name("name")
            if name_node is None:
                continue
            if len(cref) >= MAX_MODULE_DEPTH:
                ruby_file.diagnostics.append(
                    Diagnostic(
                        severity="error",
                        message=f"modules nested more than {MAX_MODULE_DEPTH} deep: "
                        "not read further",
                        code="ruby-source",
                        file=ruby_file.path,
                        line=_line(child),
                    )
                )
                continue
            outer = cref[0] if cref else ""
            name = text_of(name_node).removeprefix("::")
            full = f"{outer}::{name}" if outer else name
            inner: Cref = (full, *cref)
            module = _module(modules, full, kind == "class", ruby_file.path)
            superclass = child.child_by_field_name("superclass")
            if superclass is not None:
                expression = [c for c in superclass.children if c.is_named]
                if expression and expression[0].type in ("constant", "scope_resolution"):
                    module.superclass = Reference(
                        text_of(expression[0]), cref, ruby_file.path, _line(expression[0])
                    )
            for part in child.children:
                if part.type == "body_statement":
                    _walk(part, inner, ruby_file, modules)
        elif kind == "body_statement":
            _walk(child, cref, ruby_file, modules)
        elif cref:
            _statement(child, cref, ruby_file, modules[cref[0]])


def _line(node: Any) -> int:
    return int(node.start_point[0]) + 1


def _method(node: Any, cref: Cref, ruby_file: RubyFile, module: RubyModule) -> None:
    """`def name` / `def self.name`."""
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return
    name = text_of(name_node)
    if node.type == "method":
        module.methods.setdefault(name, (ruby_file.path, _line(node)))
    module.definitions.setdefault(name, MethodDef(name, node, ruby_file, _line(node), cref))


def _assignment(node: Any, cref: Cref, ruby_file: RubyFile, module: RubyModule) -> None:
    """`CONST = value`, or `CONST[key] = value` (a mutation of a known constant)."""
    left = node.child_by_field_name("left")
    right = node.child_by_field_name("right")
    if left is None or right is None:
        return
    if left.type == "constant":
        name = text_of(left)
        # Ruby keeps the last assignment (with a warning); so do we.
        module.constants[name] = ConstDef(name, right, ruby_file, _line(node), cref)
    elif left.type == "element_reference":
        target = [c for c in left.children if c.is_named]
        if target and target[0].type == "constant" and text_of(target[0]) in module.constants:
            module.constants[text_of(target[0])].mutations.append(
                Mutation("[]=", [*target[1:], right], _line(node))
            )


def _call(node: Any, cref: Cref, ruby_file: RubyFile, module: RubyModule) -> None:
    """`include Mod` (an ancestor), or `CONST.method(args)` (a mutation of a constant)."""
    receiver = node.child_by_field_name("receiver")
    method = node.child_by_field_name("method")
    args_node = node.child_by_field_name("arguments")
    args = [c for c in args_node.children if c.is_named] if args_node is not None else []
    name = text_of(method) if method is not None else ""
    if receiver is None and name in ("include", "include_meta"):
        module.includes.extend(
            Reference(text_of(arg), cref, ruby_file.path, _line(arg))
            for arg in args
            if arg.type in ("constant", "scope_resolution")
        )
    elif receiver is not None and receiver.type == "constant":
        constant = module.constants.get(text_of(receiver))
        if constant is not None and name not in HARMLESS:
            constant.mutations.append(Mutation(name, args, _line(node)))


def _append(node: Any, cref: Cref, ruby_file: RubyFile, module: RubyModule) -> None:
    """`CONST << item`."""
    operator = node.child_by_field_name("operator")
    left = node.child_by_field_name("left")
    right = node.child_by_field_name("right")
    if operator is None or text_of(operator) != "<<" or left is None or right is None:
        return
    constant = module.constants.get(text_of(left)) if left.type == "constant" else None
    if constant is not None:
        constant.mutations.append(Mutation("<<", [right], _line(node)))


_STATEMENTS = {
    "method": _method,
    "singleton_method": _method,
    "assignment": _assignment,
    "call": _call,
    "binary": _append,
}


def _statement(node: Any, cref: Cref, ruby_file: RubyFile, module: RubyModule) -> None:
    """What one statement of a module or class body defines or changes."""
    read = _STATEMENTS.get(node.type)
    if read is not None:
        read(node, cref, ruby_file, module)
