"""`tile-atlas import 18xx|ge18xx`: convert games from other formats to our YAML."""

from __future__ import annotations

from pathlib import Path

import click

from gallery.cli.common import report
from gallery.ge18xx import import_ge18xx_folder
from gallery.ruby import import_18xx_checkout


@click.group("import")
def command() -> None:
    """Convert games from other formats to our YAML."""


@command.command("18xx")
@click.argument("checkout", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "games", multiple=True, help="Only these game ids (repeatable).")
def import_18xx_command(checkout: Path, out_dir: Path, games: tuple[str, ...]) -> None:
    """Import games from an 18xx.games checkout (read statically; no Ruby is run)."""
    report(import_18xx_checkout(checkout, out_dir, games=list(games) or None))


@command.command("ge18xx")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
def import_ge18xx_command(folder: Path, out_dir: Path) -> None:
    """Import GE18XX XML games (FOLDER holds Tiles/ and one folder per game)."""
    report(import_ge18xx_folder(folder, out_dir))
