"""What several commands share: the layout choice and the one way diagnostics are printed."""

from __future__ import annotations

from collections.abc import Iterable

import click

from tile_lang import LAYOUTS as LAYOUT_NAMES
from tile_lang import Diagnostic

LAYOUTS = click.Choice(LAYOUT_NAMES)


def report(diagnostics: Iterable[Diagnostic]) -> tuple[int, int]:
    """Print each diagnostic as `file:line:col: severity: message`; count errors and warnings."""
    errors = warnings = 0
    for diag in diagnostics:
        click.echo(str(diag))
        if diag.severity == "error":
            errors += 1
        else:
            warnings += 1
    return errors, warnings
