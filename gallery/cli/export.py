"""`tile-atlas export`: a game's data in another program's format.

`export ge18xx-tileset GAME` writes a GE18XX TileSet (`<game>-TileSet.xml`) whose upgrades are
the inferred ones (`gallery.upgrades_ge18xx`), so nobody writes them by hand again. `-o FILE`
goes through gallery.output: a file tile-atlas did not write is replaced only with --force.
"""

from __future__ import annotations

from pathlib import Path

import click

from gallery.errors import GameLoadError
from gallery.native import load_game
from tile_lang import Diagnostic


@click.group("export")
def command() -> None:
    """Write a game in another program's format."""


@command.command("ge18xx-tileset")
@click.argument("game_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--ge-tiles",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="GE18XX's Tiles/ folder: rotations then follow GE's own drawings of each tile.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write to FILE instead of stdout.",
)
@click.option("--force", is_flag=True, help="Overwrite FILE even if tile-atlas did not write it.")
def ge18xx_tileset(
    game_file: Path, ge_tiles: Path | None, output: Path | None, force: bool
) -> None:
    """A GE18XX TileSet for GAME_FILE (a game .yaml) with the inferred upgrades."""
    from gallery.ge18xx.tiles import load_tile_definitions
    from gallery.output import OutputConflict, forced_warnings, write_file
    from gallery.upgrades_ge18xx import export_tileset

    try:
        game = load_game(game_file)
    except GameLoadError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"{game_file}: {exc.strerror or exc}") from None
    definitions = None
    if ge_tiles is not None:
        if not ge_tiles.is_dir():
            raise click.ClickException(f"{ge_tiles}: not a folder (GE18XX's Tiles/ expected)")
        problems: list[Diagnostic] = []
        definitions = load_tile_definitions(ge_tiles, problems)
        for problem in problems:
            click.echo(str(problem), err=True)
    result = export_tileset(game, definitions)
    for note in result.notes:
        click.echo(f"note: {note}", err=True)
    if output is None:
        click.echo(result.xml, nl=False)
        return
    try:
        written = write_file(output, result.xml, force=force)
    except OutputConflict as exc:
        raise click.ClickException(str(exc)) from None
    except ValueError as exc:
        raise click.ClickException(f"{output}: {exc}") from None
    except OSError as exc:
        raise click.ClickException(f"{output}: {exc.strerror or exc}") from None
    for warning in forced_warnings(written):
        click.echo(str(warning), err=True)
    click.echo(f"wrote {output}", err=True)
