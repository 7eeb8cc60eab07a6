"""`tile-atlas render`: one tile (a tile string or a catalog name) as SVG or PNG."""

from __future__ import annotations

from pathlib import Path

import click

from gallery.cli.common import LAYOUTS
from tile_lang import GRIDS, Grid, TileSyntaxError, catalog
from tile_lang.svg import render_svg


def resolve(code_or_name: str) -> tuple[str, str | None]:
    """A catalog tile name becomes (code, colour); anything else is a code."""
    entry = catalog.lookup(code_or_name)
    if entry is not None:
        return entry.code, entry.color
    return code_or_name, None


@click.command("render")
@click.argument("code_or_name")
@click.option("--color", default=None, help="Tile colour (default: the catalog colour, or white).")
@click.option("--layout", type=LAYOUTS, default="flat", show_default=True)
@click.option("--rotation", type=click.IntRange(0, 5), default=0, show_default=True)
@click.option("--name", default=None, help="Location name to print on the tile.")
@click.option(
    "--grid",
    type=click.Choice(GRIDS),
    is_flag=False,
    flag_value="regions",
    default=None,
    help="Overlay the 24 numbered regions (--grid), region use (--grid usage) or the "
    "anatomy figure (--grid anatomy).",
)
@click.option("--scale", type=float, default=1.0, show_default=True)
@click.option(
    "--icons",
    "icon_dirs",
    multiple=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder of NAME.svg icons (repeatable).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write to FILE (.svg, or .png to rasterise) instead of stdout.",
)
def command(
    code_or_name: str,
    color: str | None,
    layout: str,
    rotation: int,
    name: str | None,
    grid: Grid | None,
    scale: float,
    icon_dirs: tuple[Path, ...],
    output: Path | None,
) -> None:
    """Render one tile (a tile string or a catalog name such as 57) as SVG or PNG."""
    code, catalog_color = resolve(code_or_name)
    try:
        svg = render_svg(
            code,
            color=color or catalog_color or "white",
            layout=layout,  # type: ignore[arg-type]
            rotation=rotation,
            name=name,
            grid=grid,
            scale=scale,
            icon_dirs=icon_dirs,
        )
    except TileSyntaxError as exc:
        raise click.ClickException(f"<tile>:1:{exc.column + 1}: error: {exc}") from None
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if output is None:
        click.echo(svg)
    elif output.suffix.lower() == ".png":
        write_png(svg, output)
    else:
        output.write_text(svg + "\n", encoding="utf-8")


def write_png(svg: str, output: Path) -> None:
    """Rasterise with cairosvg (a core dependency); the import is guarded because cairocffi
    fails with OSError when the system's cairo library is missing."""
    try:
        import cairosvg
    except (ImportError, OSError):  # pragma: no cover - depends on the environment
        raise click.ClickException(
            "PNG output needs cairosvg and the cairo library (libcairo2 on Debian)"
        ) from None
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(output))
