"""`tile-atlas gallery`: the gallery pages (Markdown) and tile SVGs for a folder of games."""

from __future__ import annotations

from pathlib import Path

import click

from gallery.cli.common import report
from gallery.loader import load_games_dirs
from gallery.site import write_gallery


@click.command("gallery")
@click.argument("games_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--no-catalog", is_flag=True, help="Skip the catalog pages (tiles/…).")
def command(games_dir: Path, out_dir: Path, no_catalog: bool) -> None:
    """Write the gallery pages (Markdown) and tile SVGs for GAMES_DIR into OUT_DIR."""
    games, diagnostics = load_games_dirs([games_dir])
    report(diagnostics)

    def progress(what: str, done: int, total: int) -> None:
        click.echo(f"  {done}/{total} {what}", err=True)

    count = write_gallery(games, out_dir, catalog_pages=not no_catalog, progress=progress)
    click.echo(f"wrote {count} files for {len(games)} game(s) to {out_dir}", err=True)
