"""The one protocol every game source implements: find games in a folder, read one.

A new format is one more `GameSource`: `find(folder)` names the games a folder entry holds
(`GameRef`s), `read(ref)` turns one into a model plus diagnostics (`tile_lang.Diagnostic`, the
project's one type). `gallery.loader` walks the games folders through `SOURCES` and applies the
one error policy to every source alike; the CLI's `tile-atlas gallery` and the MkDocs plugin both
load through it, so they build the same pages.

The policy: a game whose file has errors is still shown (its bad tiles and hexes keep their
codes and are drawn as visible error tiles by the page builder); every problem is a diagnostic
with file:line that the plugin turns into a build warning (errors fail `mkdocs build --strict`).
Only a game that cannot be read at all (no model) is missing, and its errors say why.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from gallery.boardgame import BoardGame, read_board_game
from gallery.boardgame.game_file import is_board_game_folder
from gallery.game import Game
from gallery.ge18xx import list_ge18xx_games, read_ge18xx
from gallery.native import read_game
from gallery.ruby import RubyCheckout, folder_diagnostic, import_18xx
from gallery.ruby.locate import code_diagnostics
from gallery.textfile import outside_reason
from tile_lang import Diagnostic

ModelT_co = TypeVar("ModelT_co", covariant=True)

GAME_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class GameRef:
    """One game a source found: the file or folder it is read from, and its id inside that
    folder when the folder holds several games (GE18XX, an 18xx.games checkout)."""

    path: Path
    game_id: str | None = None


@dataclass(frozen=True)
class Loaded(Generic[ModelT_co]):
    """What reading one game gives: the model (None when nothing could be read) and every
    problem found, errors included."""

    model: ModelT_co | None
    diagnostics: tuple[Diagnostic, ...]


class GameSource(Protocol[ModelT_co]):
    """A game format. `name` is its short name (in ids made distinct, `1830-ge18xx`), `label`
    how readers know it (on a game's page), empty for our own format."""

    name: str
    label: str

    def find(self, entry: Path) -> list[GameRef]:
        """The games held by `entry`, one item of a games folder (a file or a sub-folder);
        empty when `entry` is not of this format."""
        ...

    def read(self, ref: GameRef) -> Loaded[ModelT_co]:
        """The game `ref` names, with every problem found reading it."""
        ...


class NativeSource:
    """Our YAML game files (`*.yaml`, `*.yml`)."""

    name = "yaml"
    label = ""

    def find(self, entry: Path) -> list[GameRef]:
        return [GameRef(entry)] if entry.is_file() and entry.suffix in GAME_SUFFIXES else []

    def read(self, ref: GameRef) -> Loaded[Game]:
        game, diagnostics = read_game(ref.path)
        return Loaded(game, tuple(diagnostics))


class Ge18xxSource:
    """A GE18XX folder: `Tiles/` plus one folder per game with `<game>-TileSet.xml`."""

    name = "ge18xx"
    label = "GE18XX"

    def find(self, entry: Path) -> list[GameRef]:
        if not (entry.is_dir() and (entry / "Tiles").is_dir()):
            return []
        return [GameRef(entry, game_id) for game_id in list_ge18xx_games(entry)]

    def read(self, ref: GameRef) -> Loaded[Game]:
        game_id = ref.game_id or ""
        refused = outside_reason(ref.path / game_id, ref.path)
        if refused is not None:  # one unreadable folder costs its game, not the folder
            where = str(ref.path / game_id)
            error = Diagnostic(severity="error", message=refused, code="ge18xx", file=where)
            return Loaded(None, (error,))
        game, diagnostics = read_ge18xx(ref.path, game_id)
        return Loaded(game, tuple(diagnostics))


class RubySource:
    """An 18xx.games checkout (`lib/engine/game/g_<id>/`), read statically: no Ruby is run."""

    name = "18xx"
    label = "18xx.games"

    def find(self, entry: Path) -> list[GameRef]:
        if not (entry.is_dir() and (entry / "lib" / "engine" / "game").is_dir()):
            return []
        checkout = RubyCheckout(entry)
        return [GameRef(entry, game_id) for game_id in checkout.game_folders()]

    def read(self, ref: GameRef) -> Loaded[Game]:
        checkout = RubyCheckout(ref.path)
        game_id = ref.game_id or ""
        refused = folder_diagnostic(checkout, game_id)
        if refused is not None:  # one unreadable folder costs its game, not the checkout
            return Loaded(None, (refused,))
        game, diagnostics = import_18xx(checkout, game_id, with_diagnostics=True)
        return Loaded(game, (*diagnostics, *code_diagnostics(checkout, game_id, game)))


class BoardGameSource:
    """A board-and-card game folder: `game.yaml` plus `.tab` / `.tjt` files."""

    name = "board-game"
    label = ""

    def find(self, entry: Path) -> list[GameRef]:
        return [GameRef(entry)] if entry.is_dir() and is_board_game_folder(entry) else []

    def read(self, ref: GameRef) -> Loaded[BoardGame]:
        game, diagnostics = read_board_game(ref.path)
        return Loaded(game, tuple(diagnostics))


def entry_refused(entry: Path, folder: Path) -> str | None:
    """Why an item of a games folder is neither read nor walked, or None: a symlink leading
    outside the folder (`games/root -> /` would walk the whole file system), or a special
    file (a pipe, a device)."""
    reason = outside_reason(entry, folder)
    if reason is not None:
        return reason
    if entry.is_dir() or entry.is_file():
        return None
    if entry.is_symlink() and not entry.exists():
        return "a broken symlink: nothing to read"
    return "not a regular file or folder (a device, pipe or socket is never read)"


TileGameSource = NativeSource | Ge18xxSource | RubySource
TILE_GAME_SOURCES: tuple[TileGameSource, ...] = (
    NativeSource(),
    Ge18xxSource(),
    RubySource(),
)
BOARD_GAME_SOURCE = BoardGameSource()
