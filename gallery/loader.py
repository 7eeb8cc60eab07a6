"""Find and load every game of the configured folders, whatever its format.

* `*.yaml` / `*.yml`: our native format;
* a folder holding `Tiles/` and per-game folders with `<game>-TileSet.xml`: GE18XX;
* a folder holding `game.yaml` plus `.tab`/`.tjt` files: a board-and-card game (other pages).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gallery.game import Game
from gallery.native import read_game
from tile_lang import Diagnostic


def load_board_games(folders: list[Path]) -> tuple[list[Any], list[Diagnostic]]:
    """Board-and-card games (folders with game.yaml + .tab/.tjt) of the games folders."""
    from gallery.boardgame import board_game_folders, read_board_game

    games: list[Any] = []
    diagnostics: list[Diagnostic] = []
    for folder in folders:
        for path in board_game_folders(folder):
            game, diags = read_board_game(path)
            diagnostics.extend(diags)
            if game is not None:
                games.append(game)
    return games, diagnostics


def load_games_dirs(folders: list[Path]) -> tuple[list[Game], list[Diagnostic]]:
    """18xx games (our YAML files, GE18XX folders) of the games folders, with diagnostics."""
    games: list[Game] = []
    diagnostics: list[Diagnostic] = []
    seen: set[str] = set()
    for folder in folders:
        if not folder.is_dir():
            diagnostics.append(
                Diagnostic(
                    severity="warning",
                    message="games folder not found",
                    code="games-folder",
                    file=str(folder),
                )
            )
            continue
        for path in sorted(folder.iterdir()):
            loaded: list[Game] = []
            if path.suffix in (".yaml", ".yml") and path.is_file():
                game, diags = read_game(path)
                diagnostics.extend(diags)
                if game is not None and not any(d.severity == "error" for d in diags):
                    loaded.append(game)
            elif path.is_dir() and (path / "Tiles").is_dir():
                loaded.extend(_load_ge18xx(path, diagnostics))
            for game in loaded:
                if game.id in seen:
                    diagnostics.append(
                        Diagnostic(
                            severity="warning",
                            message=f"game id {game.id!r} used twice",
                            code="games-folder",
                            file=str(path),
                            field="id",
                        )
                    )
                    continue
                seen.add(game.id)
                games.append(game)
    return games, diagnostics


def _load_ge18xx(folder: Path, diagnostics: list[Diagnostic]) -> list[Game]:
    try:
        from gallery.ge18xx import import_ge18xx, list_ge18xx_games
    except ImportError:
        return []
    games = []
    for game_id in list_ge18xx_games(folder):
        result = import_ge18xx(folder, game_id, with_diagnostics=True)
        assert isinstance(result, tuple)
        game, diags = result
        diagnostics.extend(diags)
        games.append(game)
    return games
