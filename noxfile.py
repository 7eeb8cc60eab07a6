"""Developer tasks: `nox -s tests` (what CI runs), lint, docs, serve, offline, bench, fuzz,
tilediff.

Each session installs the project into its own virtualenv, so a fresh machine needs only Python
and nox (`pip install nox`). Browser tests need Debian's `chromium` (see README).
"""

from __future__ import annotations

import os
from pathlib import Path

import nox

nox.options.sessions = ["tests", "lint"]
nox.options.reuse_existing_virtualenvs = True

ROOT = Path(__file__).parent
SHARED = Path(os.environ.get("TILE_ATLAS_SHARED", ROOT / ".." / "shared"))


@nox.session
def tests(session: nox.Session) -> None:
    """The whole test suite (unit, corpus, full-site builds, real-Chromium browser tests)."""
    session.install("-e", ".[test]")
    args = session.posargs or ["-n", "2", "--dist", "loadfile"]
    session.run("python", "-m", "pytest", *args, env={"HYPOTHESIS_PROFILE": "ci"})


@nox.session
def lint(session: nox.Session) -> None:
    """ruff (lint + format check) and mypy (strict on tile_lang)."""
    session.install("-e", ".[dev]")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("mypy", "tile_lang", "gallery", "plugin")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the site strictly into site/."""
    session.install("-e", ".")
    session.run("mkdocs", "build", "--strict")


@nox.session
def serve(session: nox.Session) -> None:
    """Live preview on http://127.0.0.1:8000 (rebuilds on edits to docs/ and game files)."""
    session.install("-e", ".")
    session.run("mkdocs", "serve", "--dirty", *session.posargs)


@nox.session
def offline(session: nox.Session) -> None:
    """Build the offline bundle (works from file://, nothing loaded from the network) and zip it
    to dist/tile-atlas-site.zip. It carries the playground's Pyodide runtime (needs npm once);
    the playground itself needs the folder served: `python -m http.server` in it."""
    session.install("-e", ".")
    out = ROOT / "dist" / "offline-site"
    # The playground's runtime goes into the bundle: the npm package, fetched once into the cache.
    runtime = session.run("python", "-m", "plugin.playground_runtime", silent=True)
    env = {"TILE_ATLAS_OFFLINE": "true", "TILE_ATLAS_PYODIDE": str(runtime).strip()}
    session.run("mkdocs", "build", "--strict", "-d", str(out), env=env)
    session.run(
        "python", "-m", "gallery.bundle", str(out), str(ROOT / "dist" / "tile-atlas-site.zip")
    )


@nox.session
def fuzz(session: nox.Session) -> None:
    """Long hypothesis run over the tile grammar and game files (no exception but ours):
    hostile counts, ids, hidden Unicode controls and symlinks in every game source included."""
    session.install("-e", ".[test]")
    session.run(
        "python", "-m", "pytest", "-q", "-k", "crash or fuzz or random or mutated",
        *session.posargs, env={"HYPOTHESIS_PROFILE": "fuzz"},
    )  # fmt: skip


@nox.session
def bench(session: nox.Session) -> None:
    """Print throughput figures (parse, render, site builds). Figures, not assertions."""
    session.install("-e", ".[test]")
    session.run("python", "benchmarks/run.py", *session.posargs)
    if not session.posargs:
        session.run("python", "benchmarks/serve_rebuild.py", "--dirty")
        session.run("python", "benchmarks/playground_bench.py")
        session.run("python", "benchmarks/print_bench.py")
        base = os.environ.get("TILE_ATLAS_BASE")
        if base and os.environ.get("TILE_ATLAS_IMPORTS"):
            # the whole world's cold build side by side with another tree's (a commit's
            # worktree), alternately: `benchmarks/engine_compare.py`
            session.run("python", "benchmarks/engine_compare.py", base)


@nox.session
def tilediff(session: nox.Session) -> None:
    """Render the catalog in both layouts and score it against 18xx.games' own SVGs."""
    session.install("-e", ".[test]")
    out = ROOT / "out"
    ref = SHARED / "reference" / "18xx-emulated"
    for layout in ("flat", "pointy"):
        session.run("tile-atlas", "render-catalog", str(out / layout), "--layout", layout)
        session.run(
            "python", str(SHARED / "tools" / "tilediff.py"), str(out / layout),
            str(ref / f"catalog_{layout}"), "--sheet", str(out / f"worst_{layout}.png"),
        )  # fmt: skip
