"""`tile-atlas render-catalog`: every catalog tile as one SVG file."""

from __future__ import annotations

from pathlib import Path

import click

from gallery.cli.common import LAYOUTS
from tile_lang import Layout, catalog, describe, render_svg


@click.command("render-catalog")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--layout", type=LAYOUTS, default="flat", show_default=True)
def command(directory: Path, layout: Layout) -> None:
    """Render every catalog tile to DIRECTORY/<layout>_<NAME>.svg (catalog colour, rotation 0)."""
    directory.mkdir(parents=True, exist_ok=True)
    count = 0
    for entry in catalog.all_tiles():
        words = describe(entry.code, color=entry.color, layout=layout, number=entry.name)
        svg = render_svg(entry.code, color=entry.color, layout=layout, title=words)
        safe = entry.name.replace("/", "_")
        (directory / f"{layout}_{safe}.svg").write_text(svg + "\n", encoding="utf-8")
        count += 1
    click.echo(f"wrote {count} tiles to {directory}", err=True)
