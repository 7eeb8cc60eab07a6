"""`tile-atlas gallery`: the gallery pages (Markdown) and tile SVGs for a folder of games."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from gallery.cli.common import report
from gallery.loader import load_gallery
from gallery.output import OutputConflict, forced_warnings
from gallery.partstore import PartStore, default_parts_dir
from gallery.site import write_gallery
from tile_lang.render_cache import RenderCache


@click.command("gallery")
@click.argument("games_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--no-catalog", is_flag=True, help="Skip the catalog pages (tiles/…).")
@click.option(
    "--no-cache",
    is_flag=True,
    help="Build every part: neither take parts from the part cache nor keep them there.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Overwrite files in OUT_DIR that tile-atlas did not write or that were edited since.",
)
def command(games_dir: Path, out_dir: Path, no_catalog: bool, no_cache: bool,
            force: bool) -> None:  # fmt: skip
    """Write the gallery pages (Markdown) and tile SVGs for GAMES_DIR into OUT_DIR.

    Parts built by an earlier run (each game, the catalog in runs) are taken from the part
    cache, the MkDocs plugin's (~/.cache/tile-atlas/parts on Linux), unless --no-cache.

    Never overwrites a file tile-atlas did not write, or wrote and someone edited since,
    without --force (nothing is written then; exit 1). Exit 1 when a game has errors."""
    loaded = load_gallery([games_dir])  # the plugin's path: the same games, the same pages
    games = list(loaded.games)
    errors, _ = report(loaded.diagnostics)

    def progress(what: str, done: int, total: int) -> None:
        click.echo(f"  {done}/{total} {what}", err=True)

    renders = RenderCache()
    try:
        result = write_gallery(
            games,
            out_dir,
            catalog_pages=not no_catalog,
            progress=progress,
            force=force,
            board_games=loaded.board_games,
            renders=renders,
            store=None if no_cache else PartStore(default_parts_dir()),
        )
    except OutputConflict as exc:
        raise click.ClickException(str(exc)) from None
    report(forced_warnings(result))
    if missing := renders.missing_icons_message():
        click.echo(missing, err=True)
    click.echo(
        f"wrote {len(result.written)} files ({len(result.unchanged)} unchanged) for "
        f"{len(games) + len(loaded.board_games)} game(s) to {out_dir}",
        err=True,
    )
    if errors:
        sys.exit(1)
