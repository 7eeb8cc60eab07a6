"""`tile-atlas check`: tile strings, game files and board-game files, reported as
`file:line:col: severity: message`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from gallery.boardgame import check_board_files, check_board_game
from gallery.boardgame.game_file import is_board_game_folder
from gallery.cli.common import report
from gallery.native import check_game_file
from gallery.textfile import decode_text, read_text_file
from gallery.upgrades_ge18xx import check_tileset_upgrades, ge18xx_games_at
from tile_lang import Diagnostic, caret_lines, check

GAME_SUFFIXES = (".yaml", ".yml")
BOARD_SUFFIXES = (".tab", ".tjt")


@click.command("check")
@click.argument("files", nargs=-1, type=click.Path(allow_dash=True, path_type=Path))
def command(files: tuple[Path, ...]) -> None:
    """Check tile strings (one per line; `-` or nothing reads stdin), game files (.yaml),
    board-game files (.tab, .tjt), a board-game folder, a games folder or 18xx.games checkout
    (as a site build reads it), or a GE18XX folder's TileSet upgrades. Prints
    file:line:col: severity: message; exits 1 on errors."""
    errors = warnings = 0
    if not files:
        files = (Path("-"),)
    board_files = [f for f in files if f.suffix in BOARD_SUFFIXES]
    for path in files:
        if str(path) == "-":
            e, w = check_tile_text("<stdin>", None)
        elif path.is_dir() and (ge := ge18xx_games_at(path)) is not None:
            e, w = check_ge18xx_upgrades(*ge)
        elif path.is_dir() and not is_board_game_folder(path):
            e, w = report(check_games_folder(path))
        elif path.is_dir() or (
            path.name == "game.yaml"
            and (path.parent / "game.yaml").is_file()
            and is_board_game_folder(path.parent if path.is_file() else path)
        ):
            e, w = report(check_board_game(path))
        elif path.suffix in GAME_SUFFIXES:
            e, w = report(check_game_file(path))
        elif path.suffix in BOARD_SUFFIXES:
            continue
        else:
            e, w = check_tile_text(str(path), path)
        errors += e
        warnings += w
    if board_files:
        e, w = report(check_board_files(board_files))
        errors += e
        warnings += w
    click.echo(f"{errors} error(s), {warnings} warning(s)", err=True)
    if errors:
        sys.exit(1)


def check_games_folder(folder: Path) -> list[Diagnostic]:
    """Everything a site build would say about a games folder, or an 18xx.games checkout
    given itself: each game's problems, the limits, ids that would share an address, files
    refused."""
    from gallery.loader import load_gallery  # the loader reads every source: only when asked

    is_checkout = (folder / "lib" / "engine" / "game").is_dir()
    loaded = load_gallery([], imports=[folder]) if is_checkout else load_gallery([folder])
    found = list(loaded.diagnostics)
    if not loaded.games and not loaded.board_games:
        message = (
            "no games here: expected game files (.yaml), board-game folders (game.yaml), an "
            "18xx.games checkout or a GE18XX folder"
        )
        found.append(Diagnostic(severity="error", message=message, code="games-folder",
                                file=str(folder)))  # fmt: skip
    return found


def check_ge18xx_upgrades(folder: Path, game_ids: list[str]) -> tuple[int, int]:
    """A GE18XX folder: each game's TileSet upgrades against the inferred ones."""
    errors = warnings = 0
    for game_id in game_ids:
        for finding in check_tileset_upgrades(folder, game_id):
            click.echo(str(finding.diagnostic()))
            errors += finding.severity == "error"
            warnings += finding.severity == "warning"
    return errors, warnings


def check_tile_text(label: str, path: Path | None) -> tuple[int, int]:
    """Check a file of tile strings (stdin when `path` is None), decoded by the shared rules
    (a Latin-1 file is an error at its first bad byte, never a UnicodeDecodeError)."""
    text: str | None
    if path is None:
        decoded = decode_text(sys.stdin.buffer.read(), label)
        text, found = decoded.text, list(decoded.diagnostics)
    else:
        text, found = read_text_file(path, label)
    errors, warnings = report(found)
    if text is not None:
        e, w = check_tile_lines(label, text.splitlines())
        errors, warnings = errors + e, warnings + w
    return errors, warnings


def check_tile_lines(label: str, lines: list[str]) -> tuple[int, int]:
    """Check one tile string per line (blank lines and `#` comments skipped)."""
    errors = warnings = 0
    for number, line in enumerate(lines, start=1):
        code = line.rstrip("\n")
        if not code.strip() or code.lstrip().startswith("#"):
            continue
        for diag in check(code):
            if diag.severity == "error":
                errors += 1
            else:
                warnings += 1
            click.echo(str(diag.located(label, number, 1)))
            click.echo(caret_lines(code, diag.column, diag.width))
    return errors, warnings
