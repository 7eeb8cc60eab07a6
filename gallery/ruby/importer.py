"""Constant lookup across a game's files and its parent games, and the Game it describes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gallery.errors import GameDiagnostic
from gallery.game import Axes, Game, MapHex, TileEntry
from gallery.ruby.evaluate import CannotEvaluate, evaluate
from tile_lang import catalog

SOURCE_FILES = ("game.rb", "map.rb", "meta.rb", "tiles.rb", "entities.rb")
GAME_DIR = Path("lib") / "engine" / "game"
_MODULE = re.compile(rb"^\s*module (G(?!ame\b)\w+)\s*$", re.M)
_PARENT = re.compile(rb"class Game < (G\w+)::Game")
_INCLUDE = re.compile(rb"^\s*include (G\w+)::\w+", re.M)
NOT_FOUND = object()


@cache
def _parser() -> Any:
    import tree_sitter_ruby
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_ruby.language()))


@dataclass
class _Constant:
    name: str
    node: Any
    file: str
    line: int


@dataclass
class RubyGameSource:
    """The constants of one game directory and where its parents are."""

    game_id: str
    directory: Path
    module: str
    constants: dict[str, _Constant] = field(default_factory=dict)
    parents: list[str] = field(default_factory=list)  # module names, lookup order

    @classmethod
    def read(cls, directory: Path) -> RubyGameSource:
        game_id = directory.name.removeprefix("g_")
        module = ""
        source = cls(game_id, directory, module)
        for name in SOURCE_FILES:
            path = directory / name
            if not path.is_file():
                continue
            data = path.read_bytes()
            if not source.module:
                match = _MODULE.search(data)
                source.module = match.group(1).decode() if match else ""
            for pattern in (_PARENT, _INCLUDE):
                for match in pattern.finditer(data):
                    parent = match.group(1).decode()
                    if parent != source.module and parent not in source.parents:
                        source.parents.append(parent)
            tree = _parser().parse(data)
            _collect(tree.root_node, str(path), source.constants)
        return source


def _collect(node: Any, file: str, into: dict[str, _Constant]) -> None:
    """Constant assignments at module/class level (first definition in file order wins)."""
    for child in node.children:
        if child.type == "assignment":
            left = child.child_by_field_name("left")
            right = child.child_by_field_name("right")
            if left is not None and right is not None and left.type == "constant":
                name = bytes(left.text).decode()
                into.setdefault(name, _Constant(name, right, file, child.start_point[0] + 1))
        elif child.type in ("module", "class", "body_statement", "program"):
            _collect(child, file, into)


class _Checkout:
    """All game sources of an 18xx.games checkout, read on demand."""

    def __init__(self, checkout: Path) -> None:
        self.root = checkout / GAME_DIR
        self.sources: dict[str, RubyGameSource] = {}
        self._modules: dict[str, str] | None = None
        self.values: dict[tuple[str, str], Any] = {}

    def source(self, game_id: str) -> RubyGameSource:
        if game_id not in self.sources:
            self.sources[game_id] = RubyGameSource.read(self.root / f"g_{game_id}")
        return self.sources[game_id]

    def module_dir(self, module: str) -> str | None:
        if self._modules is None:
            self._modules = {}
            for directory in sorted(self.root.glob("g_*")):
                for name in ("game.rb", "meta.rb", "map.rb"):
                    path = directory / name
                    if path.is_file():
                        match = _MODULE.search(path.read_bytes())
                        if match:
                            self._modules.setdefault(match.group(1).decode(), directory.name[2:])
                            break
        return self._modules.get(module)

    def lookup(
        self,
        game_id: str,
        name: str,
        diagnostics: list[GameDiagnostic],
        seen: frozenset[str] = frozenset(),
    ) -> Any:
        """The value of constant `name` as game `game_id`'s Game class sees it."""
        if game_id in seen:
            return NOT_FOUND
        key = (game_id, name)
        if key in self.values:
            return self.values[key]
        source = self.source(game_id)
        constant = source.constants.get(name)
        if constant is not None:
            self.values[key] = NOT_FOUND  # cycle guard
            try:
                value = evaluate(constant.node, lambda ref: self.resolve(game_id, ref, diagnostics))
            except CannotEvaluate as exc:
                diagnostics.append(
                    GameDiagnostic(constant.file, exc.line, name, str(exc), "warning")
                )
                value = NOT_FOUND
            self.values[key] = value
            return value
        for parent in source.parents:
            parent_id = self.module_dir(parent)
            if parent_id is not None:
                value = self.lookup(parent_id, name, diagnostics, seen | {game_id})
                if value is not NOT_FOUND:
                    return value
        return NOT_FOUND

    def resolve(self, game_id: str, ref: str, diagnostics: list[GameDiagnostic]) -> Any:
        parts = [p for p in ref.split("::") if p not in ("", "Engine", "Game")]
        if parts[:2] == ["Config", "Tile"] and len(parts) == 3:
            group = parts[2].lower()
            table = {
                t.name: t.code for t in catalog.all_tiles(include_unnamed=True) if t.group == group
            }
            if table:
                return table
        name = parts[-1]
        owner = game_id
        module = next((p for p in parts[:-1] if p.startswith("G")), None)
        if module is not None:
            owner = self.module_dir(module) or game_id
        value = self.lookup(owner, name, diagnostics)
        if value is NOT_FOUND:
            raise CannotEvaluate(f"the constant {ref}", 0)
        return value


def list_18xx_games(checkout: str | Path) -> list[str]:
    root = Path(checkout) / GAME_DIR
    return sorted(
        p.name[2:]
        for p in root.glob("g_*")
        if (p / "map.rb").is_file() or (p / "game.rb").is_file()
    )


_CHECKOUTS: dict[str, _Checkout] = {}


def _checkout(path: Path) -> _Checkout:
    key = str(path.resolve())
    if key not in _CHECKOUTS:
        _CHECKOUTS[key] = _Checkout(path)
    return _CHECKOUTS[key]


def _text(value: Any) -> str:
    return str(value) if value is not None else ""


def import_18xx(
    checkout: str | Path, game_id: str, *, with_diagnostics: bool = False
) -> Game | tuple[Game, list[GameDiagnostic]]:
    """Import one game of an 18xx.games checkout (statically; no Ruby is run)."""
    co = _checkout(Path(checkout))
    diagnostics: list[GameDiagnostic] = []

    def get(name: str, default: Any) -> Any:
        value = co.lookup(game_id, name, diagnostics)
        return default if value is NOT_FOUND else value

    layout = _text(get("LAYOUT", None)) or "none"
    axes_value = get("AXES", None)
    if isinstance(axes_value, dict):
        axes = Axes(_text(axes_value.get("x", "letter")), _text(axes_value.get("y", "number")))  # type: ignore[arg-type]
    else:
        axes = Axes("number", "letter") if layout == "pointy" else Axes("letter", "number")
    names = {str(k): str(v) for k, v in (get("LOCATION_NAMES", {}) or {}).items()}
    tiles: dict[str, TileEntry] = {}
    source_file = str(co.root / f"g_{game_id}" / "map.rb")
    for name, spec in (get("TILES", {}) or {}).items():
        name = str(name)
        if isinstance(spec, dict):
            count = spec.get("count", 1)
            entry = TileEntry(
                name,
                None if str(count) == "unlimited" else int(count),
                _text(spec.get("color")),
                _text(spec.get("code")),
                hidden=bool(spec.get("hidden")),
            )
        else:
            found = catalog.lookup(name)
            if found is None:
                diagnostics.append(
                    GameDiagnostic(
                        source_file, 0, f"TILES.{name}", f"Tile '{name}' not found in the catalog"
                    )
                )
                continue
            entry = TileEntry(
                name,
                None if str(spec) == "unlimited" else int(spec),
                found.color,
                found.code,
                catalog=True,
            )
        tiles[name] = entry
    hexes: dict[str, MapHex] = {}
    for color, groups in (get("HEXES", {}) or {}).items():
        if not isinstance(groups, dict):
            continue
        for coords, code in groups.items():
            coord_list = list(coords) if isinstance(coords, tuple | list) else [coords]
            text = _text(code)
            found = catalog.lookup(text) if text and "=" not in text else None
            for coord in coord_list:
                coord = str(coord)
                hexes[coord] = MapHex(
                    coord,
                    found.color if found else str(color),
                    found.code if found else text,
                    names.get(coord),
                    text if found else None,
                )
    title = (
        get("GAME_DISPLAY_TITLE", None) or get("GAME_TITLE", None) or get("GAME_FULL_TITLE", None)
    )
    module = co.source(game_id).module
    game = Game(
        id=game_id,
        title=_text(title) or module.removeprefix("G") or game_id,
        layout="pointy" if layout == "pointy" else "flat",
        axes=axes,
        tiles=tiles,
        hexes=hexes,
        location_names=names,
        designer=_text(get("GAME_DESIGNER", None)) or None,
        meta={
            k: _text(get(c, ""))
            for k, c in (("location", "GAME_LOCATION"), ("publisher", "GAME_PUBLISHER"))
            if get(c, None)
        },
        source=str(co.root / f"g_{game_id}"),
    )
    if with_diagnostics:
        return game, diagnostics
    return game


def import_18xx_checkout(
    checkout: str | Path, out_dir: str | Path, games: list[str] | None = None
) -> list[GameDiagnostic]:
    """Write one YAML file per game of the checkout into `out_dir` (the CLI's import)."""
    from gallery.native import dump_game

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    diagnostics: list[GameDiagnostic] = []
    for game_id in games or list_18xx_games(checkout):
        result = import_18xx(checkout, game_id, with_diagnostics=True)
        assert isinstance(result, tuple)
        game, diags = result
        diagnostics.extend(diags)
        (out / f"{game_id}.yaml").write_text(dump_game(game), encoding="utf-8")
    return diagnostics
