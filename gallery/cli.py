"""The `tile-atlas` command: check, render and import tiles and games.

It lives in gallery (not tile_lang) because `check` and `import` understand game files; the
tile-only commands use nothing but tile_lang.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tile_lang import TileSyntaxError, catalog, check, parse
from tile_lang.errors import caret_lines

LAYOUTS = click.Choice(["flat", "pointy"])


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tile-atlas")
def main() -> None:
    """Tile Atlas: the 18xx tile language — check, render, import."""


def _resolve(code_or_name: str) -> tuple[str, str | None]:
    """A catalog tile name becomes (code, colour); anything else is a code."""
    entry = catalog.lookup(code_or_name)
    if entry is not None:
        return entry.code, entry.color
    return code_or_name, None


@main.command()
@click.argument("code_or_name")
@click.option("--color", default=None, help="Tile colour (default: the catalog colour, or white).")
@click.option("--layout", type=LAYOUTS, default="flat", show_default=True)
@click.option("--rotation", type=click.IntRange(0, 5), default=0, show_default=True)
@click.option("--name", default=None, help="Location name to print on the tile.")
@click.option("--grid", is_flag=True, help="Overlay the 24 numbered regions.")
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
def render(
    code_or_name: str,
    color: str | None,
    layout: str,
    rotation: int,
    name: str | None,
    grid: bool,
    scale: float,
    icon_dirs: tuple[Path, ...],
    output: Path | None,
) -> None:
    """Render one tile (a tile string or a catalog name such as 57) as SVG or PNG."""
    from tile_lang.svg import render_svg

    code, catalog_color = _resolve(code_or_name)
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
    try:
        import cairosvg
    except ImportError:  # pragma: no cover - depends on the environment
        raise click.ClickException(
            "PNG output needs cairosvg: pip install 'tile-atlas[png]'"
        ) from None
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(output))


@main.command("render-catalog")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--layout", type=LAYOUTS, default="flat", show_default=True)
def render_catalog(directory: Path, layout: str) -> None:
    """Render every catalog tile to DIRECTORY/<layout>_<NAME>.svg (catalog colour, rotation 0)."""
    from tile_lang.svg import render_svg

    directory.mkdir(parents=True, exist_ok=True)
    count = 0
    for entry in catalog.all_tiles():
        svg = render_svg(entry.code, color=entry.color, layout=layout, title=entry.name)  # type: ignore[arg-type]
        safe = entry.name.replace("/", "_")
        (directory / f"{layout}_{safe}.svg").write_text(svg + "\n", encoding="utf-8")
        count += 1
    click.echo(f"wrote {count} tiles to {directory}", err=True)


def _check_tile_lines(label: str, lines: list[str]) -> tuple[int, int]:
    errors = warnings = 0
    for number, line in enumerate(lines, start=1):
        code = line.rstrip("\n")
        if not code.strip() or code.lstrip().startswith("#"):
            continue
        for diag in check(code):
            if diag.severity == "error":
                errors += 1
            else:
                warnings += 1
            hint = f" (hint: {diag.hint})" if diag.hint else ""
            click.echo(f"{label}:{number}:{diag.column + 1}: {diag.severity}: {diag.message}{hint}")
            click.echo(caret_lines(code, diag.column, diag.width))
    return errors, warnings


GAME_SUFFIXES = (".yaml", ".yml")
BOARD_SUFFIXES = (".tab", ".tjt")


@main.command("check")
@click.argument("files", nargs=-1, type=click.Path(allow_dash=True, path_type=Path))
def check_command(files: tuple[Path, ...]) -> None:
    """Check tile strings (one per line; `-` or nothing reads stdin), game files (.yaml) or
    board-game files (.tab, .tjt). Prints file:line:col: severity: message; exits 1 on errors."""
    errors = warnings = 0
    if not files:
        files = (Path("-"),)
    board_files = [f for f in files if f.suffix in BOARD_SUFFIXES]
    for path in files:
        if str(path) == "-":
            e, w = _check_tile_lines("<stdin>", sys.stdin.read().splitlines())
        elif path.is_dir() or (
            path.name == "game.yaml"
            and (path.parent / "game.yaml").is_file()
            and _is_board_game(path)
        ):
            e, w = _report(list(_board_game_diagnostics(path)))
        elif path.suffix in GAME_SUFFIXES:
            e, w = _check_game(path)
        elif path.suffix in BOARD_SUFFIXES:
            continue
        else:
            try:
                lines = path.read_text(encoding="utf-8").splitlines()
            except OSError as exc:
                raise click.ClickException(f"{path}: {exc.strerror}") from None
            e, w = _check_tile_lines(str(path), lines)
        errors += e
        warnings += w
    if board_files:
        e, w = _check_board(board_files)
        errors += e
        warnings += w
    click.echo(f"{errors} error(s), {warnings} warning(s)", err=True)
    if errors:
        sys.exit(1)


def _report(diagnostics: list[object]) -> tuple[int, int]:
    errors = warnings = 0
    for diag in diagnostics:
        click.echo(str(diag))
        if getattr(diag, "severity", "error") == "error":
            errors += 1
        else:
            warnings += 1
    return errors, warnings


def _is_board_game(path: Path) -> bool:
    from gallery.boardgame.game_file import is_board_game_folder

    return is_board_game_folder(path.parent if path.is_file() else path)


def _board_game_diagnostics(path: Path) -> list[object]:
    from gallery.boardgame import check_board_game

    return list(check_board_game(path))


def _check_game(path: Path) -> tuple[int, int]:
    try:
        from gallery.native import check_game_file
    except ImportError:  # pragma: no cover - until the native format lands
        raise click.ClickException("game files cannot be checked by this version") from None
    return _report(list(check_game_file(path)))


def _check_board(paths: list[Path]) -> tuple[int, int]:
    try:
        from gallery.boardgame import check_board_files
    except ImportError:  # pragma: no cover - until board games land
        raise click.ClickException("board-game files cannot be checked by this version") from None
    return _report(list(check_board_files(paths)))


@main.group("import")
def import_group() -> None:
    """Convert games from other formats to our YAML."""


@import_group.command("18xx")
@click.argument("checkout", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "games", multiple=True, help="Only these game ids (repeatable).")
def import_18xx_command(checkout: Path, out_dir: Path, games: tuple[str, ...]) -> None:
    """Import games from an 18xx.games checkout (read statically; no Ruby is run)."""
    from gallery.ruby import import_18xx_checkout

    diagnostics = import_18xx_checkout(checkout, out_dir, games=list(games) or None)
    _report(list(diagnostics))


@import_group.command("ge18xx")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
def import_ge18xx_command(folder: Path, out_dir: Path) -> None:
    """Import GE18XX XML games (FOLDER holds Tiles/ and one folder per game)."""
    from gallery.ge18xx import import_ge18xx_folder

    diagnostics = import_ge18xx_folder(folder, out_dir)
    _report(list(diagnostics))


@main.command("gallery")
@click.argument("games_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--no-catalog", is_flag=True, help="Skip the catalog pages (tiles/…).")
def gallery_command(games_dir: Path, out_dir: Path, no_catalog: bool) -> None:
    """Write the gallery pages (Markdown) and tile SVGs for GAMES_DIR into OUT_DIR."""
    from gallery.loader import load_games_dirs
    from gallery.site import write_gallery

    games, diagnostics = load_games_dirs([games_dir])
    _report(list(diagnostics))

    def progress(what: str, done: int, total: int) -> None:
        click.echo(f"  {done}/{total} {what}", err=True)

    count = write_gallery(games, out_dir, catalog_pages=not no_catalog, progress=progress)
    click.echo(f"wrote {count} files for {len(games)} game(s) to {out_dir}", err=True)


@main.command("parse")
@click.argument("code")
def parse_command(code: str) -> None:
    """Show how a tile string is understood: its parts and the canonical form."""
    from tile_lang import serialise

    try:
        tile = parse(code)
    except TileSyntaxError as exc:
        raise click.ClickException(str(exc)) from None
    for part in tile.parts:
        click.echo(repr(part))
    click.echo(f"canonical: {serialise(tile)}")


if __name__ == "__main__":  # pragma: no cover
    main()
