"""`tile-atlas parse`: how a tile string is understood (its parts and canonical form)."""

from __future__ import annotations

import click

from tile_lang import TileSyntaxError, parse, serialise


@click.command("parse")
@click.argument("code")
def command(code: str) -> None:
    """Show how a tile string is understood: its parts and the canonical form."""
    try:
        tile = parse(code)
    except TileSyntaxError as exc:
        raise click.ClickException(str(exc)) from None
    for part in tile.parts:
        click.echo(repr(part))
    click.echo(f"canonical: {serialise(tile)}")
