"""`tile-atlas lint CHECKOUT [PATH ...]`: the command-line face of gallery.lint."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from gallery.lint.files import LintUsageError, select_files
from gallery.lint.findings import KNOWN_CODES
from gallery.lint.formats import FORMATS, Format, render, summary
from gallery.lint.game import games_touched
from gallery.lint.runner import lint_files
from gallery.ruby import list_18xx_games


def _codes(values: tuple[str, ...], option: str) -> frozenset[str]:
    """`--select a,b --select c` -> {a, b, c}; an unknown code is a usage error (a typo there
    would silently select nothing)."""
    codes = frozenset(c.strip() for value in values for c in value.split(",") if c.strip())
    unknown = sorted(codes - set(KNOWN_CODES))
    if unknown:
        raise click.BadParameter(
            f"unknown code(s) {', '.join(unknown)}; codes: {', '.join(KNOWN_CODES)}",
            param_hint=option,
        )
    return codes


@click.command("lint")
@click.argument("checkout", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="text (terminal), github (annotations), json or sarif.",
)
@click.option("--select", multiple=True, help="Only these codes (comma-separated, repeatable).")
@click.option("--ignore", multiple=True, help="Not these codes (comma-separated, repeatable).")
@click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
def command(
    checkout: Path,
    paths: tuple[Path, ...],
    fmt: Format,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    strict: bool,
) -> None:
    """Check every tile string and every game of an 18xx.games CHECKOUT (or only the files
    given as PATHs and the games they belong to) and report each problem at its Ruby file,
    line and column. Whole-game checks: every hex named exists, each hex defined once, tile
    names known, no upgrade dead ends, borders on both sides. Nothing is executed. Exit 1 on
    errors (with --strict, on warnings too)."""
    chosen = _codes(select, "--select")
    dropped = _codes(ignore, "--ignore")
    try:
        files = select_files(checkout, paths)
    except LintUsageError as exc:
        raise click.UsageError(str(exc)) from None
    games = (
        list_18xx_games(checkout) if not paths else games_touched(checkout, [f.name for f in files])
    )
    result = lint_files(files, select=chosen, ignore=dropped, checkout=checkout, games=games)
    click.echo(render(result, fmt), nl=False)
    click.echo(summary(result), err=True)
    sys.exit(result.exit_code(strict=strict))
