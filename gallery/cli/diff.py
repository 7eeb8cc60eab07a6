"""`tile-atlas diff OLD NEW`: what changed in each game between two checkouts, game folders or
game files, as text, Markdown, JSON or a standalone HTML page.

Exit status as `diff`'s: 0 the same, 1 different, 2 trouble (a path that is no side, a game
that could not be read, a `--game` neither side has). `-o FILE` never replaces a file
tile-atlas did not write without `--force` (gallery.output).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Literal

import click

from gallery.diff.compare import diff_paths
from gallery.diff.html import Painter, render_html
from gallery.diff.jsonout import render_json
from gallery.diff.model import DiffReport
from gallery.diff.sides import Side, SideError
from gallery.diff.text import render_markdown, render_text, summary_line
from gallery.output import OutputConflict, forced_warnings, write_file
from gallery.templates import Templates

Format = Literal["text", "markdown", "json", "html"]
FORMATS: tuple[Format, ...] = ("text", "markdown", "json", "html")
#: `diff`'s exit status for trouble.
TROUBLE = 2


def _fail(message: str) -> None:
    click.echo(f"tile-atlas diff: {message}", err=True)
    sys.exit(TROUBLE)


def _render(fmt: Format, report: DiffReport, sides: tuple[Side, Side],
            template_dirs: tuple[Path, ...]) -> str:  # fmt: skip
    if fmt == "json":
        return render_json(report)
    if fmt == "markdown":
        return render_markdown(report)
    if fmt == "html":
        old, new = sides
        painter = Painter()
        painter.before.refresh(old.icon_dirs)
        painter.after.refresh(new.icon_dirs)
        templates = Templates(template_dirs, watch=False)
        return render_html(report, templates=templates, painter=painter)
    return render_text(report)


def _append(path: Path, text: str) -> None:
    """Add `text` at the end of `path` (a job summary collects what every step appends; this
    never replaces what is there)."""
    try:
        with open(path, "a", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        _fail(f"{path}: {exc.strerror or exc}")


def _write(output: Path, text: str, force: bool) -> None:
    try:
        written = write_file(output, text, force=force)
    except OutputConflict as exc:
        _fail(str(exc))
    except (OSError, ValueError) as exc:
        _fail(f"{output}: {getattr(exc, 'strerror', None) or exc}")
    else:
        for warning in forced_warnings(written):
            click.echo(str(warning), err=True)


@click.command("diff")
@click.argument("old", type=click.Path(path_type=Path))
@click.argument("new", type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="text (terminal), markdown (a job summary), json, or html (a standalone page).",
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="Write to FILE instead of stdout.",
)  # fmt: skip
@click.option("--force", is_flag=True, help="Overwrite FILE even if tile-atlas did not write it.")
@click.option(
    "--summary", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="Also append the Markdown summary to FILE (GitHub's $GITHUB_STEP_SUMMARY).",
)  # fmt: skip
@click.option("--game", "games", multiple=True, metavar="ID", help="Only this game (repeatable).")
@click.option("--old-label", default=None, help="How OLD is named in the report (default: OLD).")
@click.option("--new-label", default=None, help="How NEW is named in the report (default: NEW).")
@click.option(
    "--templates", "template_dirs", multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of template overrides (diff_page.html.j2), repeatable.",
)  # fmt: skip
def command(
    old: Path,
    new: Path,
    fmt: Format,
    output: Path | None,
    force: bool,
    summary: Path | None,
    games: tuple[str, ...],
    old_label: str | None,
    new_label: str | None,
    template_dirs: tuple[Path, ...],
) -> None:
    """Show what changed in each game from OLD to NEW: hexes and tiles added, removed or
    changed (code, colour, location name, count). OLD and NEW are two 18xx.games checkouts, two
    game folders or files of one (g_1889/, g_1889/map.rb), two game files (.yaml) or two games
    folders. Nothing is executed. Exit 0 when the same, 1 when different, 2 on trouble."""
    labels = (old_label or str(old), new_label or str(new))
    try:
        report, old_side, new_side = diff_paths(old, new, wanted=games or None, labels=labels)
    except SideError as exc:
        _fail(str(exc))
        return
    text = _render(fmt, report, (old_side, new_side), template_dirs)
    if summary is not None:
        _append(summary, render_markdown(report))
    if output is None:
        click.echo(text, nl=False)
    else:
        _write(output, text, force)
        click.echo(f"wrote {output}", err=True)
    for problem in report.problems:
        click.echo(str(problem), err=True)
    if output is not None or fmt != "text":  # text on stdout ends with the summary already
        click.echo(summary_line(report), err=True)
    sys.exit(report.exit_code)
