"""`tile-atlas parse`: how a tile string is understood (its parts and canonical form)."""

from __future__ import annotations

import click

from gallery.cli.render import looks_like_a_name, no_such_tile, resolve
from tile_lang import TileSyntaxError, parse, serialise


@click.command("parse")
@click.argument("code_or_name")
def command(code_or_name: str) -> None:
    """Show how a tile string (or a catalog name such as 57, as `render` takes) is understood:
    its parts and the canonical form."""
    code, catalog_color = resolve(code_or_name)
    try:
        tile = parse(code)
    except TileSyntaxError as exc:
        if catalog_color is None and looks_like_a_name(code_or_name):
            raise no_such_tile(code_or_name) from None
        raise click.ClickException(str(exc)) from None
    for part in tile.parts:
        click.echo(repr(part))
    click.echo(f"canonical: {serialise(tile)}")
