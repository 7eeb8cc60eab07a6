"""The whole-world cold build of this tree against another tree's, alternately.

    python benchmarks/engine_compare.py BASE_TREE [ROUNDS]

with `TILE_ATLAS_IMPORTS=<18xx checkout>:<GE18XX XML folder>` (the whole world of issue #21).
Each round builds the reference site with every imported game once with BASE_TREE's code and
once with this tree's, in turn (this machine's speed drifts from minute to minute, so only
builds side by side compare). Each build has an empty part cache of its own (a cold build);
each tree keeps its own import cache, filled by the first round, which is printed but left
out of the ratio. Figures, never assertions.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from site_bench import ENV, _build, world_site

ROOT = Path(__file__).resolve().parents[1]


def _site(tmp: Path, folder: Path, name: str, imports: tuple[Path, ...]) -> Path:
    """The whole-world site in `folder`, its import cache the tree's own (kept in `tmp`)."""
    config = world_site(folder, None, imports, part_cache=folder / "parts")
    text = config.read_text(encoding="utf-8")
    caches = f"      import_cache: {tmp / (name + '-imports')}\n"
    config.write_text(text.replace("      imports: ", caches + "      imports: "), "utf-8")
    return config


def main() -> None:
    base = Path(sys.argv[1]).resolve()
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    imports = tuple(Path(p) for p in os.environ["TILE_ATLAS_IMPORTS"].split(":") if p)
    trees = {"base": base, "this": ROOT}
    ratios = []
    with tempfile.TemporaryDirectory() as scratch:
        tmp = Path(scratch)
        for round_ in range(rounds):
            seconds = {}
            for name, tree in trees.items():
                config = _site(tmp, tmp / f"r{round_}-{name}", name, imports)
                env = {**ENV, "PYTHONPATH": str(tree)}
                built = _build(config, config.parent / "site", env)
                seconds[name] = built.seconds
                print(f"round {round_} {name}: {built.seconds:.1f} s, {built.cpu}, "
                      f"peak {built.peak:.0f} MiB", flush=True)  # fmt: skip
                shutil.rmtree(config.parent.parent)
            if round_:
                ratios.append(seconds["this"] / seconds["base"])
    if ratios:
        shown = ", ".join(f"{r:.2f}" for r in ratios)
        print(f"this / base, rounds after the first: {shown}")


if __name__ == "__main__":
    main()
