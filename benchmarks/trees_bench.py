"""Cold whole-world builds of several source trees, in turns: which change made a build faster.

    TILE_ATLAS_IMPORTS=/path/to/18xx:/path/to/XML \\
        python benchmarks/trees_bench.py ROUNDS before=/tmp/old-worktree after=

Each NAME=TREE is a source tree of this project (a `git worktree` of another commit), put first
on the module path of the build and of its workers; an empty TREE is the installed one. Every
round builds the whole world once per tree, in turn (the order reversed every other round),
each time with an empty part cache of its own. Why: this machine's speed drifts by half from
hour to hour, so two trees are compared only in the same stretch of time, several times over
(`docs/usage/performance.md`, the ninth pass). Not part of `nox -s bench`: it needs the other
trees. Prints each build and, per tree, the median wall time and CPU time (all processes).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from site_bench import ENV, _build, reference_seconds, world_site


def main() -> None:
    imports = tuple(Path(p) for p in os.environ.get("TILE_ATLAS_IMPORTS", "").split(":") if p)
    trees = [arg.split("=", 1) for arg in sys.argv[2:] if "=" in arg]
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or len(trees) != len(sys.argv) - 2:
        raise SystemExit(__doc__)
    if not imports:
        raise SystemExit("set TILE_ATLAS_IMPORTS (see the usage above)\n" + __doc__)
    rounds = int(sys.argv[1])
    walls: dict[str, list[float]] = {name: [] for name, _ in trees}
    cpus: dict[str, list[float]] = {name: [] for name, _ in trees}
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        for i in range(rounds):
            for name, tree in trees if i % 2 == 0 else trees[::-1]:
                run = tmp / f"{name}-{i}"
                config = world_site(run, None, imports, part_cache=run / "parts")
                env = {**ENV, "PYTHONPATH": tree} if tree else ENV
                ref = reference_seconds()
                built = _build(config, run / "site", env)
                walls[name].append(built.seconds)
                cpus[name].append(built.user + built.system)
                print(f"round {i + 1} {name}: {built.seconds:.1f} s, CPU {built.user:.1f} s user "
                      f"+ {built.system:.1f} s system, peak {built.peak:.0f} MiB (ref {ref:.2f})",
                      flush=True)  # fmt: skip
                shutil.rmtree(run)
    for name, _ in trees:
        runs = ", ".join(f"{w:.1f}" for w in walls[name])
        print(f"{name}: median {statistics.median(walls[name]):.1f} s ({runs}); CPU median "
              f"{statistics.median(cpus[name]):.1f} s")  # fmt: skip


if __name__ == "__main__":
    main()
