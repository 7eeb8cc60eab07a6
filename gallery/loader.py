"""Find and load every game of the configured folders, whatever its format.

Each item of a games folder is offered to every source of `gallery.sources` (our YAML, GE18XX
folders, 18xx.games checkouts, board-game folders); the one that recognises it reads it. The
error policy is applied here, once, for all of them: a game with errors is kept (its bad tiles
and hexes are drawn as error tiles), every problem is returned as a diagnostic, and only a game
that could not be read at all is missing, with the errors that say why.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gallery.boardgame import BoardGame
from gallery.game import Game
from gallery.sources import BOARD_GAME_SOURCE, TILE_GAME_SOURCES
from tile_lang import Diagnostic


@dataclass(frozen=True)
class GalleryGames:
    """Everything the gallery shows, from every games folder: 18xx games, board games, and the
    diagnostics of all of them (the plugin logs each as a build warning)."""

    games: tuple[Game, ...]
    board_games: tuple[BoardGame, ...]
    diagnostics: tuple[Diagnostic, ...]


def _folder_problem(folder: Path, message: str, field: str = "") -> Diagnostic:
    return Diagnostic(
        severity="warning", message=message, code="games-folder", file=str(folder), field=field
    )


def load_gallery(folders: list[Path]) -> GalleryGames:
    """Every game of `folders`, in folder order then name order, with all diagnostics."""
    games: list[Game] = []
    board_games: list[BoardGame] = []
    diagnostics: list[Diagnostic] = []
    seen: set[str] = set()
    for folder in folders:
        if not folder.is_dir():
            diagnostics.append(_folder_problem(folder, "games folder not found"))
            continue
        for entry in sorted(folder.iterdir()):
            for source in TILE_GAME_SOURCES:
                for ref in source.find(entry):
                    loaded = source.read(ref)
                    diagnostics.extend(loaded.diagnostics)
                    game = loaded.model
                    if game is None:
                        continue
                    if game.id in seen:
                        diagnostics.append(
                            _folder_problem(entry, f"game id {game.id!r} used twice", "id")
                        )
                        continue
                    seen.add(game.id)
                    games.append(game)
            for ref in BOARD_GAME_SOURCE.find(entry):
                board = BOARD_GAME_SOURCE.read(ref)
                diagnostics.extend(board.diagnostics)
                if board.model is not None:
                    board_games.append(board.model)
    return GalleryGames(tuple(games), tuple(board_games), tuple(diagnostics))


def load_games_dirs(folders: list[Path]) -> tuple[list[Game], list[Diagnostic]]:
    """The 18xx games of `folders` and the diagnostics of every game (board games included),
    for commands that only handle 18xx games (`conflicts`, `print`)."""
    loaded = load_gallery(folders)
    return list(loaded.games), list(loaded.diagnostics)
