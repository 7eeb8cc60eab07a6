"""`tile-atlas lint` speed on a real 18xx.games checkout (TILE_ATLAS_18XX): the whole checkout
and one changed file, in process and as the command a pre-commit hook runs. Figures, never
assertions; skipped when TILE_ATLAS_18XX is not set."""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from gallery.lint.files import select_files
from gallery.lint.runner import LintResult, lint_files
from gallery.ruby import list_18xx_games

ONE_FILE = "lib/engine/game/g_1893/game.rb"  # 1,600 lines, tile strings in a private method


def _median(run: Callable[[], LintResult], repeat: int) -> tuple[float, float, LintResult]:
    """(median wall seconds, median CPU seconds, the last result). CPU time is printed too: on a
    shared machine the wall clock measures the neighbours as much as the linter."""
    walls: list[float] = []
    cpus: list[float] = []
    result: LintResult | None = None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    assert result is not None
    return statistics.median(walls), statistics.median(cpus), result


def _command(args: list[str], cwd: Path, repeat: int = 3) -> tuple[float, float]:
    """(median wall, median CPU) seconds of `tile-atlas ARGS` as a new process."""
    executable = shutil.which("tile-atlas")
    if executable is None:
        return float("nan"), float("nan")
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([executable, *args], cwd=cwd, capture_output=True, check=False)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    value = os.environ.get("TILE_ATLAS_18XX")
    if not value:
        print("lint: skipped (set TILE_ATLAS_18XX to an 18xx.games checkout)")
        return
    checkout = Path(value)
    files = select_files(checkout, [])
    wall, cpu, result = _median(lambda: lint_files(files), 3)
    print(
        f"lint: whole checkout, {result.files} Ruby files, in process: {wall:.2f} s wall, "
        f"{cpu:.2f} s CPU (median of 3); {result.count('error')} errors, "
        f"{result.count('warning')} warnings, {result.count('info')} not checked"
    )
    games = list_18xx_games(checkout)
    wall, cpu, result = _median(lambda: lint_files(files, checkout=checkout, games=games), 3)
    print(
        f"lint: whole checkout with the whole-game checks of its {len(games)} games, in "
        f"process: {wall:.2f} s wall (median of 3; the game checks run in worker processes, "
        f"whose CPU time is in the command's figure below); {result.count('error')} errors, "
        f"{result.count('warning')} warnings, {result.count('info')} infos"
    )
    print("lint: findings per code: " + ", ".join(f"{c} {n}" for c, n in result.by_code().items()))
    one = select_files(checkout, [Path(ONE_FILE)])
    wall, cpu, _ = _median(lambda: lint_files(one), 5)
    print(
        f"lint: one file ({ONE_FILE}) in process: {wall * 1000:.0f} ms wall, "
        f"{cpu * 1000:.0f} ms CPU (median of 5)"
    )
    whole, whole_cpu = _command(["lint", ".", "--format", "json"], checkout)
    hook, hook_cpu = _command(["lint", ".", ONE_FILE], checkout, repeat=5)
    print(
        "lint: as a command, Python start-up included (median): whole checkout "
        f"{whole:.2f} s wall / {whole_cpu:.2f} s CPU; one file {hook:.2f} s wall / "
        f"{hook_cpu:.2f} s CPU (what the pre-commit hook pays: that file's strings and its "
        "game's whole-game checks)"
    )


if __name__ == "__main__":
    main()
