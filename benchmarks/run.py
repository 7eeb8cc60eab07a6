"""Benchmarks: throughput figures printed, never asserted (see README "Benchmarks").

Usage: python benchmarks/run.py [parse|render|upgrades|lint|diff|limits|site|all]
Each figure is the median of several runs on one core.
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tile_lang import TileSyntaxError, catalog, parse

ROOT = Path(__file__).resolve().parents[1]


def _load_corpus_helper() -> object:
    import importlib.util

    spec = importlib.util.spec_from_file_location("corpus", ROOT / "tests" / "corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["corpus"] = module
    spec.loader.exec_module(module)
    return module


corpus = _load_corpus_helper()


def median_time(fn: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_parse() -> None:
    if not corpus.available():
        print("parse: skipped (no ../shared corpus)")
        return
    codes = corpus.all_codes()

    def run() -> None:
        for code in codes:
            with contextlib.suppress(TileSyntaxError):
                parse(code)

    seconds = median_time(run)
    print(
        f"parse: {len(codes)} distinct corpus codes in {seconds:.3f} s "
        f"(median of 5) = {len(codes) / seconds:,.0f} codes/s, "
        f"{seconds / len(codes) * 1e6:.0f} µs/code"
    )


def bench_render() -> None:
    import cProfile
    import pstats

    from tile_lang import render_svg

    tiles = [(t.tile(), t.color) for t in catalog.all_tiles()]

    def run() -> None:
        for layout in ("flat", "pointy"):
            for tile, color in tiles:
                render_svg(tile, color=color, layout=layout)  # type: ignore[arg-type]

    seconds = median_time(run, repeat=3)
    profile = cProfile.Profile()
    profile.enable()
    run()
    profile.disable()
    stats = pstats.Stats(profile)
    total = sum(v[2] for v in stats.stats.values())  # type: ignore[attr-defined]
    writing = sum(
        v[3]  # cumulative: the writer and everything it calls
        for k, v in stats.stats.items()  # type: ignore[attr-defined]
        if k[2] == "shapes_to_svg"
    )
    print(
        f"render: {len(tiles)} catalog tiles × 2 layouts in {seconds:.3f} s (median of 3) "
        f"= {2 * len(tiles) / seconds:,.0f} tiles/s; writing the SVG (shapes_to_svg) ≈ "
        f"{writing / total:.0%} of the time (profiled run)"
    )

    def every_rotation() -> None:
        for layout in ("flat", "pointy"):
            for rotation in range(6):
                for tile, color in tiles:
                    render_svg(tile, color=color, layout=layout, rotation=rotation)  # type: ignore[arg-type]

    # CPU time too: on a shared machine the wall time mostly measures the other processes.
    walls, cpus = [], []
    for _ in range(3):
        start, cpu_start = time.perf_counter(), time.process_time()
        every_rotation()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu_start)
    seconds, cpu = statistics.median(walls), statistics.median(cpus)
    print(
        f"render: {len(tiles)} catalog tiles × 2 layouts × 6 rotations in {seconds:.2f} s "
        f"(median of 3; {cpu:.2f} s of CPU) = {12 * len(tiles) / seconds:,.0f} tiles/s"
    )


def bench_upgrades() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from upgrades_bench import main as upgrades_main

    upgrades_main(corpus.SHARED)


def bench_limits() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from limits_bench import main as limits_main

    limits_main()


def bench_lint() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from lint_bench import main as lint_main

    lint_main()


def bench_diff() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from diff_bench import main as diff_main

    diff_main()


BENCHES = {
    "parse": bench_parse,
    "render": bench_render,
    "upgrades": bench_upgrades,
    "lint": bench_lint,
    "diff": bench_diff,
    "limits": bench_limits,
}


def main(argv: list[str]) -> None:
    names = argv or ["all"]
    for name, fn in BENCHES.items():
        if "all" in names or name in names:
            fn()
    if "all" in names or "site" in names:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from site_bench import main as site_main

        site_main()


if __name__ == "__main__":
    main(sys.argv[1:])
