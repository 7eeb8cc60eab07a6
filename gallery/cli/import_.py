"""`tile-atlas import 18xx|ge18xx`: convert games from other formats to our YAML.

Both write through `gallery.output`: a file in OUT_DIR the tool did not write, or wrote and
someone edited since, is never overwritten without `--force` (nothing is written then, and
the command exits 1 naming each file). Errors in what was read mean exit 1 too.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from gallery.cli.common import report
from gallery.ge18xx import import_ge18xx_folder, list_ge18xx_games
from gallery.output import OutputConflict
from gallery.ruby import import_18xx_checkout, list_18xx_games
from tile_lang import Diagnostic

FORCE = click.option(
    "--force",
    is_flag=True,
    help="Overwrite files in OUT_DIR that tile-atlas did not write or that were edited since.",
)


@click.group("import")
def command() -> None:
    """Convert games from other formats to our YAML."""


@command.command("18xx")
@click.argument("checkout", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "games", multiple=True, help="Only these game ids (repeatable).")
@FORCE
def import_18xx_command(checkout: Path, out_dir: Path, games: tuple[str, ...], force: bool) -> None:
    """Import games from an 18xx.games checkout (read statically; no Ruby is run)."""
    try:
        diagnostics = import_18xx_checkout(
            checkout, out_dir, games=list(games) or None, force=force
        )
    except OutputConflict as exc:
        raise click.ClickException(str(exc)) from None
    except (FileNotFoundError, ValueError) as exc:  # an unknown --game id
        raise click.ClickException(str(exc)) from None
    _finish(len(games) or len(list_18xx_games(checkout)), out_dir, diagnostics)


@command.command("ge18xx")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@FORCE
def import_ge18xx_command(folder: Path, out_dir: Path, force: bool) -> None:
    """Import GE18XX XML games (FOLDER holds Tiles/ and one folder per game)."""
    try:
        diagnostics = import_ge18xx_folder(folder, out_dir, force=force)
    except OutputConflict as exc:
        raise click.ClickException(str(exc)) from None
    _finish(len(list_ge18xx_games(folder)), out_dir, diagnostics)


def _finish(games: int, out_dir: Path, diagnostics: list[Diagnostic]) -> None:
    """Print the diagnostics, then what was done in counts (on stderr, like `check`); exit 1
    on errors."""
    errors, warnings = report(diagnostics)
    click.echo(
        f"{games} game(s) read, written to {out_dir}; {errors} error(s), {warnings} warning(s)",
        err=True,
    )
    if errors:
        sys.exit(1)
