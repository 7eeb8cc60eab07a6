"""`tile-atlas conformance`: run the tile language's conformance vectors against a program."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any, cast

import click

from tile_lang.spec import Suite
from tile_lang.spec import vectors as shipped_vectors
from tile_lang.spec.runner import REFERENCE, run, summary


@click.command("conformance")
@click.option(
    "--implementation",
    "implementation",
    metavar="CMD",
    help="The command to test (split like a shell line): it reads one JSON request per line "
    "on stdin and writes one JSON answer per line. Default: this package's own adapter.",
)
@click.option(
    "--vectors",
    "vectors_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A vectors file to run instead of the shipped one.",
)
@click.option("--kind", "kinds", multiple=True, help="Only vectors of this kind (repeatable).")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.option("-v", "--verbose", is_flag=True, help="List passing vectors too.")
@click.option("--timeout", type=float, default=600, show_default=True, help="Seconds in all.")
def command(
    implementation: str | None,
    vectors_file: Path | None,
    kinds: tuple[str, ...],
    fmt: str,
    verbose: bool,
    timeout: float,
) -> None:
    """Feed the conformance vectors to an implementation and report pass/fail per vector.

    Exit status 1 when any vector fails."""
    suite = _read_suite(vectors_file) if vectors_file else shipped_vectors()
    chosen = [v for v in suite["vectors"] if not kinds or v["kind"] in kinds]
    try:
        cmd = shlex.split(implementation) if implementation is not None else list(REFERENCE)
    except ValueError as exc:  # an unclosed quote
        raise click.BadParameter(
            f"{exc}: {implementation}", param_hint="--implementation"
        ) from None
    if not cmd:
        raise click.BadParameter("no command given", param_hint="--implementation")
    outcomes = run(cmd, chosen, timeout=timeout)
    counts = summary(outcomes)
    if fmt == "json":
        report = {
            "version": suite.get("version"),
            "corpus_commit": suite.get("corpus_commit"),
            "summary": {k: {"passed": p, "total": t} for k, (p, t) in counts.items()},
            "vectors": [
                {"id": o.id, "kind": o.kind, "passed": o.passed, "difference": o.difference}
                for o in outcomes
            ],
        }
        click.echo(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        for outcome in outcomes:
            if not outcome.passed:
                click.echo(f"FAIL {outcome.id}: {outcome.difference}")
            elif verbose:
                click.echo(f"pass {outcome.id}")
        for kind, (passed, total) in counts.items():
            click.echo(f"{kind:16} {passed:5} / {total:5} passed")
        passed_all = sum(p for p, _ in counts.values())
        click.echo(f"{'all':16} {passed_all:5} / {len(outcomes):5} passed")
    if any(not o.passed for o in outcomes):
        raise SystemExit(1)


def _read_suite(path: Path) -> Suite:
    """A vectors file given on the command line, its shape checked before any vector runs."""
    try:
        loaded: Any = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise click.BadParameter(f"{path}: {exc}", param_hint="--vectors") from None
    needed = {"id", "kind", "request", "expected"}
    if not (
        isinstance(loaded, dict)
        and isinstance(loaded.get("vectors"), list)
        and all(isinstance(v, dict) and needed <= v.keys() for v in loaded["vectors"])
    ):
        raise click.BadParameter(
            f'{path}: expected {{"vectors": [{{"id", "kind", "request", "expected", ...}}, ...]}}',
            param_hint="--vectors",
        )
    return cast(Suite, loaded)
