"""One game as the whole-game checks see it: the map and manifest the site imports (values),
and where each constant, hex and tile is written (syntax), side by side.

Values come from the static importer (`gallery.ruby.import_18xx`): the map as the engine gets
it, inheritance and helper methods included. Places come from the syntax trees of the files of
the game's class and everything it inherits from. A check compares the two and reports at the
literal at fault. When the importer could not read the map or the manifest (built by code that
is not plain data), the checks that need it are not run for the game and one info line says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gallery.game import Game
from gallery.lint.findings import NOT_DECIDED
from gallery.lint.gamefiles import CheckoutFiles, FileFacts
from gallery.lint.places import Spot
from gallery.lint.rubytree import HexDef
from gallery.native import COORD
from gallery.ruby import import_18xx
from gallery.ruby.source import ConstDef
from tile_lang import Diagnostic, Tile


@dataclass(frozen=True)
class Written:
    """A constant the game sees, with the facts of the file it is written in."""

    constant: ConstDef
    file: FileFacts


@dataclass
class GameView:
    """Everything the whole-game checks read of one game."""

    id: str
    game: Game
    constants: dict[str, Written]
    files: list[FileFacts]
    directories: list[Path]
    # the hexes of the map the importer read plus every coordinate a map fragment in the
    # game's own folder writes (variants): a name is "on the map" if it is in here
    coordinates: frozenset[str] = frozenset()
    # the first place each coordinate is defined (the game's own files first)
    hex_defs: dict[str, tuple[HexDef, FileFacts]] = field(default_factory=dict)
    map_undecided: Diagnostic | None = None
    tiles_undecided: Diagnostic | None = None
    checkout: CheckoutFiles | None = None
    # the text of every TILES, HEXES and LOCATION_NAMES the game's class or an ancestor
    # defines (a name written there is data; written anywhere else, code handles it)
    manifests: tuple[bytes, ...] = ()

    def hex_tile(self, coord: str) -> Tile | None:
        """The parsed tile of a map hex (None when absent or unreadable)."""
        found = self.game.hexes.get(coord)
        if found is None or self.checkout is None:
            return None
        return self.checkout.tile(found.code)

    def same_author(self, written: Written) -> bool:
        """Whether `written` is in this game's folder or in the folder its map (HEXES) comes
        from: data inherited from a game whose map this game replaced is adapted in code."""
        hexes = self.constants.get("HEXES")
        home = hexes.file.folder if hexes is not None else None
        return written.file.folder in (f"g_{self.id}", home)

    def hex_spot(self, coord: str) -> tuple[Spot, FileFacts] | None:
        found = self.hex_defs.get(coord)
        return (found[1].spot(found[0].node), found[1]) if found else None


def is_coordinate(value: str) -> bool:
    return COORD.fullmatch(value) is not None


def _undecided(
    files: CheckoutFiles, found: list[Diagnostic], field_name: str, what: str
) -> Diagnostic | None:
    for diagnostic in found:
        if diagnostic.field == field_name and diagnostic.severity != "info":
            return Diagnostic(
                severity="info",
                message=f"{what} not checked: {diagnostic.message}",
                code=NOT_DECIDED,
                file=files.name(diagnostic.file),
                line=diagnostic.line or 1,
                column=1,
                hint="only plain data can be checked without running Ruby",
            )
    return None


def _seen_constants(files: CheckoutFiles, ancestors: list[str]) -> dict[str, Written]:
    seen: dict[str, Written] = {}
    for ancestor in ancestors:
        module = files.ruby.module(ancestor)
        if module is None:
            continue
        for name, constant in module.constants.items():
            if name not in seen:
                seen[name] = Written(constant, files.facts(constant.file))
    return seen


def _module_files(files: CheckoutFiles, ancestors: list[str]) -> list[FileFacts]:
    paths: dict[str, None] = {}
    for ancestor in ancestors:
        module = files.ruby.module(ancestor)
        if module is not None:
            paths.update(dict.fromkeys(module.files))
    return [files.facts(files.ruby.files[p]) for p in paths if p in files.ruby.files]


MAP_DATA = ("TILES", "HEXES", "LOCATION_NAMES")


def _manifests(files: CheckoutFiles, ancestors: list[str]) -> tuple[bytes, ...]:
    found = []
    for ancestor in ancestors:
        module = files.ruby.module(ancestor)
        for name in MAP_DATA:
            if module is not None and name in module.constants:
                found.append(bytes(module.constants[name].node.text))
    return tuple(found)


def game_view(files: CheckoutFiles, game_id: str) -> GameView | None:
    """The view of game `g_<game_id>` (None when it has no Game class: the importer says so)."""
    ruby = files.ruby
    game_class = ruby.game_class(game_id)
    if game_class is None:
        return None
    game, found = import_18xx(ruby, game_id, with_diagnostics=True)
    ancestors = ruby.ancestors(game_class)
    facts = _module_files(files, ancestors)
    view = GameView(
        game_id,
        game,
        _seen_constants(files, ancestors),
        facts,
        sorted({(files.root / f.name).parent for f in facts if f.folder.startswith("g_")}),
        map_undecided=_undecided(files, found, "HEXES", "the map's coordinates and upgrades"),
        tiles_undecided=_undecided(files, found, "TILES", "the manifest's tile names"),
        checkout=files,
        manifests=_manifests(files, ancestors),
    )
    coordinates = set(game.hexes)
    own = f"g_{game_id}"
    for file in facts:
        mine = file.folder == own
        for fragment in file.fragments:
            for hex_def in fragment.hexes:
                if mine:  # a variant of the game's own map (another game's map is not)
                    coordinates.add(hex_def.coord)
                view.hex_defs.setdefault(hex_def.coord, (hex_def, file))
    view.coordinates = frozenset(coordinates)
    if not game.hexes and view.map_undecided is None and view.hex_defs:
        view.map_undecided = _undecided(
            files, [_no_map(files, facts[0])], "HEXES", "the map's coordinates and upgrades"
        )
    return view


def _no_map(files: CheckoutFiles, first: FileFacts) -> Diagnostic:
    return Diagnostic(
        severity="warning",
        message="the importer read no hexes for this game",
        code=NOT_DECIDED,
        file=str(files.root / first.name),
        line=1,
        field="HEXES",
    )
