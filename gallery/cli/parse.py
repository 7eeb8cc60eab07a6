"""`tile-atlas parse`: how a tile string is understood (its parts and canonical form, or the
published JSON model with `--json`)."""

from __future__ import annotations

import json

import click

from gallery.cli.render import looks_like_a_name, no_such_tile, resolve
from tile_lang import TileSyntaxError, parse, serialise
from tile_lang.spec import tile_json


@click.command("parse")
@click.argument("code_or_name")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the tile as JSON in the published model (validates against the "
    "Specification's schema); a string that does not parse prints "
    '{"error": {"code", "column", "message"}} and exits 1.',
)
def command(code_or_name: str, as_json: bool) -> None:
    """Show how a tile string (or a catalog name such as 57, as `render` takes) is understood:
    its parts and the canonical form."""
    code, catalog_color = resolve(code_or_name)
    try:
        tile = parse(code)
    except TileSyntaxError as exc:
        if catalog_color is None and looks_like_a_name(code_or_name):
            raise no_such_tile(code_or_name) from None
        if as_json:
            error = {"code": exc.diagnostic_code, "column": exc.column, "message": exc.message}
            click.echo(json.dumps({"error": error}, ensure_ascii=False, indent=2))
            raise SystemExit(1) from None
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(tile_json(tile), ensure_ascii=False, indent=2))
        return
    for part in tile.parts:
        click.echo(repr(part))
    click.echo(f"canonical: {serialise(tile)}")
