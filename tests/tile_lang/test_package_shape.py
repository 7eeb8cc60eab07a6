"""The shape of the tile_lang package: one-way imports, no hidden couplings, no silenced types.

These guard the contracts of issue #14: an import cycle hidden by a function-local import, lazy
imports that buy nothing, `except ImportError` around modules we ship, and `# type: ignore`
comments that hide a contract from mypy all crept in once; each would slip back unnoticed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tile_lang

PACKAGE = Path(tile_lang.__file__).parent
MODULES = sorted(PACKAGE.rglob("*.py"))

#: Function-local imports of our own modules that buy start-up time (each says why in a comment).
LAZY_IMPORTS_ALLOWED = {
    "__init__.py",  # render_svg: parsing and checking must not import the writer and the layout
    "markdown.py",  # the fence validator only parses; the formatter needs the renderer
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _own_imports(node: ast.AST, module: str) -> set[str]:
    """tile_lang modules imported by `node` (an Import or ImportFrom)."""
    names: set[str] = set()
    if isinstance(node, ast.Import):
        names = {a.name for a in node.names}
    elif isinstance(node, ast.ImportFrom) and node.module:
        base = node.module
        if node.level:
            package = module.rsplit(".", node.level)[0]
            base = f"{package}.{base}"
        names = {base} | {f"{base}.{a.name}" for a in node.names}
    known = {_module_name(p) for p in MODULES}
    return {n for n in names if n in known}


def _is_type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        module = _module_name(path)
        tree = ast.parse(path.read_text("utf-8"))
        deps: set[str] = set()
        for node in tree.body:  # module level only: that is what runs at import time
            if not _is_type_checking_block(node):
                deps |= _own_imports(node, module)
        graph[module] = deps - {module}
    return graph


def test_tile_lang_module_imports_form_no_cycle() -> None:
    graph = _graph()
    state: dict[str, int] = {}

    def visit(module: str, trail: tuple[str, ...]) -> None:
        if state.get(module) == 2:
            return
        assert state.get(module) != 1, "import cycle: " + " -> ".join((*trail, module))
        state[module] = 1
        for dep in sorted(graph.get(module, ())):
            # A package's own __init__ is imported before its submodules; skip that edge.
            if not module.startswith(dep + "."):
                visit(dep, (*trail, module))
        state[module] = 2

    for module in sorted(graph):
        visit(module, ())


def test_model_and_lanes_do_not_import_each_other() -> None:
    graph = _graph()
    assert "tile_lang.model" not in graph["tile_lang.lanes"]
    assert "tile_lang.lanes" in graph["tile_lang.model"]


def test_no_function_local_imports_of_own_modules_except_documented_lazy_ones() -> None:
    offenders = []
    for path in MODULES:
        module = _module_name(path)
        tree = ast.parse(path.read_text("utf-8"))
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(func):
                if _own_imports(node, module) and path.name not in LAZY_IMPORTS_ALLOWED:
                    offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders == []


def test_no_import_error_guards_around_shipped_modules() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in MODULES
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.ExceptHandler)
        and node.type is not None
        and "ImportError" in ast.unparse(node.type)
    ]
    assert offenders == []


def test_every_type_ignore_names_an_upstream_stub_gap() -> None:
    offenders = []
    for path in MODULES:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if re.search(r"#\s*type:\s*ignore", line) and "stub" not in line:
                offenders.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert offenders == []


def test_no_string_keyed_any_dict_contracts() -> None:
    # markdown.py is exempt: its dicts are pymdownx.superfences' own untyped fence interface.
    offenders = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in MODULES
        if path.name != "markdown.py"
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if "dict[str, Any]" in line
    ]
    assert offenders == []
