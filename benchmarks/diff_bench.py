"""`tile-atlas diff` speed on a real 18xx.games checkout (TILE_ATLAS_18XX): the whole checkout
against itself (both sides read, every game compared: what a CI job pays before any change is
drawn) and the HTML page of one changed game. Figures, never assertions; skipped when
TILE_ATLAS_18XX is not set."""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gallery.diff import diff_paths
from gallery.diff.html import render_html

#: The one game of the HTML figure, and the hex string its copy changes.
GAME = "1889"


def _median(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(median wall seconds, median CPU seconds): on a shared machine the wall clock measures
    the neighbours as much as the diff."""
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def _changed_copy(checkout: Path, into: Path) -> Path:
    """A copy of the checkout's game files with one hex of GAME changed (a terrain cost)."""
    shutil.copytree(checkout / "lib" / "engine" / "game", into / "lib" / "engine" / "game")
    map_rb = into / "lib" / "engine" / "game" / f"g_{GAME}" / "map.rb"
    text = map_rb.read_text(encoding="utf-8")
    map_rb.write_text(text.replace("upgrade=cost:80", "upgrade=cost:90", 1), encoding="utf-8")
    return into


def main() -> None:
    value = os.environ.get("TILE_ATLAS_18XX")
    if not value:
        print("diff: skipped (set TILE_ATLAS_18XX to an 18xx.games checkout)")
        return
    checkout = Path(value)
    report = diff_paths(checkout, checkout)[0]
    wall, cpu = _median(lambda: diff_paths(checkout, checkout), 3)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"diff: whole checkout against itself ({report.same} games): {wall:.2f} s wall, "
        f"{cpu:.2f} s CPU (median of 3); peak RSS {peak:.0f} MB"
    )
    with tempfile.TemporaryDirectory() as tmp:
        changed = _changed_copy(checkout, Path(tmp))
        one = diff_paths(checkout, changed, wanted=[GAME])[0]
        size = len(render_html(one))
        wall, cpu = _median(lambda: render_html(diff_paths(checkout, changed, wanted=[GAME])[0]), 3)
    hexes = sum(len(g.hexes) for g in one.games)
    print(
        f"diff: one game ({GAME}, {hexes} hex changed), read, compared and drawn as HTML: "
        f"{wall:.2f} s wall, {cpu:.2f} s CPU (median of 3); page {size / 1024:.0f} KB"
    )
