"""`tile-atlas conflicts GAMES_DIR ...`: tile numbers that mean different tiles.

Across the generic catalog and every game of the folders (our YAML games, GE18XX folders), a
number is listed when its tiles differ in more than rotation: other track, revenue, label,
slots or colour (see `gallery.conflicts`). A report, not a check: the exit status is 0 unless
a folder cannot be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from gallery.conflicts import find_conflicts
from gallery.loader import load_games_dirs


@click.command("conflicts")
@click.argument(
    "games_dirs", nargs=-1, required=True, type=click.Path(file_okay=False, path_type=Path)
)
@click.option("--no-catalog", is_flag=True, help="Compare the games only, not the catalog.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
def command(games_dirs: tuple[Path, ...], no_catalog: bool, fmt: str) -> None:
    """List every tile number used for different tiles in GAMES_DIRS and the catalog."""
    missing = [str(d) for d in games_dirs if not d.is_dir()]
    if missing:
        raise click.ClickException(f"not a folder: {', '.join(missing)}")
    games, diagnostics = load_games_dirs(list(games_dirs))
    for diag in diagnostics:
        if diag.severity == "error":
            click.echo(str(diag), err=True)
    conflicts = find_conflicts(games, with_catalog=not no_catalog)
    if fmt == "json":
        data = [
            {
                "name": c.name,
                "tiles": [
                    {"color": v.color, "code": v.code, "used_by": list(v.users)} for v in c.variants
                ],
            }
            for c in conflicts
        ]
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        click.echo()
        return
    for conflict in conflicts:
        click.echo(f"{conflict.name}: {len(conflict.variants)} different tiles")
        for v in conflict.variants:
            click.echo(f"  {v.color:<7} {v.code or '(blank)'}")
            click.echo(f"          used by {', '.join(v.users)}")
    click.echo(f"{len(conflicts)} tile number(s) with different tiles in {len(games)} game(s)",
               err=True)  # fmt: skip
