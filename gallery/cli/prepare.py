"""`tile-atlas prepare`: make a MkDocs site with the `tiles` plugin ready for Zensical."""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path

import click

from gallery.cli.common import report
from gallery.output import OutputConflict, WriteResult, forced_warnings
from gallery.prepare.run import BLOCKS_DIR, CONFIG_NAME, Prepared, Preparer
from gallery.prepare.siteconfig import PrepareError
from gallery.prepare.watch import watch


def _summary(result: Prepared, seconds: float) -> str:
    removed = f", {len(result.removed)} removed" if result.removed else ""
    return (
        f"prepared {result.games} game(s): {len(result.written)} files written "
        f"({result.unchanged} unchanged{removed}) in {seconds:.1f} s"
    )


def _once(preparer: Preparer) -> Prepared:
    start = time.perf_counter()
    try:
        result = preparer.run()
    except (PrepareError, OutputConflict) as exc:
        raise click.ClickException(str(exc)) from None
    report(result.diagnostics)
    report(forced_warnings(WriteResult((), (), result.forced)))
    click.echo(_summary(result, time.perf_counter() - start), err=True)
    return result


@click.command("prepare")
@click.option(
    "-f",
    "--config-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default="mkdocs.yml",
    show_default=True,
    help="The site's MkDocs configuration.",
)
@click.option(
    "--watch",
    "watching",
    is_flag=True,
    help="Keep running: prepare again after every edit (for `zensical serve`).",
)
@click.option(
    "--strict",
    is_flag=True,
    help="A ```tile fence with a problem fails the engine's build (as mkdocs --strict).",
)
@click.option(
    "--force",
    is_flag=True,
    help="Overwrite files tile-atlas did not write or that were edited since.",
)
def command(config_file: Path, watching: bool, strict: bool, force: bool) -> None:
    """Prepare the site of CONFIG_FILE for Zensical: the gallery's pages and assets written
    into the docs folder, and a zensical.toml beside the configuration holding the site's
    settings with the Games and Tiles navigation and the ```tile fence.

    Then `zensical build` or `zensical serve` need nothing else. Nothing is written when
    nothing changed; a file tile-atlas did not write is never overwritten without --force.
    Exit 1 when a game has errors."""
    preparer = Preparer(config_file, force=force, strict=strict)
    result = _once(preparer)
    if not watching:
        errors = sum(d.severity == "error" for d in result.diagnostics)
        if result.written:
            click.echo(f"git-ignorable: {CONFIG_NAME}, {BLOCKS_DIR}/ and what the docs "
                       "folder's .tile-atlas-manifest.json lists", err=True)  # fmt: skip
        sys.exit(1 if errors else 0)
    click.echo("watching for changes (Ctrl+C stops)", err=True)
    state = {"watched": result.watched}

    def again(changed: list[str]) -> None:
        click.echo(f"changed: {', '.join(changed[:3])}{' …' if len(changed) > 3 else ''}",
                   err=True)  # fmt: skip
        try:
            state["watched"] = _once(preparer).watched
        except click.ClickException as exc:  # keep watching: the next edit may fix it
            click.echo(f"Error: {exc.format_message()}", err=True)

    with contextlib.suppress(KeyboardInterrupt):
        watch(lambda: state["watched"], again)
