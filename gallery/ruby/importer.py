"""Games of an 18xx.games checkout, read statically: constants looked up as Ruby would.

A game lives in `lib/engine/game/g_<id>/` (module `Engine::Game::G<Name>`, class `…::Game`).
Its map is a handful of constants the Game class sees: its own, those of the modules it
includes (its `Map`, `Entities`, `Meta`, or another game's: `include G1817::Map`), then those of
its superclass (`class Game < G1817::Game`) and that class's modules, in Ruby's order. A
reference inside a constant is resolved from where it is written: the enclosing modules first
(`TILE_O` inside `G18ZOO::Map`), then the ancestors of the innermost one.

Only the literal subset of `evaluate` is understood. A constant outside it is reported with
file:line as a `Diagnostic` (and so is every constant that needs it); the rest imports.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, overload

from gallery.addresses import Addresses
from gallery.game import Axes, Game, Layout, MapHex, SourceRef, TileEntry
from gallery.limits import ID_LENGTH, bound_game
from gallery.native import default_axes, dump_game, read_game, resolve_catalog
from gallery.output import forced_warnings, write_files
from gallery.ruby.evaluate import (
    Budget,
    CannotEvaluate,
    Evaluator,
    LimitExceeded,
    MethodCaller,
    ModuleValue,
    Symbol,
)
from gallery.ruby.helpers import HelperReader
from gallery.ruby.locate import code_diagnostics
from gallery.ruby.source import (
    ConstDef,
    Cref,
    MethodDef,
    Mutation,
    RubyFile,
    RubyModule,
    parse_file,
)
from gallery.textfile import outside_reason, read_regular
from tile_lang import Diagnostic, Severity, catalog

GAME_DIR = Path("lib") / "engine" / "game"
# other files of the engine whose literal constants a game may name
EXTRA_FILES = {
    "Engine::Publisher": Path("lib") / "engine" / "publisher.rb",
    "Engine::Game::Meta": GAME_DIR / "meta.rb",  # the defaults of GAME_TITLE, GAME_SUBTITLE, …
}
_MODULE_LINE = re.compile(rb"^[ \t]*module (G(?!ame\b)\w+)[ \t]*$", re.M)
_CATALOG_GROUP = re.compile(r"(?:Engine::)?(?:Config::)?Tile::([A-Z]+)")


class _Missing:
    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return "<missing>"


MISSING: Any = _Missing()  # not defined
FAILED: Any = _Missing()  # defined, but not evaluable (reported where it is defined)


@dataclass(frozen=True)
class _ModuleRef:
    """A constant that names a module or class rather than a value."""

    name: str


@dataclass
class _Value:
    value: Any
    diagnostics: list[Diagnostic] = field(default_factory=list)


class RubyCheckout:
    """The game sources of one 18xx.games checkout, parsed on demand and cached."""

    def __init__(self, checkout: str | Path) -> None:
        self.checkout = Path(checkout)
        self.root = self.checkout / GAME_DIR
        self.modules: dict[str, RubyModule] = {}
        self.files: dict[str, RubyFile] = {}
        self._module_dirs: dict[str, list[Path]] | None = None
        self._loaded: set[str] = set()
        self._values: dict[tuple[str, str], _Value] = {}
        # the budget of the evaluation under way, shared by the constants it references
        self._budget: Budget | None = None
        self._ancestors: dict[str, list[str]] = {}

    # ------------------------------------------------------------------ files and modules

    def game_folders(self) -> list[str]:
        """The id of every `g_<id>` directory with a game.rb or map.rb, sorted, those that
        cannot be read as a game (`folder_problem`) included."""
        return sorted(
            p.name[2:]
            for p in self.root.glob("g_*")
            if p.is_dir() and ((p / "game.rb").is_file() or (p / "map.rb").is_file())
        )

    def game_ids(self) -> list[str]:
        """The ids of the games that can be read: `game_folders` without the bad ones."""
        return [g for g in self.game_folders() if self.folder_problem(g) is None]

    def folder_problem(self, game_id: str) -> str | None:
        """Why `g_<game_id>/` is not read as a game, or None: an id that is not letters,
        digits and `_` (in either Unicode normal form: macOS writes names decomposed), or a
        folder leading outside the checkout."""
        if not re.fullmatch(r"\w+", unicodedata.normalize("NFC", game_id)):
            return f"{game_id!r} is not a game id (letters, digits and _): folder not read"
        if ID_LENGTH.exceeded(len(game_id)):
            return f"{len(game_id)} {ID_LENGTH.what}: at most {ID_LENGTH.high}; folder not read"
        return outside_reason(self.root / f"g_{game_id}", self.checkout)

    def _index(self) -> dict[str, list[Path]]:
        """Top-level game module name (`G1889`) -> the directories that define it."""
        if self._module_dirs is None:
            self._module_dirs = {}
            for directory in sorted(self.root.glob("g_*")):
                if not directory.is_dir():
                    continue
                for name in ("meta.rb", "game.rb", "map.rb"):
                    path = directory / name
                    match = _MODULE_LINE.search(self._head(path))
                    if match:
                        dirs = self._module_dirs.setdefault(match.group(1).decode(), [])
                        dirs.append(directory)
                        break
        return self._module_dirs

    def _head(self, path: Path) -> bytes:
        """A file's bytes for finding its module line; nothing for a file not read at all
        (missing, or refused: its game reports that when it reads the file)."""
        try:
            return read_regular(path, self.checkout)
        except OSError:
            return b""

    def load_directory(self, directory: Path) -> None:
        """Parse the Ruby files directly in `directory` (not its step/ or round/ folders)."""
        key = str(directory)
        if key in self._loaded:
            return
        self._loaded.add(key)
        for path in sorted(directory.glob("*.rb")):
            self.files[str(path)] = parse_file(path, self.modules, self.checkout)

    def _ensure(self, name: str) -> None:
        """Load the files that may define module `name` (a game module or an extra file)."""
        parts = name.split("::")
        if len(parts) >= 3 and parts[:2] == ["Engine", "Game"] and parts[2].startswith("G"):
            for directory in self._index().get(parts[2], []):
                self.load_directory(directory)
        for module, relative in EXTRA_FILES.items():
            if (name == module or name.startswith(module + "::")) and module not in self._loaded:
                self._loaded.add(module)
                path = self.checkout / relative
                if path.is_file():
                    self.files[str(path)] = parse_file(path, self.modules, self.checkout)

    def module(self, name: str) -> RubyModule | None:
        self._ensure(name)
        return self.modules.get(name)

    def game_class(self, game_id: str) -> str | None:
        """The full name of the Game class of `g_<game_id>`, e.g. `Engine::Game::G1889::Game`."""
        directory = self.root / f"g_{game_id}"
        self.load_directory(directory)
        names = [
            m.name
            for m in self.modules.values()
            if m.is_class
            and m.name.endswith("::Game")
            and any(Path(f).parent == directory for f in m.files)
        ]
        return min(names, key=len) if names else None

    def game_module(self, game_id: str) -> str | None:
        """`G1889` for `1889`: the game module its Game class is in."""
        game_class = self.game_class(game_id)
        return game_class.split("::")[-2] if game_class else None

    # ------------------------------------------------------------------ Ruby's lookup

    def ancestors(self, name: str) -> list[str]:
        """`name` and the modules and classes it inherits constants from, nearest first."""
        if name in self._ancestors:
            return self._ancestors[name]
        self._ancestors[name] = [name]  # guards cycles while computing
        module = self.module(name)
        result = [name]
        if module is not None:
            for include in reversed(module.includes):
                target = self._module_reference(include.text, include.cref)
                if target is not None:
                    result.extend(a for a in self.ancestors(target) if a not in result)
            if module.superclass is not None:
                parent = self._module_reference(module.superclass.text, module.superclass.cref)
                if parent is not None:
                    result.extend(a for a in self.ancestors(parent) if a not in result)
        self._ancestors[name] = result
        return result

    def _module_reference(self, text: str, cref: Cref) -> str | None:
        try:
            found = self._reference(text, cref, 0, [])
        except CannotEvaluate:
            return None
        return found.name if isinstance(found, _ModuleRef) else None

    def _own(self, module_name: str, name: str, diagnostics: list[Diagnostic]) -> Any:
        """Constant or nested module `name` defined directly in `module_name`, or MISSING."""
        module = self.module(module_name)
        if module is not None and name in module.constants:
            return self.value(module_name, name, diagnostics)
        nested = f"{module_name}::{name}"
        if self.module(nested) is not None:
            return _ModuleRef(nested)
        return MISSING

    def member(self, module_name: str, name: str, diagnostics: list[Diagnostic]) -> Any:
        """`Module::NAME`: the module's own constants, then its ancestors'."""
        for ancestor in self.ancestors(module_name):
            found = self._own(ancestor, name, diagnostics)
            if found is not MISSING:
                return found
        return MISSING

    def _reference(self, text: str, cref: Cref, line: int, diagnostics: list[Diagnostic]) -> Any:
        """Resolve `A::B::C` written inside `cref`: `A` from the lexical scopes, then the
        ancestors of the innermost one, then the top level; the rest as members.

        Ruby resolves `A` when the line runs, so a scope whose `A` is defined only later in
        the load order (`Game::Meta` in a game's meta.rb, before its `class Game` exists) is
        not seen. A static reader cannot know the load order; it tries the candidates for `A`
        in Ruby's order and takes the first through which the whole reference resolves.
        """
        parts = text.removeprefix("::").split("::")
        for first in self._candidates(parts[0], cref, diagnostics):
            found = first
            for part in parts[1:]:
                if not isinstance(found, _ModuleRef):
                    found = MISSING
                    break
                found = self.member(found.name, part, diagnostics)
            if found is not MISSING:
                return found
        raise CannotEvaluate(f"the constant {text} (not found in the game's files)", line)

    def _candidates(self, name: str, cref: Cref, diagnostics: list[Diagnostic]) -> Iterator[Any]:
        for scope in cref:  # lexical scope first
            found = self._own(scope, name, diagnostics)
            if found is not MISSING:
                yield found
        if cref:
            found = self.member(cref[0], name, diagnostics)
            if found is not MISSING:
                yield found
        if self.module(name) is not None:
            yield _ModuleRef(name)

    def resolve(self, text: str, cref: Cref, line: int, diagnostics: list[Diagnostic]) -> Any:
        """The value of a constant reference written at `line` inside `cref`."""
        group = _CATALOG_GROUP.fullmatch(text.removeprefix("::"))
        if group is not None:
            return catalog_group(group.group(1).lower(), line)
        found = self._reference(text, cref, line, diagnostics)
        if isinstance(found, _ModuleRef):
            raise ModuleValue(f"the module {text} used as a value", line)
        if found is FAILED:
            raise CannotEvaluate(f"the constant {text}, which could not be evaluated", line)
        return found

    def value(self, module_name: str, name: str, diagnostics: list[Diagnostic]) -> Any:
        """The value of constant `name` defined in `module_name` (FAILED when it fails); the
        diagnostics of evaluating it are added to `diagnostics`, every time it is asked for."""
        key = (module_name, name)
        cached = self._values.get(key)
        if cached is None:
            module = self.modules[module_name]
            constant = module.constants[name]
            cached = self._values[key] = _Value(FAILED)  # a cycle reads FAILED
            local: list[Diagnostic] = []
            outermost = self._budget is None
            if outermost:
                self._budget = Budget()
            try:
                value = self._evaluate(constant, local)
            except CannotEvaluate as exc:
                severity: Severity = "error" if isinstance(exc, LimitExceeded) else "warning"
                local.append(
                    Diagnostic(
                        severity=severity,
                        message=str(exc),
                        code="18xx-import",
                        file=constant.file.path,
                        line=exc.line or constant.line,
                        field=name,
                    )
                )
                value = FAILED
            except RecursionError:  # a safety net: the evaluator's bounds should come first
                local.append(
                    Diagnostic(
                        severity="error",
                        message="nested too deeply",
                        code="18xx-import",
                        file=constant.file.path,
                        line=constant.line,
                        field=name,
                    )
                )
                value = FAILED
            finally:
                if outermost:
                    self._budget = None
            cached.value, cached.diagnostics = value, local
        for diagnostic in cached.diagnostics:
            if diagnostic not in diagnostics:
                diagnostics.append(diagnostic)
        return cached.value

    def _evaluate(self, constant: ConstDef, diagnostics: list[Diagnostic]) -> Any:
        def resolve(text: str, line: int) -> Any:
            return self.resolve(text, constant.cref, line, diagnostics)

        budget = self._budget or Budget()
        helpers = self.helper_reader(diagnostics, budget)
        evaluator = Evaluator(
            resolve,
            constant.file.heredocs,
            budget=budget,
            call_method=helpers.caller(constant.cref, instance=False),
        )
        value = evaluator.eval(constant.node)
        for mutation in constant.mutations:
            value = _mutate(evaluator, value, mutation, constant.name)
        return value

    # ------------------------------------------------------------------ helper methods

    def find_method(self, scope: str, name: str, *, instance: bool) -> MethodDef | None:
        """The definition `name` resolves to from `scope` (its own, then its ancestors'):
        an instance method (`def name`) or a module function (`def self.name`)."""
        for ancestor in self.ancestors(scope):
            module = self.module(ancestor)
            definition = module.definitions.get(name) if module is not None else None
            if definition is not None and (definition.node.type == "method") == instance:
                return definition
        return None

    def helper_reader(
        self, diagnostics: list[Diagnostic], budget: Budget, self_class: str = ""
    ) -> HelperReader:
        """Reads the helper methods a constant or a map method calls (`gallery.ruby.helpers`),
        constants inside them resolved from where each method is written. An instance method
        calls the methods of `self_class` (the game's class, whichever module defines them)."""

        def find(cref: Cref, instance: bool, module: str, name: str, line: int) -> MethodDef:
            if module:
                target = self._module_reference(module, cref)
                found = self.find_method(target, name, instance=False) if target else None
            elif instance and self_class:
                found = self.find_method(self_class, name, instance=True)
            else:
                found = self.find_method(cref[0], name, instance=instance) if cref else None
            if found is None:
                raise CannotEvaluate(f"a call of the method `{name}`", line)
            return found

        def make(definition: MethodDef, local: dict[str, Any], call: MethodCaller) -> Evaluator:
            def resolve(text: str, line: int) -> Any:
                if text.startswith("self.class::") and self_class:  # the game class's own
                    name = text.removeprefix("self.class::")
                    found = self.member(self_class, name, diagnostics)
                    if found is MISSING or found is FAILED or isinstance(found, _ModuleRef):
                        raise CannotEvaluate(f"the constant {text}", line)
                    return found
                return self.resolve(text, definition.cref, line, diagnostics)

            heredocs = definition.file.heredocs
            return Evaluator(resolve, heredocs, local, budget, call_method=call)

        return HelperReader(find, make, budget)

    def constant(self, module_name: str, name: str, diagnostics: list[Diagnostic]) -> Any:
        """`Module::NAME` as Ruby would give it (MISSING when absent or not evaluable)."""
        found = self.member(module_name, name, diagnostics)
        return MISSING if isinstance(found, _ModuleRef) or found is FAILED else found

    def where(self, module_name: str, name: str) -> ConstDef | None:
        """The definition `Module::NAME` resolves to, for messages."""
        for ancestor in self.ancestors(module_name):
            module = self.module(ancestor)
            if module is not None and name in module.constants:
                return module.constants[name]
        return None


_NOT_APPLIED = object()


def _mutate_hash(value: dict[Any, Any], method: str, args: list[Any],
                 pairs: dict[Any, Any]) -> Any:  # fmt: skip
    """`HASH.update(other)`, `HASH[key] = v`, `HASH.delete(key)`; `_NOT_APPLIED` otherwise."""
    if method in ("update", "merge!") and all(isinstance(arg, dict) for arg in args):
        merged = dict(value)
        for arg in args:
            merged.update(arg)
        merged.update(pairs)
        return merged
    if method in ("[]=", "store") and len(args) == 2:
        key = tuple(args[0]) if isinstance(args[0], list) else args[0]
        return {**value, key: args[1]}
    if method == "delete" and len(args) == 1:
        return {k: v for k, v in value.items() if k != args[0]}
    return _NOT_APPLIED


def _mutate_list(value: list[Any], method: str, args: list[Any]) -> Any:
    """`LIST << x`, `LIST.push(x)`, `LIST.concat(other)`; `_NOT_APPLIED` otherwise."""
    if method in ("<<", "push"):
        return [*value, *args]
    if method == "concat" and all(isinstance(a, list) for a in args):
        return [*value, *(x for arg in args for x in arg)]
    return _NOT_APPLIED


def _mutate(evaluator: Evaluator, value: Any, mutation: Mutation, name: str) -> Any:
    method = mutation.method
    args = [evaluator.eval(a) for a in mutation.args if a.type != "pair"]
    pairs = dict(evaluator._pair(a) for a in mutation.args if a.type == "pair")
    changed = _NOT_APPLIED
    if isinstance(value, dict):
        changed = _mutate_hash(value, method, args, pairs)
    elif isinstance(value, list):
        changed = _mutate_list(value, method, args)
    if changed is _NOT_APPLIED:
        raise CannotEvaluate(f"the change `{name}.{method}`", mutation.line)
    return changed


def catalog_group(group: str, line: int) -> dict[str, str]:
    """`Engine::Config::Tile::YELLOW` etc.: name -> code of one catalog colour group."""
    table = {t.name: t.code for t in catalog.all_tiles(include_unnamed=True) if t.group == group}
    if not table:
        raise CannotEvaluate(f"the catalog group {group.upper()}", line)
    return table


# ---------------------------------------------------------------------- building the Game


def _plain(value: Any) -> str | None:
    """Text of a meta value: strings and symbols, lists joined, hashes as `key: value`."""
    if value is None or value is MISSING:
        return None
    if isinstance(value, list):
        items = [_plain(v) for v in value]
        return ", ".join(i for i in items if i) or None
    if isinstance(value, dict):
        return "; ".join(f"{k}: {v}" for k, v in value.items()) or None
    return str(value)


def _count(value: Any) -> int | _Missing | None:
    if isinstance(value, str) and value == "unlimited":
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.isdigit():
        # past any limit without reading a number of thousands of digits (`bound_game` says so)
        return int(value) if len(value) <= 30 else 10**30
    missing: _Missing = MISSING
    return missing


class _Builder:
    def __init__(self, checkout: RubyCheckout, game_id: str, game_class: str) -> None:
        self.checkout = checkout
        self.game_id = game_id
        self.game_class = game_class
        self.diagnostics: list[Diagnostic] = []
        # map methods (`def optional_hexes`) read as data helpers (or said why not)
        self.read_methods: set[str] = set()

    def get(self, name: str) -> Any:
        return self.checkout.constant(self.game_class, name, self.diagnostics)

    def meta(self, name: str) -> Any:
        """A GAME_* constant as the site lists games: from the game's Meta module (meta.rb)
        when it has one, else from the Game class."""
        meta_module = self.game_class.rsplit("::", 1)[0] + "::Meta"
        if self.checkout.module(meta_module) is not None:
            value = self.checkout.constant(meta_module, name, self.diagnostics)
            if value is not MISSING:
                return value
        return self.get(name)

    def at(self, constant: str) -> SourceRef:
        """Where the Game class's `constant` is defined (its game folder when nowhere)."""
        where = self.checkout.where(self.game_class, constant)
        if where is None:
            return SourceRef(str(self.checkout.root / f"g_{self.game_id}"))
        return SourceRef(where.file.path, where.line)

    def warn(
        self,
        constant: str,
        message: str,
        field_name: str | None = None,
        *,
        severity: Severity = "warning",
    ) -> None:
        where = self.checkout.where(self.game_class, constant)
        file = where.file.path if where else str(self.checkout.root / f"g_{self.game_id}")
        self.diagnostics.append(
            Diagnostic(
                severity=severity,
                message=message,
                code="18xx-import",
                file=file,
                line=where.line if where else 0,
                field=field_name or constant,
            )
        )

    def tiles(self) -> dict[str, TileEntry]:
        value = self.get("TILES")
        tiles: dict[str, TileEntry] = {}
        if value is MISSING or value is None or value == []:
            return tiles  # absent, or `TILES = [].freeze` in a game without tiles
        if not isinstance(value, dict):
            self.warn("TILES", "expected a hash of tile name -> count or {count, color, code}")
            return tiles
        for key, spec in value.items():
            name = str(key)
            field_name = f"TILES.{name}"
            if isinstance(spec, dict):
                count = _count(spec.get("count", 1))
                code, color = spec.get("code"), spec.get("color")
                if isinstance(count, _Missing) or not isinstance(code, str) or color is None:
                    self.warn(
                        "TILES", f"expected count, color and code, found {spec!r}", field_name
                    )
                    continue
                hidden = bool(spec.get("hidden"))
                tiles[name] = TileEntry(name, count, str(color), code, hidden=hidden)
                continue
            count = _count(spec)
            found = resolve_catalog(name)
            if isinstance(count, _Missing):
                self.warn("TILES", f"expected a count or 'unlimited', found {spec!r}", field_name)
            elif found is None:
                self.warn("TILES", f"Tile '{name}' not found in the catalog", field_name)
            else:
                tiles[name] = TileEntry(name, count, found[0], found[1], catalog=True)
        return tiles

    def phase_colors(self) -> tuple[str, ...] | None:
        """Every tile colour some phase allows (`PHASES = [{..., tiles: %i[yellow green]}]`).

        None when PHASES is absent or cannot be read statically (some games build phases in
        methods): the game then offers every supply colour, which is what a game without phase
        limits does. A PHASES that is read but has the wrong shape is a warning.
        """
        scratch: list[Diagnostic] = []
        value = self.checkout.constant(self.game_class, "PHASES", scratch)
        if value is MISSING or value is None or scratch:
            return None
        if not isinstance(value, list) or not all(isinstance(p, dict) for p in value):
            self.warn("PHASES", "expected a list of phases ({name:, tiles: [...], ...})")
            return None
        colors: dict[str, None] = {}
        for index, phase in enumerate(value):
            tiles = phase.get("tiles", [])
            if not isinstance(tiles, list) or not all(isinstance(c, str) for c in tiles):
                self.warn("PHASES", f"expected a list of colours, found {tiles!r}",
                          f"PHASES[{index}].tiles")  # fmt: skip
                continue
            colors.update(dict.fromkeys(tiles))
        return tuple(colors)

    def location_names(self) -> dict[str, str]:
        value = self.get("LOCATION_NAMES")
        if value is MISSING or value is None:
            return {}
        if not isinstance(value, dict):
            self.warn("LOCATION_NAMES", "expected a hash of coordinate -> name")
            return {}
        return {str(k): str(v) for k, v in value.items()}

    def map_method(self, method: str) -> Any:
        """The value of the game's own `def method` (an instance method the engine calls to
        build its map) read as a data helper (`gallery.ruby.helpers`); MISSING when the game
        does not define it, FAILED (with a warning at the construct) when it cannot be read."""
        definition = self.checkout.find_method(self.game_class, method, instance=True)
        if definition is None:
            return MISSING
        reader = self.checkout.helper_reader(self.diagnostics, Budget(), self.game_class)
        self.read_methods.add(method)  # read, or said why not: no second note about it
        try:
            value = reader.call(definition, [], definition.line)
        except CannotEvaluate as exc:
            self.diagnostics.append(
                Diagnostic(
                    severity="error" if isinstance(exc, LimitExceeded) else "warning",
                    message=f"the game builds its map in `def {method}`: {exc}; the "
                    f"constant {MAP_METHODS.get(method, method)} is imported instead",
                    code="18xx-import",
                    file=definition.file.path,
                    line=exc.line or definition.line,
                    field=MAP_METHODS.get(method, method),
                )
            )
            return FAILED
        return value

    def hexes_value(self) -> Any:
        """HEXES as the engine's `init_hexes` gets it: from `optional_hexes`, which is
        `game_hexes` unless a game defines it, which is the constant HEXES unless a game
        defines it."""
        for method in ("optional_hexes", "game_hexes"):
            value = self.map_method(method)
            if value is FAILED:
                break  # said why; the constant is what the default game mostly shows
            if value is not MISSING:
                return value
        return self.get("HEXES")

    def hexes(self, names: dict[str, str]) -> dict[str, MapHex]:
        value = self.hexes_value()
        hexes: dict[str, MapHex] = {}
        if value is MISSING or value is None:
            return hexes
        if not isinstance(value, dict):
            self.warn("HEXES", "expected a hash of colour -> {coordinates -> code}")
            return hexes
        for color, groups in value.items():
            if not isinstance(groups, dict):
                self.warn("HEXES", f"expected a hash under {color}", f"HEXES.{color}")
                continue
            for coords, code in groups.items():
                coord_list = list(coords) if isinstance(coords, tuple | list) else [coords]
                if not isinstance(code, str):
                    self.warn("HEXES", f"expected a tile string, found {code!r}", f"HEXES.{color}")
                    continue
                # as `init_hexes`: a catalog tile name first (its colour wins), else a code
                found = resolve_catalog(code)
                for coord in map(str, coord_list):
                    if found is None:
                        hexes[coord] = MapHex(coord, str(color), code, names.get(coord))
                    else:
                        hexes[coord] = MapHex(coord, found[0], found[1], names.get(coord), code)
        return hexes

    def build(self) -> Game:
        layout_value = self.get("LAYOUT")
        layout: Layout = "pointy" if layout_value == "pointy" else "flat"
        if layout_value == "none":
            # Rolling Stock: a game without a map; the engine draws no hexes, nor do we
            self.warn("LAYOUT", "LAYOUT = :none: a game without a map (no hexes to draw)",
                      severity="info")  # fmt: skip
        elif layout_value not in (MISSING, None, "flat", "pointy"):
            self.warn("LAYOUT", f"layout {layout_value!r} is not flat or pointy; using flat")
        axes_value = self.get("AXES")
        axes = default_axes(layout)
        if isinstance(axes_value, dict):
            x, y = str(axes_value.get("x", axes.x)), str(axes_value.get("y", axes.y))
            if (x, y) == ("letter", "number"):
                axes = Axes("letter", "number")
            elif (x, y) == ("number", "letter"):
                axes = Axes("number", "letter")
            else:
                self.warn("AXES", f"expected letter and number, found {axes_value!r}")
        names = self.location_names()
        module = self.game_class.split("::")[-2]
        title = _plain(self.meta("GAME_TITLE")) or module.removeprefix("G")
        meta: dict[str, str] = {}
        for key, constant in (("location", "GAME_LOCATION"), ("publisher", "GAME_PUBLISHER"),
                              ("rules", "GAME_RULES_URL"), ("info", "GAME_INFO_URL")):  # fmt: skip
            value = self.meta(constant)
            if constant == "GAME_PUBLISHER":
                value = self.publisher_names(value)
            text = _plain(value)
            if text:
                meta[key] = text
        return Game(
            id=unicodedata.normalize("NFC", self.game_id),  # macOS writes folder names NFD
            title=_plain(self.meta("GAME_DISPLAY_TITLE")) or title,
            layout=layout,
            axes=axes,
            tiles=self.tiles(),
            hexes=self.hexes(names),
            location_names=names,
            designer=_plain(self.meta("GAME_DESIGNER")),
            subtitle=_plain(self.meta("GAME_SUBTITLE")),
            meta=meta,
            source=str(self.checkout.root / f"g_{self.game_id}"),
            phase_colors=self.phase_colors(),
        )

    def publisher_names(self, value: Any) -> Any:
        """`:gmt_games` -> `GMT Games` through `Engine::Publisher::INFO` when it is readable."""
        info = self.checkout.constant("Engine::Publisher", "INFO", [])
        if not isinstance(info, dict):
            return value
        items = value if isinstance(value, list) else [value]
        named = [
            info[v]["name"] if isinstance(info.get(v), dict) and "name" in info[v] else v
            for v in items
            if v is not None and v is not MISSING
        ]
        return named if isinstance(value, list) else (named[0] if named else value)


# ---------------------------------------------------------------------- public functions


def list_18xx_games(checkout: str | Path) -> list[str]:
    """The ids of every game of an 18xx.games checkout (`g_<id>` directories), sorted."""
    return RubyCheckout(checkout).game_ids()


def _import(co: RubyCheckout, game_id: str) -> tuple[Game, list[Diagnostic]]:
    directory = co.root / f"g_{game_id}"
    if not directory.is_dir():
        raise FileNotFoundError(f"no game {game_id!r} in {co.root} (no {directory.name}/)")
    problem = co.folder_problem(game_id)
    if problem is not None:
        raise ValueError(problem)
    game_class = co.game_class(game_id)
    if game_class is None:
        diagnostic = Diagnostic(
            severity="error",
            message="no `class Game` found in the game's files",
            code="18xx-import",
            file=str(directory),
        )
        return Game(id=game_id, title=game_id, source=str(directory)), [diagnostic]
    builder = _Builder(co, game_id, game_class)
    game, beyond = bound_game(builder.build(), builder.at("TILES"), builder.at("HEXES"))
    builder.diagnostics += beyond
    _note_unincluded_map(co, game_id, game_class, builder)
    _note_map_methods(co, game_class, builder)
    unreadable = [
        d
        for path, ruby_file in sorted(co.files.items())
        if Path(path).parent == directory
        for d in ruby_file.diagnostics
    ]
    return game, unreadable + builder.diagnostics


# methods of the Game class that replace a map constant at run time
MAP_METHODS = {
    "game_tiles": "TILES",
    "game_hexes": "HEXES",
    "optional_hexes": "HEXES",
    "layout": "LAYOUT",
}


def _note_map_methods(co: RubyCheckout, game_class: str, builder: _Builder) -> None:
    """Say so when the engine builds the map in code the importer does not run."""
    for method, constant in MAP_METHODS.items():
        if method in builder.read_methods or (
            method in ("game_hexes", "optional_hexes") and builder.read_methods
        ):
            continue  # read as a data helper (or the map came from the method that wins)
        for ancestor in co.ancestors(game_class):
            module = co.module(ancestor)
            if module is not None and method in module.methods:
                file, line = module.methods[method]
                builder.diagnostics.append(
                    Diagnostic(
                        severity="warning",
                        message=f"the game builds its {constant} at run time "
                        f"(`def {method}`); only the constant {constant} is imported",
                        code="18xx-import",
                        file=file,
                        line=line,
                        field=constant,
                    )
                )
                break


def _note_unincluded_map(
    co: RubyCheckout, game_id: str, game_class: str, builder: _Builder
) -> None:
    """A game whose Game class does not include its own Map module (18ZOO: only the child
    games do) gets nothing from it, as in the engine; say so."""
    map_module = game_class.rsplit("::", 1)[0] + "::Map"
    module = co.module(map_module)
    if module is None or map_module in co.ancestors(game_class):
        return
    defined = [n for n in ("TILES", "HEXES", "LOCATION_NAMES") if n in module.constants]
    if defined:
        first = module.constants[defined[0]]
        builder.diagnostics.append(
            Diagnostic(
                severity="warning",
                message=f"{map_module} defines {', '.join(defined)} but {game_class} does not "
                "include it, so the game does not use them (child games may)",
                code="18xx-import",
                file=first.file.path,
                line=first.line,
                field=defined[0],
            )
        )


@overload
def import_18xx(
    checkout: str | Path | RubyCheckout, game_id: str, *, with_diagnostics: Literal[False] = False
) -> Game: ...


@overload
def import_18xx(
    checkout: str | Path | RubyCheckout, game_id: str, *, with_diagnostics: Literal[True]
) -> tuple[Game, list[Diagnostic]]: ...


def import_18xx(
    checkout: str | Path | RubyCheckout, game_id: str, *, with_diagnostics: bool = False
) -> Game | tuple[Game, list[Diagnostic]]:
    """Import game `game_id` (`lib/engine/game/g_<game_id>/`) of an 18xx.games checkout.

    The Ruby files are parsed, never run. With `with_diagnostics=True` the result is
    `(game, diagnostics)`: what could not be evaluated, with file:line.
    """
    co = checkout if isinstance(checkout, RubyCheckout) else RubyCheckout(checkout)
    game, diagnostics = _import(co, game_id)
    return (game, diagnostics) if with_diagnostics else game


def folder_diagnostic(co: RubyCheckout, game_id: str) -> Diagnostic | None:
    """The error of a game folder that is not read (`RubyCheckout.folder_problem`)."""
    problem = co.folder_problem(game_id)
    if problem is None:
        return None
    where = str(co.root / f"g_{game_id}")
    return Diagnostic(severity="error", message=problem, code="18xx-import", file=where)


def import_all_18xx(
    checkout: str | Path, games: list[str] | None = None
) -> Iterator[tuple[Game, list[Diagnostic]]]:
    """`(game, diagnostics)` for every game of the checkout (or those of `games`), sharing
    one parse of each file."""
    co = RubyCheckout(checkout)
    for game_id in games or co.game_ids():
        yield _import(co, game_id)


def import_18xx_checkout(
    checkout: str | Path,
    out_dir: str | Path,
    games: list[str] | None = None,
    *,
    force: bool = False,
) -> list[Diagnostic]:
    """Write `<id>.yaml` into `out_dir` for every game of the checkout (or those of `games`);
    return the import diagnostics plus the errors a written file would raise in `load_game`
    (tile strings our parser refuses). The CLI's `tile-atlas import 18xx CHECKOUT OUT_DIR`.

    Written through `gallery.output.write_files`: raises `OutputConflict` (writing nothing)
    rather than overwrite a file it did not write or that was edited since, unless `force`
    (each file overwritten so is then a warning)."""
    diagnostics: list[Diagnostic] = []
    if not games and not list_18xx_games(checkout):
        where = Path(checkout) / GAME_DIR
        message = f"no games found: expected game folders {where}/g_<id>/"
        return [
            Diagnostic(severity="error", message=message, code="18xx-import", file=str(checkout))
        ]
    files: dict[str, str] = {}
    co = RubyCheckout(checkout)
    addresses = Addresses()
    for game_id in games or co.game_folders():
        refused = folder_diagnostic(co, game_id)
        if refused is not None:  # one unreadable folder costs its game, not the checkout
            diagnostics.append(refused)
            continue
        game, diags = _import(co, game_id)
        published, said = addresses.claim(game.id, game.source or game_id)
        game = game if published == game.id else replace(game, id=published)
        diags += said  # two ids, one file name (on macOS and Windows): both written
        # where to fix a bad tile string upstream: the Ruby literal (the YAML errors below say
        # where it landed in the written file)
        diags += [d for d in code_diagnostics(co, game_id, game) if d.severity == "error"]
        # a parent game's problem is reported once, not once per child game
        diagnostics.extend(d for d in diags if d not in diagnostics)
        files[f"{game.id}.yaml"] = dump_game(game)
    result = write_files(out_dir, files, force=force)
    diagnostics.extend(forced_warnings(result))
    for name in files:
        found = read_game(Path(out_dir) / name)[1]
        diagnostics.extend(d for d in found if d.severity == "error")
    return diagnostics


__all__ = [
    "MISSING",
    "RubyCheckout",
    "Symbol",
    "folder_diagnostic",
    "import_18xx",
    "import_18xx_checkout",
    "import_all_18xx",
    "list_18xx_games",
]
