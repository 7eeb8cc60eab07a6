"""`tile-atlas render`: one tile (a tile string or a catalog name) as SVG or PNG."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import click

from gallery.cli.common import LAYOUTS
from tile_lang import GRIDS, Grid, Layout, TileSyntaxError, catalog, render_svg
from tile_lang.layout.colors import PALETTE

OUTPUT_SUFFIXES = (".svg", ".png")
HEX_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


def resolve(code_or_name: str) -> tuple[str, str | None]:
    """A catalog tile name becomes (code, colour); anything else is a code."""
    entry = catalog.lookup(code_or_name)
    if entry is not None:
        return entry.code, entry.color
    return code_or_name, None


def looks_like_a_name(text: str) -> bool:
    """No `=`, `;` or `:`: a catalog name (`57`, `X1`, `9999`), not a tile string."""
    return bool(text.strip()) and not re.search(r"[=;:]", text)


def no_such_tile(name: str) -> click.ClickException:
    """`no catalog tile named 9999` with the closest names, for input that is a name."""
    close = difflib.get_close_matches(name, catalog.names(), n=5, cutoff=0.6)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    return click.ClickException(
        f"no catalog tile named {name!r}{hint}; give a catalog name such as 57 or a tile "
        "string such as 'city=revenue:20;path=a:0,b:_0'"
    )


def tile_colors() -> tuple[str, ...]:
    """The colour names a tile may have: the 18xx.games palette and the catalog's groups."""
    return tuple(dict.fromkeys((*catalog.colors(), *PALETTE)))


def _check_color(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None or value in tile_colors() or HEX_COLOR.fullmatch(value):
        return value
    close = difflib.get_close_matches(value, tile_colors(), n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise click.BadParameter(
        f"{value!r} is not a tile colour; {hint}use one of {', '.join(tile_colors())} or #rrggbb",
        ctx,
        param,
    )


def _check_output(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    if value is None:
        return None
    if value.suffix.lower() not in OUTPUT_SUFFIXES:
        raise click.BadParameter(
            f"{str(value)!r}: the file name must end in .svg or .png (the format written)",
            ctx,
            param,
        )
    if not value.parent.is_dir():
        raise click.BadParameter(
            f"cannot write {str(value)!r}: the folder {str(value.parent)!r} does not exist",
            ctx,
            param,
        )
    return value


@click.command("render")
@click.argument("code_or_name")
@click.option(
    "--color",
    default=None,
    callback=_check_color,
    help="Tile colour: a palette name (yellow, green, brown, gray, ...) or #rrggbb "
    "(default: the catalog colour, or white).",
)
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
    "--color-cues",
    is_flag=True,
    help="Mark the tile's colour with a symbol (yellow circle, green triangle, brown square, "
    "gray cross; both for a two-colour tile), for readers who do not tell the colours apart.",
)
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
    callback=_check_output,
    help="Write to FILE (.svg, or .png to rasterise) instead of stdout.",
)
def command(
    code_or_name: str,
    color: str | None,
    layout: Layout,
    rotation: int,
    name: str | None,
    grid: Grid | None,
    scale: float,
    color_cues: bool,
    icon_dirs: tuple[Path, ...],
    output: Path | None,
) -> None:
    """Render one tile (a tile string or a catalog name such as 57) as SVG or PNG."""
    code, catalog_color = resolve(code_or_name)
    try:
        svg = render_svg(
            code,
            color=color or catalog_color or "white",
            layout=layout,
            rotation=rotation,
            name=name,
            grid=grid,
            scale=scale,
            icon_dirs=icon_dirs,
            color_cues=color_cues,
        )
    except TileSyntaxError as exc:
        if catalog_color is None and looks_like_a_name(code_or_name):
            raise no_such_tile(code_or_name) from None
        raise click.ClickException(f"<tile>:1:{exc.column + 1}: error: {exc}") from None
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    try:
        if output is None:
            click.echo(svg)
        elif output.suffix.lower() == ".png":
            write_png(svg, output)
        else:
            output.write_text(svg + "\n", encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"cannot write {output}: {exc.strerror or exc}") from None


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
