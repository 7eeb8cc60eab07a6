"""One side of a diff (OLD or NEW): the games a path holds, read by the gallery's own readers.

A side is any of:

* an 18xx.games checkout (`lib/engine/game/`): every game, or those asked for; one parse of
  each Ruby file is shared by all its games (`RubyCheckout`), so both sides of a whole
  checkout read in a few seconds;
* a game folder of a checkout (`…/lib/engine/game/g_1889`) or a file in one (`…/g_1889/map.rb`):
  that game, read with the rest of its checkout (its base classes live there);
* one of our game files (`.yaml`), or a games folder of any format the gallery reads (YAML
  files, GE18XX folders, checkouts inside it: `gallery.loader`).

Nothing is executed. A game that cannot be read at all is kept as `unreadable` with the
diagnostics that say why: the diff reports it as trouble, it is never dropped silently.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from gallery.game import Game
from gallery.loader import load_gallery
from gallery.ruby import RubyCheckout, import_18xx
from gallery.sources import GAME_SUFFIXES, TILE_GAME_SOURCES, GameRef, NativeSource
from tile_lang import Diagnostic

GAME_DIR = ("lib", "engine", "game")


class SideError(Exception):
    """A path that is no side at all (missing, or not something games are read from)."""


@dataclass(frozen=True)
class Side:
    """The games read from one path, by id; `single` when the path named one game (a file or
    a game folder): two single sides are compared whatever their ids."""

    path: Path
    games: dict[str, Game] = field(default_factory=dict)
    unreadable: dict[str, tuple[Diagnostic, ...]] = field(default_factory=dict)
    single: bool = False
    icon_dirs: tuple[Path, ...] = ()
    #: Per game, where its map or tiles are built by code the reader does not run
    #: (`def optional_hexes`, `def game_tiles`): a change there is not in the model.
    unseen: dict[str, tuple[Diagnostic, ...]] = field(default_factory=dict)

    def ids(self) -> set[str]:
        return set(self.games) | set(self.unreadable)


def checkout_game(path: Path) -> tuple[Path, str] | None:
    """`(checkout, game id)` when `path` is a game folder of a checkout or a file inside one."""
    resolved = path.resolve()
    for folder in (resolved, *resolved.parents):
        parents = folder.parents
        if (
            folder.name.startswith("g_")
            and len(parents) >= 3
            and tuple(p.name for p in (parents[2], parents[1], parents[0])) == GAME_DIR
        ):
            return parents[2].parent, folder.name[2:]
    return None


def is_checkout(path: Path) -> bool:
    return path.is_dir() and path.joinpath(*GAME_DIR).is_dir()


def _icons(checkout: Path) -> tuple[Path, ...]:
    icons = checkout / "public" / "icons"
    return (icons,) if icons.is_dir() else ()


def _unreadable(path: Path, game_id: str, exc: Exception) -> tuple[Diagnostic, ...]:
    message = f"game {game_id!r} could not be read: {exc}"
    return (Diagnostic(severity="error", message=message, code="diff", file=str(path)),)


def read_checkout(path: Path, wanted: Collection[str] | None, *, single: bool = False) -> Side:
    """The games of checkout `path` (those of `wanted` only, when given), sharing one parse."""
    co = RubyCheckout(path)
    ids = co.game_ids()
    if wanted is not None:
        ids = [i for i in ids if i in wanted]
    games: dict[str, Game] = {}
    unreadable: dict[str, tuple[Diagnostic, ...]] = {}
    unseen: dict[str, tuple[Diagnostic, ...]] = {}
    for game_id in ids:
        try:
            game, found = import_18xx(co, game_id, with_diagnostics=True)
        except Exception as exc:  # one game's failure must not hide the others' changes
            unreadable[game_id] = _unreadable(path, game_id, exc)
            continue
        games[game_id] = game
        built = tuple(d for d in found if _built_in_code(d))
        if built:
            unseen[game_id] = built
    return Side(path, games, unreadable, single, _icons(path), unseen)


def _built_in_code(d: Diagnostic) -> bool:
    """The importer's word that a map, tile list or layout comes from a method it does not
    run (`gallery.ruby.importer`: "builds its TILES at run time", "builds its map in `def …`")."""
    return d.code == "18xx-import" and d.line > 0 and "builds its" in d.message


def _read_file(path: Path) -> Side:
    if path.suffix not in GAME_SUFFIXES:
        raise SideError(f"{path}: not a game file (.yaml), game folder or checkout")
    read = NativeSource().read(GameRef(path))
    if read.model is None:
        return Side(path, {}, {path.stem: read.diagnostics}, single=True)
    return Side(path, {read.model.id: read.model}, single=True)


def _chosen(game_id: str, wanted: Collection[str] | None) -> bool:
    return bool(game_id) and (wanted is None or game_id in wanted)


def _has_error(diagnostics: tuple[Diagnostic, ...]) -> bool:
    return any(d.severity == "error" for d in diagnostics)


def _read_folder(path: Path, wanted: Collection[str] | None) -> Side:
    """A folder one source reads whole (a GE18XX folder), or a games folder: whatever
    `gallery.loader` finds in it."""
    whole = any(source.find(path) for source in TILE_GAME_SOURCES)
    loaded = load_gallery([], imports=[path]) if whole else load_gallery([path])
    games = {g.id: g for g in loaded.games if _chosen(g.id, wanted)}
    unreadable = {
        r.game_id: r.diagnostics
        for r in loaded.reports
        if _chosen(r.game_id, wanted) and r.game_id not in games and _has_error(r.diagnostics)
    }
    if not games and not unreadable and not loaded.games:
        raise SideError(f"{path}: no games found (not a checkout, game folder or games folder)")
    return Side(path, games, unreadable)


def read_side(path: Path, wanted: Collection[str] | None = None) -> Side:
    """The games `path` holds (see the module docstring); `wanted`: only these ids."""
    if not path.exists():
        raise SideError(f"{path}: no such file or folder")
    found = checkout_game(path)
    if found is not None and is_checkout(found[0]):
        checkout, game_id = found
        return read_checkout(checkout, [game_id], single=True)
    if path.is_file():
        return _read_file(path)
    if is_checkout(path):
        return read_checkout(path, wanted)
    return _read_folder(path, wanted)
