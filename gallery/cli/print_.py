"""`tile-atlas print tiles|map`: true-size vector PDFs of a game's tiles and map.

A GAME_FILE gives one PDF at `-o FILE.pdf`; a folder of games gives one PDF per game in
`-o DIR`, with a line of progress per game on stderr (a 130-game batch takes minutes).
Errors in the input are reported as file:line: messages and never as a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

import click

from gallery.errors import GameLoadError
from gallery.game import Game
from gallery.printing.geometry import Layout, Paper
from gallery.printing.options import MapSheetOptions, PageOptions, TileSheetOptions

Kind = Literal["tiles", "map"]


def _page_options(func: Callable[..., None]) -> Callable[..., None]:
    options = [
        click.option(
            "--hex-mm",
            type=float,
            default=38.0,
            show_default=True,
            help="Hex size between flats, in millimetres (38 mm = 1.5 in).",
        ),
        click.option(
            "--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True
        ),
        click.option(
            "--margin",
            "margin_mm",
            type=float,
            default=10.0,
            show_default=True,
            help="Page margin in millimetres (what the printer cannot reach).",
        ),
        click.option(
            "-o",
            "--output",
            type=click.Path(path_type=Path),
            required=True,
            help="The PDF to write, or a folder when GAME is a folder of games.",
        ),
        click.option("--force", is_flag=True, help="Replace an output file we did not write."),
        click.argument("game", type=click.Path(exists=True, path_type=Path)),
    ]
    for option in reversed(options):
        func = option(func)
    return func


@click.group("print")
def command() -> None:
    """True-size vector PDFs: tile counter sheets and map sheets."""


@command.command("tiles")
@_page_options
@click.option(
    "--layout",
    type=click.Choice(["flat", "pointy"]),
    default=None,
    help="Hex orientation (default: the game's).",
)
@click.option(
    "--bleed",
    "bleed_mm",
    type=float,
    default=0.0,
    show_default=True,
    help="Colour beyond each cut line in mm (0: hexes share edges).",
)
@click.option("--no-numbers", is_flag=True, help="Do not print tile numbers on the tiles.")
@click.option("--backs", is_flag=True, help="Add a back page per sheet (tile colour, duplex).")
@click.option(
    "--color-cues",
    is_flag=True,
    help="Mark each tile's colour with a symbol, for players who do not tell the colours apart.",
)
@click.option(
    "--unlimited",
    type=int,
    default=1,
    show_default=True,
    help="Copies of tiles whose supply is unlimited.",
)
def tiles_command(
    game: Path,
    output: Path,
    force: bool,
    hex_mm: float,
    paper: str,
    margin_mm: float,
    layout: str | None,
    bleed_mm: float,
    no_numbers: bool,
    backs: bool,
    color_cues: bool,
    unlimited: int,
) -> None:
    """Counter sheets of every tile of GAME (a game file or a folder of games)."""
    try:
        options = TileSheetOptions(
            hex_mm=hex_mm,
            layout=_layout(layout),
            paper=_paper(paper),
            margin_mm=margin_mm,
            bleed_mm=bleed_mm,
            numbers=not no_numbers,
            backs=backs,
            unlimited=unlimited,
            color_cues=color_cues,
        )
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    _run("tiles", game, output, options, force)


@command.command("map")
@_page_options
@click.option(
    "--overlap",
    "overlap_mm",
    type=float,
    default=10.0,
    show_default=True,
    help="How far neighbouring pages overlap, in millimetres.",
)
def map_command(
    game: Path,
    output: Path,
    force: bool,
    hex_mm: float,
    paper: str,
    margin_mm: float,
    overlap_mm: float,
) -> None:
    """The map of GAME (a game file or a folder of games) over pages to glue together."""
    try:
        options = MapSheetOptions(
            hex_mm=hex_mm, paper=_paper(paper), margin_mm=margin_mm, overlap_mm=overlap_mm
        )
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    _run("map", game, output, options, force)


def _layout(value: str | None) -> Layout | None:
    return "pointy" if value == "pointy" else "flat" if value == "flat" else None


def _paper(value: str) -> Paper:
    return "letter" if value == "letter" else "a4"


def _run(kind: Kind, source: Path, output: Path, options: PageOptions, force: bool) -> None:
    if source.is_dir():
        _batch(kind, source, output, options, force)
    else:
        game = _load(source)
        pages = _write(kind, game, output, options, force)
        click.echo(f"wrote {output} ({pages} pages)", err=True)


def _load(path: Path) -> Game:
    from gallery import load_game

    if path.suffix not in (".yaml", ".yml"):
        raise click.ClickException(f"{path}: expected a game file (.yaml) or a folder of games")
    try:
        return load_game(path)
    except GameLoadError as exc:
        raise click.ClickException(f"cannot print {path}:\n{exc}") from None
    except OSError as exc:
        raise click.ClickException(f"{path}: {exc.strerror}") from None


def _render(kind: Kind, game: Game, options: PageOptions) -> tuple[bytes, int]:
    """The PDF of one game and its page count; ClickException for what cannot be printed."""
    from gallery.printing.mapsheet import map_sheet_pages
    from gallery.printing.pdf import pages_to_pdf
    from gallery.printing.tiles import tile_sheet_pages

    def report(message: str) -> None:
        click.echo(f"{game.source or game.id}: warning: {message}", err=True)

    title = f"{game.title} — {'tiles' if kind == 'tiles' else 'map'}"
    try:
        if kind == "tiles":
            assert isinstance(options, TileSheetOptions)
            pages = tile_sheet_pages(game, options, report)
        else:
            assert isinstance(options, MapSheetOptions)
            pages = map_sheet_pages(game, options, report)
        return pages_to_pdf(pages, title=title), len(pages)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None


def _write(kind: Kind, game: Game, output: Path, options: PageOptions, force: bool) -> int:
    """One PDF file through gallery.output: an existing file is replaced only when we wrote it
    and nobody edited it since (the manifest of its folder says so), or with --force."""
    from gallery.output import OutputConflict, forced_warnings, write_file

    data, pages = _render(kind, game, options)
    try:
        result = write_file(output, data, force=force)
    except OutputConflict as exc:
        raise click.ClickException(str(exc)) from None
    except ValueError as exc:
        raise click.ClickException(f"{output}: {exc}") from None
    except OSError as exc:
        raise click.ClickException(f"{output}: {exc.strerror or exc}") from None
    for warning in forced_warnings(result):
        click.echo(str(warning), err=True)
    return pages


def _batch(kind: Kind, folder: Path, out_dir: Path, options: PageOptions, force: bool) -> None:
    """One PDF per game into `out_dir` through gallery.output (a manifest of what we wrote):
    files that are not ours are refused before the long run starts, each PDF lands as soon as
    it is made, so progress is real and an interrupted batch keeps what it finished."""
    from gallery.loader import load_games_dirs
    from gallery.output import OutputConflict, forced_warnings, read_manifest, write_files
    from gallery.site import tile_slug

    if out_dir.exists() and not out_dir.is_dir():
        raise click.ClickException(f"{out_dir}: GAME is a folder, so -o must be a folder too")
    games, diagnostics = load_games_dirs([folder])
    for diag in diagnostics:
        click.echo(str(diag), err=True)
    if not games:
        raise click.ClickException(f"{folder}: no games found")
    names = {game.id: f"{tile_slug(game.id)}-{kind}.pdf" for game in games}
    ours = read_manifest(out_dir)
    foreign = [n for n in names.values() if (out_dir / n).exists() and n not in ours]
    if foreign and not force:
        raise click.ClickException(
            "\n".join(f"{out_dir / n}: not written by tile-atlas: not overwritten" for n in foreign)
            + "\nnothing written; check them, then run again with --force to overwrite"
        )
    written = 0
    for number, game in enumerate(games, start=1):
        if kind == "map" and not any(h.color != "empty" for h in game.hexes.values()):
            click.echo(f"[{number}/{len(games)}] {game.id}: no map hexes, skipped", err=True)
            continue
        data, pages = _render(kind, game, options)
        try:
            result = write_files(out_dir, {names[game.id]: data}, force=force)
        except OutputConflict as exc:
            raise click.ClickException(str(exc)) from None
        except OSError as exc:
            raise click.ClickException(f"{out_dir}: {exc.strerror or exc}") from None
        for warning in forced_warnings(result):
            click.echo(str(warning), err=True)
        written += 1
        target = out_dir / names[game.id]
        click.echo(f"[{number}/{len(games)}] {game.id}: {pages} pages -> {target}", err=True)
    click.echo(f"wrote {written} PDF(s) to {out_dir}", err=True)
