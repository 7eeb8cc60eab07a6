"""Find and load every game of the configured folders, whatever its format.

Each item of a games folder is offered to every source of `gallery.sources` (our YAML, GE18XX
folders, 18xx.games checkouts, board-game folders); the one that recognises it reads it. The
error policy is applied here, once, for all of them: a game with errors is kept (its bad tiles
and hexes are drawn as error tiles), every problem is returned as a diagnostic, and only a game
that could not be read at all is missing, with the errors that say why.

Two sources may hold the same game (18xx.games' 1830 and GE18XX's 1830): both are published,
the later one under an id that names its source (`1830-ge18xx`), with a diagnostic saying so,
and each game page names its source. Two files of one source with one id are a mistake in
the data: the second is reported and left out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from gallery.boardgame import BoardGame
from gallery.game import Game
from gallery.sources import BOARD_GAME_SOURCE, TILE_GAME_SOURCES, GameRef
from tile_lang import Diagnostic


@dataclass(frozen=True)
class GameReport:
    """The diagnostics of one game (or, with an empty `game_id`, of a games folder itself),
    so that a build log can summarise them game by game."""

    game_id: str
    where: str
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True)
class GalleryGames:
    """Everything the gallery shows, from every games folder: 18xx games, board games, and the
    diagnostics of all of them (`diagnostics` in load order; `reports` the same, game by game)."""

    games: tuple[Game, ...]
    board_games: tuple[BoardGame, ...]
    diagnostics: tuple[Diagnostic, ...]
    reports: tuple[GameReport, ...] = ()


def _folder_problem(folder: Path, message: str, field: str = "") -> Diagnostic:
    return Diagnostic(
        severity="warning", message=message, code="games-folder", file=str(folder), field=field
    )


def _ref_name(ref: GameRef) -> str:
    return ref.game_id or ref.path.stem


class _Collected:
    """What `load_gallery` gathers while walking the folders."""

    def __init__(self) -> None:
        self.games: list[Game] = []
        self.board_games: list[BoardGame] = []
        self.reports: list[GameReport] = []
        self.owners: dict[str, tuple[str, str]] = {}  # id -> (source name, where)

    def report(self, game_id: str, where: str, diagnostics: list[Diagnostic]) -> None:
        if diagnostics:
            self.reports.append(GameReport(game_id, where, tuple(diagnostics)))

    def add_game(
        self, game: Game, source: str, label: str, ref: GameRef
    ) -> tuple[str, list[Diagnostic]]:
        """Publish `game`; a clash of ids between sources renames the later game. Returns the
        id it is published under and what to say about it."""
        where = str(ref.path)
        game = replace(game, origin=label) if label and game.origin is None else game
        owner = self.owners.get(game.id)
        if owner is None:
            self.owners[game.id] = (source, where)
            self.games.append(game)
            return game.id, []
        distinct = f"{game.id}-{source}"
        if owner[0] == source or distinct in self.owners:
            return game.id, [_folder_problem(ref.path, f"game id {game.id!r} used twice", "id")]
        self.owners[distinct] = (source, where)
        self.games.append(replace(game, id=distinct))
        message = (
            f"game id {game.id!r} is also a game of {owner[1]}; both are published, this one "
            f"as {distinct!r}"
        )
        renamed = Diagnostic(
            severity="info", message=message, code="id-renamed", file=where, field="id"
        )
        return distinct, [renamed]


def load_gallery(folders: list[Path]) -> GalleryGames:
    """Every game of `folders`, in folder order then name order, with all diagnostics."""
    out = _Collected()
    for folder in folders:
        if not folder.is_dir():
            out.report("", str(folder), [_folder_problem(folder, "games folder not found")])
            continue
        for entry in sorted(folder.iterdir()):
            for source in TILE_GAME_SOURCES:
                for ref in source.find(entry):
                    loaded = source.read(ref)
                    found = list(loaded.diagnostics)
                    name = _ref_name(ref)
                    if loaded.model is not None:
                        name, said = out.add_game(loaded.model, source.name, source.label, ref)
                        found += said
                    out.report(name, str(ref.path), found)
            for ref in BOARD_GAME_SOURCE.find(entry):
                board = BOARD_GAME_SOURCE.read(ref)
                if board.model is not None:
                    out.board_games.append(board.model)
                name = board.model.id if board.model is not None else _ref_name(ref)
                out.report(name, str(ref.path), list(board.diagnostics))
    diagnostics = tuple(d for r in out.reports for d in r.diagnostics)
    return GalleryGames(tuple(out.games), tuple(out.board_games), diagnostics, tuple(out.reports))


def load_games_dirs(folders: list[Path]) -> tuple[list[Game], list[Diagnostic]]:
    """The 18xx games of `folders` and the diagnostics of every game (board games included),
    for commands that only handle 18xx games (`conflicts`, `print`)."""
    loaded = load_gallery(folders)
    return list(loaded.games), list(loaded.diagnostics)
